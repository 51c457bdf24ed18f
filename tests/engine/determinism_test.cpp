// Determinism: one seeded generator per game, so the same seed, plugins and decisions give the
// same game (docs/architecture.md, "Design intent"; GDD §3.4.1 step 5, §3.4.2.2).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

struct Run {
    std::vector<RecordedEvent> events;
    Snapshot end;
};

// A game of up to 400 turns; receivers from `decisions`; a join at turn 50 and a leave at 120.
Run run(std::uint64_t seed, std::uint64_t decisions, bool faulty = false) {
    StandardKit kit;
    if (faulty)  // the Cherry Inverter fails on odd changes
        kit.evaluator.set(kit.cherry_function("cherry-inverter"), [](std::int64_t last) -> std::int64_t {
            if (last % 2 != 0) throw Fault{"odd"};
            return -last;
        });
    Game g = kit.game({"ann", "bob", "cid"}, {}, seed);
    Recorder rec;
    g.set_event_sink(&rec);
    std::mt19937_64 rng(decisions);
    while (!g.over() && g.turn() < 400) {
        if (g.turn() == 50 && !g.find_player("dan")) g.join("dan");
        if (g.turn() == 120 && g.find_player("bob")) g.leave(id_of(g, "bob"));
        g.start_turn();
        while (g.phase() == Phase::awaiting_give) g.give(random_receiver(g, rng));
    }
    return {rec.events, snapshot(g)};
}

}  // namespace

TEST_CASE("the same seed and decisions give identical event streams and end states (GDD §3.4.1 step 5, docs/architecture.md determinism)", "[determinism]") {
    const Run a = run(7, 99);
    const Run b = run(7, 99);
    REQUIRE(a.events.size() > 100);
    CHECK(a.events == b.events);
    CHECK(a.end == b.end);
}

TEST_CASE("the same seed and decisions give identical games with faults and conflict resolution too (GDD §3.5)", "[determinism]") {
    const Run a = run(11, 5, true);
    const Run b = run(11, 5, true);
    CHECK(a.events == b.events);
    CHECK(a.end == b.end);
}

TEST_CASE("different seeds give different games with the same decision stream (GDD §3.4.1 step 5)", "[determinism]") {
    const Run a = run(7, 99);
    const Run b = run(8, 99);
    CHECK(a.events != b.events);
    // The very first draw already differs in all but 1 of 74 cases per seed pair; check the decks.
    CHECK(a.end.deck != b.end.deck);
}

TEST_CASE("different decisions with the same seed give different games, from the same first card (GDD §3.4.2.3.2)", "[determinism]") {
    const Run a = run(7, 1);
    const Run b = run(7, 2);
    REQUIRE(!a.events.empty());
    REQUIRE(!b.events.empty());
    CHECK(a.events.front() == b.events.front());  // same deck: same first draw
    CHECK(a.events != b.events);
}
