// What a player at the table sees: everything but the order of the deck. Bots get only this.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/game.hpp"

namespace cherries {

/// Read-only view of a game for a player's decision. It offers no path to the deck's order:
/// only its size. Planning a give uses the real modifier functions (GDD §3.4.2.3.2: any player
/// may advise; the drawer decides).
class PlayerView {
public:
    explicit PlayerView(const Game& game) : game_(game) {}

    const Catalog& catalog() const { return game_.catalog(); }
    const Gametype& gametype() const { return game_.gametype(); }
    const std::vector<Player>& players() const { return game_.players(); }
    PlayerId current_player() const { return game_.current_player(); }
    CardId drawn_card() const { return game_.drawn_card(); }
    std::size_t deck_size() const { return game_.deck().size(); }
    /// Cards removed from the game by conflict resolution (GDD §3.5): seen by everyone.
    const std::vector<CardId>& removed() const { return game_.removed(); }
    /// Cards of players who left, face up until the next deck renewal (Game::set_aside).
    const std::vector<CardId>& set_aside() const { return game_.set_aside(); }
    std::uint32_t turn() const { return game_.turn(); }
    /// See Game::plan.
    TurnPlan plan(PlayerId receiver) const { return game_.plan(receiver); }
    /// The game's evaluator, so a bot can run plan_turn on tables it imagines (engine/turn.hpp).
    /// It runs the plugins' pure functions; it holds no game state.
    Evaluator& evaluator() const { return game_.evaluator(); }

private:
    const Game& game_;
};

/// The cards a player at the table has not seen: every card of the catalog except the drawn
/// card, the received and modifier card stacks, the removed and the set-aside cards. This is
/// what the deck holds (after a deck renewal: what is left of the renewed cards), in no order.
/// Sorted by card id. (A rollout's imagined renewal leaves the set-aside cards out: rare, small.)
std::vector<CardId> unseen_cards(const PlayerView& view);

}  // namespace cherries
