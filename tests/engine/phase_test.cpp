// The game flow step (GDD §3.3.5, §3.4.2): moves in the wrong phase are refused with RuleError
// and leave the state as it was.
#include <catch2/catch.hpp>

#include "engine/player_view.hpp"
#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("give before a card is drawn is a RuleError and changes nothing (GDD §3.4.2.3 steps 1-2)", "[phase]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    Recorder rec;
    g.set_event_sink(&rec);
    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.give(id_of(g, "bob")), RuleError);
    CHECK_THROWS_AS(g.plan(id_of(g, "bob")), RuleError);
    CHECK(snapshot(g) == before);
    CHECK(rec.events.empty());
    // Also after a completed turn.
    play(g, "bob");
    const Snapshot after_turn = snapshot(g);
    CHECK_THROWS_AS(g.give(id_of(g, "ann")), RuleError);
    CHECK(snapshot(g) == after_turn);
}

TEST_CASE("start_turn while a card waits to be given is a RuleError and changes nothing (GDD §3.4.2.3)", "[phase]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    g.start_turn();
    Recorder rec;
    g.set_event_sink(&rec);
    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.start_turn(), RuleError);
    CHECK(snapshot(g) == before);
    CHECK(rec.events.empty());
    CHECK(g.turn() == 1);
    // The turn can still be finished normally.
    g.give(id_of(g, "bob"));
    CHECK(g.phase() == Phase::between_turns);
    check_invariants(g);
}

TEST_CASE("give to someone who is not playing is a RuleError and the drawn card still waits (GDD §3.4.2.3.2)", "[phase]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    g.start_turn();
    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.give(PlayerId{42}), RuleError);
    CHECK_THROWS_AS(g.give(kNoPlayer), RuleError);
    CHECK_THROWS_AS(g.plan(PlayerId{42}), RuleError);
    CHECK(snapshot(g) == before);
    CHECK(g.phase() == Phase::awaiting_give);
}

TEST_CASE("phases follow the flow - between_turns -> awaiting_give -> between_turns - turn() counts turns (GDD §3.3.5)", "[phase]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    for (std::uint32_t t = 1; t <= 5; ++t) {
        CHECK(g.phase() == Phase::between_turns);
        g.start_turn();
        CHECK(g.phase() == Phase::awaiting_give);
        CHECK(g.turn() == t);
        CHECK(g.in_progress());
        g.give(g.current_player());
    }
    CHECK(to_string(Phase::awaiting_give) == "awaiting_give");
    CHECK(to_string(EventType::deck_renewal) == "deck_renewal");
}

TEST_CASE("PlayerView shows the table but only the size of the deck (GDD §3.4.2.3.1 face up, docs/architecture.md, Design intent: bots)", "[phase]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"point"});
    g.start_turn();
    const PlayerView view(g);
    CHECK(view.deck_size() == 73);
    CHECK(view.drawn_card() == g.drawn_card());
    CHECK(view.current_player() == id_of(g, "ann"));
    CHECK(view.players().size() == 2);
    CHECK(view.turn() == 1);
    const Snapshot before = snapshot(g);
    CHECK(view.plan(id_of(g, "bob")).receiver_score == 1);
    CHECK(snapshot(g) == before);
}
