// Card sets and the catalog (GDD §3.3.2, Appendix A).
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

std::string find_kind_error(const Catalog& catalog, std::string_view name) {
    try {
        catalog.find_kind(name);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

// A second set that shares the id "cherry" with the Standard Set.
std::vector<CardKind> orchard_kinds() {
    return {cherry_kind("cherry", "Orchard Cherry", 1, 3), cherry_kind("apple", "Apple", 2, 1)};
}

CardSetInfo orchard_info() { return {.id = "orchard", .name = "Orchard", .version = "0.1.0", .symbol = "O"}; }

}  // namespace

TEST_CASE("the Standard Set has 24 card kinds and 74 cards - 34 cherry, 14 score, 26 modifier (GDD Appendix A, §3.3.2.1.1)", "[catalog]") {
    StandardKit kit;
    const Catalog& c = kit.catalog;
    REQUIRE(c.kinds().size() == 24);
    REQUIRE(c.card_count() == 74);
    // Appendix A: cherry 10+5+2 twice = 34; score 4+2+1 twice = 14; modifiers
    // 4+4+2 + 2+2+2 + 2+2+2 + 1+1+2 = 26.
    std::map<CardType, std::size_t> by_type;
    for (std::size_t card = 0; card < c.card_count(); ++card) ++by_type[c.kind_of(static_cast<CardId>(card)).type];
    CHECK(by_type[CardType::cherry] == 34);
    CHECK(by_type[CardType::score] == 14);
    CHECK(by_type[CardType::modifier] == 26);
    // Every physical card of a kind points back at that kind, copies are contiguous.
    std::size_t card = 0;
    for (std::size_t k = 0; k < c.kinds().size(); ++k)
        for (int copy = 0; copy < c.kinds()[k].count; ++copy, ++card) CHECK(c.kind_id_of(static_cast<CardId>(card)) == k);
}

TEST_CASE("Standard Set modifier functions compute GDD Appendix A, with floor (not truncation) for the halvers (GDD §3.3.2.1.1.3)", "[catalog]") {
    StandardKit kit;
    auto run = [&](FunctionId f, std::int64_t last) {
        std::int64_t next = 12345;
        REQUIRE(kit.evaluator.call(f, last, next));
        return next;
    };
    // Cherry Halver: floor(-3 / 2) = floor(-1.5) = -2 (C++ -3 / 2 would be -1); floor(3 / 2) = 1; floor(-1/2) = -1.
    CHECK(run(kit.cherry_function("cherry-halver"), -3) == -2);
    CHECK(run(kit.cherry_function("cherry-halver"), 3) == 1);
    CHECK(run(kit.cherry_function("cherry-halver"), -1) == -1);
    CHECK(run(kit.score_function("score-halver"), -5) == -3);
    CHECK(run(kit.cherry_function("cherry-shield"), 7) == 0);
    CHECK(run(kit.cherry_function("cherry-inverter"), 4) == -4);
    CHECK(run(kit.cherry_function("cherry-doubler"), -3) == -6);
    CHECK(run(kit.cherry_function("hat-of-fruit"), 0) == 1);
    CHECK(run(kit.cherry_function("hat-of-unfruit"), 0) == -1);
    CHECK(run(kit.score_function("point-boost"), 0) == 1);
    CHECK(run(kit.score_function("point-drop"), 0) == -1);
    CHECK(run(kit.score_function("score-shield"), 9) == 0);
    CHECK(run(kit.score_function("score-doubler"), 3) == 6);
    CHECK(run(kit.score_function("score-inverter"), 1) == -1);
    // "next = last" is the identity: the kit leaves it unset so the engine never calls it.
    CHECK(kit.score_function("cherry-doubler") == kIdentity);
    CHECK(kit.cherry_function("score-doubler") == kIdentity);
    // Lifetimes: Cherry Shield and Cherry Inverter 2, Score Shield/Doubler/Halver 1, hats 3.
    CHECK(kit.kind_info("cherry-shield").lifetime == 2);
    CHECK(kit.kind_info("cherry-inverter").lifetime == 2);
    CHECK(kit.kind_info("score-shield").lifetime == 1);
    CHECK(kit.kind_info("hat-of-fruit").lifetime == 3);
}

TEST_CASE("Catalog::find_kind accepts \"card-id\" and \"set-id:card-id\" (GDD §3.3.2.2)", "[catalog]") {
    StandardKit kit;
    const KindId k = kit.catalog.find_kind("cherry-halver");
    CHECK(kit.catalog.kinds()[k].id == "cherry-halver");
    CHECK(kit.catalog.kinds()[k].name == "Cherry Halver");
    CHECK(kit.catalog.find_kind("standard:cherry-halver") == k);
    CHECK(kit.catalog.find_kind("cherry") != kit.catalog.find_kind("double-cherry"));
    CHECK(kit.catalog.display_id(k) == "cherry-halver");
}

TEST_CASE("Catalog::find_kind on an unknown id throws a message that names it and lists the candidates (GDD §3.3.2.2)", "[catalog]") {
    StandardKit kit;
    const std::string msg = find_kind_error(kit.catalog, "cherry-tripler");
    CHECK_THAT(msg, Catch::Contains("cherry-tripler"));
    CHECK_THAT(msg, Catch::Contains("cherry-halver"));
    CHECK_THAT(msg, Catch::Contains("score-inverter"));
    CHECK_THAT(msg, Catch::Contains("hat-of-unfruit"));
    // A known card in an unknown set is unknown too.
    CHECK_THAT(find_kind_error(kit.catalog, "orchard:cherry"), Catch::Contains("orchard:cherry"));
}

TEST_CASE("Catalog::find_kind on an id in two sets throws and names both \"set:id\" forms; either form resolves (GDD §3.3.2.2)", "[catalog]") {
    StandardKit kit;
    kit.catalog.add_set(orchard_info(), orchard_kinds());
    REQUIRE(kit.catalog.card_count() == 74 + 4);
    const std::string msg = find_kind_error(kit.catalog, "cherry");
    CHECK_THAT(msg, Catch::Contains("standard:cherry"));
    CHECK_THAT(msg, Catch::Contains("orchard:cherry"));
    const KindId s = kit.catalog.find_kind("standard:cherry");
    const KindId o = kit.catalog.find_kind("orchard:cherry");
    CHECK(s != o);
    CHECK(kit.catalog.kinds()[o].name == "Orchard Cherry");
    CHECK(kit.catalog.sets()[kit.catalog.kinds()[o].set].id == "orchard");
    CHECK(kit.catalog.display_id(o) == "orchard:cherry");
    CHECK(kit.catalog.display_id(s) == "standard:cherry");
    // Unique ids stay short, and are found without the set.
    CHECK(kit.catalog.display_id(kit.catalog.find_kind("apple")) == "apple");
    // The unknown-id message uses display ids, so ambiguous ones appear qualified.
    CHECK_THAT(find_kind_error(kit.catalog, "pear"), Catch::Contains("orchard:cherry"));
}

TEST_CASE("a card set loaded twice is refused (GDD §3.3.2.2 - a set's symbol/id is unique)", "[catalog]") {
    StandardKit kit;
    FakeEvaluator other;
    CHECK_THROWS_AS(kit.catalog.add_set(standard_set_info(), standard_kinds(other)), std::invalid_argument);
    CHECK(kit.catalog.card_count() == 74);
    CHECK(kit.catalog.sets().size() == 1);
}
