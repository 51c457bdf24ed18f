// `cherries ladder BOT...`: round-robin line-ups between bots, seats rotated, with ratings and
// head-to-head win shares (docs/bots.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "host/bots/bot.hpp"
#include "host/batch/ratings.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// What to play. For every ordered pair (A, B) of different bots, `games` games of one A against
/// players − 1 B's, A's seat rotating over the seats (game g: seat g mod players).
struct LadderOptions {
    std::vector<std::string> bots;
    std::uint64_t games = 200;      ///< per ordered pair
    std::uint32_t players = 4;
    std::uint64_t seed = 1;
    unsigned jobs = 1;
    std::uint32_t max_turns = 10000;
    BotSettings bot_settings;
    bool timing = false;            ///< measure every decision (for scripts/bench-bots)
    bool progress = false;          ///< a progress meter with the time left on stderr (a terminal only)
};

/// The results of one ordered pair: `lone` alone against players − 1 of `rest`.
struct LadderPair {
    std::size_t lone = 0, rest = 0;  ///< indices into LadderOptions::bots
    std::uint64_t games = 0, lone_wins = 0, rest_wins = 0;
    std::uint64_t first_seat_wins = 0;  ///< games won by the first seat (turn order), whoever sat there
};

/// Decision times of one bot, in milliseconds.
struct DecisionTimes {
    std::uint64_t decisions = 0;
    double median = 0, p99 = 0, max = 0;
};

/// Everything a ladder produced.
struct LadderResults {
    LadderOptions options;
    std::vector<LadderPair> pairs;
    std::vector<Rating> ratings;        ///< by bot; Elo scale, the first bot at 0
    std::vector<DecisionTimes> times;   ///< by bot, when options.timing
    std::uint64_t turns = 0;
    double seconds = 0;
};

/// Checks `options` (two or more different known bots, games and jobs >= 1, players >= 2).
/// Throws InputError.
void check_ladder_options(const LadderOptions& options);

/// Plays the ladder: deterministic for the seed whatever `jobs` is (timing aside).
LadderResults run_ladder(const sdk::Bundle& bundle, const LadderOptions& options);

/// The ratings table and the head-to-head matrix as text (no timing unless measured).
std::string ladder_report(const LadderResults& results, const sdk::Bundle& bundle);

}  // namespace cherries::host
