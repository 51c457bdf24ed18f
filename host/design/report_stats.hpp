// The balance report's numbers (docs/report.md): shares with 95% intervals, game lengths, card
// impacts with block-bootstrap intervals, and the plain sentences, all from the tallies.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "host/design/report_run.hpp"
#include "host/design/report_verdicts.hpp"

namespace cherries::host {

/// Bootstrap resamples for the card impact intervals.
inline constexpr unsigned kImpactResamples = 400;

/// What the two causal effects mean, one sentence each (the page and the JSON's "method").
inline constexpr const char* kHandlingMeaning =
    "Handling effect: how many percentage points more often the receiver wins because this one handling of the card "
    "did what it does, against the same give doing nothing while the card stays in the game (its received card stack "
    "and future deck unchanged).";
inline constexpr const char* kCopyMeaning =
    "Copy effect: how many percentage points more often the receiver wins because this copy exists for the rest of the "
    "game, against the card turned into a blank from this give on (one copy fewer).";

/// The strongest bot of `bots` for the per-card tables: expert, else strategic, else greedy, else
/// the last listed.
std::string strongest_bot(const std::vector<std::string>& bots);

/// The report as JSON (format "cherries-report"): setup (without fingerprints' noise: plugins as
/// given), one entry per configuration (games, unfinished, turns with histogram, wins by seat with
/// Wilson intervals and a verdict, card gives and impacts, cherry count and score over the turns),
/// "verdicts" (the strongest bot's cards judged against `verdicts`, per player count) and
/// "findings", the plain sentences. A function of the tallies only: the same for any jobs or
/// sharding. Throws InputError if the data's setup is malformed.
nlohmann::json report_json(const ReportData& data, const VerdictOptions& verdicts = {});

}  // namespace cherries::host
