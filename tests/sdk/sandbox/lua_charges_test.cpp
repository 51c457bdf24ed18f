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

TEST_CASE("the table functions refuse a table with __index, __newindex or __len, read-only or not; plain ones work") {
    // Issue 39: a 700-long __index chain in front of an array was walked in C per element.
    auto rt = runtime(R"(
        local constant = { "a", "b", "c" }              -- read-only once the file has run
        local chained = setmetatable({}, { __index = constant })  -- read-only, with a plugin metatable
        local M = {}
        function M.plain(n) return #table.concat(constant, ",") + select("#", table.unpack(constant)) end
        function M.sealed_chain(n) return #table.concat(chained) end
        function M.index(n) return #table.concat(setmetatable({}, { __index = { "x" } }), "", 1, 1) end
        function M.newindex(n) table.insert(setmetatable({}, { __newindex = function() end }), 1) return 0 end
        function M.move_target(n) table.move({ 1 }, 1, 1, 1, setmetatable({}, { __newindex = {} })) return 0 end
        function M.sort(n) table.sort(setmetatable({ 2, 1 }, { __index = {} })) return 0 end
        function M.unpack(n) return select("#", table.unpack(setmetatable({}, { __index = { 1 } }), 1, 1)) end
        function M.len(n) return #table.concat(setmetatable({ "a" }, { __len = function() return 1 end })) end
        function M.other(n) return #table.concat(setmetatable({ "a" }, { __add = function() return 1 end })) end
        return M)",
                      {"plain", "sealed_chain", "index", "newindex", "move_target", "sort", "unpack", "len", "other"});
    std::int64_t out = 0;
    REQUIRE(rt.call(1, 0, out));
    CHECK(out == 5 + 3);
    for (FunctionId f = 2; f <= 8; ++f) {
        INFO("function " << f);
        CHECK_FALSE(rt.call(f, 0, out));
        CHECK_THAT(rt.fault_message(), Catch::Contains("a table with an __index, __newindex or __len metamethod"));
        CHECK_THAT(rt.fault_message(), Catch::Contains("bad argument"));
        CHECK_FALSE(rt.fault_was_budget());
    }
    REQUIRE(rt.call(9, 0, out));  // other metamethods are no element access: allowed
    CHECK(out == 1);
}

TEST_CASE("a library call returns at most 10,000 values; 10,000 still work") {
    // Issue 39: s:byte(1, -1) of a megabyte pushed a million values a call.
    auto rt = runtime(R"(
        local s = ("a"):rep(10001)
        local t = {}
        for i = 1, 10001 do t[i] = i end
        local format = ("b"):rep(10001)
        local function grow(k, ...) if k == 0 then return select("#", ...) end return grow(k - 1, k, ...) end
        local function pack_grow(k, ...) if k == 0 then return table.pack(...).n end return pack_grow(k - 1, k, ...) end
        local function select_grow(k, ...) if k == 0 then return (select(1, ...)) end return select_grow(k - 1, k, ...) end
        local M = {}
        function M.fine(n)
          return select("#", s:byte(1, 10000)) + select("#", utf8.codepoint(s, 2, -1)) + select("#", table.unpack(t, 1, 10000))
            + select("#", string.unpack(format:sub(1, 9999), s)) + grow(1, table.unpack(t, 1, 9999)) + select("#", s:byte(-3))
        end
        function M.byte(n) return select("#", s:byte(1, -1)) end
        function M.codepoint(n) return select("#", utf8.codepoint(s, 1, -1)) end
        function M.unpack(n) return select("#", table.unpack(t)) end
        function M.string_unpack(n) return select("#", string.unpack(format, s)) end
        function M.select(n) return select_grow(1, table.unpack(t, 1, 10000)) end
        function M.pack(n) return pack_grow(1, table.unpack(t, 1, 10000)) end
        return M)",
                      {"fine", "byte", "codepoint", "unpack", "string_unpack", "select", "pack"});
    std::int64_t out = 0;
    INFO(rt.fault_message());
    REQUIRE(rt.call(1, 0, out));
    CHECK(out == 10000 + 10000 + 10000 + 10000 + 10000 + 1);
    const char* names[] = {"string.byte", "utf8.codepoint", "table.unpack", "string.unpack", "select", "table.pack"};
    for (FunctionId f = 2; f <= 7; ++f) {
        INFO(names[f - 2]);
        CHECK_FALSE(rt.call(f, 0, out));
        CHECK_THAT(rt.fault_message(), Catch::Contains(std::string(names[f - 2]) + ": too many results"));
        CHECK_THAT(rt.fault_message(), Catch::Contains("at most 10000"));
    }
}

TEST_CASE("load charges a reader function's pieces by their bytes and stops its text at 1 MiB") {
    // Issue 39: 1 MB pieces inside a long comment were lexed in C, uncounted (475 ms a call).
    auto rt = runtime(R"(
        local piece = ("a"):rep(50000)
        local function reader(pieces)
          local k = 0
          return function()
            k = k + 1
            if k == 1 then return "--[[" end
            if k <= pieces + 1 then return piece end
            return k == pieces + 2 and "]] return 7" or nil
          end
        end
        local M = {}
        function M.small(n) return load(reader(2))() end
        function M.large(n) local f, message = load(reader(30)) return f and 0 or (message:find("more than 1048576 bytes") and 1 or 2) end
        return M)",
                      {"small", "large"}, {.instructions = 10'000'000});
    CHECK(charged(rt, 1) >= 100'000);  // two pieces of 50,000 bytes, a byte an instruction
    std::int64_t out = 0;
    REQUIRE(rt.call(2, 0, out));
    CHECK(out == 1);  // the reader's text past 1 MiB is refused, with words
}
