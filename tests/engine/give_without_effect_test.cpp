// Game::give_without_effect: a give whose handling (GDD §3.4.2.3.3) does nothing, the card going
// on the received card stack as itself; the balance report's handling fork (docs/report.md).
#include <catch2/catch.hpp>

#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("a score card given without effect changes no score but goes on the received card stack (GDD §3.4.2.3.3.2)",
          "[give-without-effect]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"three-points", "point"});
    g.start_turn();
    g.give_without_effect(id_of(g, "bob"));
    CHECK(player_named(g, "bob").score == 0);
    CHECK(card_ids(g, player_named(g, "bob").received) == std::vector<std::string>{"three-points"});
    CHECK(g.phase() == Phase::between_turns);
    CHECK(g.current_player() == id_of(g, "bob"));  // the turn went on as usual
    check_invariants(g);
    play(g, "bob");  // the next card is handled as usual
    CHECK(player_named(g, "bob").score == 1);
}

TEST_CASE("a cherry card given without effect calls no modifier function: a change of 0 would (GDD §3.4.2.3.3.1, note 5)",
          "[give-without-effect]") {
    Kit kit;
    kit.catalog.add_set({.id = "zero", .name = "Zero", .version = "1.0.0", .symbol = "Z"},
                        {cherry_kind("cherry", "Cherry", 1, 1),
                         modifier_kind(kit.evaluator, "hat-of-fruit", "+1 Hat Of Fruit", 3, plus_one, {}, 1)});
    Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "cherry"});
    play(g, "ann");  // ann keeps the hat
    g.start_turn();
    g.give_without_effect(id_of(g, "ann"));  // bob's Cherry to ann, without effect
    CHECK(player_named(g, "ann").cherries == 0);
    CHECK(kit.evaluator.calls(kit.cherry_function("hat-of-fruit")) == 0);
    CHECK(card_ids(g, player_named(g, "ann").received) == std::vector<std::string>{"cherry"});
}

TEST_CASE("a kept modifier given without effect goes to the received card stack and leaves the end-of-turn change "
          "alone (GDD §3.4.2.3.3.3, §3.4.2.3.4)",
          "[give-without-effect]") {
    // As played, a kept Point Boost turns ann's end-of-turn change of 0 into 1 (modifier stack
    // test); without effect it is not on her modifier card stack at all.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"point-boost"});
    g.start_turn();
    g.give_without_effect(id_of(g, "ann"));
    CHECK(player_named(g, "ann").score == 0);
    CHECK(player_named(g, "ann").modifiers.empty());
    CHECK(card_ids(g, player_named(g, "ann").received) == std::vector<std::string>{"point-boost"});
    check_invariants(g);
}

TEST_CASE("the end-of-turn change still happens and can win the game (GDD §3.4.2.3.4, §3.4.3)", "[give-without-effect]") {
    // A gametype that scores 1 for 0 cherries and wins at 1: ann's end-of-turn change wins,
    // whatever her Anticherry would have done.
    StandardKit kit(gametype_with({1}, 1));
    Game g = kit.game({"ann", "bob"}, {"anticherry"});
    g.start_turn();
    g.give_without_effect(id_of(g, "bob"));
    CHECK(g.phase() == Phase::won);
    CHECK(g.winner() == id_of(g, "ann"));
    CHECK(card_ids(g, player_named(g, "bob").received) == std::vector<std::string>{"anticherry"});
}

TEST_CASE("without a drawn card there is nothing to give without effect", "[give-without-effect]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    CHECK_THROWS_AS(g.give_without_effect(id_of(g, "ann")), RuleError);
}
