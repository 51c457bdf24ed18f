// Game snapshots: snapshot -> restore -> play on gives the game that never stopped (GDD §3.5
// note 6: software Cherries is deterministic), and a bad snapshot is refused, never trusted.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

// One step of a random game: a join or leave between turns, a turn start, or a give.
void step(Game& g, std::mt19937_64& rng, int& next_name) {
    if (g.phase() == Phase::awaiting_give) {
        g.give(random_receiver(g, rng));
        return;
    }
    if (g.phase() == Phase::suspended) {
        if (rng() % 4 != 0) g.join("p" + std::to_string(next_name++));
        else g.leave(g.players().front().id);
        return;
    }
    const auto roll = rng() % 100;
    if (roll < 3 && g.players().size() < 7) g.join("p" + std::to_string(next_name++));
    else if (roll < 5) g.leave(g.players()[rng() % g.players().size()].id);
    else g.start_turn();
}

}  // namespace

TEST_CASE("a restored snapshot plays on exactly as the game that never stopped, faults, joins and leaves included (GDD §3.5 note 6)", "[snapshot]") {
    StandardKit kit;
    // Functions that fault on some arguments, so that conflict resolution (GDD §3.5) is reached.
    kit.evaluator.set(kit.cherry_function("cherry-doubler"), [](std::int64_t last) -> std::int64_t {
        if (last >= 4 || last <= -4) throw Fault{"doubler: too big"};
        return 2 * last;
    });
    std::mt19937_64 picks(42);
    std::size_t restored = 0, awaiting = 0, faults = 0;
    for (int i = 0; i < 400; ++i) {
        Game original = kit.game({"p0", "p1", "p2"}, {}, mix_seed(static_cast<std::uint64_t>(i)));
        Recorder original_events;
        original.set_event_sink(&original_events);
        std::mt19937_64 rng(static_cast<std::uint64_t>(i));
        int next_name = 3;
        const std::size_t stop_after = picks() % 400;  // steps before the snapshot
        for (std::size_t s = 0; s < stop_after && !original.over() && original.turn() < 250; ++s) step(original, rng, next_name);

        const GameSnapshot snap = original.snapshot();
        Game copy(kit.catalog, kit.gametype, kit.evaluator, snap);
        check_invariants(copy);
        REQUIRE(copy.snapshot() == snap);
        ++restored;
        awaiting += copy.phase() == Phase::awaiting_give;

        // The same decisions from here on, in both games.
        Recorder copy_events;
        copy.set_event_sink(&copy_events);
        const std::size_t before = original_events.events.size();
        std::mt19937_64 rng_copy = rng;
        int name_copy = next_name;
        while (!original.over() && original.turn() < 250) {
            step(original, rng, next_name);
            step(copy, rng_copy, name_copy);
        }
        const std::vector<RecordedEvent> after(original_events.events.begin() + static_cast<std::ptrdiff_t>(before),
                                               original_events.events.end());
        REQUIRE(copy_events.events == after);
        REQUIRE(copy.snapshot() == original.snapshot());
        faults += original_events.of_type(EventType::fault).size();
    }
    CHECK(restored == 400);
    CHECK(awaiting > 0);  // some snapshots were taken in the middle of a turn
    CHECK(faults > 0);
}

TEST_CASE("the generator's state round-trips through its standard text form", "[snapshot]") {
    Random a(7);
    for (int i = 0; i < 1000; ++i) a.below(10);
    Random b(0);
    b.set_state(a.state());
    for (int i = 0; i < 1000; ++i) REQUIRE(a.below(1000) == b.below(1000));
    CHECK_THROWS_AS(b.set_state("1 2 3"), std::invalid_argument);
    CHECK_THROWS_AS(b.set_state(a.state() + " 9"), std::invalid_argument);
}

TEST_CASE("an inconsistent snapshot is refused with a RuleError that says what is wrong", "[snapshot]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    g.start_turn();
    const GameSnapshot good = g.snapshot();
    auto refused = [&](GameSnapshot s, const std::string& words) {
        CHECK_THROWS_WITH(Game(kit.catalog, kit.gametype, kit.evaluator, s), Catch::Contains(words));
    };
    GameSnapshot s = good;
    s.deck.push_back(s.deck.front());
    refused(s, "in two places");
    s = good;
    s.deck.pop_back();
    refused(s, "is nowhere");
    s = good;
    s.deck.push_back(static_cast<CardId>(kit.catalog.card_count()));
    refused(s, "not in the catalog");
    s = good;
    s.random = "not a state";
    refused(s, "generator state");
    s = good;
    s.deck.push_back(s.drawn);
    s.drawn = kNoCard;
    refused(s, "drawn card");
    s = good;
    s.next = 5;
    refused(s, "next player index");
    s = good;
    s.players[1].name = "ann";
    refused(s, "repeated");
    s = good;
    s.players[0].score = -1;
    refused(s, "out of range");
    s = good;
    s.phase = static_cast<Phase>(17);
    refused(s, "unknown phase");
    s = good;
    s.next = 2;  // past the last player: only between turns, never with a card drawn
    refused(s, "next player index");
    s = good;
    s.set_aside.push_back(s.deck.back());
    refused(s, "in two places");
    CHECK_NOTHROW(Game(kit.catalog, kit.gametype, kit.evaluator, good));
}

TEST_CASE("a snapshot taken in a gap whose leaves ended the round restores and goes on as the game would (GDD §3.4.2 d.i)", "[snapshot]") {
    // ann and bob have played; cid leaves: everyone left has had a turn this round. A snapshot
    // here keeps that, and so does the set-aside card: a join restored after it plays next.
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    for (int i = 0; i < 2; ++i) {
        g.start_turn();
        g.give(g.current_player());
    }
    g.leave(g.players()[2].id);
    const GameSnapshot s = g.snapshot();
    CHECK(s.next == 2);
    CHECK(s.set_aside.size() == g.set_aside().size());
    Game restored(kit.catalog, kit.gametype, kit.evaluator, s);
    CHECK(restored.snapshot() == s);
    check_invariants(restored);
    restored.join("dan");
    g.join("dan");
    CHECK(restored.current_player() == g.current_player());
    CHECK(restored.player(restored.current_player()).name == "dan");
}
