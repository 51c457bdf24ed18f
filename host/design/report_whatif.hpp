// What-if runs of the balance report (docs/report.md, "What if"): the report's comparison of a
// variant (host/batch/what_if.hpp: the options, the variant's bundle, the paired statistics) with
// the baseline, configuration by configuration, with each card's causal effect.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/what_if.hpp"
#include "host/design/report_run.hpp"

namespace cherries::host {

/// The paired comparison of `variant` with `base` (both played with keep_games on the same
/// seeds and configurations): per configuration, each seat's win share, the mean game length and
/// the unfinished share (compare_games: differences paired game by game, 95% interval
/// mean ± 1.96 sd/√n), and each card's causal effect (a difference of two estimates from
/// different forks: ± 1.96 √(se² + se²)).
nlohmann::json compare_what_if(const ReportData& base, const ReportData& variant, const std::string& label,
                               const std::vector<std::string>& cards);

}  // namespace cherries::host
