// Simple decision makers for tests that need a whole game: a random one and a greedy one.
// Both use only what a player at the table sees (PlayerView), never the deck's order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>

#include "engine/game.hpp"
#include "engine/player_view.hpp"

namespace cherries::test {

/// A receiver chosen uniformly from the players (std::mt19937_64 output is fixed by the standard;
/// the modulo's tiny bias does not matter here).
inline PlayerId random_receiver(const Game& game, std::mt19937_64& rng) {
    const auto& players = game.players();
    return players[static_cast<std::size_t>(rng() % players.size())].id;
}

/// The receiver whose plan is best for the drawing player: a win for themself first, a win for
/// someone else last, else own score minus the best other score, then cherries near the
/// gametype's best count. A faulting plan counts as neutral (giving it is still allowed).
inline PlayerId greedy_receiver(const Game& game) {
    const PlayerView view(game);
    const PlayerId me = view.current_player();
    const Player& self = game.player(me);
    std::int64_t best_value = std::numeric_limits<std::int64_t>::min();
    PlayerId best = me;
    for (const Player& r : view.players()) {
        const TurnPlan p = view.plan(r.id);
        std::int64_t value = 0;
        if (p.faulted) {
            value = -500;
        } else if (p.wins()) {
            const PlayerId winner = p.receiver_wins ? r.id : me;
            value = winner == me ? 1'000'000 : -1'000'000;
        } else {
            const std::int64_t my_score = p.player_score;
            const std::int64_t my_cherries = r.id == me ? p.receiver_cherries : self.cherries;
            std::int64_t other_best = 0;
            for (const Player& o : view.players())
                if (o.id != me) other_best = std::max(other_best, o.id == r.id ? p.receiver_score : o.score);
            value = 100 * (my_score - other_best) - std::llabs(my_cherries - 5);
        }
        if (value > best_value) {
            best_value = value;
            best = r.id;
        }
    }
    return best;
}

/// Plays turns with `choose(game)` until the game is over or `max_turns` turns were started.
/// Returns true when it is over.
template <class Choose>
bool play_out(Game& game, std::uint32_t max_turns, Choose choose) {
    while (!game.over() && game.turn() < max_turns) {
        game.start_turn();
        while (game.phase() == Phase::awaiting_give) game.give(choose(game));
    }
    return game.over();
}

}  // namespace cherries::test
