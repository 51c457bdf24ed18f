// sdk/plugins/describe: modifier functions recognised by probing and written in words (GDD
// §3.3.2.1.1.3), cards described for every front end, and the gametype's rule (GDD §3.3.1).
#include <catch2/catch.hpp>

#include <algorithm>

#include "sdk/plugins/describe.hpp"
#include "tests/support/fake_plugins.hpp"

using namespace cherries;
using cherries::test::FakeEvaluator;

namespace {

// The words for one cherry function, or "(not recognised)".
std::string words_of(FakeEvaluator::Function f, CardType change = CardType::cherry) {
    FakeEvaluator evaluator;
    const FunctionId id = evaluator.add(std::move(f));
    const auto shape = sdk::recognise_function(evaluator, id);
    return shape ? sdk::shape_words(*shape, change) : "(not recognised)";
}

std::int64_t floor_div(std::int64_t x, std::int64_t d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }

}  // namespace

TEST_CASE("describe: the shapes of GDD Appendix A's modifier functions in words (GDD §3.3.2.1.1.3)") {
    CHECK(words_of(test::plus_one) == "adds 1 to every cherry change");
    CHECK(words_of(test::minus_one, CardType::score) == "subtracts 1 from every score change");
    CHECK(words_of(test::zero) == "turns every cherry change into 0");
    CHECK(words_of(test::twice) == "doubles every cherry change");
    CHECK(words_of(test::floor_half) == "halves every cherry change, rounded down");
    CHECK(words_of(test::negate) == "reverses the sign of every cherry change");
    CHECK(words_of([](std::int64_t x) { return x; }) == "leaves every cherry change as it is");
}

TEST_CASE("describe: compositions and caps are recognised from the probe values") {
    CHECK(words_of([](std::int64_t x) { return std::min<std::int64_t>(2 * x, 10); }) ==
          "doubles every cherry change, at most 10");
    CHECK(words_of([](std::int64_t x) { return std::max<std::int64_t>(x, 0); }) == "turns every cherry loss into 0");
    CHECK(words_of([](std::int64_t x) { return std::min<std::int64_t>(x, 0); }, CardType::score) ==
          "turns every score gain into 0");
    CHECK(words_of([](std::int64_t x) { return std::clamp<std::int64_t>(x, -1, 1); }) ==
          "limits every cherry change to between -1 and 1");
    CHECK(words_of([](std::int64_t x) { return floor_div(x, 3); }) == "divides every cherry change by 3, rounded down");
    CHECK(words_of([](std::int64_t x) { return 2 * x + 1; }) == "doubles every cherry change, then adds 1");
    CHECK(words_of([](std::int64_t x) { return -floor_div(x, 2) - 3; }) ==
          "halves every cherry change, rounded down, then reverses its sign, then subtracts 3");
    CHECK(words_of([](std::int64_t x) { return std::clamp<std::int64_t>(-3 * x, -5, 7); }) ==
          "triples every cherry change and reverses its sign, at least -5 and at most 7");
    CHECK(words_of([](std::int64_t x) { return std::max<std::int64_t>(x, 2); }) ==
          "raises every cherry change below 2 to 2");
    CHECK(words_of([](std::int64_t) { return 7; }, CardType::score) == "turns every score change into 7");
}

TEST_CASE("describe: what no shape fits, and a fault, are not recognised") {
    // x + sign(x) (Orchard's grow), x - floor(x / 3), a square: none is a capped a*floor(x/d)+c.
    CHECK(words_of([](std::int64_t x) { return x + (x > 0) - (x < 0); }) == "(not recognised)");
    CHECK(words_of([](std::int64_t x) { return x - floor_div(x, 3); }) == "(not recognised)");
    CHECK(words_of([](std::int64_t x) { return x * x; }) == "(not recognised)");
    // Differs from x + 1 only at a large input the small ones never reach.
    CHECK(words_of([](std::int64_t x) { return x == 1'000'000 ? 0 : x + 1; }) == "(not recognised)");
    CHECK(words_of([](std::int64_t x) -> std::int64_t { if (x == 3) throw test::Fault{"boom"}; return x; }) == "(not recognised)");
}

TEST_CASE("describe_card: text first, else derived words, else 'see its rules text' (GDD §3.3.2.1.2.2)") {
    FakeEvaluator evaluator;
    CHECK(sdk::describe_card(test::cherry_kind("c", "Double Cherry", 2, 1), &evaluator).effect == "+2 cherries");
    CHECK(sdk::describe_card(test::cherry_kind("c", "Anticherry", -1, 1), &evaluator).effect == "-1 cherry");
    CHECK(sdk::describe_card(test::score_kind("s", "-1 Point", -1, 1), &evaluator).effect == "score change -1");

    CardKind halver = test::modifier_kind(evaluator, "h", "Cherry Halver", 2, test::floor_half, test::plus_one, 1);
    auto d = sdk::describe_card(halver, &evaluator);
    CHECK(d.effect == "halves every cherry change, rounded down; adds 1 to every score change");
    CHECK(d.lifetime == "for 2 turns");
    CHECK(d.source == sdk::CardDescription::Source::derived);

    halver.text = "Halves cherries.";
    d = sdk::describe_card(halver, &evaluator);
    CHECK(d.effect == "Halves cherries.");
    CHECK(d.source == sdk::CardDescription::Source::text);

    CardKind odd = test::modifier_kind(evaluator, "o", "Odd", 1, [](std::int64_t x) { return x * x; }, {}, 1);
    d = sdk::describe_card(odd, &evaluator);
    CHECK(d.effect == "see its rules text");
    CHECK(d.lifetime == "for 1 turn");
    CHECK(d.source == sdk::CardDescription::Source::unknown);
    CHECK(sdk::describe_card(odd, nullptr).effect == "see its rules text");

    const CardKind nothing = test::modifier_kind(evaluator, "n", "Nothing", 1, {}, {}, 1);
    CHECK(sdk::describe_card(nothing, &evaluator).effect == "changes nothing");
}

TEST_CASE("describe: the gametype's rule in words (GDD §3.3.1.1, §3.3.1.2, §3.3.1.4, §3.3.1.5)") {
    CHECK(sdk::gametype_rule_words(test::official_gametype(), nullptr) ==
          "exactly 5 cherries at the end of your turn: +1 point; first to 10 wins");
    // GDD §3.3.1.4, first example.
    CHECK(sdk::gametype_rule_words(test::gametype_with({0, 0, 0, 0, 1, 2, 1}, 20), nullptr) ==
          "at the end of your turn: 0–3 cherries: no points; 4: +1; 5: +2; 6: +1; 7+: no points; first to 20 wins");
    // A function distribution: the table Bundle::load tabulates, and its tail asked beyond.
    FakeEvaluator evaluator;
    Gametype g = test::gametype_with({0, 0, 0, 0, 0, 1}, 10);
    g.distribution_function = evaluator.add([](std::int64_t) { return -1; });
    CHECK(sdk::gametype_rule_words(g, &evaluator) ==
          "at the end of your turn: 0–4 cherries: no points; 5: +1; 6+: -1; first to 10 wins");
    CHECK(sdk::gametype_rule_words(g, nullptr) ==
          "at the end of your turn: 0–4 cherries: no points; 5: +1; 6+: see the gametype; first to 10 wins");
    // Nothing in the table scores and the tail is unknown (no evaluator, or it fails): the tail
    // is the only bracket that may score (found by AddressSanitizer: it was looked up as a
    // bracket with a change, past the end).
    Gametype zeros = test::gametype_with({0, 0, 0}, 10);
    zeros.distribution_function = evaluator.add([](std::int64_t) { return 0; });
    CHECK(sdk::gametype_rule_words(zeros, nullptr) ==
          "at the end of your turn: 0–2 cherries: no points; 3+: see the gametype; first to 10 wins");
    CHECK(sdk::gametype_rule_words(test::gametype_with({0, 0, 0, 0, 0, 0, 0, 2}, 10), nullptr) ==
          "exactly 7 cherries at the end of your turn: +2 points; first to 10 wins");
    CHECK(sdk::gametype_rule_words(test::gametype_with({0, 0, 3}, 5), nullptr) ==
          "exactly 2 cherries at the end of your turn: +3 points; first to 5 wins");
}

TEST_CASE("describe: the reason of an end-of-turn score change (GDD §3.4.2.3.4 step 1)") {
    CHECK(sdk::score_reason(4, 0) == "4 cherries: no points");
    CHECK(sdk::score_reason(5, 1) == "5 cherries: +1 point");
    CHECK(sdk::score_reason(1, 3) == "1 cherry: +3 points");
    CHECK(sdk::score_reason(6, -2) == "6 cherries: -2 points");
}
