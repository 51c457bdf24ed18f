// The one TOML reader (sdk/toml/toml_reader.hpp): every problem at once with file:line:column, "did
// you mean" for a mistyped key, and keys nested deep enough to overflow toml++'s stack refused
// before parsing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sdk/toml/toml_reader.hpp"

using namespace cherries::sdk;

namespace {

std::string dotted_key(std::size_t parts) {
    std::string key = "a";
    for (std::size_t i = 1; i < parts; ++i) key += ".a";
    return key;
}

}  // namespace

TEST_CASE("key_depth_problem counts the parts of dotted keys and headers outside strings and comments") {
    CHECK_FALSE(key_depth_problem("a.b.c = 1\n[x.y]\nz = \"p.q.r.s\"\n"));
    CHECK_FALSE(key_depth_problem(dotted_key(kMaxKeyParts) + " = 1\n"));
    const auto deep = key_depth_problem("ok = 1\n" + dotted_key(kMaxKeyParts + 1) + " = 1\n");
    REQUIRE(deep);
    CHECK(deep->line == 2);
    CHECK(deep->column == 1);
    CHECK(key_depth_problem("[" + dotted_key(50'000) + "]\n"));
    CHECK(key_depth_problem("x = { " + dotted_key(100) + " = 1 }\n"));
    CHECK(key_depth_problem("a . \"b\" . 'c' . " + dotted_key(30) + " = 1\n"));  // quoted parts and spaces count too
    // Dots in strings, comments and numbers are not keys.
    CHECK_FALSE(key_depth_problem("s = \"" + dotted_key(100) + "\"\n# " + dotted_key(100) + "\nf = [1.5, 2.5, 3.5]\n"));
    CHECK_FALSE(key_depth_problem("m = \"\"\"\n" + dotted_key(100) + "\n\"\"\"\nl = '''" + dotted_key(100) + "'''\n"));
}

TEST_CASE("TomlReader::parse refuses a 100 KB key of 40,000 parts with a message, instead of overflowing the stack") {
    std::vector<Diagnostic> out;
    TomlReader r("deep.toml", out);
    CHECK_FALSE(r.parse(dotted_key(40'000) + " = 1\n"));
    REQUIRE(out.size() == 1);
    CHECK(out[0].line == 1);
    CHECK(out[0].message.find("more than 25 dotted parts") != std::string::npos);
    out.clear();
    CHECK_FALSE(r.parse("[" + dotted_key(50'000) + "]\n"));
    CHECK(out.size() == 1);
}

TEST_CASE("TomlReader reports every problem at once, each at its line and column") {
    std::vector<Diagnostic> out;
    TomlReader r("c.toml", out, "key");
    const auto root = r.parse("[game]\nturn_timout = 5\nmax_players = 1\nname = 3\nflag = \"yes\"\nlist = [\"a\", 2]\n");
    REQUIRE(root);
    const toml::table& game = *r.table(*root, "game", Need::required, "");
    r.unknown_keys(game, {"turn_timeout", "max_players", "name", "flag", "list"}, "[game] ");
    CHECK_FALSE(r.integer(game, "max_players", Need::optional, 2, 100, "[game] "));
    CHECK_FALSE(r.string(game, "name", Need::optional, "[game] "));
    CHECK_FALSE(r.boolean(game, "flag", "[game] "));
    CHECK_FALSE(r.strings(game, "list", Need::optional, "[game] "));
    CHECK_FALSE(r.string(game, "missing", Need::required, "[game] "));
    CHECK(r.errors() == 6);
    REQUIRE(out.size() == 6);
    CHECK(out[0].line == 2);
    CHECK(out[0].message == "[game] unknown key 'turn_timout'; did you mean 'turn_timeout'?");
    CHECK(out[1].line == 3);
    CHECK(out[1].column == 15);
    CHECK(out[1].message == "[game] key 'max_players': expected integer from 2 to 100, saw 1");
    CHECK(out[2].message == "[game] key 'name': expected string, saw integer 3");
    CHECK(out[3].message == "[game] key 'flag': expected true or false, saw string \"yes\"");
    CHECK(out[4].line == 6);
    CHECK(out[4].message == "[game] key 'list': expected an array of strings, saw integer 2 in it");
    CHECK(out[5].message == "[game] missing key 'missing' (a string)");
}

TEST_CASE("TomlReader refuses control characters in text: names reach terminals and channels") {
    std::vector<Diagnostic> out;
    TomlReader r("c.toml", out);
    const auto root = r.parse("name = \"a\\u001b[2Jb\"\n");
    REQUIRE(root);
    CHECK_FALSE(r.string(*root, "name", Need::required, ""));
    REQUIRE(out.size() == 1);
    CHECK(out[0].message == "field 'name': expected printable text, saw control character \\x1B");
}

TEST_CASE("TomlReader::parse explains a syntax error at its line") {
    std::vector<Diagnostic> out;
    TomlReader r("bad.toml", out);
    CHECK_FALSE(r.parse("a = 1\nb = \"open\n"));
    REQUIRE(out.size() == 1);
    CHECK(out[0].file == "bad.toml");
    CHECK(out[0].line == 2);
    CHECK(out[0].message.find("malformed TOML") != std::string::npos);
}
