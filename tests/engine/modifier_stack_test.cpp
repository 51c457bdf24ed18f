// Modifying change: a change runs through the modifier card stack bottom to top (GDD §3.4.2.3.4.1).
#include <catch2/catch.hpp>

#include <vector>

#include "engine/turn.hpp"
#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("modifier stack runs bottom to top - Cherry Doubler then +1 Hat Of Fruit differs from the reverse (GDD §3.4.2.3.4.1)", "[modifier-stack]") {
    // Turn 1 ann keeps the first modifier (bottom of her stack), turn 2 bob gives her the second
    // (on top), turn 3 ann keeps a Double Cherry (change c = 2).
    //   Doubler, then Hat: 2 * c + 1 = 5 cherries; the official gametype then scores 1 (5 -> 1).
    //   Hat, then Doubler: 2 * (c + 1) = 6 cherries; 6 scores 0.
    SECTION("Cherry Doubler at the bottom, +1 Hat Of Fruit on top - 2c + 1") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob"}, {"cherry-doubler", "hat-of-fruit", "double-cherry"});
        Recorder rec;
        g.set_event_sink(&rec);
        play(g, "ann");
        play(g, "ann");
        REQUIRE(modifier_stack(g, "ann") == std::vector<std::pair<std::string, int>>{{"cherry-doubler", 2}, {"hat-of-fruit", 3}});
        play(g, "ann");
        CHECK(player_named(g, "ann").cherries == 5);
        CHECK(player_named(g, "ann").score == 1);
        const auto handles = rec.of_type(EventType::handle);
        REQUIRE(!handles.empty());
        CHECK(handles.back().change == 2);
        CHECK(handles.back().modified_change == 5);
        CHECK(handles.back().cherries == 5);
    }
    SECTION("+1 Hat Of Fruit at the bottom, Cherry Doubler on top - 2(c + 1)") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "cherry-doubler", "double-cherry"});
        play(g, "ann");
        play(g, "ann");
        REQUIRE(modifier_stack(g, "ann") == std::vector<std::pair<std::string, int>>{{"hat-of-fruit", 3}, {"cherry-doubler", 2}});
        play(g, "ann");
        CHECK(player_named(g, "ann").cherries == 6);
        CHECK(player_named(g, "ann").score == 0);
    }
}

TEST_CASE("Cherry Halver of -3 is floor(-1.5) = -2, not C++'s truncated -1 (GDD Appendix A, §3.4.2.3.4.1)", "[modifier-stack]") {
    // Turn 1 ann keeps a Triple Cherry: 3 cherries. Turn 2 bob gives her a Cherry Halver.
    // Turn 3 ann keeps a Triple Anticherry: -3 -> floor(-3/2) = -2, so 3 - 2 = 1 cherry
    // (truncation would give -1 and 2 cherries).
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "cherry-halver", "triple-anticherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 1);
    const auto handles = rec.of_type(EventType::handle);
    REQUIRE(handles.size() == 3);
    CHECK(handles[2].change == -3);
    CHECK(handles[2].modified_change == -2);
}

TEST_CASE("a change of 0 is still run through the modifier card stack - end-of-turn change 0 with Point Boost scores 1 (GDD §3.4.2.3.4.1 note 5)", "[modifier-stack]") {
    // Turn 1 ann keeps a Point Boost (score: next = last + 1). Her end-of-turn score change is
    // the official distribution at 0 cherries, 0, which runs through her stack (the kept card is
    // on top of it already, §3.4.2.3.3.3 step 2) and becomes 1.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"point-boost"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 1);
    const auto changes = rec.of_type(EventType::score_change);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].change == 0);
    CHECK(changes[0].modified_change == 1);
    CHECK(changes[0].score == 1);
    CHECK(changes[0].cherries == 0);  // the cherry count it is based on
}

TEST_CASE("a cherry card with change 0 is run through the stack too - +1 Hat Of Fruit makes it 1 cherry (GDD §3.4.2.3.3.1, note 5)", "[modifier-stack]") {
    Kit kit;
    kit.catalog.add_set({.id = "zero", .name = "Zero", .version = "1.0.0", .symbol = "Z"},
                        {cherry_kind("no-cherry", "No Cherry", 0, 1),
                         modifier_kind(kit.evaluator, "hat-of-fruit", "+1 Hat Of Fruit", 3, plus_one, {}, 1)});
    Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "no-cherry"});
    play(g, "ann");  // ann keeps the hat
    play(g, "ann");  // bob gives ann the 0-cherry card: 0 -> 1
    CHECK(player_named(g, "ann").cherries == 1);
    CHECK(kit.evaluator.calls(kit.cherry_function("hat-of-fruit")) == 1);
}

TEST_CASE("score changes run through the stack bottom to top as well - Score Doubler then Point Boost (GDD §3.4.2.3.3.2, §3.4.2.3.4)", "[modifier-stack]") {
    // Turn 1 ann keeps a Score Doubler (lifetime 1 + 1 kept = 2; her end-of-turn change 0*2 = 0;
    // aged to 1). Turn 2 bob gives her a Point Boost (lifetime 2). Turn 3 ann keeps 2 Points:
    // 2 -> 2*2 = 4 -> 4+1 = 5, score 5. Then her end-of-turn change: 0 -> 0 -> 1: score 6.
    // (The reverse order would give (2+1)*2 = 6 and then (0+1)*2 = 2.)
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"score-doubler", "point-boost", "two-points"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 0);
    play(g, "ann");
    play(g, "ann");
    const auto handles = rec.of_type(EventType::handle);
    REQUIRE(handles.size() == 3);
    CHECK(handles[2].change == 2);
    CHECK(handles[2].modified_change == 5);
    CHECK(handles[2].score == 5);
    CHECK(player_named(g, "ann").score == 6);
    check_invariants(g);
}

TEST_CASE("run_modifier_stack picks each modifier's cherry or score function and puts extra_top last (GDD §3.4.2.3.4.1)", "[modifier-stack]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"cherry-doubler", "hat-of-fruit", "cherry-inverter", "point-boost"});
    g.start_turn();
    const CardId doubler = g.drawn_card();
    g.give(id_of(g, "ann"));
    g.start_turn();
    const CardId hat = g.drawn_card();
    g.give(id_of(g, "ann"));
    g.start_turn();
    const CardId inverter = g.drawn_card();
    const std::vector<ActiveModifier> stack{{doubler, 2}, {hat, 3}};
    std::int64_t result = 0;
    std::string message;
    // Cherry change 3: doubler 6, hat 7, inverter (on top) -7.
    CHECK(run_modifier_stack(kit.catalog, kit.evaluator, stack, inverter, CardType::cherry, 3, result, message) == kNoCard);
    CHECK(result == -7);
    // Without the extra card: 7.
    CHECK(run_modifier_stack(kit.catalog, kit.evaluator, stack, kNoCard, CardType::cherry, 3, result, message) == kNoCard);
    CHECK(result == 7);
    // An empty stack leaves the change alone.
    CHECK(run_modifier_stack(kit.catalog, kit.evaluator, {}, kNoCard, CardType::cherry, -4, result, message) == kNoCard);
    CHECK(result == -4);
    // Score changes: these three are identities on scores, so 3 stays 3 and nothing is called.
    const std::size_t before = kit.evaluator.calls(kit.cherry_function("cherry-doubler"));
    CHECK(run_modifier_stack(kit.catalog, kit.evaluator, stack, inverter, CardType::score, 3, result, message) == kNoCard);
    CHECK(result == 3);
    CHECK(kit.evaluator.calls(kit.cherry_function("cherry-doubler")) == before);
    // The engine never asks the evaluator for the identity (FunctionId 0).
    CHECK(kit.evaluator.bad_calls() == 0);
}

TEST_CASE("a cherry modifier leaves score changes alone and a score modifier leaves cherry changes alone (GDD §3.3.2.1.1.3)", "[modifier-stack]") {
    // Turn 1 ann keeps a Score Inverter (score: next = -last). Turn 2 bob gives her a Triple
    // Cherry: 3 cherries, not -3. Turn 3 ann keeps a Cherry Inverter; turn 4 bob gives her
    // 2 Points: score +2 through [Score Inverter, Cherry Inverter] = -2 -> clamped 0.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"score-inverter", "triple-cherry", "cherry-inverter", "two-points"});
    play(g, "ann");
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 3);
    play(g, "ann");
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 0);
    CHECK(player_named(g, "ann").cherries == 3);
    CHECK(kit.evaluator.bad_calls() == 0);
}

namespace {

// Each handle and score_change event's steps as (card id, value), bottom of the stack first.
struct StepRecorder : EventSink {
    const Catalog& catalog;
    std::vector<std::pair<EventType, std::vector<std::pair<std::string, std::int64_t>>>> seen;
    explicit StepRecorder(const Catalog& c) : catalog(c) {}
    void on_event(const Event& e) override {
        if (e.type != EventType::handle && e.type != EventType::score_change) return;
        std::vector<std::pair<std::string, std::int64_t>> steps;
        for (const ModifierStep& s : e.steps) steps.emplace_back(catalog.kind_of(s.card).id, s.value);
        seen.emplace_back(e.type, std::move(steps));
    }
};

}  // namespace

TEST_CASE("events carry each modifier's result, bottom of the stack first (GDD §3.4.2.3.4.1)", "[modifier-stack]") {
    // Turn 1 ann keeps a Cherry Doubler (bottom), turn 2 a +1 Hat Of Fruit (top); turn 3 she
    // keeps a Double Cherry: +2 -> +4 by the Doubler -> +5 by the Hat. Turn 4 bob keeps a
    // Cherry; turn 5 ann keeps a Point Boost: it goes on top and runs in the same turn's
    // end-of-turn change (GDD §3.4.2.3.3.3); her modifiers age only in her turns (§3.4.2.3.5).
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"cherry-doubler", "hat-of-fruit", "double-cherry", "cherry", "point-boost"});
    StepRecorder rec(kit.catalog);
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    rec.seen.clear();
    play(g, "ann");
    using Steps = std::vector<std::pair<std::string, std::int64_t>>;
    REQUIRE(rec.seen.size() == 2);
    CHECK(rec.seen[0].second == Steps{{"cherry-doubler", 4}, {"hat-of-fruit", 5}});
    // Her end-of-turn change (5 cherries: +1) runs through the two cherry-only modifiers:
    // identity score functions, so each step keeps +1.
    CHECK(rec.seen[1].second == Steps{{"cherry-doubler", 1}, {"hat-of-fruit", 1}});
    play(g, "bob");
    rec.seen.clear();
    play(g, "ann");
    REQUIRE(rec.seen.size() == 2);
    CHECK(rec.seen[0].second.empty());  // a modifier card: no change to run
    CHECK(rec.seen[1].second == Steps{{"cherry-doubler", 1}, {"hat-of-fruit", 1}, {"point-boost", 2}});
}
