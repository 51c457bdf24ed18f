// `cherries check --json` carries both places of a function fault: the function's line in the
// Lua file and the manifest key naming it (issue 9, item 3), plus hints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

TEST_CASE("check --json: a probe fault carries the Lua line, a note at the card's key and the `//` hint (GDD §3.3.2.1.1.3)") {
    test::TempFolder dir;
    dir.write("s/set.toml", test::set_header("s") +
                                "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = 9\n"
                                "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"half\"\n");
    dir.write("s/set.lua", "local M = {}\n\nfunction M.half(last)\n  return last / 2\nend\nreturn M\n");
    const auto run = test::run_cli("check --json '" + (dir.path() / "s").string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    const auto out = nlohmann::json::parse(run.out);
    REQUIRE(out["diagnostics"].size() == 1);
    const auto& d = out["diagnostics"][0];
    CHECK(d["file"].get<std::string>().ends_with("s/set.lua"));
    CHECK(d["line"] == 3);
    REQUIRE(d["notes"].size() == 2);
    CHECK(d["notes"][0]["kind"] == "note");
    CHECK(d["notes"][0]["file"].get<std::string>().ends_with("s/set.toml"));
    CHECK(d["notes"][0]["line"] == 18);
    CHECK(d["notes"][0]["column"] == 10);
    CHECK(d["notes"][1]["kind"] == "hint");
    CHECK(d["notes"][1]["message"] == "`/` returns a float: use `//` (floor division) for an integer result");
}

TEST_CASE("check --set: a misspelt function is reported once, at the key, not again by the combination's load") {
    test::TempFolder dir;
    dir.write("s/set.toml", test::set_header("s") +
                                "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = 9\n"
                                "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"halv\"\n");
    dir.write("s/set.lua", "return { halve = function(last) return last // 2 end }\n");
    const auto run = test::run_cli("check --set '" + (dir.path() / "s").string() + "' --gametype official");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    CHECK(run.out.find("s/set.toml:18:10: error: card 'm' cherry function: 'halv' is not defined in the table set.lua "
                       "returns; did you mean 'halve'?") != std::string::npos);
    CHECK(run.out.find("1 error") != std::string::npos);
}
