// `cherries check` diagnostics at the designer's line (issue 9, item 3): a function name at the
// manifest key that gives it, with "did you mean"; a fault at the function's own line with a note
// at the card and hints; TOML syntax in words; no follow-on errors. Modifier functions are
// GDD §3.3.2.1.1.3; distributions §3.3.1.1.
#include "tests/sdk/check/check_support.hpp"

#include "sdk/toml/toml_error.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

// header (lines 1-6), a cherry card (7-12), modifier card "m" (13-18; `cherry = "..."` at 18:10).
std::vector<sdk::Diagnostic> check_named(const std::string& name, const std::string& lua) {
    return check_set_source(set_header() + cherry_card() + modifier_card(name), lua);
}

const sdk::Diagnostic* find(const std::vector<sdk::Diagnostic>& ds, const std::string& fragment) {
    for (const auto& d : ds)
        if (d.message.find(fragment) != std::string::npos) return &d;
    return nullptr;
}

}  // namespace

TEST_CASE("check: a misspelt function is reported at the manifest key, with did you mean (GDD §3.3.2.1.1.3)") {
    const auto ds = check_named("halv", "local M = {}\nfunction M.halve(last) return last // 2 end\nreturn M\n");
    INFO(listing(ds));
    REQUIRE(errors(ds) == 1);  // no probe or test reports it again
    CHECK(ds[0].file.ends_with("s/set.toml"));
    CHECK(ds[0].line == 18);
    CHECK(ds[0].column == 10);
    CHECK(ds[0].message == "card 'm' cherry function: 'halv' is not defined in the table set.lua returns; did you mean 'halve'?");
}

TEST_CASE("check: a missing function with no close name lists what the file defines") {
    const auto ds = check_named("storm", "return { grow = function(x) return x end, press = function(x) return x end }\n");
    should_fail(ds, 18, 10, "card 'm' cherry function: 'storm' is not defined in the table set.lua returns; it defines: grow, press");
}

TEST_CASE("check: a function that exists but is local gets a hint at its line") {
    const auto ds = check_named("helper", "local M = {}\n\nlocal function helper(last) return last end\nreturn M\n");
    INFO(listing(ds));
    const sdk::Diagnostic* d = find(ds, "'helper' is a local function of set.lua (line 3), not in the table the file returns");
    REQUIRE(d);
    CHECK(d->line == 18);
    REQUIRE(d->notes.size() == 1);
    CHECK(d->notes[0].kind == "hint");
    CHECK(d->notes[0].line == 3);
    CHECK(d->notes[0].message.find("`function M.helper(last)`") != std::string::npos);
}

TEST_CASE("check: a name that holds no function is reported at the key") {
    should_fail(check_named("grow", "return { grow = 3 }\n"), 18, 10,
                "card 'm' cherry function: 'grow' is a number in the table set.lua returns, expected a function");
}

TEST_CASE("check: a gametype's missing distribution function is reported at `function` (GDD §3.3.1.1)") {
    const std::string header = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n";
    should_fail(check_gametype_source(header + "[distribution]\nfunction = \"scor\"\n",
                                      "return { score = function(c) return c == 5 and 1 or 0 end }\n"),
                8, 12, "gametype 'g' distribution: 'scor' is not defined in the table gametype.lua returns; did you mean 'score'?");
}

TEST_CASE("check: a float result points at the function's line and the card, with the `//` hint") {
    const auto ds = check_named("half", "local M = {}\n\n\nfunction M.half(last)\n  return last / 2\nend\nreturn M\n");
    INFO(listing(ds));
    const sdk::Diagnostic* d = find(ds, "card 'm' cherry function: with last = 1: returned 0.5, expected an integer");
    REQUIRE(d);
    CHECK(d->file.ends_with("s/set.lua"));
    CHECK(d->line == 4);  // where `function M.half` starts (debug info linedefined)
    REQUIRE(d->notes.size() == 2);
    CHECK(d->notes[0].file.ends_with("s/set.toml"));
    CHECK(d->notes[0].line == 18);
    CHECK(d->notes[0].column == 10);
    CHECK(d->notes[1].message == "`/` returns a float: use `//` (floor division) for an integer result");
}

TEST_CASE("check: calling print gets the sandbox hint, at the line of the call") {
    const auto ds = check_named("p", "local M = {}\nfunction M.p(last)\n  print(last)\n  return last\nend\nreturn M\n");
    const sdk::Diagnostic* d = find(ds, "global 'print'");
    REQUIRE(d);
    CHECK(d->line == 3);
    REQUIRE(!d->notes.empty());
    CHECK(d->notes.back().message.rfind("print is not available in the sandbox", 0) == 0);
}

TEST_CASE("check: a designer-test fault is at the pair, with a note at the function's line") {
    const auto ds = check_set_source(set_header() + cherry_card() + modifier_card("half") + "tests.cherry = [[4, 2]]\n",
                                     "local M = {}\nfunction M.half(last) return last / 3 end\nreturn M\n");
    INFO(listing(ds));
    const sdk::Diagnostic* d = find(ds, "half(4): expected 2, but it failed");
    REQUIRE(d);
    CHECK(d->line == 19);
    REQUIRE(d->notes.size() == 2);
    CHECK(d->notes[0].line == 2);
    CHECK(d->notes[0].message == "'half' starts here");
    CHECK(d->notes[1].kind == "hint");
}

TEST_CASE("check: the changes-nothing lint probes every input from -16 to 16 (GDD §3.3.2.1.1.3)") {
    const auto ds = check_named("four", "return { four = function(last) if last == 4 then return 5 end return last end }\n");
    INFO(listing(ds));
    CHECK_FALSE(find(ds, "changes nothing"));  // (a no-text warning may remain: its shape has no words)
    CHECK(find(check_named("far", "return { far = function(last) if last == 17 then return 5 end return last end }\n"), "changes nothing"));
}

TEST_CASE("check: the designer's own tests count as evidence that a modifier changes something") {
    const std::string lua = "return { big = function(last) if last == 500 then return 1 end return last end }\n";
    const std::string card = set_header() + cherry_card() + modifier_card("big");
    CHECK(check_set_source(card, lua).size() == 1);  // the lint: no probe sees 500
    CHECK(check_set_source(card + "tests.cherry = [[500, 1]]\n", lua).empty());
}

TEST_CASE("check: a bad card type produces one error, not also missing fields") {
    const auto ds = check_set_source(set_header() + cherry_card() +
                                     "[[card]]\nid = \"x\"\nname = \"X\"\ntype = \"modifer\"\ncherry = \"f\"\nlifetime = 1\n",
                                     "return { f = function(x) return x + 1 end }\n");
    INFO(listing(ds));
    CHECK(errors(ds) == 1);
    should_fail(ds, 16, 8, "card 'x': field 'type': expected \"cherry\", \"score\" or \"modifier\", saw \"modifer\"");
}

TEST_CASE("check: TOML syntax errors say what is probably wrong, at the right line") {
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"apple\nname = \"x\"\n"), 8, 12,
                "malformed TOML: the string is not closed on this line; add the closing '\"'");
    should_fail(check_set_source(set_header() + cherry_card() + "[[card]]\nid = \"m\"\ncherry = plus_one\n"), 15, 10,
                "malformed TOML: 'plus_one' is not a TOML value; names are strings in quotes: cherry = \"plus_one\"");
    CHECK(sdk::explain_toml_error("Error while parsing boolean: expected 'true', saw 'T'", "a = True\n", 1, 5) ==
          "malformed TOML: 'True' is not a TOML value; booleans are lowercase: true or false");
    CHECK(sdk::explain_toml_error("Error while parsing table header: expected ']', saw '\\n'", "[set\n", 1, 5) ==
          "malformed TOML: the table header is not closed; add ']' (like [set], or [[card]])");
    CHECK(sdk::explain_toml_error("something new", "", 1, 1) == "malformed TOML: something new");
}

TEST_CASE("check: a misspelt boolean says 'expected true or false'; an unclosed array is shown where it ends") {
    const std::string rules = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 5\n"
                              "[distribution]\n5 = 1\n[house_rules]\n";
    // toml++ points into the word ('lase' of 'flase', 'o' of 'no' read as the start of 'nan').
    should_fail(check_gametype_source(rules + "join_in_progress = flase\n"), 10, 21,
                "malformed TOML: 'flase' is not a TOML value; expected true or false");
    should_fail(check_gametype_source(rules + "join_in_progress = no\n"), 10, 21,
                "malformed TOML: 'no' is not a TOML value; expected true or false");
    // An array left open at the end of its line is reported there, not at the next line's value.
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"modifier\"\nlifetime = 1\n"
                                 "tests.cherry = [[1, 1]\n\n# a comment\ncherry = \"f\"\n"),
                12, 23, "malformed TOML: the array is not closed: expected ',' or ']' at the end of this line");
}

TEST_CASE("closest_name: case, a few edits, nothing when far") {
    CHECK(sdk::closest_name("Halve", {"grow", "halve"}) == "halve");
    CHECK(sdk::closest_name("halv", {"grow", "halve"}) == "halve");
    CHECK(sdk::closest_name("storm", {"grow", "halve"}).empty());
}

TEST_CASE("check: a `lua` key naming a missing file is reported once, not also as 'no Lua file'") {
    const auto ds = check_set_source("[set]\nid = \"s\"\nname = \"S\"\nversion = \"1.0.0\"\nsymbol = \"S\"\napi = 1\n"
                                     "lua = \"nope.lua\"\n" + cherry_card() + modifier_card("f"));
    INFO(listing(ds));
    CHECK(errors(ds) == 1);
    CHECK(reported(ds, sdk::Diagnostic::Severity::error, "set.toml", 7, 7, {"field 'lua': no file"}));
}
