// The change in players: joining, leaving, the first player, suspension, house rules
// (GDD §3.4.2.1, §3.3.4.2, §3.3.4.3, §3.6).
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

using Names = std::vector<std::string>;

// Plays `turns` turns, each player keeping the drawn card; returns who drew, in order.
Names play_turns(Game& g, int turns) {
    Names drawers;
    for (int i = 0; i < turns; ++i) {
        g.start_turn();
        REQUIRE(g.phase() == Phase::awaiting_give);
        drawers.push_back(g.player(g.current_player()).name);
        g.give(g.current_player());
        REQUIRE(!g.over());
        check_invariants(g);
    }
    return drawers;
}

Gametype with_house_rules(bool join_in_progress, bool leave_in_progress) {
    Gametype g = official_gametype();
    g.id = "strict";
    g.house_rules.join_in_progress = join_in_progress;
    g.house_rules.leave_in_progress = leave_in_progress;
    return g;
}

}  // namespace

TEST_CASE("a joining player is inserted between the last and the first player (GDD §3.4.2.1)", "[players]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    Recorder rec;
    g.set_event_sink(&rec);
    const PlayerId dan = g.join("dan");
    CHECK(turn_order(g) == Names{"ann", "bob", "cid", "dan"});
    CHECK(g.player(dan).name == "dan");
    CHECK(g.player(dan).cherries == 0);
    CHECK(g.player(dan).score == 0);
    REQUIRE(rec.events.size() == 1);
    CHECK(rec.events[0].kind == EventKind::join);
    CHECK(rec.events[0].player == dan);
    play_turns(g, 2);
    g.join("eve");
    CHECK(turn_order(g) == Names{"ann", "bob", "cid", "dan", "eve"});
    CHECK(turn_order(g).front() == "ann");  // the first player stays first
    check_invariants(g);
}

TEST_CASE("a player who joins right after the last player's turn plays last in the next round - the first player plays next (GDD §3.4.2, §3.4.2.1)", "[players]") {
    // Round 1: ann, bob. cid joins. Round 2 starts with the first player: ann, bob, cid.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    CHECK(play_turns(g, 2) == Names{"ann", "bob"});
    g.join("cid");
    CHECK(g.current_player() == id_of(g, "ann"));
    CHECK(play_turns(g, 4) == Names{"ann", "bob", "cid", "ann"});
}

TEST_CASE("a player who joins mid-round plays later in that same round (GDD §3.4.2 step d, §3.4.2.1)", "[players]") {
    // Round 1: ann has played; dan joins; bob, cid, then dan finish round 1; ann starts round 2.
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    CHECK(play_turns(g, 1) == Names{"ann"});
    g.join("dan");
    CHECK(g.current_player() == id_of(g, "bob"));
    CHECK(play_turns(g, 5) == Names{"bob", "cid", "dan", "ann", "bob"});
}

TEST_CASE("if the first player leaves, the next player becomes the first player (GDD §3.3.4.3, §3.4.2.1)", "[players]") {
    SECTION("before the first turn") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        g.leave(id_of(g, "ann"));
        CHECK(turn_order(g) == Names{"bob", "cid"});
        CHECK(g.current_player() == id_of(g, "bob"));
        CHECK(play_turns(g, 3) == Names{"bob", "cid", "bob"});
    }
    SECTION("mid-round - the round is finished, then the new first player starts the next") {
        // Round 1: ann, bob played; ann leaves; cid still plays in round 1; round 2 starts
        // with bob, the first player now.
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        play_turns(g, 2);
        g.leave(id_of(g, "ann"));
        CHECK(turn_order(g).front() == "bob");
        CHECK(g.current_player() == id_of(g, "cid"));
        CHECK(play_turns(g, 3) == Names{"cid", "bob", "cid"});
    }
}

TEST_CASE("if the player whose turn is next leaves, the one after plays - if the last leaves, the next round starts (GDD §3.4.2.1, §3.4.2)", "[players]") {
    SECTION("the next player leaves") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        play_turns(g, 1);
        g.leave(id_of(g, "bob"));
        CHECK(play_turns(g, 3) == Names{"cid", "ann", "cid"});
    }
    SECTION("the last player leaves before their turn") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        play_turns(g, 2);
        g.leave(id_of(g, "cid"));
        CHECK(play_turns(g, 3) == Names{"ann", "bob", "ann"});
    }
    SECTION("a player who already played leaves mid-round") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid", "dan"});
        play_turns(g, 3);  // ann, bob, cid
        g.leave(id_of(g, "bob"));
        CHECK(play_turns(g, 4) == Names{"dan", "ann", "cid", "dan"});
    }
}

TEST_CASE("one player left suspends the game - a join resumes it - a leave then ends it (GDD §3.4.2.1, §3.4.3)", "[players]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    Recorder rec;
    g.set_event_sink(&rec);
    play_turns(g, 1);
    rec.clear();
    g.leave(id_of(g, "bob"));
    CHECK(g.phase() == Phase::suspended);
    CHECK_FALSE(g.over());
    CHECK(rec.kinds() == std::vector<EventKind>{EventKind::leave, EventKind::suspend});
    check_invariants(g);
    {
        const Snapshot before = snapshot(g);
        CHECK_THROWS_AS(g.start_turn(), RuleError);
        CHECK(snapshot(g) == before);
    }
    rec.clear();
    g.join("cid");
    CHECK(g.phase() == Phase::between_turns);
    CHECK(rec.kinds() == std::vector<EventKind>{EventKind::join, EventKind::resume});
    check_invariants(g);
    // ann played turn 1 of a round {ann, bob}; bob left, so the round is over and ann (first)
    // plays next, then cid.
    CHECK(play_turns(g, 2) == Names{"ann", "cid"});

    g.leave(id_of(g, "ann"));
    CHECK(g.phase() == Phase::suspended);
    rec.clear();
    g.leave(id_of(g, "cid"));
    CHECK(g.phase() == Phase::ended);
    CHECK(g.over());
    CHECK(g.winner() == kNoPlayer);
    CHECK(g.players().empty());
    CHECK(rec.kinds() == std::vector<EventKind>{EventKind::leave, EventKind::ended});
    CHECK(g.deck().size() + g.removed().size() == 74);  // every card went back to the deck
    check_invariants(g);
    CHECK_THROWS_AS(g.join("dan"), RuleError);
}

TEST_CASE("a leaving player's received and modifier cards are shuffled into the deck - no card is lost (docs/architecture.md, GDD §3.4.2.1)", "[players]") {
    // ann keeps a Cherry, a +1 Hat Of Fruit and a 1 Point; then she leaves.
    std::set<std::size_t> lowest_positions;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"}, {"cherry", "two-points", "double-cherry", "hat-of-fruit", "point-drop",
                                                  "triple-cherry", "point"}, seed);
        // Everyone keeps: ann turns 1, 4, 7 (Cherry, Hat, Point), bob 2, 5, cid 3, 6.
        for (int i = 0; i < 7; ++i) play(g, i % 3 == 0 ? "ann" : (i % 3 == 1 ? "bob" : "cid"));
        const Player& ann = player_named(g, "ann");
        std::vector<CardId> hers = ann.received;
        for (const auto& m : ann.modifiers) hers.push_back(m.card);
        REQUIRE(card_ids(g, ann.received) == std::vector<std::string>{"cherry", "point"});
        REQUIRE(ann.modifiers.size() == 1);
        const std::size_t deck_before = g.deck().size();
        const Snapshot others_before = snapshot(g);
        g.leave(id_of(g, "ann"));
        check_invariants(g);
        CHECK(g.deck().size() == deck_before + 3);
        std::size_t lowest = g.deck().size();
        for (CardId c : hers) {
            const auto it = std::find(g.deck().begin(), g.deck().end(), c);
            REQUIRE(it != g.deck().end());
            lowest = std::min(lowest, static_cast<std::size_t>(it - g.deck().begin()));
        }
        lowest_positions.insert(lowest);
        // The other players keep what they have.
        CHECK(player_named(g, "bob").received == others_before.players[1].received);
        CHECK(player_named(g, "cid").received == others_before.players[2].received);
    }
    // Shuffled into the deck, not put on top of it: across seeds her cards land at different depths.
    CHECK(lowest_positions.size() > 3);
}

TEST_CASE("house rule join_in_progress = false - joining before the first turn is fine, after it RuleError and nothing changes (GDD §3.6)", "[players]") {
    StandardKit kit(with_house_rules(false, true));
    Game g = kit.game({"ann", "bob"});
    CHECK_NOTHROW(g.join("cid"));
    play_turns(g, 1);
    CHECK(g.in_progress());
    const Snapshot before = snapshot(g);
    try {
        g.join("dan");
        FAIL("join was accepted");
    } catch (const RuleError& e) {
        CHECK_THAT(e.what(), Catch::Contains("strict"));
    }
    CHECK(snapshot(g) == before);
    CHECK(g.find_player("dan") == nullptr);
    // Leaving is still allowed by this gametype.
    CHECK_NOTHROW(g.leave(id_of(g, "cid")));
}

TEST_CASE("house rule leave_in_progress = false - leaving before the first turn is fine, after it RuleError and nothing changes (GDD §3.6)", "[players]") {
    StandardKit kit(with_house_rules(true, false));
    Game g = kit.game({"ann", "bob", "cid"});
    CHECK_NOTHROW(g.leave(id_of(g, "cid")));
    play_turns(g, 3);
    const Snapshot before = snapshot(g);
    CHECK_THROWS_AS(g.leave(id_of(g, "ann")), RuleError);
    CHECK(snapshot(g) == before);
    CHECK_NOTHROW(g.join("dan"));
}

TEST_CASE("join and leave are refused during a turn, for a taken or empty name, or an unknown player - state unchanged (GDD §3.4.2.1)", "[players]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    {
        const Snapshot before = snapshot(g);
        CHECK_THROWS_AS(g.join("ann"), RuleError);
        CHECK_THROWS_AS(g.join(""), RuleError);
        CHECK_THROWS_AS(g.leave(PlayerId{77}), RuleError);
        CHECK(snapshot(g) == before);
    }
    g.start_turn();
    {
        // "Players can only join or leave ... inbetween player's turns."
        const Snapshot before = snapshot(g);
        CHECK_THROWS_AS(g.join("cid"), RuleError);
        CHECK_THROWS_AS(g.leave(id_of(g, "bob")), RuleError);
        CHECK(snapshot(g) == before);
    }
}

TEST_CASE("a player id is never reused - someone who leaves and joins again is a new player (GDD §3.4.2.1)", "[players]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    const PlayerId old_ann = id_of(g, "ann");
    play_turns(g, 1);
    g.leave(old_ann);
    const PlayerId new_ann = g.join("ann");
    CHECK(new_ann != old_ann);
    CHECK_THROWS_AS(g.player(old_ann), RuleError);
    CHECK(g.player(new_ann).cherries == 0);
    CHECK(turn_order(g) == Names{"bob", "cid", "ann"});
}
