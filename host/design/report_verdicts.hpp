// The balance report's verdicts (docs/report.md, "Verdicts"): which cards help or hurt their
// receiver (against zero) and which are too strong or too weak for their peers, each finding kept
// by Benjamini–Hochberg over the configuration's tests; and where two bots really disagree (the
// interval of the difference of their figures excludes 0).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// How cards are judged (docs/report.md, "Verdicts"). Effects are shares of games (0.05 = 5
/// percentage points).
struct VerdictOptions {
    /// The peers' band is the median handling effect of the card's other peers ± this margin.
    double margin = 0.05;
    /// A fixed band [low, high] for every type instead of median ± margin.
    std::optional<std::pair<double, double>> band;
    /// The false-discovery rate at which Benjamini–Hochberg keeps a configuration's findings.
    double fdr = 0.05;
    /// A card gets a verdict only with at least this many compared forks ...
    std::uint64_t min_forks = 30;
    /// ... from at least this many games (the clusters of its interval).
    std::uint64_t min_games = 10;
};

/// The difference a − b of two independent estimates given with their 95% intervals, and the
/// 95% interval of that difference (± 1.96 √(se_a² + se_b²), each se from its interval's width).
struct Difference {
    double value = 0, low = 0, high = 0;
    bool beyond_noise() const { return low > 0 || high < 0; }
};
Difference difference_of(double a, const nlohmann::json& ci_a, double b, const nlohmann::json& ci_b);

/// Judges each card row of one configuration (rows as report_json's "cards", with
/// causal.handling.effect, effect_ci95, compared and effect_games) twice, and sets causal.verdict:
/// - against zero ("effect"): "helps its receiver" | "hurts its receiver" | "no clear effect", the
///   test of effect = 0;
/// - against its peers ("verdict"): "too strong" | "too weak" beyond the band, else "within the
///   band" (the whole interval inside) or "within noise". The band is the median effect of the
///   card's *other* cards of its type (`types[k]`: cherry, score, modifier), or of every other card
///   when it is alone in its type ("reference": "type" | "all cards"), ± the margin; or the fixed band.
/// Both are "too few forks" below min_forks / min_games, and null without an interval. The tests'
/// p-values (normal, from the interval's standard error) of every judged card, two per card, are
/// one family: a finding is kept when its Benjamini–Hochberg adjusted p-value ("q_zero", "q_band")
/// is at most options.fdr.
void judge_cards(nlohmann::json& rows, const std::vector<std::string>& types, const VerdictOptions& options);

/// Benjamini–Hochberg adjusted p-values (q-values) of `p`, in the same order: a test is a finding
/// at false-discovery rate α when its q-value is at most α.
std::vector<double> benjamini_hochberg(const std::vector<double>& p);

/// The verdict list of one judged configuration: {"players", "bot", "helps": [rows], "hurts":
/// [rows], "too_strong": [rows], "too_weak": [rows], "within_band": [names], "within_noise":
/// [names], "no_clear_effect": [names], "too_few": [names], "tests", "findings", "fdr",
/// "by_chance_uncorrected", "by_chance_at_most"}; a row is {"card", "effect", "ci95", "band", "q"}.
/// by_chance_uncorrected: the findings chance alone would make without a correction (tests ×
/// 0.05); by_chance_at_most: the expected false findings among those kept (findings × fdr).
nlohmann::json verdict_list(const nlohmann::json& configuration, double fdr = 0.05);

/// Plain sentences for the verdict list (hurts, helps, too strong, too weak, no clear effect,
/// within noise, too few forks, and what chance alone would make), for the page's top.
std::vector<std::string> verdict_sentences(const nlohmann::json& verdicts);

/// Where the first bot's configuration `base` and another's `other` (same player count) disagree
/// beyond noise: a seat's verdict or a card's sign differs *and* the 95% interval of the
/// difference excludes 0. `cards` names the card kinds in row order. Plain sentences.
std::vector<std::string> disagreements(const nlohmann::json& base, const nlohmann::json& other,
                                       const std::vector<std::string>& cards);

}  // namespace cherries::host
