// Ratings from multiplayer games: a Bradley–Terry (Luce choice) model fitted by MM, on the Elo
// scale, with 95% bootstrap intervals. Used by `cherries ladder` (docs/bots.md).
#pragma once

#include <cstdint>
#include <vector>

namespace cherries::host {

/// Games of one line-up: how many seats each bot holds, and how often each bot won.
struct Lineup {
    std::vector<std::uint32_t> seats;  ///< seats[i]: seats held by bot i (0 when absent)
    std::vector<std::uint64_t> wins;   ///< wins[i]: games won by a seat of bot i
};

/// A rating on the Elo scale with its 95% interval.
struct Rating {
    double value = 0;
    double low = 0;
    double high = 0;
};

/// Strengths w_i of the Luce model P(a seat of bot i wins) = seats_i w_i / sum_j seats_j w_j,
/// fitted by maximum likelihood with Hunter's MM iteration (2004), over games with a winner.
/// Every bot gets half a virtual win against a bot of strength 1, so a bot that never wins keeps
/// a finite rating. Returned on the Elo scale (400 log10 w), bot `anchor` at 0.
std::vector<double> fit_ratings(const std::vector<Lineup>& lineups, std::size_t bots, std::size_t anchor);

/// fit_ratings with 95% percentile intervals from `resamples` bootstrap resamples of the games
/// (within each line-up), drawn from a generator seeded with `seed`: deterministic.
std::vector<Rating> rate_bots(const std::vector<Lineup>& lineups, std::size_t bots, std::size_t anchor,
                              std::uint64_t seed, unsigned resamples = 200);

}  // namespace cherries::host
