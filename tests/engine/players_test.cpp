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
    CHECK(rec.events[0].type == EventType::join);
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
    CHECK(rec.types() == std::vector<EventType>{EventType::leave, EventType::suspend});
    check_invariants(g);
    {
        const Snapshot before = snapshot(g);
        CHECK_THROWS_AS(g.start_turn(), RuleError);
        CHECK(snapshot(g) == before);
    }
    rec.clear();
    g.join("cid");
    CHECK(g.phase() == Phase::between_turns);
    CHECK(rec.types() == std::vector<EventType>{EventType::join, EventType::resume});
    check_invariants(g);
    // ann played turn 1 of the round {ann, bob}; bob left and cid joined in the same gap, so
    // cid joined mid-round and plays turn 2 (GDD §3.4.2 d.iii), then ann starts the next round.
    CHECK(play_turns(g, 2) == Names{"cid", "ann"});

    g.leave(id_of(g, "ann"));
    CHECK(g.phase() == Phase::suspended);
    rec.clear();
    g.leave(id_of(g, "cid"));
    CHECK(g.phase() == Phase::ended);
    CHECK(g.over());
    CHECK(g.winner() == kNoPlayer);
    CHECK(g.players().empty());
    CHECK(rec.types() == std::vector<EventType>{EventType::leave, EventType::ended});
    CHECK(g.deck().size() + g.removed().size() + g.set_aside().size() == 74);  // no card is lost
    check_invariants(g);
    CHECK_THROWS_AS(g.join("dan"), RuleError);
}

TEST_CASE("a leaving player's received and modifier card stacks are set aside - the deck and its order are untouched (docs/architecture.md, GDD §3.4.2.1)", "[players]") {
    // ann keeps a Cherry, a +1 Hat Of Fruit and a 1 Point; then she leaves.
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"}, {"cherry", "two-points", "double-cherry", "hat-of-fruit", "point-drop",
                                              "triple-cherry", "point", "triple-anticherry", "anticherry"});
    // Everyone keeps: ann turns 1, 4, 7 (Cherry, Hat, Point), bob 2, 5, cid 3, 6.
    for (int i = 0; i < 7; ++i) play(g, i % 3 == 0 ? "ann" : (i % 3 == 1 ? "bob" : "cid"));
    const Player& ann = player_named(g, "ann");
    REQUIRE(card_ids(g, ann.received) == std::vector<std::string>{"cherry", "point"});
    REQUIRE(ann.modifiers.size() == 1);
    std::vector<CardId> hers = ann.received;
    hers.push_back(ann.modifiers[0].card);
    const std::vector<CardId> deck_before = g.deck();
    const Snapshot before = snapshot(g);
    g.leave(id_of(g, "ann"));
    check_invariants(g);
    CHECK(g.deck() == deck_before);               // same cards, same order
    CHECK(g.set_aside() == hers);                 // received bottom first, then the modifier card stack
    CHECK(g.random().engine() == before.random);  // no shuffle drew from the generator
    CHECK(player_named(g, "bob").received == before.players[1].received);
    CHECK(player_named(g, "cid").received == before.players[2].received);
    // The fixed deck top is still what comes next: bob draws the Triple Anticherry.
    g.start_turn();
    CHECK(card_ids(g, {g.drawn_card()}) == std::vector<std::string>{"triple-anticherry"});
}

TEST_CASE("the set-aside cards of a leaver join the next deck renewal (docs/architecture.md, GDD §3.4.2.2)", "[players]") {
    // A leave when the deck is empty does not make a deck of the leaver's cards: the next turn
    // renews the deck from every received card stack and the set-aside cards together.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"}, {}, seed);
        while (!g.deck().empty() && !g.over()) {
            g.start_turn();
            REQUIRE(g.phase() == Phase::awaiting_give);
            g.give(g.current_player());
        }
        if (g.over()) continue;  // won before the deck ran out: nothing to show with this seed
        const Player& leaver = g.players()[1];
        REQUIRE(!leaver.received.empty());
        std::multiset<CardId> expected(leaver.received.begin(), leaver.received.end());
        for (const auto& m : leaver.modifiers) expected.insert(m.card);
        for (const Player& p : g.players())
            if (p.id != leaver.id) expected.insert(p.received.begin(), p.received.end());
        g.leave(leaver.id);
        CHECK(g.deck().empty());
        check_invariants(g);
        Recorder rec;
        g.set_event_sink(&rec);
        g.start_turn();
        REQUIRE(!rec.events.empty());
        REQUIRE(rec.events.front().type == EventType::deck_renewal);
        CHECK(rec.events.front().cards == static_cast<std::int64_t>(expected.size()));
        std::multiset<CardId> renewed(g.deck().begin(), g.deck().end());
        renewed.insert(g.drawn_card());
        CHECK(renewed == expected);
        CHECK(g.set_aside().empty());
        check_invariants(g);
        return;
    }
    FAIL("every seed ended the game before the deck ran out");
}

TEST_CASE("no double turn after a suspension - the game goes on with the player next in the turn order (GDD §3.4.2, §3.4.2.1)", "[players]") {
    SECTION("the first player is left alone") {
        // ann plays turn 1; bob leaves (suspended); cid joins (resumed) between the last and the
        // first player, mid-round: cid plays turn 2, not ann again.
        StandardKit kit;
        Game g = kit.game({"ann", "bob"});
        CHECK(play_turns(g, 1) == Names{"ann"});
        g.leave(id_of(g, "bob"));
        REQUIRE(g.phase() == Phase::suspended);
        g.join("cid");
        CHECK(g.current_player() == id_of(g, "cid"));
        CHECK(play_turns(g, 3) == Names{"cid", "ann", "cid"});
    }
    SECTION("a later player is left alone, after their turn") {
        // ann and bob play; ann and cid leave (bob is alone, suspended); dan joins: bob has had
        // his turn this round, so dan plays next, then bob starts the next round.
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        CHECK(play_turns(g, 2) == Names{"ann", "bob"});
        g.leave(id_of(g, "ann"));
        g.leave(id_of(g, "cid"));
        REQUIRE(g.phase() == Phase::suspended);
        g.join("dan");
        CHECK(play_turns(g, 3) == Names{"dan", "bob", "dan"});
    }
    SECTION("a later player is left alone, before their turn") {
        // ann plays; ann and cid leave: bob, alone, has not had his turn this round; after dan
        // joins, bob plays, then dan.
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        play_turns(g, 1);
        g.leave(id_of(g, "ann"));
        g.leave(id_of(g, "cid"));
        REQUIRE(g.phase() == Phase::suspended);
        g.join("dan");
        CHECK(play_turns(g, 3) == Names{"bob", "dan", "bob"});
    }
}

TEST_CASE("all the joins and leaves of one gap between turns are one step - their order does not change who plays next (GDD §3.4.2 d.i)", "[players]") {
    // After bob's turn in {ann, bob, cid}: cid leaves and dan joins, in either order. cid had not
    // played this round, so dan joins mid-round and plays next.
    auto after = [](bool leave_first) {
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid"});
        play_turns(g, 2);
        if (leave_first) g.leave(id_of(g, "cid"));
        g.join("dan");
        if (!leave_first) g.leave(id_of(g, "cid"));
        return play_turns(g, 3);
    };
    CHECK(after(true) == Names{"dan", "ann", "bob"});
    CHECK(after(false) == Names{"dan", "ann", "bob"});

    // Every order of {eve joins, ann leaves, cid leaves, fay joins} after ann's turn in
    // {ann, bob, cid, dan} gives the same turn order and the same next players. Joins keep their
    // relative order (eve before fay): the turn order depends on it, as it should.
    std::vector<int> steps{0, 1, 2, 3};
    std::set<Names> outcomes;
    do {
        if (std::find(steps.begin(), steps.end(), 3) < std::find(steps.begin(), steps.end(), 0)) continue;
        StandardKit kit;
        Game g = kit.game({"ann", "bob", "cid", "dan"});
        play_turns(g, 1);
        for (int step : steps) {
            if (step == 0) g.join("eve");
            if (step == 1) g.leave(id_of(g, "ann"));
            if (step == 2) g.leave(id_of(g, "cid"));
            if (step == 3) g.join("fay");
        }
        Names seen = turn_order(g);
        const Names next = play_turns(g, 5);
        seen.insert(seen.end(), next.begin(), next.end());
        outcomes.insert(seen);
    } while (std::next_permutation(steps.begin(), steps.end()));
    REQUIRE(outcomes.size() == 1);
    CHECK(*outcomes.begin() == Names{"bob", "dan", "eve", "fay", "bob", "dan", "eve", "fay", "bob"});
}

TEST_CASE("a gap whose leaves end the round lets the first player start the next round (GDD §3.4.2)", "[players]") {
    // ann and bob have played; cid and dan leave: everyone left has had a turn, so the round is
    // over and ann, the first player, plays next.
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid", "dan"});
    play_turns(g, 2);
    g.leave(id_of(g, "cid"));
    g.leave(id_of(g, "dan"));
    CHECK(g.current_player() == id_of(g, "ann"));
    CHECK(play_turns(g, 3) == Names{"ann", "bob", "ann"});
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

TEST_CASE("may_join and may_leave give the house rule's reason before and after the first turn, and join/leave throw that reason (GDD §3.4.2.1, §3.6)", "[players]") {
    StandardKit kit(with_house_rules(false, false));
    Game g = kit.game({"ann", "bob"});
    CHECK_FALSE(g.may_join());
    CHECK_FALSE(g.may_leave(id_of(g, "bob")));
    CHECK(g.may_leave(PlayerId{77}).value_or("") == "no such player (id 77)");
    play_turns(g, 1);
    const auto join_refusal = g.may_join();
    const auto leave_refusal = g.may_leave(id_of(g, "bob"));
    REQUIRE(join_refusal);
    REQUIRE(leave_refusal);
    CHECK_THAT(*join_refusal, Catch::Contains("house rules of 'strict'") && Catch::Contains("join"));
    CHECK_THAT(*leave_refusal, Catch::Contains("house rules of 'strict'") && Catch::Contains("leave"));
    // A join asked for during a turn is not refused for the turn: it waits (GDD §3.4.2.1).
    StandardKit open_kit;
    Game open = open_kit.game({"ann", "bob"});
    play_turns(open, 1);
    open.start_turn();
    CHECK_FALSE(open.may_join());
    CHECK_FALSE(open.may_leave(id_of(open, "ann")));
    // The engine's own join and leave refuse with the same words.
    try {
        g.join("cid");
        FAIL("join was accepted");
    } catch (const RuleError& e) {
        CHECK(std::string(e.what()) == *join_refusal);
    }
    try {
        g.leave(id_of(g, "bob"));
        FAIL("leave was accepted");
    } catch (const RuleError& e) {
        CHECK(std::string(e.what()) == *leave_refusal);
    }
}
