// The balance report's numbers (docs/report.md): shares with 95% intervals, game lengths, card
// impacts with block-bootstrap intervals, and the plain sentences, all from the tallies.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "host/design/report_run.hpp"

namespace cherries::host {

/// Bootstrap resamples for the card impact intervals.
inline constexpr unsigned kImpactResamples = 400;

/// The strongest bot of `bots` for the per-card tables: expert, else strategic, else greedy, else
/// the last listed.
std::string strongest_bot(const std::vector<std::string>& bots);

/// The report as JSON (format "cherries-report"): setup (without fingerprints' noise: plugins as
/// given), one entry per configuration (games, unfinished, turns with histogram, wins by seat with
/// Wilson intervals and a verdict, card gives and impacts, cherry count and score over the turns),
/// and "findings", the plain sentences. A function of the tallies only: the same for any jobs or
/// sharding. Throws InputError if the data's setup is malformed.
nlohmann::json report_json(const ReportData& data);

}  // namespace cherries::host
