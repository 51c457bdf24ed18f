// Drawing, giving and handling cards (GDD §3.4.2.3.1 - §3.4.2.3.3).
#include <catch2/catch.hpp>

#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("drawing takes the top card of the deck and holds it face up (GDD §3.4.2.3.1)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"two-points"});
    const CardId top = g.deck().back();
    Recorder rec;
    g.set_event_sink(&rec);
    g.start_turn();
    CHECK(g.phase() == Phase::awaiting_give);
    CHECK(g.drawn_card() == top);
    CHECK(g.deck().size() == 73);
    CHECK(g.turn() == 1);
    REQUIRE(rec.events.size() == 1);
    CHECK(rec.events[0].type == EventType::draw);
    CHECK(rec.events[0].card == top);
    CHECK(rec.events[0].player == id_of(g, "ann"));
    check_invariants(g);
}

TEST_CASE("cherry count never goes below 0 - 0 plus -1 is 0, then +1 is 1 (GDD §3.4.2.3.3.1 step 2)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"anticherry", "cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "bob");  // ann gives bob an Anticherry: 0 - 1 -> clamped to 0
    CHECK(player_named(g, "bob").cherries == 0);
    play(g, "bob");  // bob keeps a Cherry: 1 (an unclamped -1 would give 0)
    CHECK(player_named(g, "bob").cherries == 1);
    const auto handles = rec.of_type(EventType::handle);
    REQUIRE(handles.size() == 2);
    CHECK(handles[0].modified_change == -1);
    CHECK(handles[0].cherries == 0);
}

TEST_CASE("score never goes below 0 - 0 plus -3 Points is 0, then 1 Point is 1 (GDD §3.4.2.3.3.2 step 2)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"minus-three-points", "point"});
    play(g, "bob");
    CHECK(player_named(g, "bob").score == 0);
    play(g, "bob");
    CHECK(player_named(g, "bob").score == 1);
}

TEST_CASE("score never goes below 0 at the end-of-turn change either (GDD §3.4.2.3.4 step 3)", "[handling]") {
    // A gametype that takes 2 points for 0 cherries: ann keeps 1 Point (score 1), then her
    // end-of-turn change -2 makes 1 - 2 = -1 -> 0.
    StandardKit kit(gametype_with({-2}, 10));
    Game g = kit.game({"ann", "bob"}, {"point"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 0);
    const auto changes = rec.of_type(EventType::score_change);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].change == -2);
    CHECK(changes[0].score == 0);
}

TEST_CASE("cherry and score cards go on top of the receiving player's received card stack (GDD §3.4.2.3.3.1 step 3, §3.4.2.3.3.2 step 3)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"cherry", "point", "anticherry"});
    play(g, "bob");
    play(g, "bob");
    play(g, "bob");
    CHECK(card_ids(g, player_named(g, "bob").received) == std::vector<std::string>{"cherry", "point", "anticherry"});
    CHECK(player_named(g, "ann").received.empty());
    CHECK(player_named(g, "bob").cherries == 0);  // 1 - 1
    CHECK(player_named(g, "bob").score == 1);
}

TEST_CASE("a card may be given to any player, including the giver (GDD §3.4.2.3.2)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"}, {"double-cherry", "cherry", "triple-cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "cid");  // ann gives cid 2
    play(g, "bob");  // bob keeps 1
    play(g, "ann");  // cid gives ann 3
    CHECK(player_named(g, "ann").cherries == 3);
    CHECK(player_named(g, "bob").cherries == 1);
    CHECK(player_named(g, "cid").cherries == 2);
    const auto gives = rec.of_type(EventType::give);
    REQUIRE(gives.size() == 3);
    CHECK(gives[0].player == id_of(g, "ann"));
    CHECK(gives[0].receiver == id_of(g, "cid"));
    CHECK(gives[1].player == gives[1].receiver);  // kept
}

TEST_CASE("a given modifier goes on top of the receiver's modifier card stack with its printed lifetime (GDD §3.4.2.3.3.3)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "cherry-shield"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "bob");  // turn 1: ann gives bob a +1 Hat Of Fruit, printed lifetime 3
    play(g, "ann");  // turn 2: bob gives ann a Cherry Shield, printed lifetime 2
    // bob's hat was given (no + 1) and bob has aged it once at the end of turn 2: 3 - 1 = 2.
    CHECK(modifier_stack(g, "bob") == std::vector<std::pair<std::string, int>>{{"hat-of-fruit", 2}});
    // ann's shield has not been aged yet: ann has had no turn since.
    CHECK(modifier_stack(g, "ann") == std::vector<std::pair<std::string, int>>{{"cherry-shield", 2}});
    const auto handles = rec.of_type(EventType::handle);
    CHECK(handles[0].lifetime == 3);
    CHECK(handles[1].lifetime == 2);
    check_invariants(g);
}

TEST_CASE("a second modifier goes on top of the first - the modifier card stack keeps arrival order (GDD §3.3.4.1.2)", "[handling]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"}, {"hat-of-fruit", "point-drop", "score-inverter"});
    play(g, "cid");
    play(g, "cid");
    play(g, "cid");  // cid keeps the Score Inverter: lifetime 2 + 1, then aged at the end of the turn
    const auto stack = modifier_stack(g, "cid");
    REQUIRE(stack.size() == 3);
    CHECK(stack[0].first == "hat-of-fruit");
    CHECK(stack[1].first == "point-drop");
    CHECK(stack[2].first == "score-inverter");
    CHECK(stack[0].second == 2);  // given at turn 1, cid's turn 3 aged it: 3 - 1
    CHECK(stack[1].second == 1);  // given at turn 2: 2 - 1
    CHECK(stack[2].second == 2);  // kept at turn 3: 2 + 1 - 1
}
