// Rollouts for the expert bot: a table as a player sees it plus one imagined deck order, played
// forward with the engine's own turn plan (plan_turn) and greedy players. The real deck never
// reaches this file: an imagined deck is drawn from the unseen cards with the bot's generator.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/random.hpp"
#include "engine/player_view.hpp"
#include "host/bots/greedy_bot.hpp"

namespace cherries::host {

/// A table with a deck order: the state a rollout plays on. Players in turn order.
struct ImaginedTable {
    std::vector<Player> players;
    std::vector<CardId> deck;     ///< bottom first (back() is the top)
    std::size_t next = 0;         ///< index of the player whose turn it is
    CardId drawn = kNoCard;       ///< awaiting a give when not kNoCard
    std::size_t winner = SIZE_MAX;  ///< index of the winner, or SIZE_MAX
    bool over = false;            ///< won, or ended without a winner (no card in play, a failed gametype)
    std::uint32_t turns = 0;      ///< turns started in the rollout
};

/// Plays imagined tables forward as Game does (GDD §3.4.2: draw, give, handle, end-of-turn score
/// change, aging, deck renewal, §3.5 conflict resolution), every player choosing like GreedyBot.
/// The arithmetic is plan_turn's and the commit commit_turn's (engine/turn.hpp), the same as the
/// game's.
class Rollout {
public:
    Rollout(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator)
        : catalog_(catalog), gametype_(gametype), evaluator_(evaluator) {}

    /// Gives the drawn card to players[receiver] and plays the turn out; on a fault the card is
    /// removed and the player draws again (table.drawn is set again, or the turn passes).
    void give(ImaginedTable& table, std::size_t receiver, SplitMix64& random);
    /// Starts the next turn: renews the deck from the received card stacks if it is empty
    /// (shuffled with `random`), then draws, or passes when no card is left.
    void start_turn(ImaginedTable& table, SplitMix64& random);
    /// The receiver GreedyBot would choose for the drawn card; equal ratings are broken uniformly
    /// with the rollout's tie generator (seed_ties), as the real greedy bot breaks them.
    std::size_t greedy_choice(const ImaginedTable& table);
    /// Reseeds the generator that breaks the imagined greedy players' ties (separate from the
    /// deck renewals' generator, so candidates compared on one sample see the same renewals).
    void seed_ties(std::uint64_t seed) { ties_ = SplitMix64(seed); }
    /// Plays greedy turns until the game is over or `turns` turns have started in total.
    void play(ImaginedTable& table, std::uint32_t turns, SplitMix64& random);

private:
    void draw_or_pass(ImaginedTable& table, SplitMix64& random);
    void pass(ImaginedTable& table);
    // After a committed turn: the winner, or the next player.
    void end_turn(ImaginedTable& table, TurnEnd end, std::size_t receiver_index);
    bool resolve_fault(ImaginedTable& table, const TurnPlan& plan);

    const Catalog& catalog_;
    const Gametype& gametype_;
    Evaluator& evaluator_;
    GreedyBot greedy_;
    SplitMix64 ties_{0};
};

}  // namespace cherries::host
