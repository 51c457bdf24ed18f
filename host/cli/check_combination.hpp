// The combination check of `cherries check --set A --set B --gametype G`: a few hundred fast
// bot games of exactly that combination, looking for games that may never end and for a seat
// that wins far more often than chance. Statistics: docs/check.md.
#pragma once

#include <cstdint>
#include <vector>

#include "sdk/plugins/bundle.hpp"
#include "sdk/base/diagnostic.hpp"

namespace cherries::host {

/// A seat's wins are flagged when their one-sided binomial z-score against chance (1 / players)
/// is above this: z = (w - n p) / sqrt(n p (1 - p)) > 4, a false alarm about 3 times in 100,000
/// per seat under the normal approximation.
inline constexpr double kSeatBiasZ = 4.0;

/// What to play: half the games (rounded up) with random bots in every seat, half with greedy
/// bots in every seat; `players` seats; fixed seed, so check is deterministic.
struct CombinationOptions {
    std::uint64_t games = 300;
    std::uint32_t players = 4;
    std::uint64_t seed = 1;
    std::uint32_t max_turns = 10000;  ///< a game still going after this many turns may never end
    unsigned jobs = 1;
};

/// The one-sided binomial z-score of `wins` out of `games` won games against a win chance of
/// 1 / `players`; 0 when games is 0.
double seat_bias_z(std::uint64_t wins, std::uint64_t games, std::uint32_t players);

/// Plays the games and returns warnings (file: none): games that hit max_turns (a game that may
/// never end), games that ended with no winner, and, in the random-bot games, a seat whose
/// seat_bias_z exceeds kSeatBiasZ. (Greedy bots all playing one strategy favour some seats in
/// the Standard Set itself, so their wins are not tested: docs/check.md.) Throws InputError for
/// bad options.
std::vector<sdk::Diagnostic> check_combination(const sdk::Bundle& bundle, const CombinationOptions& options);

}  // namespace cherries::host
