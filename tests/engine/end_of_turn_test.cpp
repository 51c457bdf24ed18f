// Turn steps 4 and 5: the end-of-turn score change and aging modifiers (GDD §3.4.2.3.4, §3.4.2.3.5).
#include <catch2/catch.hpp>

#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

using Stack = std::vector<std::pair<std::string, int>>;

// Turn numbers of the age and expire events of one card.
std::vector<std::uint32_t> aging_turns(const Recorder& rec, CardId card, EventType type) {
    std::vector<std::uint32_t> turns;
    for (const auto& e : rec.events)
        if (e.type == type && e.card == card) turns.push_back(e.turn);
    return turns;
}

}  // namespace

TEST_CASE("the end-of-turn score change goes to the turn's player, not the receiver (GDD §3.4.2.3 step 4, note 3)", "[end-of-turn]") {
    // Turn 1 ann keeps a Triple Cherry (3). Turn 2 bob gives her a Double Cherry: ann has 5, but
    // it is bob's turn, so bob's change is computed from bob's 0 cherries: 0. Turn 3 ann gives
    // bob a Point Drop; her own end-of-turn change is the official distribution at 5: +1.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "double-cherry", "point-drop"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 5);
    CHECK(player_named(g, "ann").score == 0);
    CHECK(player_named(g, "bob").score == 0);
    auto changes = rec.of_type(EventType::score_change);
    REQUIRE(changes.size() == 2);
    CHECK(changes[1].player == id_of(g, "bob"));
    CHECK(changes[1].cherries == 0);  // bob's cherry count
    play(g, "bob");
    CHECK(player_named(g, "ann").score == 1);
    CHECK(player_named(g, "bob").score == 0);
    changes = rec.of_type(EventType::score_change);
    REQUIRE(changes.size() == 3);
    CHECK(changes[2].player == id_of(g, "ann"));
    CHECK(changes[2].cherries == 5);
    CHECK(changes[2].change == 1);
    CHECK(changes[2].score == 1);
}

TEST_CASE("the end-of-turn change uses the player's cherry count after a kept cherry card was handled (GDD §3.4.2.3 steps 3-4)", "[end-of-turn]") {
    // ann keeps Triple Cherry (3: scores 0), bob keeps a Cherry, ann keeps Double Cherry: 5 at
    // the end of her turn, so she scores 1 in that same turn.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "cherry", "double-cherry"});
    play(g, "ann");
    play(g, "bob");
    CHECK(player_named(g, "ann").score == 0);
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 5);
    CHECK(player_named(g, "ann").score == 1);
}

TEST_CASE("a function distribution gives the change for cherry counts past its table (GDD §3.3.1.1)", "[end-of-turn]") {
    // Table {0: 0, 1: 4}; past it, change = 10 * cherries. ann keeps Triple Cherry: 30.
    // Then bob keeps a Cherry: 1 cherry is in the table: 4.
    StandardKit kit(gametype_with({0, 4}, 1000));
    kit.gametype.distribution_function = kit.evaluator.add([](std::int64_t c) { return 10 * c; });
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "cherry"});
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 30);
    play(g, "bob");
    CHECK(player_named(g, "bob").score == 4);
    CHECK(kit.evaluator.calls(*kit.gametype.distribution_function) == 1);
}

TEST_CASE("aging applies to the turn's player, not the receiver (GDD §3.4.2.3 step 5, §3.4.2.3.5)", "[end-of-turn]") {
    // Turn 1 ann keeps a +1 Hat Of Fruit: lifetime 3 + 1 = 4, aged to 3 at the end of her turn.
    // Turn 2 bob gives her a Cherry (1 + 1 = 2 cherries): bob's turn, so ann's hat is not aged.
    // Turn 3 ann gives bob an Anticherry: her hat is aged to 2.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"hat-of-fruit", "cherry", "anticherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    CHECK(modifier_stack(g, "ann") == Stack{{"hat-of-fruit", 3}});
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 2);
    CHECK(modifier_stack(g, "ann") == Stack{{"hat-of-fruit", 3}});
    CHECK(rec.types_in_turn(2) == std::vector<EventType>{EventType::draw, EventType::give, EventType::handle, EventType::score_change});
    play(g, "bob");
    CHECK(modifier_stack(g, "ann") == Stack{{"hat-of-fruit", 2}});
    CHECK(modifier_stack(g, "bob").empty());
    const auto ages = rec.of_type(EventType::age);
    REQUIRE(ages.size() == 2);
    CHECK(ages[1].player == id_of(g, "ann"));
    CHECK(ages[1].lifetime == 2);
    CHECK(ages[1].turn == 3);
}

TEST_CASE("a kept modifier lives one turn longer than a given one - Cherry Shield kept expires after 3 of the keeper's turns, given after 2 of the receiver's (GDD §3.4.2.3.3.3, note 4)", "[end-of-turn]") {
    // Cherry Shield, lifetime 2, two players (ann plays odd turns, bob even).
    //   Kept by ann at turn 1: 2 + 1 = 3; aged at turns 1 (2), 3 (1), 5 (0: expires).
    //   Given by ann to bob at turn 1: 2; aged at bob's turns 2 (1), 4 (0: expires).
    // So both stay for 2 of the holder's turns after the turn they were played (the GDD's aim,
    // note 4), and the kept one is aged once more, at the end of the turn it was kept.
    SECTION("kept") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob"}, {"cherry-shield"});
        Recorder rec;
        g.set_event_sink(&rec);
        g.start_turn();
        const CardId shield = g.drawn_card();
        g.give(id_of(g, "ann"));
        CHECK(rec.of_type(EventType::handle).at(0).lifetime == 3);
        while (g.turn() < 6) play(g, "bob");  // everything else goes to bob
        CHECK(aging_turns(rec, shield, EventType::age) == std::vector<std::uint32_t>{1, 3});
        CHECK(aging_turns(rec, shield, EventType::expire) == std::vector<std::uint32_t>{5});
        CHECK(modifier_stack(g, "ann").empty());
        CHECK(player_named(g, "ann").received == std::vector<CardId>{shield});
    }
    SECTION("given") {
        StandardKit kit;
        Game g = kit.game({"ann", "bob"}, {"cherry-shield"});
        Recorder rec;
        g.set_event_sink(&rec);
        g.start_turn();
        const CardId shield = g.drawn_card();
        g.give(id_of(g, "bob"));
        CHECK(rec.of_type(EventType::handle).at(0).lifetime == 2);
        while (g.turn() < 6) play(g, "ann");  // everything else goes to ann
        CHECK(aging_turns(rec, shield, EventType::age) == std::vector<std::uint32_t>{2});
        CHECK(aging_turns(rec, shield, EventType::expire) == std::vector<std::uint32_t>{4});
        CHECK(modifier_stack(g, "bob").empty());
        CHECK(player_named(g, "bob").received == std::vector<CardId>{shield});
    }
}

TEST_CASE("a kept modifier already counts in the end-of-turn score change of the turn it was kept (GDD §3.4.2.3.3.3 step 2, §3.4.2.3.4)", "[end-of-turn]") {
    // ann keeps Triple Cherry (3), bob gives her Double Cherry (5), ann keeps a Score Doubler:
    // her end-of-turn change is 1 (5 cherries) through [Score Doubler] = 2.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "double-cherry", "score-doubler"});
    play(g, "ann");
    play(g, "ann");
    play(g, "ann");
    CHECK(player_named(g, "ann").score == 2);
    // Lifetime 1 + 1 (kept) - 1 (aged) = 1: still there.
    CHECK(modifier_stack(g, "ann") == Stack{{"score-doubler", 1}});
}

TEST_CASE("a modifier given away does not count in the giver's end-of-turn change (GDD §3.4.2.3 note 3)", "[end-of-turn]") {
    // As above, but ann gives the Score Doubler to bob: she scores 1, not 2.
    StandardKit kit;
    Game g = kit.game({"ann", "bob"}, {"triple-cherry", "double-cherry", "score-doubler"});
    play(g, "ann");
    play(g, "ann");
    play(g, "bob");
    CHECK(player_named(g, "ann").score == 1);
    CHECK(modifier_stack(g, "bob") == Stack{{"score-doubler", 1}});
}

TEST_CASE("expired modifiers go on top of the received card stack in their modifier card stack order (GDD §3.4.2.3.5 step 2)", "[end-of-turn]") {
    // Turn 1 ann keeps a Score Doubler (1 + 1 = 2, aged to 1). Turn 2 bob gives her a +1 Hat Of
    // Fruit (3). Turn 3 cid gives her a Score Shield (1). Her stack, bottom first:
    // [Score Doubler 1, Hat 3, Score Shield 1]. Turn 4 ann keeps a Cherry: 1 + 1 = 2 cherries,
    // received [Cherry]; aging: Doubler expires, Hat -> 2, Shield expires. Received, bottom
    // first: [Cherry, Score Doubler, Score Shield]; the Hat stays.
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"}, {"score-doubler", "hat-of-fruit", "score-shield", "cherry"});
    Recorder rec;
    g.set_event_sink(&rec);
    play(g, "ann");
    play(g, "ann");
    play(g, "ann");
    REQUIRE(modifier_stack(g, "ann") == Stack{{"score-doubler", 1}, {"hat-of-fruit", 3}, {"score-shield", 1}});
    play(g, "ann");
    CHECK(player_named(g, "ann").cherries == 2);
    CHECK(card_ids(g, player_named(g, "ann").received) == std::vector<std::string>{"cherry", "score-doubler", "score-shield"});
    CHECK(modifier_stack(g, "ann") == Stack{{"hat-of-fruit", 2}});
    // Events of turn 4, aging reported in stack order.
    CHECK(rec.types_in_turn(4) == std::vector<EventType>{EventType::draw, EventType::give, EventType::handle,
                                                         EventType::score_change, EventType::expire, EventType::age,
                                                         EventType::expire});
    check_invariants(g);
}

TEST_CASE("after a turn the next player in the turn order plays, and after the last the first (GDD §3.4.2, §3.3.4.2)", "[end-of-turn]") {
    StandardKit kit;
    Game g = kit.game({"ann", "bob", "cid"});
    Recorder rec;
    g.set_event_sink(&rec);
    for (int i = 0; i < 7; ++i) {
        g.start_turn();
        g.give(g.current_player());
    }
    std::vector<std::string> drawers;
    for (const auto& e : rec.of_type(EventType::draw)) drawers.push_back(g.player(e.player).name);
    CHECK(drawers == std::vector<std::string>{"ann", "bob", "cid", "ann", "bob", "cid", "ann"});
    CHECK(g.current_player() == id_of(g, "bob"));
}
