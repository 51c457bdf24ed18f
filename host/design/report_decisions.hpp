// Decisions that matter, for the balance report (docs/report.md, "How the game plays"): at
// sampled gives, the game is forked into one branch per receiver the drawer could choose, each
// played out in a few futures (the unseen deck reshuffled, the same futures for every choice); the
// decision matters when the best and the worst choice change the drawer's chance to win by more
// than a stated amount. Integer sums only (threads, shards).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/card.hpp"
#include "engine/random.hpp"
#include "host/bots/bot.hpp"
#include "host/design/report_branch.hpp"
#include "host/design/report_causal.hpp"

namespace cherries {
class Game;
}

namespace cherries::host {

class Session;

/// The default share of gives sampled for decisions that matter (one in this many), the futures
/// played per choice, and the default threshold (a share of games: 0.25 = 25 points).
inline constexpr std::uint32_t kDefaultDecisionEvery = 1000;
inline constexpr std::uint32_t kDecisionFutures = 4;
inline constexpr double kDefaultDecisionThreshold = 0.25;

/// One configuration's sampled decisions: `matters` holds 1 per decision whose spread (best minus
/// worst chance) exceeds the threshold, else 0; `spread` the spread in futures (0..kDecisionFutures);
/// both clustered by game. `sampled` counts every sampled give, `unfinished` those left out (a
/// branch still going at max_turns).
struct DecisionTally {
    PairedSums matters, spread;
    std::uint64_t sampled = 0, unfinished = 0;
    /// The threshold in futures: a decision matters when spread > this (kept with the counts).
    std::uint32_t threshold = 1;

    void add(const DecisionTally& other);  ///< throws std::invalid_argument for another threshold
    nlohmann::json to_json() const;
    static DecisionTally from_json(const nlohmann::json& j, const std::string& where);  ///< throws InputError
};

/// A configuration's decisions that matter as JSON: `sampled`, `unfinished`, `compared`,
/// `threshold` (a share of games), `matters` and `spread` ({"value", "ci95"}: shares; null
/// without decisions compared).
nlohmann::json decisions_json(const DecisionTally& t);

/// The threshold in futures for a threshold given as a share of games (rounded down).
std::uint32_t decision_threshold(double share);

/// Samples one worker's decisions. Feed it the game's gives (ReportCollector::decided) and its end.
class DecisionForks {
public:
    /// Samples about one give in `every` (0: none) with a generator seeded from the game seed.
    DecisionForks(const std::string& bot, const BotSettings& settings, std::uint32_t players, std::uint32_t max_turns,
                  std::uint32_t every, DecisionTally& tally);
    void begin_game(std::uint64_t game_seed);
    /// From `deadline` on, the next sampled decision throws BudgetExceeded (report_causal.hpp)
    /// instead of being played out.
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
    void decided(const Game& game, const Session& session);
    void end_game();

private:
    BranchPlayer branches_;
    std::uint32_t every_;
    DecisionTally& tally_;
    SplitMix64 pick_{0};
    std::uint64_t seed_ = 0;
    std::uint64_t in_game_ = 0;  // decisions sampled in this game so far
    std::uint64_t n_ = 0;
    std::int64_t matters_ = 0, spread_ = 0;
    std::uint64_t spread_nonzero_ = 0;  // decisions whose choices differed at all
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace cherries::host
