// Library work charged to the instruction budget before it runs (sdk/sandbox/lua_charges*.cpp): each
// function whose C work grows with its arguments is charged at least what those arguments ask
// for, the charge raises the budget error before the work when it is more than is left, and
// ordinary small uses stay cheap. How long the hostile versions take as whole processes is
// measured by scripts/bench-hostile, not here.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sdk/sandbox/lua_runtime.hpp"

using namespace cherries;
using sdk::LuaRuntime;

namespace {

// A runtime over one chunk whose table has the named functions; FunctionId i+1 = names[i].
LuaRuntime runtime(const std::string& code, const std::vector<std::string>& names, sdk::LuaLimits limits = {}) {
    sdk::LuaProgram program;
    program.chunks.push_back({"@charges.lua", code});
    for (const auto& n : names) program.functions.push_back({0, n, "function '" + n + "'"});
    limits.plugin_cpu_ms = 60'000;  // the instruction budget, not the clock, decides here
    return LuaRuntime(program, limits);
}

// Instructions call `function` was charged (its VM instructions are a handful).
std::int64_t charged(LuaRuntime& rt, FunctionId function, std::int64_t argument = 0) {
    const std::int64_t before = rt.usage()[0].instructions;
    std::int64_t out = 0;
    INFO(rt.fault_message());
    REQUIRE(rt.call(function, argument, out));
    return rt.usage()[0].instructions - before;
}

}  // namespace

TEST_CASE("gsub is charged for its replacement once per match, before it runs") {
    // Issue 30: Lua walks the replacement in C once per match where no count hook runs.
    auto rt = runtime(R"(
        local M = {}
        function M.small(n) return #(("a"):rep(100):gsub("", ("%0"):rep(100))) end
        function M.amplifier(n) return #(("a"):rep(200000):gsub("", ("%0"):rep(500000))) end
        function M.counted(n) return #(("a"):rep(1000):gsub("", ("%0"):rep(1000), 10)) end
        function M.function_repl(n) return #(("a"):rep(100):gsub("a", function(c) return c end)) end
        return M)",
                      {"small", "amplifier", "counted", "function_repl"});
    // 101 matches, each copying 100 bytes and expanding 100 escapes (4 instructions each).
    const std::int64_t small = charged(rt, 1);
    CHECK(small >= 101 * 100 * 4);
    CHECK(small < 101 * 100 * 8);  // the bound is tight, not a blanket
    // 200,001 matches of 500,000 escapes: 4 * 10^11 instructions, refused at once.
    std::int64_t out = 0;
    CHECK_FALSE(rt.call(2, 0, out));
    CHECK_THAT(rt.fault_message(), Catch::Contains("instruction budget exceeded"));
    CHECK(rt.fault_was_budget());
    // The count argument bounds the matches: 10, not 1,001.
    const std::int64_t counted = charged(rt, 3);
    CHECK(counted >= 10 * 1000 * 4);
    CHECK(counted < 1001 * 1000 * 4);
    // A function replacement is plugin code, counted as it runs: no replacement charge.
    CHECK(charged(rt, 4) < 101 * 100);
}

TEST_CASE("formats, packing and conversions are charged by the work their arguments ask for") {
    auto rt = runtime(R"(
        local numeral = (" "):rep(99999) .. "1"
        local M = {}
        function M.quote(n) return #string.format("%q", ("\0"):rep(10000)) end
        function M.floats(n) return #string.format(("%.99f"):rep(10), 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308) end
        function M.pack_options(n) return #string.pack(("x"):rep(10000)) end
        function M.pack_padding(n) return #string.pack("c100000", "") end
        function M.packsize(n) return string.packsize(("i16"):rep(10000)) end
        function M.unpack(n) return select("#", string.unpack(("b"):rep(1000), ("a"):rep(1000))) end
        function M.tonumber(n) return tonumber(numeral) end
        function M.tonumber_base(n) return tonumber(("1"):rep(60), 2) end
        function M.math(n) return math.abs(numeral) end
        function M.arithmetic(n) return numeral + 0 end
        function M.sub(n) return #("abc"):sub(numeral) end
        function M.utf8_char(n) local t = {} for i = 1, 10000 do t[i] = 0x10FFFF end return #utf8.char(table.unpack(t)) end
        function M.string_char(n) local t = {} for i = 1, 10000 do t[i] = 65 end return #string.char(table.unpack(t)) end
        function M.rep(n) return #("ab"):rep(100000) end
        function M.new_string(n) local h = ("a"):rep(100000) return #(h .. "x") end
        return M)",
                      {"quote", "floats", "pack_options", "pack_padding", "packsize", "unpack", "tonumber", "tonumber_base",
                       "math", "arithmetic", "sub", "utf8_char", "string_char", "rep", "new_string"});
    CHECK(charged(rt, 1) >= 10000);          // %q: a byte is one instruction
    CHECK(charged(rt, 2) >= 10 * 256);       // a float conversion is 256
    CHECK(charged(rt, 3) >= 10000 / 4);      // a format byte is a quarter
    CHECK(charged(rt, 4) >= 100000 / 16);    // padding: a sixteenth a byte
    CHECK(charged(rt, 5) >= 30000 / 4);
    CHECK(charged(rt, 6) >= 1000 / 4);
    CHECK(charged(rt, 7) >= 100000 / 16);    // a numeral string: a sixteenth a byte
    CHECK(charged(rt, 8) >= 60 / 16);
    CHECK(charged(rt, 9) >= 100000 / 16);    // math reads numbers
    CHECK(charged(rt, 10) >= 100000 / 16);   // string arithmetic converts
    CHECK(charged(rt, 11) >= 100000 / 16);   // so do positions
    CHECK(charged(rt, 12) >= 2 * 10000);     // utf8.char: two an argument
    CHECK(charged(rt, 13) >= 10000 / 4);     // string.char: a quarter an argument
    CHECK(charged(rt, 14) >= 100000 / 8);    // string.rep: an eighth a repetition
    CHECK(charged(rt, 15) >= 2 * 100000 / 128);  // two new 100 kB strings, as memory
}

TEST_CASE("a charge larger than what is left raises the budget error before the work") {
    // One call of each would take seconds uncharged; with 100,000 instructions each fails at once.
    auto rt = runtime(R"(
        local M = {}
        function M.quote(n) return #string.format("%q", ("\0"):rep(250000)) end
        function M.pack(n) return #string.pack(("x"):rep(1000000)) end
        function M.numeral(n) return math.abs((" "):rep(999999) .. "1") end
        return M)",
                      {"quote", "pack", "numeral"}, {.memory_bytes = 8u << 20, .instructions = 100000});
    for (FunctionId f = 1; f <= 3; ++f) {
        std::int64_t out = 0;
        CHECK_FALSE(rt.call(f, 0, out));
        CHECK_THAT(rt.fault_message(), Catch::Contains("instruction budget exceeded"));
        CHECK(rt.fault_was_budget());
    }
}

TEST_CASE("ordinary uses of the charged functions stay cheap") {
    auto rt = runtime(R"(
        local M = {}
        function M.work(n)
          local s = string.format("%d cherries, %s, %5.2f", n, "ann", n / 3)
          local packed = string.pack("i4i4", n, n + 1)
          local a, b = string.unpack("i4i4", packed)
          return #s + a + b + tonumber("42") + math.max(n, 3) + #s:sub(2, 5) + #s:gsub("%d", "%0%0") + #utf8.char(72, 105)
        end
        return M)",
                      {"work"});
    CHECK(charged(rt, 1, 7) < 2000);  // of a budget of 1,000,000
}

TEST_CASE("recursion stops at 1,000 nested calls with 'stack overflow', cheaply; 900 levels run") {
    // Issue 30: Lua's own limit (a million stack slots) cost ~50 ms a fault, seconds a sim.
    auto rt = runtime(R"(
        local M = {}
        local function down(n, k) if n >= k then return n end return down(n + 1, k) + 0 end
        function M.deep(n) return down(0, 100000) end
        function M.fine(n) return down(0, 900) end
        return M)",
                      {"deep", "fine"});
    std::int64_t out = 0;
    CHECK_FALSE(rt.call(1, 0, out));
    CHECK_THAT(rt.fault_message(), Catch::Contains("stack overflow (more than 1000 nested calls)"));
    CHECK(rt.usage()[0].instructions < 100'000);  // stopped near 1,000 levels, not at the budget's end
    REQUIRE(rt.call(2, 0, out));
    CHECK(out == 900);
}
