// Deck renewal (GDD §3.4.2.2, §3.3.3) and what happens when it finds no card (docs/architecture.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

using Stack = std::vector<std::pair<std::string, int>>;

// Four cards: 2 Cherry, 1 Anticherry, 1 +1 Hat Of Fruit (lifetime 3).
void add_tiny_set(Kit& kit) {
    kit.catalog.add_set({.id = "tiny", .name = "Tiny", .version = "1.0.0", .symbol = "T"},
                        {cherry_kind("cherry", "Cherry", 1, 2), cherry_kind("anticherry", "Anticherry", -1, 1),
                         modifier_kind(kit.evaluator, "hat-of-fruit", "+1 Hat Of Fruit", 3, plus_one, {}, 1)});
}

}  // namespace

TEST_CASE("deck renewal shuffles every received card stack into the new deck and leaves live modifiers in place (GDD §3.4.2.2)", "[deck-renewal]") {
    // Turn 1 ann keeps the Hat (3 + 1, aged to 3). Turn 2 bob keeps a Cherry. Turn 3 ann keeps
    // a Cherry (1 + 1 = 2 cherries; Hat -> 2). Turn 4 bob keeps the Anticherry. The deck is empty;
    // received: ann [Cherry], bob [Cherry, Anticherry]. Turn 5 renews the deck from those
    // 3 cards before ann draws; ann's Hat (lifetime 2) stays where it is.
    Kit kit;
    add_tiny_set(kit);
    Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "cherry", "cherry", "anticherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "bob");
    play(g, "ann");
    play(g, "bob");
    REQUIRE(g.deck().empty());
    CHECK(player_named(g, "ann").cherries == 2);
    std::multiset<CardId> in_stacks;
    for (const auto& p : g.players()) in_stacks.insert(p.received.begin(), p.received.end());
    REQUIRE(in_stacks.size() == 3);
    check_invariants(g);

    g.start_turn();
    CHECK(rec.types_in_turn(5) == std::vector<EventType>{EventType::deck_renewal, EventType::draw});
    CHECK(rec.of_type(EventType::deck_renewal).at(0).cards == 3);
    CHECK(g.deck().size() == 2);
    std::multiset<CardId> in_play(g.deck().begin(), g.deck().end());
    in_play.insert(g.drawn_card());
    CHECK(in_play == in_stacks);
    for (const auto& p : g.players()) CHECK(p.received.empty());
    CHECK(modifier_stack(g, "ann") == Stack{{"hat-of-fruit", 2}});
    CHECK(player_named(g, "ann").cherries == 2);  // counts are not cards: they stay
    check_invariants(g);
}

TEST_CASE("deck renewal shuffles - the renewed order varies with the seed (GDD §3.4.2.2 'shuffled together')", "[deck-renewal]") {
    // The whole 4-card deck is stacked, so only the renewal's shuffle depends on the seed.
    std::set<std::vector<CardId>> orders;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        Kit kit;
        add_tiny_set(kit);
        Game g = kit.game({"ann", "bob"}, {"cherry", "cherry", "anticherry", "hat-of-fruit"}, seed);
        play(g, "ann");  // ann keeps a Cherry
        play(g, "bob");  // bob keeps a Cherry
        play(g, "ann");  // ann keeps the Anticherry
        play(g, "ann");  // bob gives ann the Hat
        g.start_turn();  // renewal from ann [Cherry, Anticherry] and bob [Cherry]
        std::vector<CardId> order = g.deck();
        order.push_back(g.drawn_card());
        orders.insert(order);
    }
    // 3 cards, 3 distinct physical cards: up to 6 orders. A renewal that merely concatenated the
    // stacks would give one.
    CHECK(orders.size() >= 3);
}

TEST_CASE("renewal that finds no card makes the turn a pass - score change and aging only (docs/architecture.md, GDD §3.4.2.3 steps 4-5)", "[deck-renewal]") {
    // One card, a Boost (lifetime 1, score: next = last + 1). Gametype: 0 cherries score 1.
    // Turn 1 ann keeps the Boost (1 + 1 = 2): end-of-turn 1 -> 2: score 2; aged to 1.
    // Turn 2 bob: no card in the deck nor in any received card stack: a pass. His change 1.
    // Turn 3 ann: a pass: 1 -> 2 (Boost): score 4; the Boost expires onto her received stack.
    // Turn 4 bob: the deck is renewed from it and bob draws the Boost.
    Kit kit;
    kit.gametype = gametype_with({1}, 100);
    kit.catalog.add_set({.id = "one", .name = "One", .version = "1.0.0", .symbol = "1"},
                        {modifier_kind(kit.evaluator, "boost", "Boost", 1, {}, plus_one, 1)});
    Game g = kit.game({"ann", "bob"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 2);
    const CardId boost = player_named(g, "ann").modifiers.at(0).card;

    g.start_turn();
    CHECK(g.phase() == Phase::between_turns);
    CHECK(g.turn() == 2);
    CHECK(g.drawn_card() == kNoCard);
    CHECK(rec.types_in_turn(2) == std::vector<EventType>{EventType::pass, EventType::score_change});
    CHECK(player_named(g, "bob").score == 1);
    CHECK(modifier_stack(g, "ann") == Stack{{"boost", 1}});  // not ann's turn: not aged
    check_invariants(g);

    g.start_turn();
    CHECK(rec.types_in_turn(3) == std::vector<EventType>{EventType::pass, EventType::score_change, EventType::expire});
    CHECK(player_named(g, "ann").score == 4);
    CHECK(player_named(g, "ann").modifiers.empty());
    CHECK(player_named(g, "ann").received == std::vector<CardId>{boost});
    check_invariants(g);

    g.start_turn();
    CHECK(rec.types_in_turn(4) == std::vector<EventType>{EventType::deck_renewal, EventType::draw});
    CHECK(g.drawn_card() == boost);
    CHECK(g.current_player() == id_of(g, "bob"));
    check_invariants(g);
}

TEST_CASE("when no card is in play at all (deck, received and modifier card stacks empty) the game ends without a winner (GDD §3.4.3, §3.3.3)", "[deck-renewal]") {
    // One card, a Dud whose score function faults. ann keeps it: her end-of-turn change runs it
    // (GDD §3.4.2.3.3.3), it faults, so it is removed from the game (GDD §3.5) and she must draw
    // a new card: there is none anywhere, and no modifier could ever bring one back.
    Kit kit;
    kit.catalog.add_set({.id = "dud", .name = "Dud", .version = "1.0.0", .symbol = "D"},
                        {modifier_kind(kit.evaluator, "dud", "Dud", 1, {}, [](std::int64_t) -> std::int64_t { throw Fault{"dud"}; }, 1)});
    Game g = kit.game({"ann", "bob"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(g.phase() == Phase::ended);
    CHECK(g.over());
    CHECK(g.winner() == kNoPlayer);
    CHECK(g.removed().size() == 1);
    CHECK(rec.types() == std::vector<EventType>{EventType::draw, EventType::fault, EventType::ended});
    CHECK_THROWS_AS(g.start_turn(), RuleError);
    check_invariants(g);
}
