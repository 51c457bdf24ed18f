// The strategic bot: a modifier is valued over its lifetime (GDD §3.3.2.1.1.3, §3.4.2.3.4), so a
// harmful one is not kept the way greedy keeps every modifier; it sees no deck order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/bots/strategic_bot.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

}  // namespace

TEST_CASE("over many games, strategic keeps a harmful modifier far less often than greedy (GDD §3.4.2.3.4)",
          "[host][bots][strategic]") {
    // Every decision of greedy games where the drawer holds points and 4 or 6 cherries (one step
    // from the count that scores) and draws a modifier that halves, zeroes or reverses score
    // changes: it changes nothing this turn (no score change at 4 or 6), so greedy keeps it, but
    // over its lifetime it spoils the holder's coming end-of-turn points.
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    const Catalog& catalog = bundle.catalog();
    const std::vector<KindId> harmful{catalog.find_kind("score-halver"), catalog.find_kind("score-shield"),
                                      catalog.find_kind("score-inverter")};
    int asked = 0, strategic_keeps = 0, greedy_keeps = 0;
    for (std::uint64_t g = 0; g < 400; ++g) {
        Game game(catalog, bundle.gametype(), *runtime, mix_seed(g), {"p1", "p2", "p3", "p4"});
        std::vector<std::unique_ptr<Bot>> bots;
        for (std::uint32_t s = 0; s < 4; ++s) bots.push_back(make_bot("greedy", mix_seed(g * 4 + s)));
        const PlayerView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 2000) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) {
                const PlayerId me = game.current_player();
                const KindId kind = catalog.kind_id_of(game.drawn_card());
                const Player& p = game.player(me);
                if (std::find(harmful.begin(), harmful.end(), kind) != harmful.end() && (p.cherries == 4 || p.cherries == 6) &&
                    p.score > 0) {
                    ++asked;
                    strategic_keeps += StrategicBot(g).choose_receiver(view) == me;
                    greedy_keeps += GreedyBot(g).choose_receiver(view) == me;
                }
                game.give(bots[me]->choose_receiver(view));
            }
        }
    }
    INFO("asked " << asked << ", greedy kept " << greedy_keeps << ", strategic kept " << strategic_keeps);
    REQUIRE(asked >= 30);
    CHECK(greedy_keeps >= asked * 8 / 10);
    CHECK(strategic_keeps * 4 <= greedy_keeps);
}

TEST_CASE("strategic is deterministic for a seed and sees no deck order (GDD §3.4.2.3.1)", "[host][bots][strategic]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Game one(bundle.catalog(), bundle.gametype(), *runtime, seed, {"a", "b", "c"});
        one.start_turn();
        // The same table with the deck below the top card in another order.
        GameSnapshot snap = one.snapshot();
        std::reverse(snap.deck.begin(), snap.deck.end());
        Game two(bundle.catalog(), bundle.gametype(), *runtime, snap);
        StrategicBot a(seed), b(seed);
        CHECK(a.choose_receiver(PlayerView(one)) == b.choose_receiver(PlayerView(two)));
    }
}
