// Conflict resolution: a plugin function that fails at run time (GDD §3.5, docs/architecture.md).
// The card whose function failed is removed from the game, the turn so far is void, the player
// draws again (the same card if it was not the culprit, else a new one), a fault is reported,
// and the game goes on.
#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

using Stack = std::vector<std::pair<std::string, int>>;

// Plays the game out with the greedy chooser, checking invariants inside every event.
void finishes_normally(Game& g) {
    InvariantChecker checker(g);
    g.set_event_sink(&checker);
    const bool over = play_out(g, 5000, [](const Game& game) { return greedy_receiver(game); });
    CHECK(over);
    g.set_event_sink(nullptr);
    CHECK((g.phase() == Phase::won || g.phase() == Phase::ended));
    CHECK(checker.events() > 0);
    check_invariants(g);
}

}  // namespace

TEST_CASE("a modifier whose function faults while handling is removed from the game - the drawn card is drawn again - nothing else changes (GDD §3.5)", "[conflict]") {
    // Turn 1 ann keeps a Cherry Doubler (its cherry function is not run on a keep). Its cherry
    // function is broken. Turn 2 bob gives ann a Cherry: ann's stack runs the Doubler -> fault.
    StandardKit kit;
    kit.evaluator.fail(kit.cherry_function("cherry-doubler"), "doubler broke");
    Game g = kit.game({"ann", "bob"}, {"cherry-doubler", "cherry"});
    play(g, "ann");
    const CardId doubler = player_named(g, "ann").modifiers.at(0).card;
    g.start_turn();
    const CardId cherry = g.drawn_card();
    Snapshot expected = snapshot(g);
    Recorder rec;
    g.set_event_sink(&rec);

    g.give(id_of(g, "ann"));

    // Expected: the same state, except that the Doubler left ann's stack for the removed cards.
    expected.players[0].modifiers.clear();
    expected.removed.push_back(doubler);
    CHECK(snapshot(g) == expected);
    CHECK(g.phase() == Phase::awaiting_give);
    CHECK(g.drawn_card() == cherry);
    CHECK(g.turn() == 2);
    REQUIRE(rec.events.size() == 2);
    CHECK(rec.events[0].type == EventType::fault);
    CHECK(rec.events[0].card == doubler);
    CHECK(rec.events[0].player == id_of(g, "bob"));
    CHECK(rec.events[0].message == "card 'cherry-doubler' cherry function: doubler broke");  // the card, then why
    CHECK(rec.events[1].type == EventType::draw);
    CHECK(rec.events[1].card == cherry);
    check_invariants(g);

    // The turn goes on: the Cherry now reaches ann unmodified.
    g.give(id_of(g, "ann"));
    CHECK(player_named(g, "ann").cherries == 1);
    CHECK(g.phase() == Phase::between_turns);
    g.set_event_sink(nullptr);
    finishes_normally(g);
    // Only the broken kind was ever removed (the other Cherry Doubler copy may have followed).
    REQUIRE(!g.removed().empty());
    CHECK(g.removed().front() == doubler);
    for (CardId c : g.removed()) CHECK(kit.id_of(c) == "cherry-doubler");
}

TEST_CASE("a kept modifier that faults in its own end-of-turn run is the drawn card - it is removed and a new card is drawn (GDD §3.5)", "[conflict]") {
    StandardKit kit;
    kit.evaluator.fail(kit.score_function("point-boost"), "boost broke");
    Game g = kit.game({"ann", "bob"}, {"point-boost", "two-points"});
    Recorder rec;
    g.set_event_sink(&rec);
    g.start_turn();
    const CardId boost = g.drawn_card();
    const std::size_t deck = g.deck().size();
    g.give(id_of(g, "ann"));  // keep: its score function runs at the end of the turn -> fault
    CHECK(g.phase() == Phase::awaiting_give);
    CHECK(g.turn() == 1);
    CHECK(kit.id_of(g.drawn_card()) == "two-points");
    CHECK(g.deck().size() == deck - 1);
    CHECK(g.removed() == std::vector<CardId>{boost});
    CHECK(player_named(g, "ann").modifiers.empty());
    CHECK(player_named(g, "ann").score == 0);
    CHECK(rec.types() == std::vector<EventType>{EventType::draw, EventType::fault, EventType::draw});
    CHECK(rec.events[1].card == boost);
    check_invariants(g);
    g.give(id_of(g, "ann"));
    CHECK(player_named(g, "ann").score == 2);
    g.set_event_sink(nullptr);
    finishes_normally(g);
}

TEST_CASE("a fault in the player's end-of-turn run voids the whole turn, including the receiver's handling (GDD §3.5 - nothing else changes)", "[conflict]") {
    // Turn 1 ann keeps a Point Drop (it works then). Then its score function breaks.
    // Turn 2 bob gives ann a Cherry (Point Drop's cherry function is the identity: not run).
    // Turn 3 ann gives bob 2 Points; her end-of-turn change runs the Point Drop: fault. bob's
    // +2 is not committed; ann draws the 2 Points again and this time the turn completes.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"point-drop", "cherry", "two-points"});
    play(g, "ann");
    kit.evaluator.fail(kit.score_function("point-drop"), "drop broke");
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 1);
    g.start_turn();
    const CardId two = g.drawn_card();
    g.give(id_of(g, "bob"));
    CHECK(player_named(g, "bob").score == 0);
    CHECK(player_named(g, "bob").received.empty());
    CHECK(g.drawn_card() == two);
    CHECK(modifier_stack(g, "ann").empty());
    CHECK(g.removed().size() == 1);
    g.give(id_of(g, "bob"));
    CHECK(player_named(g, "bob").score == 2);
    check_invariants(g);
}

TEST_CASE("a function result beyond ±(2^53 - 1) is a fault - exactly ±(2^53 - 1) is not (GDD §3.5, kMaxMagnitude)", "[conflict]") {
    // ann keeps a Big modifier (cherry function returns a constant); bob gives her a Cherry.
    struct Case {
        std::int64_t result;
        bool faults;
        std::int64_t cherries;
    };
    const auto c = GENERATE(Case{kMaxMagnitude, false, kMaxMagnitude}, Case{-kMaxMagnitude, false, 0},
                            Case{kMaxMagnitude + 1, true, 0}, Case{-kMaxMagnitude - 1, true, 0},
                            Case{std::numeric_limits<std::int64_t>::max(), true, 0},
                            Case{std::numeric_limits<std::int64_t>::min(), true, 0});
    Kit kit;
    kit.catalog.add_set({.id = "big", .name = "Big", .version = "1.0.0", .symbol = "B"},
                        {cherry_kind("cherry", "Cherry", 1, 2),
                         modifier_kind(kit.evaluator, "big", "Big", 3, [](std::int64_t) { return 0; }, {}, 1)});
    kit.evaluator.returns(kit.cherry_function("big"), c.result);
    Game g = kit.game({"ann", "bob"}, {"big", "cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    INFO("function result " << c.result);
    CHECK(rec.count(EventType::fault) == (c.faults ? 1u : 0u));
    CHECK(g.removed().size() == (c.faults ? 1u : 0u));
    if (c.faults) {
        CHECK_THAT(rec.of_type(EventType::fault).at(0).message, Catch::Contains(std::to_string(c.result)));
        CHECK(g.phase() == Phase::awaiting_give);
    } else {
        CHECK(player_named(g, "ann").cherries == c.cherries);
        check_invariants(g);
    }
}

TEST_CASE("a fault while the deck is empty renews it for the new draw (GDD §3.5 'draw a new card from the deck', §3.4.2.2)", "[conflict]") {
    // Three cards: Cherry, Anticherry and a Lemon modifier whose score function fails. ann keeps
    // the Cherry, bob keeps the Anticherry, ann keeps the Lemon: fault, and the deck is empty,
    // so the received card stacks are renewed into a deck and she draws from it.
    Kit kit;
    kit.catalog.add_set({.id = "lemon", .name = "Lemon", .version = "1.0.0", .symbol = "L"},
                        {cherry_kind("cherry", "Cherry", 1, 1), cherry_kind("anticherry", "Anticherry", -1, 1),
                         modifier_kind(kit.evaluator, "lemon", "Lemon", 2, {},
                                       [](std::int64_t) -> std::int64_t { throw Fault{"sour"}; }, 1)});
    Game g = kit.game({"ann", "bob"}, {"cherry", "anticherry", "lemon"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "bob");
    play(g, "ann");
    // No give event: the turn was void before anything was committed.
    CHECK(rec.types_in_turn(3) == std::vector<EventType>{EventType::draw, EventType::fault, EventType::deck_renewal, EventType::draw});
    CHECK(g.phase() == Phase::awaiting_give);
    CHECK(g.deck().size() == 1);
    CHECK(kit.id_of(g.removed().at(0)) == "lemon");
    check_invariants(g);
}

TEST_CASE("a fault during a pass turn removes the modifier and the pass goes on (GDD §3.5, docs/architecture.md)", "[conflict]") {
    // One card, a Flaky modifier (lifetime 1). ann keeps it while it works; then it breaks.
    // Turn 2 bob passes (no card anywhere; his stack is empty). Turn 3 ann passes: her stack
    // runs Flaky -> fault -> removed; her pass completes. Turn 4: no card in play: the game ends.
    Kit kit;
    kit.catalog.add_set({.id = "flaky", .name = "Flaky", .version = "1.0.0", .symbol = "F"},
                        {modifier_kind(kit.evaluator, "flaky", "Flaky", 1, {}, plus_one, 1)});
    Game g = kit.game({"ann", "bob"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 1);
    kit.evaluator.fail(kit.score_function("flaky"), "flaked");
    g.start_turn();
    CHECK(rec.types_in_turn(2) == std::vector<EventType>{EventType::pass, EventType::score_change});
    g.start_turn();
    CHECK(rec.types_in_turn(3) == std::vector<EventType>{EventType::pass, EventType::fault, EventType::score_change});
    CHECK(player_named(g, "ann").score == 1);
    CHECK(g.phase() == Phase::between_turns);
    check_invariants(g);
    g.start_turn();
    CHECK(g.phase() == Phase::ended);
    check_invariants(g);
}

TEST_CASE("a gametype distribution function that faults aborts the game with a fault event - no card is lost (GDD §3.5, docs/architecture.md)", "[conflict]") {
    // Table {0: 0}; past it a tail function that fails. ann keeps a Cherry: the end-of-turn change
    // at 1 cherry calls the tail -> fault; there is no card to blame, so the game is aborted.
    StandardKit kit(gametype_with({0}, 10, "broken"));
    kit.gametype.distribution_function = kit.evaluator.add([](std::int64_t) -> std::int64_t { throw Fault{"no distribution"}; });
    Game g = kit.game({"ann", "bob"}, {"cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(g.phase() == Phase::aborted);
    CHECK(g.over());
    CHECK(g.winner() == kNoPlayer);
    CHECK(g.removed().empty());
    CHECK(rec.types() == std::vector<EventType>{EventType::draw, EventType::fault});
    const auto fault = rec.of_type(EventType::fault).at(0);
    CHECK(fault.card == kNoCard);
    CHECK_THAT(fault.message, Catch::Contains("broken"));
    CHECK_THAT(fault.message, Catch::Contains("no distribution"));
    CHECK(player_named(g, "ann").cherries == 0);  // nothing of the turn was committed
    CHECK_THROWS_AS(g.start_turn(), RuleError);
    check_invariants(g);
}

TEST_CASE("a distribution value beyond ±(2^53 - 1) aborts the game too (GDD §3.5)", "[conflict]") {
    StandardKit kit(gametype_with({0}, 10, "huge"));
    kit.gametype.distribution_function = kit.evaluator.add([](std::int64_t) { return kMaxMagnitude + 1; });
    Game g = kit.game({"ann", "bob"}, {"cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(g.phase() == Phase::aborted);
    CHECK_THAT(rec.of_type(EventType::fault).at(0).message, Catch::Contains("huge"));
    check_invariants(g);
}
