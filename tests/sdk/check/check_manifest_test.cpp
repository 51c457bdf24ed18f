// `cherries check`, the manifest schema: every rule of set.toml and gametype.toml is reported at
// its line and column with what was expected (GDD §3.3.1 gametypes, §3.3.2 card sets).
#include "tests/sdk/check/check_support.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

const std::string kCherry = "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\n";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
}

}  // namespace

TEST_CASE("check: a valid set and gametype have no diagnostics") {
    CHECK(check_set_source(set_header() + kCherry).empty());
    CHECK(check_gametype_source(kOfficialGametype).empty());
}

TEST_CASE("check: malformed TOML is reported at its line and column") {
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"apple\nname = \"x\"\n"), 8, 12, "malformed TOML");
    should_fail(check_gametype_source("[gametype\n"), 1, 10, "malformed TOML");
}

TEST_CASE("check: required keys (GDD §3.3.2.1.1 card attributes, §3.3.2.2 the set's symbol)") {
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"a\"\ntype = \"cherry\"\nchange = 1\n"), 7, 1,
                "card 'a': missing field 'name'");
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\n"), 7, 1,
                "card 'a': missing field 'change' (an integer)");
    should_fail(check_set_source(replaced(set_header(), "symbol = \"O\"\n", "") + kCherry), 1, 1,
                "[set] missing field 'symbol'");
    should_fail(check_set_source(set_header()), 1, 1, "expected at least one [[card]] table");
    should_fail(check_gametype_source(replaced(kOfficialGametype, "winning_score = 10\n", "")), 1, 1,
                "[gametype] missing field 'winning_score'");
    should_fail(check_gametype_source(replaced(kOfficialGametype, "[distribution]\n5 = 1\n", "")), 1, 1,
                "missing table [distribution]");
}

TEST_CASE("check: types are checked, naming the card, the field, what was expected and what was seen") {
    should_fail(check_set_source(set_header() +
                                 "[[card]]\nid = \"apple-storm\"\nname = \"Apple Storm\"\ntype = \"modifier\"\nlifetime = \"two\"\n"),
                11, 12, "card 'apple-storm': field 'lifetime': expected integer >= 1, saw string \"two\"");
    should_fail(check_set_source(set_header() + replaced(kCherry, "change = 1", "change = \"one\"")), 11, 10,
                "card 'apple': field 'change': expected integer within ±(2^53 - 1), saw string \"one\"");
    should_fail(check_set_source(set_header() + replaced(kCherry, "\"cherry\"", "\"potato\"")), 10, 8,
                "expected \"cherry\", \"score\" or \"modifier\", saw \"potato\"");
}

TEST_CASE("check: ranges: lifetime, count, winning score >= 1, distribution keys >= 0 (GDD §3.3.1.1-2, §3.3.2.1.1.3)") {
    should_fail(check_set_source(set_header() + "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 0\n"),
                11, 12, "field 'lifetime': expected integer >= 1, saw 0");
    should_fail(check_set_source(set_header() + kCherry + "count = 0\n"), 12, 9, "field 'count': expected integer from 1 to 10000, saw 0");
    should_fail(check_set_source(set_header() + replaced(kCherry, "change = 1", "change = 9007199254740992")), 11, 10,
                "field 'change': expected integer <= 9007199254740991");
    should_fail(check_gametype_source(replaced(kOfficialGametype, "winning_score = 10", "winning_score = 0")), 6, 17,
                "field 'winning_score': expected integer >= 1, saw 0");
    should_fail(check_gametype_source(replaced(kOfficialGametype, "5 = 1", "-5 = 1")), 9, 1,
                "key '-5': expected a cherry count from 0 to 65535");
}

TEST_CASE("check: unknown keys are errors, with a did-you-mean for near misses") {
    should_fail(check_set_source(set_header() + kCherry + "chnage = 2\n"), 12, 1, "unknown field 'chnage'; did you mean 'change'?");
    should_fail(check_gametype_source(std::string(kOfficialGametype) + "\n[house_rules]\njoin = true\n"), 12, 1,
                "[house_rules] unknown field 'join'; expected one of: join_in_progress");  // then the other rules' keys
}

TEST_CASE("check: card ids are unique in a set; version is semver; api is this host's") {
    should_fail(check_set_source(set_header() + kCherry + kCherry), 13, 6, "card 'apple': card id is used twice in this set");
    should_fail(check_set_source(replaced(set_header(), "0.1.0", "1.0") + kCherry), 4, 11,
                "field 'version': expected a semantic version like \"1.0.0\", saw \"1.0\"");
    should_fail(check_set_source(replaced(set_header(), "api = 1", "api = 7") + kCherry), 6, 7,
                "field 'api': this host speaks plugin API 1, saw 7");
    should_fail(check_gametype_source(replaced(kOfficialGametype, "id = \"g\"", "id = \"Big G\"")), 2, 6,
                "field 'id': expected lowercase letters, digits and '-', saw \"Big G\"");
}

TEST_CASE("check: every problem of a manifest is reported at once, not only the first") {
    const auto ds = check_set_source(set_header() + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchange = \"one\"\n"
                                                    "[[card]]\nid = \"b\"\nname = \"B\"\ntype = \"potato\"\n");
    CHECK(errors(ds) == 2);
    should_fail(ds, 11, 10, "card 'a': field 'change'");
    should_fail(ds, 15, 8, "saw \"potato\"");
}

TEST_CASE("manifest: a set of more cards than a game holds is an error at [[card]], not a surprise at play") {
    const auto ds = check_set_source(set_header() + cherry_card("a", 10000) + cherry_card("b", 10000) + cherry_card("c", 10000) +
                                     cherry_card("d", 10000) + cherry_card("e", 10000) + cherry_card("f", 10000) +
                                     cherry_card("g", 10000));
    CHECK(std::any_of(ds.begin(), ds.end(), [](const sdk::Diagnostic& d) {
        return d.message.find("the set has 70000 cards (counts added up); a game holds at most 65534") != std::string::npos;
    }));
}

TEST_CASE("manifest: a manifest over 1 MiB is refused unread, naming the limit") {
    const auto ds = check_set_source(set_header() + cherry_card() + "# " + std::string(sdk::kMaxManifestBytes, 'x') + "\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.find("expected at most 1048576") != std::string::npos);
}

TEST_CASE("manifest: a default set.lua that links outside the plugin folder is refused, like an explicit one") {
    TempFolder dir;
    dir.write("outside.lua", "return { f = function(x) return x end }\n");
    dir.write("s/set.toml", set_header() + cherry_card() + modifier_card("f"));
    std::filesystem::create_symlink(dir.path() / "outside.lua", dir.path() / "s" / "set.lua");
    std::vector<sdk::Diagnostic> ds;
    sdk::read_set_manifest(dir.path() / "s", ds);
    INFO(listing(ds));
    CHECK(std::any_of(ds.begin(), ds.end(), [](const sdk::Diagnostic& d) {
        return d.message.find("'set.lua' links to a file outside the plugin folder") != std::string::npos;
    }));
}
