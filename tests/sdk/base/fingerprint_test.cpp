// Plugin fingerprints and the plugin search path.
#include <catch2/catch.hpp>

#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/base/fingerprint.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using cherries::test::TempFolder;

namespace {
const std::string kCard = "[[card]]\nid = \"h\"\nname = \"H\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"f\"\n";
}

TEST_CASE("fingerprint: SHA-256 of the framed files; no files is the digest of nothing") {
    // The SHA-256 of the empty input (FIPS 180-4 test vector).
    CHECK(sdk::fingerprint({}) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const auto a = sdk::fingerprint({{"set.toml", "x"}, {"set.lua", "y"}});
    CHECK(a.size() == 64);
    CHECK(a != sdk::fingerprint({{"set.toml", "xy"}}));                     // framing: no two lists alike
    CHECK(a != sdk::fingerprint({{"set.toml", "x"}, {"other.lua", "y"}}));  // the file name counts
    CHECK(sdk::short_fingerprint(a) == a.substr(0, 12));
}

TEST_CASE("fingerprint: one byte of the Lua file changes a bundle's fingerprint; loading and inspecting agree") {
    TempFolder dir;
    dir.write("s/set.toml", test::set_header() + kCard);
    dir.write("s/set.lua", "return { f = function(x) return x + 1 end }\n");
    dir.write("g/gametype.toml", test::kOfficialGametype);
    const auto first = sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g").plugins().at(0);
    std::vector<sdk::Diagnostic> problems;
    CHECK(sdk::inspect_plugin("set", dir.path() / "s", problems).fingerprint == first.fingerprint);
    CHECK(problems.empty());
    CHECK(first.api == 1);

    dir.write("s/set.lua", "return { f = function(x) return x + 2 end }\n");
    const auto second = sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g").plugins().at(0);
    CHECK(second.fingerprint != first.fingerprint);
}

TEST_CASE("a Lua file over the size limit is an error that names the file and the limit") {
    TempFolder dir;
    dir.write("s/set.toml", test::set_header() + kCard);
    dir.write("s/set.lua", "return { f = function(x) return x end }\n" + std::string(sdk::kMaxLuaFileBytes, '-'));
    dir.write("g/gametype.toml", test::kOfficialGametype);
    try {
        sdk::Bundle::load({dir.path() / "s"}, dir.path() / "g");
        FAIL("an oversized Lua file should not load");
    } catch (const sdk::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics()[0].file.find("set.lua") != std::string::npos);
        CHECK(e.diagnostics()[0].message.find("expected at most 1048576") != std::string::npos);
    }
}

TEST_CASE("search path: --plugin-path folders come first, and list_plugins lists each id once") {
    TempFolder dir;
    dir.write("sets/standard/set.toml", test::set_header("standard") +
                                            "[[card]]\nid = \"c\"\nname = \"C\"\ntype = \"cherry\"\nchange = 1\n");
    const auto dirs = sdk::search_directories({dir.path()});
    REQUIRE(dirs.size() >= 3);
    CHECK(dirs[0] == dir.path());
    CHECK(dirs[1] == ".");
    // The copy in the extra folder shadows the shipped Standard Set.
    CHECK(sdk::find_plugin("set", "standard", {dir.path()}) == dir.path() / "sets" / "standard");
    const auto sets = sdk::list_plugins("set", {dir.path()});
    CHECK(std::count_if(sets.begin(), sets.end(), [](const auto& p) { return p.filename() == "standard"; }) == 1);
    CHECK(std::find(sets.begin(), sets.end(), dir.path() / "sets" / "standard") != sets.end());
}
