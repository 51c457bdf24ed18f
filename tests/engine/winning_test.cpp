// Game end: winning the game (GDD §3.3.1.2, §3.4.3).
#include <catch2/catch.hpp>

#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {
using Stack = std::vector<std::pair<std::string, int>>;
}

TEST_CASE("a score card given to another player wins the game for that player mid-turn - no end-of-turn change, no aging after it (GDD §3.4.3)", "[winning]") {
    // Winning score 3.
    // Turn 1 ann keeps a Point Boost: her end-of-turn change 0 + 1 = 1 (score 1); aged 3 -> 2.
    // Turn 2 bob keeps 2 Points: score 2.
    // Turn 3 ann gives bob a 1 Point: bob 3 >= 3 wins on handling. ann's end-of-turn change
    // (0 -> 1, score 2) and her aging (Point Boost 2 -> 1) must not happen.
    StandardKit kit(official_gametype(3));
    Game g = kit.game({"ann", "bob"}, {"point-boost", "two-points", "point"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "bob");
    REQUIRE(player_named(g, "ann").score == 1);
    REQUIRE(player_named(g, "bob").score == 2);
    REQUIRE(g.phase() == Phase::between_turns);
    play(g, "bob");
    CHECK(g.phase() == Phase::won);
    CHECK(g.over());
    CHECK(g.winner() == id_of(g, "bob"));
    CHECK(player_named(g, "bob").score == 3);
    CHECK(card_ids(g, player_named(g, "bob").received) == std::vector<std::string>{"two-points", "point"});
    CHECK(player_named(g, "ann").score == 1);
    CHECK(modifier_stack(g, "ann") == Stack{{"point-boost", 2}});
    CHECK(rec.types_in_turn(3) == std::vector<EventType>{EventType::draw, EventType::give, EventType::handle, EventType::won});
    CHECK(rec.events.back().player == id_of(g, "bob"));
    CHECK(g.current_player() == kNoPlayer);
    check_invariants(g);
}

TEST_CASE("only one player can win - a receiver who wins ends the turn before the giver's own winning end-of-turn change (GDD §3.4.3)", "[winning]") {
    // Winning score 4.
    // Turn 1 ann keeps Triple Cherry (3). Turn 2 bob gives her Double Cherry (5).
    // Turn 3 ann keeps 2 Points (2) and scores 1 at the end of her turn (5 cherries): 3.
    // Turn 4 bob keeps 3 Points: 3. Turn 5 ann gives bob 1 Point: bob 4 wins. ann's end-of-turn
    // change would have made her 4 too; it never runs.
    StandardKit kit(official_gametype(4));
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "double-cherry", "two-points", "three-points", "point"});
    play(g, "ann");
    play(g, "ann");
    play(g, "ann");
    play(g, "bob");
    REQUIRE(player_named(g, "ann").score == 3);
    REQUIRE(player_named(g, "bob").score == 3);
    play(g, "bob");
    CHECK(g.phase() == Phase::won);
    CHECK(g.winner() == id_of(g, "bob"));
    CHECK(player_named(g, "ann").score == 3);
    check_invariants(g);
}

TEST_CASE("winning at the end-of-turn score change ends the game before aging (GDD §3.4.3, §3.4.2.3.4)", "[winning]") {
    // Winning score 2.
    // Turn 1 ann keeps Triple Cherry (3). Turn 2 bob gives her Double Cherry (5).
    // Turn 3 ann keeps a Point Boost (lifetime 2 + 1 = 3): end-of-turn change 1 (5 cherries)
    // through [Point Boost] = 2: score 2 wins. The Point Boost is not aged: still 3.
    // (Without the kept boost she would have 1 and not win.)
    StandardKit kit(official_gametype(2));
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "double-cherry", "point-boost"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    play(g, "ann");
    CHECK(g.phase() == Phase::won);
    CHECK(g.winner() == id_of(g, "ann"));
    CHECK(player_named(g, "ann").score == 2);
    CHECK(modifier_stack(g, "ann") == Stack{{"point-boost", 3}});
    CHECK(rec.types_in_turn(3) == std::vector<EventType>{EventType::draw, EventType::give, EventType::handle,
                                                         EventType::score_change, EventType::won});
    check_invariants(g);
}

TEST_CASE("reaching a score above the winning score wins too ('equal to or higher', GDD §3.3.1.2)", "[winning]") {
    StandardKit kit(official_gametype(2));
    Game g = kit.game({"ann", "bob"}, {"three-points"});
    play(g, "bob");
    CHECK(g.phase() == Phase::won);
    CHECK(g.winner() == id_of(g, "bob"));
    CHECK(player_named(g, "bob").score == 3);
}

TEST_CASE("a score one below the winning score does not win (GDD §3.3.1.2)", "[winning]") {
    StandardKit kit(official_gametype(3));
    Game g = kit.game({"ann", "bob"}, {"two-points"});
    play(g, "bob");
    CHECK(g.phase() == Phase::between_turns);
    CHECK(g.winner() == kNoPlayer);
}

TEST_CASE("once the game is won every move is refused with RuleError and the state stays (GDD §3.4.3)", "[winning]") {
    StandardKit kit(official_gametype(1));
    Game g = kit.game({"ann", "bob", "cid"}, {"point"});
    play(g, "cid");
    REQUIRE(g.phase() == Phase::won);
    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.start_turn(), RuleError);
    CHECK_THROWS_AS(g.give(id_of(g, "ann")), RuleError);
    CHECK_THROWS_AS(g.join("dan"), RuleError);
    CHECK_THROWS_AS(g.leave(id_of(g, "ann")), RuleError);
    CHECK_THROWS_AS(g.plan(id_of(g, "ann")), RuleError);
    CHECK(snapshot(g) == before);
}

TEST_CASE("plan() tells who would win and what a give would do, and changes nothing (GDD §3.4.2.3.2 - others may advise)", "[winning]") {
    // Winning score 3; bob has 2 points. ann draws a 1 Point: to bob it wins, kept it does not.
    StandardKit kit(official_gametype(3));
    Game g = kit.game({"ann", "bob"}, {"cherry", "two-points", "point"});
    play(g, "ann");
    play(g, "bob");
    g.start_turn();
    const Snapshot before = snapshot(g);
    const TurnPlan to_bob = g.plan(id_of(g, "bob"));
    const TurnPlan to_ann = g.plan(id_of(g, "ann"));
    CHECK(snapshot(g) == before);
    CHECK(to_bob.receiver_wins);
    CHECK(to_bob.wins());
    CHECK(to_bob.receiver_score == 3);
    CHECK_FALSE(to_ann.wins());
    CHECK(to_ann.kept);
    CHECK(to_ann.receiver_score == 1);
    CHECK(to_ann.end_cherries == 1);
    CHECK(to_ann.player_score == 1);
    g.give(id_of(g, "bob"));
    CHECK(g.winner() == id_of(g, "bob"));
}
