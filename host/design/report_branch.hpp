// The one way the balance report forks a game (docs/report.md): a branch of the table as it is at
// a give, played to its end by bots of the report's own, each restored to the state of the bot in
// its seat, so every branch of one give sees the same bots' chance (common random numbers). Used by
// the causal card strength (report_causal.hpp) and decisions that matter (report_decisions.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "host/bots/bot.hpp"

namespace cherries {
class Game;
}

namespace cherries::host {

class Session;

/// How a branch ended: the last turn, and whether it ended before the turn cap (a winner or none).
struct BranchEnd {
    std::uint32_t turns = 0;
    bool finished = true;
    std::int32_t winner = -1;  ///< the winning seat, or -1
};

/// Plays branches of one configuration's games with its own bots (one per seat, of one kind).
class BranchPlayer {
public:
    /// No bots when `players` is 0 (a fork mechanism that is off).
    BranchPlayer(const std::string& bot, const BotSettings& settings, std::uint32_t players, std::uint32_t max_turns);
    /// Sets every seat's bot to the state of the bot seated there in `session` (as it is now).
    void restore(const Game& game, const Session& session);
    /// Plays `branch` to its end (or the turn cap) with the bots as they are: call restore() first.
    BranchEnd play_out(Game& branch);

private:
    std::vector<std::unique_ptr<Bot>> bots_;
    std::uint32_t max_turns_;
};

}  // namespace cherries::host
