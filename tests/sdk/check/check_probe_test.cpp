// `cherries check`, behaviour probes: every modifier function (GDD §3.3.2.1.1.3: Z -> Z) and
// distribution function (GDD §3.3.1.1: cherry count -> score change) is called over a spread of
// inputs; a failure names the file, the line when Lua gives one, the function's use and the input.
#include "tests/sdk/check/check_support.hpp"

#include <algorithm>

#include "engine/card.hpp"
#include "sdk/check/probe.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

std::vector<sdk::Diagnostic> check_modifier(const std::string& body) {
    return check_set_source(set_header() + cherry_card() + modifier_card("f", "apple-storm"),
                            "local M = {}\nfunction M.f(last)\n" + body + "\nend\nreturn M\n");
}

const std::string kGametypeHeader =
    "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n[distribution]\nfunction = \"f\"\n";

}  // namespace

TEST_CASE("probe inputs: 0, ±1 to ±16, ±100, ±1000, ±2^31, ±2^52, ±(2^53 - 1); distributions >= 0") {
    const auto& inputs = sdk::check::modifier_probe_inputs();
    CHECK(inputs.size() == 43);
    for (const std::int64_t x : {std::int64_t{0}, std::int64_t{-3}, std::int64_t{4}, std::int64_t{-16}, std::int64_t{16}, std::int64_t{1000}, std::int64_t{-(std::int64_t{1} << 52)},
                                 kMaxMagnitude, -kMaxMagnitude})
        CHECK(std::count(inputs.begin(), inputs.end(), x) == 1);
    const auto& counts = sdk::check::distribution_probe_inputs();
    CHECK(std::all_of(counts.begin(), counts.end(), [](std::int64_t c) { return c >= 0; }));
    CHECK(std::count(counts.begin(), counts.end(), 255) == 1);
    CHECK(std::count(counts.begin(), counts.end(), kMaxMagnitude) == 1);
}

TEST_CASE("probe: the Standard Set's functions pass, including 2 * last beyond ±(2^53 - 1) at large inputs (GDD §3.5)") {
    CHECK(errors(check_modifier("  return 2 * last")) == 0);
    CHECK(errors(check_modifier("  return last // 2")) == 0);
    CHECK(errors(check_modifier("  return -last")) == 0);
}

TEST_CASE("probe: a result that is not an integer names the card, the function and the input") {
    probe_should_fail(check_modifier("  return last / 2"), "s/set.lua", 2,
                      {"card 'apple-storm' cherry function: with last = 1: returned 0.5, expected an integer"});
    probe_should_fail(check_modifier("  return tostring(last)"), "s/set.lua", 2,
                      {"card 'apple-storm' cherry function: with last = 0: returned string, expected an integer"});
}

TEST_CASE("probe: an error in the function names the file, the line and the input") {
    probe_should_fail(check_modifier("  if last == -3 then error('no minus three') end\n  return last"), "s/set.lua", 3,
                      {"card 'apple-storm' cherry function: with last = -3: no minus three"});
    probe_should_fail(check_modifier("  local t = nil\n  return t.x"), "s/set.lua", 4,
                      {"with last = 0: attempt to index a nil value (local 't')"});
}

TEST_CASE("probe: the instruction budget and the memory cap hold for every call") {
    probe_should_fail(check_modifier("  if last > 5 then while true do end end\n  return last"), "s/set.lua", 3,
                      {"with last = 6: instruction budget exceeded"});
    probe_should_fail(check_modifier("  local s, t = ('x'):rep(1000000), {}\n  for i = 1, 100 do t[i] = s .. i end\n  return last"),
                      "s/set.lua", 2, {"with last = 0: not enough memory"});
}

TEST_CASE("probe: a function that keeps state between calls is an error (GDD §3.3.2.1.1.3)") {
    const auto ds = check_set_source(set_header() + cherry_card() + modifier_card("f", "counter"),
                                     "local calls = 0\nreturn { f = function(last) calls = calls + 1\n"
                                     "  if calls > 21 then return last + 1 end return last end }\n");
    // Seen at the first call that changes the upvalue, not only when a result differs.
    probe_should_fail(ds, "s/set.lua", 2, {"card 'counter' cherry function: with last = 0: ",
                                           "it changed a local variable of its file (an upvalue)", "keeps state between calls"});
    CHECK(errors(ds) == 1);  // one report per function
}

TEST_CASE("probe: a result outside ±(2^53 - 1) is an error for ordinary inputs, not for large ones (GDD §3.5)") {
    probe_should_fail(check_modifier("  return last + (1 << 60)"), "s/set.lua", 2,
                      {"with last = 0: returned 1152921504606846976, outside ±(2^53 - 1)"});
    CHECK(errors(check_modifier("  if last > 1000 or last < -1000 then return last * 4 end\n  return last")) == 0);
    // Also as a float too large for an integer at a large input; a fraction is still an error.
    CHECK(errors(check_modifier("  return last * 2048.0")) == 0);
    probe_should_fail(check_modifier("  if last > 1000 then return last + 0.5 end\n  return last"), "s/set.lua", 2,
                      {"with last = 2147483648: returned 2147483648.5, expected an integer"});
}

TEST_CASE("probe: distributions are called with cherry counts >= 0 only, and a failure names the count (GDD §3.3.1.1)") {
    CHECK(check_gametype_source(kGametypeHeader, "return { f = function(c) assert(c >= 0) return c == 5 and 1 or 0 end }\n").empty());
    probe_should_fail(check_gametype_source(kGametypeHeader, "return { f = function(c)\n if c == 7 then error('seven') end return 0 end }\n"),
                      "g/gametype.lua", 2, {"gametype 'g' distribution: with cherries = 7: seven"});
    probe_should_fail(check_gametype_source(kGametypeHeader, "local n = 0\nreturn { f = function(c) n = n + 1 return n end }\n"),
                      "g/gametype.lua", 2, {"with cherries = ", "keeps state between calls", "GDD §3.3.1.1"});
}

TEST_CASE("probe: a function used by several cards is probed once and reported once") {
    const auto ds = check_set_source(set_header() + cherry_card() + modifier_card("f", "a") + modifier_card("f", "b"),
                                     "return { f = function(last) return last + 0.5 end }\n");
    CHECK(errors(ds) == 1);
    probe_should_fail(ds, "s/set.lua", 1, {"card 'a' cherry function: with last = 0: returned 0.5"});
}

TEST_CASE("probe: a function that fills memory is reported; the next function, probed in a fresh state, is not blamed") {
    // hog fills the state's memory in one call (its tables are read-only and its upvalues put
    // back after each probe, so it cannot keep memory between calls); fine allocates a
    // megabyte at its first probe, 0 (a full state would refuse it), and is pure: last + 1.
    const auto ds = check_set_source(
        set_header() + cherry_card() + modifier_card("hog", "hog") + modifier_card("fine", "fine"),
        "local M = {}\n"
        "function M.hog(last) local big, kept = string.rep('x', 1 << 19), {} for i = 1, 100 do kept[i] = big .. i end return last end\n"
        "function M.fine(last) if last ~= 0 then return last + 1 end local s = string.rep('y', 1000000) return #s - 999999 end\n"
        "return M\n");
    INFO(listing(ds));
    CHECK(std::any_of(ds.begin(), ds.end(), [](const sdk::Diagnostic& d) {
        return d.message.find("card 'hog'") != std::string::npos && d.message.find("not enough memory") != std::string::npos;
    }));
    CHECK(std::none_of(ds.begin(), ds.end(), [](const sdk::Diagnostic& d) { return d.message.find("card 'fine'") != std::string::npos; }));
}
