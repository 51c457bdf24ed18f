// Game setup (GDD §3.4.1) and the test kit's deck stacking.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("game setup - players in the given turn order, first player first, every marker at 0 (GDD §3.4.1 steps 3, 4, 7)", "[setup]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    CHECK(turn_order(g) == std::vector<std::string>{"ann", "bob", "cid"});
    CHECK(g.current_player() == id_of(g, "ann"));
    CHECK(g.phase() == Phase::between_turns);
    CHECK(g.turn() == 0);
    CHECK_FALSE(g.in_progress());
    CHECK(g.winner() == kNoPlayer);
    CHECK(g.drawn_card() == kNoCard);
    CHECK(g.removed().empty());
    for (const auto& p : g.players()) {
        CHECK(p.cherries == 0);
        CHECK(p.score == 0);
        CHECK(p.received.empty());
        CHECK(p.modifiers.empty());
    }
    check_invariants(g);
}

TEST_CASE("game setup - the deck holds every card of the card sets once, shuffled by the seed (GDD §3.4.1 steps 5-6)", "[setup]") {
    StandardKit kit;
    Game a = kit.game({"ann", "bob"}, {}, 1);
    Game b = kit.game({"ann", "bob"}, {}, 1);
    Game c = kit.game({"ann", "bob"}, {}, 2);
    std::vector<CardId> sorted = a.deck();
    std::sort(sorted.begin(), sorted.end());
    std::vector<CardId> all(74);
    std::iota(all.begin(), all.end(), CardId{0});
    CHECK(sorted == all);
    CHECK(a.deck() == b.deck());
    CHECK(a.deck() != c.deck());
    // Shuffled: not in catalog order (the chance of that is 1 in 74!).
    CHECK(a.deck() != all);
}

TEST_CASE("deck_top stacks the deck - its first entry is drawn first, the rest stays a permutation (GDD §3.4.1 steps 5-6)", "[setup]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"score-doubler", "cherry", "cherry", "three-points"});
    const auto& d = g.deck();  // back() is the top
    REQUIRE(d.size() == 74);
    CHECK(kit.id_of(d[73]) == "score-doubler");
    CHECK(kit.id_of(d[72]) == "cherry");
    CHECK(kit.id_of(d[71]) == "cherry");
    CHECK(d[72] != d[71]);  // two different copies
    CHECK(kit.id_of(d[70]) == "three-points");
    check_invariants(g);
    g.start_turn();
    CHECK(kit.id_of(g.drawn_card()) == "score-doubler");
}

TEST_CASE("setup refuses no players, a repeated or empty name, and more copies on deck_top than the sets have (GDD §3.4.1, §3.4.2.1)", "[setup]") {
    StandardKit kit;
    CHECK_THROWS_AS(kit.game({}), RuleError);
    CHECK_THROWS_AS(kit.game({"ann", "ann"}), RuleError);
    CHECK_THROWS_AS(kit.game({"ann", ""}), RuleError);
    // The Standard Set has one Three Points card (GDD Appendix A).
    CHECK_THROWS_AS(kit.game({"ann", "bob"}, {"three-points", "three-points"}), RuleError);
    CHECK_NOTHROW(kit.game({"ann", "bob"}, {"score-doubler"}));
    CHECK_THROWS_AS(kit.game({"ann", "bob"}, {"score-doubler", "cherry", "score-doubler"}), RuleError);
}

TEST_CASE("a game set up with one player is suspended until a second joins (GDD §3.4.2.1)", "[setup]") {
    StandardKit kit;
    Game g = kit.game({"ann"});
    CHECK(g.phase() == Phase::suspended);
    CHECK_THROWS_AS(g.start_turn(), RuleError);
    g.join("bob");
    CHECK(g.phase() == Phase::between_turns);
    check_invariants(g);
    CHECK_NOTHROW(g.start_turn());
}

TEST_CASE("Game::reset sets up the game a new Game would, after a game played, and a refused reset changes nothing (GDD §3.4.1)", "[setup]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"}, {}, 3);
    for (int i = 0; i < 60 && !g.over(); ++i) {  // a game under way: stacks, scores, a deck renewal
        if (g.phase() == Phase::between_turns) g.start_turn();
        if (g.phase() == Phase::awaiting_give) g.give(g.players()[static_cast<std::size_t>(i) % g.players().size()].id);
    }
    REQUIRE(g.turn() > 0);

    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.reset(9, {"dee", "dee"}), RuleError);
    CHECK_THROWS_AS(g.reset(9, {"dee", "eve"}, kit.kinds({"three-points", "three-points"})), RuleError);
    CHECK(snapshot(g) == before);  // refused: the game under way is untouched

    g.reset(9, {"dee", "eve"}, kit.kinds({"score-doubler"}));
    const Game fresh = kit.game({"dee", "eve"}, {"score-doubler"}, 9);
    CHECK(snapshot(g) == snapshot(fresh));  // deck, players, phase, turn and the generator
    check_invariants(g);
    g.reset(4, {"fay"});
    CHECK(snapshot(g) == snapshot(kit.game({"fay"}, {}, 4)));
    CHECK(g.phase() == Phase::suspended);
}
