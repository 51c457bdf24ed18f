// `cherries check`, the Lua file: syntax errors with file and line, and every function a manifest
// names must exist in the table the file returns and be a function (GDD §3.3.2.1.1.3).
#include "tests/sdk/check/check_support.hpp"

using namespace cherries;
using namespace cherries::test;

TEST_CASE("check: a Lua syntax error names the file and the line") {
    const auto ds = check_set_source(set_header() + cherry_card() + modifier_card("grow"),
                                     "local M = {}\nfunction M.grow(x) return x +\nend\nreturn M\n");
    probe_should_fail(ds, "s/set.lua", 3, {"unexpected symbol near 'end'"});
    CHECK(errors(ds) == 1);  // no probes of code that did not load
}

TEST_CASE("check: a syntax error in a gametype's Lua file is reported too") {
    const std::string header = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n";
    probe_should_fail(check_gametype_source(header + "[distribution]\nfunction = \"f\"\n", "return {\n f = function(c) return c c end }\n"),
                      "g/gametype.lua", 2, {"near 'c'"});
}

TEST_CASE("check: a named function that does not exist, or is not a function, is an error at the key naming it") {
    should_fail(check_set_source(set_header() + cherry_card() + modifier_card("grow"), "return { grwo = function(x) return x end }\n"),
                18, 10, "card 'm' cherry function: 'grow' is not defined in the table set.lua returns; it defines: grwo");
    should_fail(check_set_source(set_header() + cherry_card() + modifier_card("grow"), "return { grow = 3 }\n"), 18, 10,
                "card 'm' cherry function: 'grow' is a number in the table set.lua returns, expected a function");
}

TEST_CASE("check: an error while the file loads names the file and the line") {
    probe_should_fail(check_set_source(set_header() + cherry_card() + modifier_card("grow"),
                                       "local M = {}\nlocal x = nil + 1\nreturn M\n"),
                      "s/set.lua", 2, {"attempt to perform arithmetic on a nil value"});
}

TEST_CASE("check: a set naming functions without a Lua file is an error") {
    should_fail(check_set_source(set_header() + cherry_card() + modifier_card("grow")), 1, 1,
                "cards name Lua functions but the set has no Lua file");
}

TEST_CASE("check: an error raised in a helper has a note at the line of the card function that called it") {
    const auto ds = check_set_source(set_header() + cherry_card() + modifier_card("grow"),
                                     "local M = {}\n"
                                     "local function helper(x)\n"
                                     "  if x > 3 then error('too big') end\n"
                                     "  return x\n"
                                     "end\n"
                                     "function M.grow(last)\n"
                                     "  local result = helper(last)\n"
                                     "  return result\n"
                                     "end\n"
                                     "return M\n");
    probe_should_fail(ds, "s/set.lua", 3, {"too big"});
    bool noted = false;
    for (const auto& d : ds)
        for (const auto& n : d.notes)
            noted = noted || (n.line == 7 && n.file.find("set.lua") != std::string::npos &&
                              n.message == "which was called here, in the function at line 6");
    INFO(listing(ds));
    CHECK(noted);
}
