// The balance report's verdicts (docs/report.md, "Verdicts"): which cards are too strong or too
// weak for their type beyond noise, which are within noise, and where two bots really disagree
// (the interval of the difference of their figures excludes 0).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// How cards are judged. Effects are shares of games (0.05 = 5 percentage points).
struct VerdictOptions {
    /// The band is the median handling effect of the card's type ± this margin.
    double margin = 0.05;
    /// A fixed band [low, high] for every type instead of median ± margin.
    std::optional<std::pair<double, double>> band;
};

/// The difference a − b of two independent estimates given with their 95% intervals, and the
/// 95% interval of that difference (± 1.96 √(se_a² + se_b²), each se from its interval's width).
struct Difference {
    double value = 0, low = 0, high = 0;
    bool beyond_noise() const { return low > 0 || high < 0; }
};
Difference difference_of(double a, const nlohmann::json& ci_a, double b, const nlohmann::json& ci_b);

/// Judges each card row of one configuration (rows as report_json's "cards", with
/// causal.handling.effect and effect_ci95) against the band of its type (`types[k]`: cherry, score,
/// modifier): sets causal.verdict to {"verdict": "too strong" | "too weak" | "within the band" |
/// "within noise" | null (no interval), "band": [low, high]}. Too strong: the whole interval above
/// the band; too weak: below; within noise: the interval crosses an edge of the band.
void judge_cards(nlohmann::json& rows, const std::vector<std::string>& types, const VerdictOptions& options);

/// The verdict list of one judged configuration: {"players", "bot", "too_strong": [rows],
/// "too_weak": [rows], "within_band": [names], "within_noise": [names]}; a row is {"card",
/// "effect", "ci95", "band"}.
nlohmann::json verdict_list(const nlohmann::json& configuration);

/// Plain sentences for the verdict list (too strong, too weak, within noise), for the page's top.
std::vector<std::string> verdict_sentences(const nlohmann::json& verdicts);

/// Where the first bot's configuration `base` and another's `other` (same player count) disagree
/// beyond noise: a seat's verdict or a card's sign differs *and* the 95% interval of the
/// difference excludes 0. `cards` names the card kinds in row order. Plain sentences.
std::vector<std::string> disagreements(const nlohmann::json& base, const nlohmann::json& other,
                                       const std::vector<std::string>& cards);

}  // namespace cherries::host
