// What-if runs of the balance report (docs/report.md, "What if"): a variant of the set or the
// gametype (a card removed, its count or lifetime changed, another winning score) played on the
// same seeds as the baseline, so each difference is paired game by game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/design/report_run.hpp"
#include "sdk/bundle.hpp"

namespace cherries::host {

/// The interventions as given on the command line.
struct WhatIfOptions {
    std::vector<std::string> without;   ///< --without CARD
    std::vector<std::string> count;     ///< --count CARD=N
    std::vector<std::string> lifetime;  ///< --lifetime CARD=N
    std::int64_t winning_score = 0;     ///< --winning-score N (0: unchanged)
    std::string sweep;                  ///< --sweep count:CARD=A..B, lifetime:CARD=A..B or winning-score:A..B

    bool empty() const { return without.empty() && count.empty() && lifetime.empty() && winning_score == 0 && sweep.empty(); }
};

/// One variant: a label ("--count cherry=6") and the changes, by kind of the bundle's catalog.
struct WhatIf {
    std::string label;
    std::vector<std::pair<KindId, std::int32_t>> counts, lifetimes;
    std::int64_t winning_score = 0;
};

/// The variants `options` ask for against `bundle`: the fixed changes together make one
/// variant; a sweep makes one variant per value, each with the fixed changes. Throws InputError
/// naming the option when a card is unknown, a number is out of range (a count from 0 to 1000,
/// a lifetime from 1 to 1000 and only for a modifier card, a winning score from 1 up) or a sweep
/// is not KIND:CARD=A..B.
std::vector<WhatIf> parse_what_ifs(const sdk::Bundle& bundle, const WhatIfOptions& options);

/// The bundle with `what_if`'s changes: the same plugins' code, the same kinds in the same
/// order (so KindIds match), other counts, lifetimes or winning score. Throws InputError when no
/// card is left.
sdk::Bundle what_if_bundle(const sdk::Bundle& bundle, const WhatIf& what_if);

/// The paired comparison of `variant` with `base` (both played with keep_games on the same
/// seeds and configurations): per configuration, each seat's win share, the mean game length and
/// the unfinished share (differences paired game by game, 95% interval mean ± 1.96 sd/√n), and
/// each card's causal effect (a difference of two estimates from different forks: ± 1.96 √(se² + se²)).
nlohmann::json compare_what_if(const ReportData& base, const ReportData& variant, const std::string& label,
                               const std::vector<std::string>& cards);

}  // namespace cherries::host
