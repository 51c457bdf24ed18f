// commit_turn and age_modifiers (engine/turn.hpp): the quiet commit of a planned turn that the
// game (nobody listening) and the expert bot's imagined games share (GDD §3.4.2.3.3 – §3.4.3).
#include <catch2/catch.hpp>

#include "tests/support/fake_plugins.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

// The physical cards of kind `name`, lowest id first.
std::vector<CardId> cards_of(const Kit& kit, std::string_view name) {
    std::vector<CardId> cards;
    for (std::size_t c = 0; c < kit.catalog.card_count(); ++c)
        if (kit.catalog.kind_id_of(static_cast<CardId>(c)) == kit.kind(name)) cards.push_back(static_cast<CardId>(c));
    return cards;
}

Player player(PlayerId id) {
    Player p;
    p.id = id;
    p.name = "p" + std::to_string(id);
    return p;
}

}  // namespace

TEST_CASE("commit_turn: a given modifier goes on the receiver's stack; the player's own stack ages (GDD §3.4.2.3.3.3, §3.4.2.3.5)") {
    StandardKit kit;
    Player ann = player(0), bob = player(1);
    const CardId shield = cards_of(kit, "cherry-shield").at(0), boost = cards_of(kit, "point-boost").at(0);
    ann.modifiers = {{shield, 1}, {boost, 2}};  // bottom first
    const CardId doubler = cards_of(kit, "cherry-doubler").at(0);
    const TurnPlan plan = plan_turn(kit.catalog, kit.gametype, kit.evaluator, ann, &bob, doubler);
    REQUIRE_FALSE(plan.faulted);
    CHECK(commit_turn(kit.catalog, plan, ann, &bob) == TurnEnd::next_player);
    REQUIRE(bob.modifiers.size() == 1);
    CHECK(bob.modifiers[0].card == doubler);
    CHECK(bob.modifiers[0].lifetime == kit.kind_info("cherry-doubler").lifetime);  // given: no + 1
    CHECK(bob.received.empty());
    REQUIRE(ann.modifiers.size() == 1);  // the shield expired, the boost has 1 turn left
    CHECK(ann.modifiers[0].card == boost);
    CHECK(ann.modifiers[0].lifetime == 1);
    CHECK(ann.received == std::vector<CardId>{shield});  // expired: on top of the received card stack
    CHECK(ann.score == plan.player_score);
}

TEST_CASE("commit_turn: a kept cherry card counts for the player and lies on their received card stack (GDD §3.4.2.3.3.1)") {
    StandardKit kit;
    Player ann = player(0);
    ann.cherries = 2;
    const CardId triple = cards_of(kit, "triple-cherry").at(0);
    const TurnPlan plan = plan_turn(kit.catalog, kit.gametype, kit.evaluator, ann, &ann, triple);
    CHECK(commit_turn(kit.catalog, plan, ann, &ann) == TurnEnd::next_player);
    CHECK(ann.cherries == 5);
    CHECK(ann.received == std::vector<CardId>{triple});
    CHECK(ann.score == plan.player_score);  // step 4 on the cherries after handling: 5 score 1 (official)
    CHECK(ann.score == 1);
}

TEST_CASE("commit_turn stops where the game is won: no end-of-turn change after the receiver's win, no aging (GDD §3.4.3)") {
    StandardKit kit(official_gametype(3));
    Player ann = player(0), bob = player(1);
    const CardId boost = cards_of(kit, "point-boost").at(0);
    ann.modifiers = {{boost, 1}};
    bob.score = 1;
    const CardId two = cards_of(kit, "two-points").at(0);
    const TurnPlan plan = plan_turn(kit.catalog, kit.gametype, kit.evaluator, ann, &bob, two);
    REQUIRE(plan.receiver_wins);
    CHECK(commit_turn(kit.catalog, plan, ann, &bob) == TurnEnd::receiver_won);
    CHECK(bob.score == 3);
    CHECK(ann.modifiers.size() == 1);  // not aged: the game ended in step 3
    CHECK(ann.score == 0);

    // A pass (no card) commits the end-of-turn change alone; the receiver is not needed.
    Player cid = player(2);
    cid.cherries = 5;  // the official distribution: 5 cherries score 1
    cid.score = 2;
    const TurnPlan pass = plan_turn(kit.catalog, kit.gametype, kit.evaluator, cid, nullptr, kNoCard);
    CHECK(commit_turn(kit.catalog, pass, cid, nullptr) == TurnEnd::player_won);
    CHECK(cid.score == 3);
}

TEST_CASE("age_modifiers: survivors keep their order, expired cards go on top in theirs (GDD §3.4.2.3.5)") {
    Player p = player(0);
    p.modifiers = {{10, 1}, {11, 3}, {12, 1}, {13, 2}};
    p.received = {5};
    age_modifiers(p);
    REQUIRE(p.modifiers.size() == 2);
    CHECK(p.modifiers[0].card == 11);
    CHECK(p.modifiers[0].lifetime == 2);
    CHECK(p.modifiers[1].card == 13);
    CHECK(p.modifiers[1].lifetime == 1);
    CHECK(p.received == std::vector<CardId>{5, 10, 12});
}
