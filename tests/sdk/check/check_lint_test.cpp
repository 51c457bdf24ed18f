// `cherries check`, lints: warnings for what loads and runs but is probably not meant; a set id
// used twice among sets checked together is an error (they cannot be loaded together).
#include "tests/sdk/check/check_support.hpp"

#include "sdk/check/lint.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

const std::string kIdentityLua = "return { same = function(last) return last end, grow = function(last) return last + 1 end }\n";

// A score card kind with `count` copies.
std::string score_card(int count) {
    return "[[card]]\nid = \"point\"\nname = \"Point\"\ntype = \"score\"\nchange = 1\ncount = " + std::to_string(count) + "\n";
}

sdk::check::CheckReport check_two_sets(const std::string& a, const std::string& b) {
    TempFolder dir;
    dir.write("a/set.toml", a);
    dir.write("b/set.toml", b);
    return sdk::check::check_plugins({{dir.path() / "a", dir.path() / "b"}, {}});
}

}  // namespace

TEST_CASE("lint: a set with too few cherry cards to play on its own (GDD §3.3.2: an adequate amount)") {
    CHECK(sdk::check::kMinCherryShare == 0.30);
    // 2 of 10 cards: 20% < 30%, reported at [set] id with the figures and the threshold.
    should_warn(check_set_source(set_header() + cherry_card("apple", 2) + score_card(8)), 2, 6,
                "set 'orchard': 2 of its 10 cards (20%) are cherry cards; a set needs at least 30% to be played on its own");
    // 3 of 10 is enough.
    CHECK(check_set_source(set_header() + cherry_card("apple", 3) + score_card(7)).empty());
}

TEST_CASE("lint: the Standard Set's share of cherry cards (34 of 74) passes") {
    std::vector<sdk::Diagnostic> out;
    sdk::check::check_set(std::filesystem::path(CHERRIES_SOURCE_DIR) / "sets/standard", out);
    INFO(listing(out));
    CHECK(out.empty());
}

TEST_CASE("lint: a modifier that is the identity on both changes changes nothing (GDD §3.3.2.1.1.3)") {
    const std::string none = "[[card]]\nid = \"nothing\"\nname = \"Nothing\"\ntype = \"modifier\"\nlifetime = 1\n";
    should_warn(check_set_source(set_header() + cherry_card() + none), 14, 6,
                "card 'nothing': this modifier changes nothing: it names no cherry or score function");
    // Functions that return their input on every probe.
    should_warn(check_set_source(set_header() + cherry_card() + modifier_card("same", "same"), kIdentityLua), 14, 6,
                "card 'same': this modifier changes nothing: its functions return their input on every probe");
    // One function that changes something is enough.
    CHECK(check_set_source(set_header() + cherry_card() + modifier_card("grow", "grow"), kIdentityLua).empty());
}

TEST_CASE("lint: a set id used twice among the sets checked is an error; symbols and card ids clashing are warnings") {
    auto report = check_two_sets(set_header("orchard") + cherry_card(), set_header("orchard") + cherry_card());
    INFO(listing(report.diagnostics));
    CHECK(reported(report.diagnostics, sdk::Diagnostic::Severity::error, "b/set.toml", 2, 6,
                   {"set id 'orchard' is also the id of ", "cannot be loaded together"}));
    CHECK(report.errors() == 1);

    report = check_two_sets(set_header("orchard") + cherry_card(), set_header("grove") + cherry_card());
    INFO(listing(report.diagnostics));
    CHECK(reported(report.diagnostics, sdk::Diagnostic::Severity::warning, "b/set.toml", 5, 10,
                   {"set 'grove': symbol 'O' is also the symbol of set 'orchard'", "GDD §3.3.2.2"}));
    CHECK(reported(report.diagnostics, sdk::Diagnostic::Severity::warning, "b/set.toml", 8, 6,
                   {"set 'grove': card id 'apple' is also a card of set 'orchard'"}));
    CHECK(report.errors() == 0);
    CHECK(report.warnings() == 2);
}

TEST_CASE("lint: a modifier with no text whose functions cannot be put in words (GDD §3.3.2.1.2.2)") {
    const std::string lua = "return { sq = function(last) return last * last end, grow = function(last) return last + 1 end }\n";
    // m is at line 14 (after the header and a cherry card), its id at column 6.
    should_warn(check_set_source(set_header() + cherry_card() + modifier_card("sq"), lua), 14, 6,
                "card 'm': this modifier has no text, and what its functions do is not one of the shapes that can be "
                "put in words");
    // A recognised shape (last + 1) needs no text; nor does a card with text.
    CHECK(check_set_source(set_header() + cherry_card() + modifier_card("grow"), lua).empty());
    CHECK(check_set_source(set_header() + cherry_card() + modifier_card("sq") + "text = \"Squares every cherry change.\"\n", lua)
              .empty());
}
