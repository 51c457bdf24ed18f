// What-if runs (docs/report.md, "What if"): a variant of the set or the gametype (a card
// removed, its count or lifetime changed, another winning score) played on the same seeds as the
// baseline, so each difference is paired game by game. Shared by `cherries sim` and `report`.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/sim.hpp"
#include "sdk/plugins/bundle.hpp"

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
/// naming the option when a card is unknown (with the closest card id: "did you mean"), a number
/// is out of range (a count from 0 to 1000, a lifetime from 1 to 1000 and only for a modifier
/// card, a winning score from 1 up) or a sweep is not KIND:CARD=A..B.
std::vector<WhatIf> parse_what_ifs(const sdk::Bundle& bundle, const WhatIfOptions& options);

/// The bundle with `what_if`'s changes: the same plugins' code, the same kinds in the same
/// order (so KindIds match), other counts, lifetimes or winning score. Throws InputError when no
/// card is left.
sdk::Bundle what_if_bundle(const sdk::Bundle& bundle, const WhatIf& what_if);

/// A paired difference: the means of a per-game figure in the baseline and the variant, the
/// mean of (variant − baseline) game by game, and its 95% interval mean ± 1.96 sd/√n.
struct PairedDifference {
    double base = 0;
    double variant = 0;
    double difference = 0;
    double low = 0;
    double high = 0;
};

/// The paired difference of two samples of one figure, game i of `base` paired with game i of
/// `variant` (the shorter length counts; all 0 when empty; the interval is [d, d] for one game).
PairedDifference paired_difference(const std::vector<double>& base, const std::vector<double>& variant);

/// {"base", "variant", "difference", "ci95": [low, high]}, each rounded to 6 decimals.
nlohmann::json paired_json(const PairedDifference& d);

/// The paired comparison of two batches of games played on the same seeds: each seat's win
/// share (1 when the seat won, else 0), the game length in turns, and the unfinished share
/// (1 when the game hit the turn cap).
struct GamesComparison {
    std::uint64_t games = 0;             ///< pairs compared
    std::vector<PairedDifference> wins;  ///< by seat, in turn order
    PairedDifference length;             ///< turns
    PairedDifference unfinished;         ///< share, 0..1
};

/// Compares `variant` with `base` game by game (games[i] of both has the same seed) for
/// `players` seats.
GamesComparison compare_games(const std::vector<SimGame>& base, const std::vector<SimGame>& variant,
                              std::uint32_t players);

/// `cherries sim`'s what-if as JSON: {"variant": label, "games", "wins": [{"seat", "bot", base,
/// variant, difference, ci95}], "length", "unfinished"} (shares as 0..1).
nlohmann::json what_if_json(const GamesComparison& comparison, const std::string& label,
                            const std::vector<std::string>& seat_bots);

/// The same as text for `cherries sim`: a heading naming the variant, then the unfinished share,
/// the mean game length and each seat's win share, each as baseline → variant and the paired
/// difference with its 95% interval.
std::string what_if_text(const GamesComparison& comparison, const std::string& label,
                         const std::vector<std::string>& seat_bots);

}  // namespace cherries::host
