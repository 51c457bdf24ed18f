// Manifest loading: every problem is reported with file, line, column and what was expected.
#include <catch2/catch.hpp>

#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using cherries::test::TempFolder;

namespace {

// Loads `set_toml` as a set with the official-like gametype; returns the diagnostics.
std::vector<sdk::Diagnostic> set_problems(const std::string& set_toml, const std::string& set_lua = "") {
    TempFolder dir;
    dir.write("s/set.toml", set_toml);
    if (!set_lua.empty()) dir.write("s/set.lua", set_lua);
    dir.write("g/gametype.toml", test::kOfficialGametype);
    try {
        sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g");
    } catch (const sdk::LoadError& e) {
        return e.diagnostics();
    }
    return {};
}

std::vector<sdk::Diagnostic> gametype_problems(const std::string& gametype_toml, const std::string& lua = "") {
    TempFolder dir;
    dir.write("s/set.toml", test::set_header() + "[[card]]\nid = \"c\"\nname = \"C\"\ntype = \"cherry\"\nchange = 1\n");
    dir.write("g/gametype.toml", gametype_toml);
    if (!lua.empty()) dir.write("g/gametype.lua", lua);
    try {
        sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g");
    } catch (const sdk::LoadError& e) {
        return e.diagnostics();
    }
    return {};
}

// The toml++ test idiom: this source should fail at line L, column C, with a message containing M.
void should_fail(const std::vector<sdk::Diagnostic>& ds, int line, int column, const std::string& message) {
    std::string all;
    for (const auto& d : ds) all += d.to_string() + "\n";
    INFO("diagnostics:\n" << all);
    bool found = false;
    for (const auto& d : ds)
        if (d.line == line && d.column == column && d.message.find(message) != std::string::npos) found = true;
    CHECK(found);
}

const std::string kCherry = "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\n";

}  // namespace

TEST_CASE("a valid set and gametype load without diagnostics") {
    CHECK(set_problems(test::set_header() + kCherry).empty());
}

TEST_CASE("a set.toml that is malformed TOML is reported at its line and column") {
    should_fail(set_problems(test::set_header() + "[[card]]\nid = \"apple\nname = \"x\"\n"), 8, 12, "malformed TOML");
}

TEST_CASE("a field of the wrong type names the card, the field, what was expected and what was seen") {
    const auto ds = set_problems(test::set_header() +
                                 "[[card]]\nid = \"apple-storm\"\nname = \"Apple Storm\"\ntype = \"modifier\"\nlifetime = \"two\"\n");
    should_fail(ds, 11, 12, "card 'apple-storm': field 'lifetime': expected integer >= 1, saw string \"two\"");
    REQUIRE(!ds.empty());
    CHECK(ds.front().to_string().find(".toml:11:12: error: card 'apple-storm'") != std::string::npos);
}

TEST_CASE("ranges are checked: lifetime and count at least 1 (GDD §3.3.2.1.1.3)") {
    should_fail(set_problems(test::set_header() +
                             "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 0\n"),
                11, 12, "field 'lifetime': expected integer >= 1, saw 0");
    should_fail(set_problems(test::set_header() + kCherry + "count = 0\n"), 12, 9, "field 'count'");
}

TEST_CASE("every problem is reported, not only the first") {
    const auto ds = set_problems(test::set_header() +
                                 "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchange = \"one\"\n"
                                 "[[card]]\nid = \"b\"\nname = \"B\"\ntype = \"potato\"\n");
    CHECK(ds.size() == 2);
    should_fail(ds, 11, 10, "card 'a': field 'change'");
    should_fail(ds, 15, 8, "expected \"cherry\", \"score\" or \"modifier\", saw \"potato\"");
}

TEST_CASE("unknown keys are errors with a did-you-mean for near misses") {
    should_fail(set_problems(test::set_header() + kCherry + "chnage = 2\n"), 12, 1, "unknown field 'chnage'; did you mean 'change'?");
}

TEST_CASE("missing required fields, repeated card ids, bad semver and api are reported") {
    should_fail(set_problems(test::set_header() + "[[card]]\nid = \"a\"\ntype = \"cherry\"\nchange = 1\n"), 7, 1,
                "card 'a': missing field 'name'");
    should_fail(set_problems(test::set_header() + kCherry + kCherry), 13, 6, "card id is used twice");
    std::string header = test::set_header();
    header.replace(header.find("0.1.0"), 5, "1.0");
    should_fail(set_problems(header + kCherry), 4, 11, "expected a semantic version");
    header = test::set_header();
    header.replace(header.find("api = 1"), 7, "api = 7");
    should_fail(set_problems(header + kCherry), 6, 7, "this host speaks plugin API 1, saw 7");
}

TEST_CASE("Lua: syntax errors carry the file and line - named functions must exist") {
    const std::string modifier = "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"grow\"\n";
    auto ds = set_problems(test::set_header() + modifier, "local M = {}\nfunction M.grow(x) return x +\nend\nreturn M\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].file.find("set.lua") != std::string::npos);
    CHECK(ds[0].line == 3);
    ds = set_problems(test::set_header() + modifier, "return { grwo = function(x) return x end }\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.find("card 'm' cherry function: 'grow' is not defined") != std::string::npos);
    CHECK(ds[0].message.find("; it defines: grwo") != std::string::npos);  // the valid names (docs/architecture.md, "Design intent")
    ds = set_problems(test::set_header() + modifier, "return { grow = 3 }\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.find("a number, expected a function") != std::string::npos);
}

TEST_CASE("gametype: winning score >= 1 and distribution keys >= 0 (GDD §3.3.1.1, §3.3.1.2)") {
    std::string g = test::kOfficialGametype;
    g.replace(g.find("winning_score = 10"), 18, "winning_score = 0");
    should_fail(gametype_problems(g), 6, 17, "field 'winning_score'");
    g = test::kOfficialGametype;
    g.replace(g.find("5 = 1"), 5, "-5 = 1");
    should_fail(gametype_problems(g), 9, 1, "key '-5': expected a cherry count");
}

TEST_CASE("gametype: a Lua distribution is tabulated, and one that fails names the cherry count") {
    const std::string header = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n";
    const auto ds = gametype_problems(header + "[distribution]\nfunction = \"f\"\n",
                                      "return { f = function(c) if c == 7 then error('seven') end return c end }\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.find("distribution for 7 cherries") != std::string::npos);
    CHECK(ds[0].message.find("seven") != std::string::npos);
}

TEST_CASE("gametype: a distribution that returns a float fails to load at the function's line, with check's hint about `/`") {
    const std::string header = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n";
    const auto ds = gametype_problems(header + "[distribution]\nfunction = \"f\"\n",
                                      "local M = {}\n\nfunction M.f(c)\n  return c / 2\nend\nreturn M\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].line == 3);  // where f starts, as `check` says it
    CHECK(ds[0].message.find("distribution for 1 cherries: returned 0.5, expected an integer") != std::string::npos);
    REQUIRE(ds[0].notes.size() == 1);
    CHECK(ds[0].notes[0].kind == "hint");
    CHECK(ds[0].notes[0].message.find("use `//`") != std::string::npos);
}

TEST_CASE("a missing plugin is one line naming what was looked for, where, and what exists") {
    try {
        sdk::find_plugin("set", "nosuchset");
        FAIL("find_plugin should throw");
    } catch (const sdk::LoadError& e) {
        const std::string text = e.diagnostics().at(0).to_string();
        CHECK(text.find("cannot find set 'nosuchset'") != std::string::npos);
        CHECK(text.find("standard") != std::string::npos);
        CHECK(text.find('\n') == std::string::npos);
    }
}

TEST_CASE("designer tests: tests.cherry / tests.score are [input, expected] pairs, checked like any field") {
    const std::string modifier = "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"f\"\n";
    const std::string lua = "return { f = function(x) return x end }\n";
    // Line 13 is the tests line; columns point at the offending pair or value.
    CHECK(set_problems(test::set_header() + modifier + "tests.cherry = [[1, 1], [-2, -2]]\n", lua).empty());
    should_fail(set_problems(test::set_header() + modifier + "tests.cherry = [[1, 1], [2]]\n", lua), 13, 25,
                "card 'm': tests.cherry: expected a pair [input, expected], saw an array of 1");
    should_fail(set_problems(test::set_header() + modifier + "tests.cherry = [[1, \"one\"]]\n", lua), 13, 21,
                "card 'm': tests.cherry: expected result: expected integer within ±(2^53 - 1), saw string \"one\"");
    should_fail(set_problems(test::set_header() + modifier + "tests.chery = [[1, 1]]\n", lua), 13, 7,
                "unknown field 'chery'; did you mean 'cherry'?");
    // Cherry and score cards have no functions to test.
    should_fail(set_problems(test::set_header() + kCherry + "tests.cherry = [[1, 1]]\n"), 12, 1, "unknown field 'tests'");
}

TEST_CASE("designer tests: a gametype's [tests] distribution takes cherry counts >= 0 (GDD §3.3.1.1)") {
    CHECK(gametype_problems(std::string(test::kOfficialGametype) + "\n[tests]\ndistribution = [[5, 1], [4, 0]]\n").empty());
    should_fail(gametype_problems(std::string(test::kOfficialGametype) + "\n[tests]\ndistribution = [[-1, 0]]\n"), 12, 18,
                "tests.distribution: input: expected integer >= 0, saw -1");
}

TEST_CASE("names are printable text: a control character (an escape sequence) is an error at its field") {
    const std::string card = "[[card]]\nid = \"apple\"\nname = \"App\\u001b[2Jle\"\ntype = \"cherry\"\nchange = 1\n";
    should_fail(set_problems(test::set_header() + card), 9, 8,
                "card 'apple': field 'name': expected printable text, saw control character \\x1B");
}

TEST_CASE("a card's optional text key is its rules text; it must be a string (GDD §3.3.2.1.2)") {
    TempFolder dir;
    dir.write("s/set.toml", test::set_header() + "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntext = \"One more cherry.\"\n"
                                                 "type = \"cherry\"\nchange = 1\n" + kCherry.substr(0, 9) + "id = \"pear\"\nname = \"Pear\"\ntype = \"cherry\"\nchange = 2\n");
    dir.write("g/gametype.toml", test::kOfficialGametype);
    const auto bundle = sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g");
    CHECK(bundle.catalog().kinds()[bundle.catalog().find_kind("apple")].text == "One more cherry.");
    CHECK(bundle.catalog().kinds()[bundle.catalog().find_kind("pear")].text.empty());
    should_fail(set_problems(test::set_header() + "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntext = 3\ntype = \"cherry\"\nchange = 1\n"),
                10, 8, "field 'text': expected string");
}
