// The Lua runtime: modifier functions through registry references, integer results, faults, the
// sandbox basics (the hostile-plugin suite is a later issue).
#include <catch2/catch.hpp>

#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

using namespace cherries;
using sdk::LuaRuntime;

namespace {

// A runtime over one chunk whose table has the named functions; FunctionId i+1 = names[i].
LuaRuntime runtime(const std::string& code, const std::vector<std::string>& names, sdk::LuaLimits limits = {}) {
    sdk::LuaProgram program;
    program.chunks.push_back({"@test.lua", code});
    for (const auto& n : names) program.functions.push_back({0, n, "function '" + n + "'"});
    return LuaRuntime(program, limits);
}

}  // namespace

TEST_CASE("floor division: Cherry Halver of -3 is -2 (GDD Appendix A, floor)") {
    auto rt = runtime("return { halve = function(last) return last // 2 end }", {"halve"});
    std::int64_t out = 0;
    REQUIRE(rt.call(1, -3, out));
    CHECK(out == -2);
    REQUIRE(rt.call(1, 3, out));
    CHECK(out == 1);
}

TEST_CASE("a float with an integer value counts - any other result is a fault naming what came back") {
    auto rt = runtime("return { f = function(x) return x / 2 end, s = function() return '5' end, n = function() end }",
                      {"f", "s", "n"});
    std::int64_t out = 0;
    REQUIRE(rt.call(1, 4, out));
    CHECK(out == 2);
    CHECK_FALSE(rt.call(1, 3, out));
    CHECK(rt.fault_message().find("returned 1.5, expected an integer") != std::string::npos);
    CHECK_FALSE(rt.call(2, 0, out));
    CHECK(rt.fault_message().find("returned string") != std::string::npos);
    CHECK_FALSE(rt.call(3, 0, out));
    CHECK(rt.fault_message().find("returned nil") != std::string::npos);
}

TEST_CASE("a Lua error is a fault with the file and line - the runtime keeps working") {
    auto rt = runtime("local M = {}\nfunction M.bad(x)\n  return x + nil\nend\nfunction M.ok(x) return x end\nreturn M", {"bad", "ok"});
    std::int64_t out = 0;
    CHECK_FALSE(rt.call(1, 1, out));
    CHECK(rt.fault_message().find("test.lua:3:") != std::string::npos);
    REQUIRE(rt.call(2, 9, out));
    CHECK(out == 9);
}

TEST_CASE("runaway code stops at the instruction budget, even when it catches the error") {
    auto rt = runtime("return { loop = function() while true do end end,"
                      " sly = function() while true do pcall(function() while true do end end) end end }",
                      {"loop", "sly"}, {.memory_bytes = 8u << 20, .instructions = 100000});
    std::int64_t out = 0;
    CHECK_FALSE(rt.call(1, 0, out));
    CHECK(rt.fault_message().find("instruction budget exceeded") != std::string::npos);
    CHECK_FALSE(rt.call(2, 0, out));
    CHECK(rt.fault_message().find("instruction budget exceeded") != std::string::npos);
}

TEST_CASE("a memory bomb hits the cap as a fault, and memory is given back") {
    auto rt = runtime("return { bomb = function() local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end end }",
                      {"bomb"}, {.memory_bytes = 4u << 20, .instructions = 100'000'000,
                                 .plugin_cpu_ms = 60'000});  // the memory cap, not the CPU net (slow under ASan)
    std::int64_t out = 0;
    CHECK_FALSE(rt.call(1, 0, out));
    CHECK(rt.fault_message().find("not enough memory") != std::string::npos);
    CHECK(rt.memory_in_use() <= (4u << 20));
}

TEST_CASE("sandbox: no io, os, require, debug, dofile, print, string.dump - load takes text only") {
    auto rt = runtime(R"(
        local M = {}
        function M.absent()
          local n = 0
          for _, v in ipairs({io, os, require, debug, dofile, loadfile, print, package, string.dump, math.random}) do n = n + 1 end
          return n
        end
        function M.bytecode() return load("\27Lua") == nil and 1 or 0 end
        function M.text() return load("return 41")() + 1 end
        function M.strmeta() return getmetatable("") == false and 1 or 0 end
        return M)",
                      {"absent", "bytecode", "text", "strmeta"});
    std::int64_t out = -1;
    REQUIRE(rt.call(1, 0, out));
    CHECK(out == 0);
    REQUIRE(rt.call(2, 0, out));
    CHECK(out == 1);
    REQUIRE(rt.call(3, 0, out));
    CHECK(out == 42);
    REQUIRE(rt.call(4, 0, out));
    CHECK(out == 1);
}

TEST_CASE("a chunk that does not return a table is a load error naming the file") {
    try {
        runtime("return 5", {});
        FAIL("expected LoadError");
    } catch (const sdk::LoadError& e) {
        CHECK(e.diagnostics().at(0).to_string().find("test.lua") != std::string::npos);
        CHECK(e.diagnostics().at(0).message.find("must return a table of functions") != std::string::npos);
    }
}

TEST_CASE("pairs and next visit keys in one fixed order: false, true, numbers ascending, strings bytewise (determinism, GDD §3.5 note 6)") {
    // Lua seeds its string hashes at random for every state, so its own order differs between
    // runs; a plugin whose result depends on that order would replay differently.
    const std::string code =
        "local t = { b = 1, a = 2, [3] = 3, [1] = 4, [true] = 5, [false] = 6, [2.5] = 7, aa = 8 }\n"
        "local M = {}\n"
        "function M.nth(i) local n = 0 for _, v in pairs(t) do n = n + 1 if n == i then return v end end return 0 end\n"
        "function M.raw(i) local k, v = next(t) for _ = 2, i do k, v = next(t, k) end return v end\n"
        "local big = {} for i = 1, 300 do big['key' .. i] = i end\n"
        "function M.digest() local h = 0 for _, v in pairs(big) do h = (h * 31 + v) % 1000000007 end return h end\n"
        "return M\n";
    auto first = runtime(code, {"nth", "raw", "digest"});
    const std::vector<std::int64_t> expected{6, 5, 4, 7, 3, 2, 8, 1};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        std::int64_t out = 0;
        REQUIRE(first.call(1, static_cast<std::int64_t>(i + 1), out));
        CHECK(out == expected[i]);
        REQUIRE(first.call(2, static_cast<std::int64_t>(i + 1), out));
        CHECK(out == expected[i]);
    }
    std::int64_t a = 0, b = 0;
    REQUIRE(first.call(3, 0, a));
    auto second = runtime(code, {"nth", "raw", "digest"});  // another state, another hash seed
    REQUIRE(second.call(3, 0, b));
    CHECK(a == b);
}

TEST_CASE("no addresses reach a plugin: tostring and %s of a table give its type, %p is refused, table keys cannot be iterated") {
    auto rt = runtime("return {\n"
                      " len = function() return #tostring({}) + #string.format('%s', print or function() end) end,\n"
                      " p = function() return #string.format('%p', {}) end,\n"
                      " meta = function() return #tostring(setmetatable({}, {__tostring = function() return 'xy' end})) end,\n"
                      " keys = function() for k in pairs({[{}] = 1}) do end return 0 end }",
                      {"len", "p", "meta", "keys"});
    std::int64_t out = 0;
    REQUIRE(rt.call(1, 0, out));
    CHECK(out == 5 + 8);  // "table", "function"
    CHECK_FALSE(rt.call(2, 0, out));
    CHECK(rt.fault_message().find("'%p' is not available to plugins") != std::string::npos);
    REQUIRE(rt.call(3, 0, out));
    CHECK(out == 2);  // __tostring still counts
    CHECK_FALSE(rt.call(4, 0, out));
    CHECK(rt.fault_message().find("a key of type table, which has no fixed order") != std::string::npos);
}

TEST_CASE("a fault keeps the Lua call stack of plugin frames, innermost first, and the message stays one line") {
    auto rt = runtime("local M = {}\n"
                      "local function inner(x) error('deep ' .. x) end\n"
                      "local function middle(x) inner(x); return 0 end\n"
                      "function M.outer(x) local r = middle(x); return r end\n"
                      "function M.bad_result() return 'x' end\n"
                      "return M\n",
                      {"outer", "bad_result"});
    std::int64_t out = 0;
    REQUIRE_FALSE(rt.call(1, 5, out));
    CHECK(rt.fault_message() == "test.lua:2: deep 5");
    const auto& frames = rt.fault_traceback();
    REQUIRE(frames.size() == 3);
    CHECK(frames[0].file == "test.lua");
    CHECK(frames[0].line == 2);
    CHECK(frames[1].line == 3);
    CHECK(frames[2].line == 4);
    CHECK_FALSE(rt.call(2, 0, out));  // a wrong result raises nothing: no stack
    CHECK(rt.fault_traceback().empty());
}

TEST_CASE("a file's load is judged by its own allowance, not charged to the first game (the budget per game, GDD §3.5)") {
    // About 8 M instructions at load: tens of ms of CPU, past a 1 ms game budget (a call's floor
    // is 5 ms), well within 2 s of loading. On a slow machine a plugin that loaded in
    // Bundle::load used to fail to load in the game's runtime, or start its first game spent.
    const std::string code = "local n = 0 for i = 1, 4000000 do n = n + i end return { f = function(x) return x end }";
    sdk::LuaLimits limits{.instructions = 20'000'000, .plugin_cpu_ms = 1, .load_cpu_ms = 2'000};
    auto own = runtime(code, {"f"}, limits);
    CHECK(own.usage()[0].cpu_ns == 0);
    CHECK(own.usage()[0].instructions == 0);
    std::int64_t out = 0;
    CHECK(own.call(1, 7, out));
    CHECK(out == 7);

    // check shares one budget between its runtimes: there the load is charged, and spends it.
    limits.usage = std::make_shared<sdk::LuaUsage>();
    auto shared = runtime(code, {"f"}, limits);
    CHECK(limits.usage->plugins[0].cpu_ns > 1'000'000);
    CHECK_FALSE(shared.call(1, 7, out));
    CHECK_THAT(shared.fault_message(), Catch::Contains("used up its budget"));

    // The load allowance does bound a load.
    limits = {.instructions = 20'000'000, .plugin_cpu_ms = 1, .load_cpu_ms = 1};
    try {
        runtime(code, {"f"}, limits);
        FAIL("a load past its allowance loaded");
    } catch (const sdk::LoadError& e) {
        CHECK_THAT(e.what(), Catch::Contains("time limit exceeded") && Catch::Contains("test.lua"));
    }
}

TEST_CASE("the slowest call is kept across games and names its plugin's file; a load is not a call") {
    auto rt = runtime("local n = 0 for i = 1, 100000 do n = n + i end "
                      "return { quick = function(x) return x end, slow = function(x) local n = 0 for i = 1, 200000 do n = n + i end return x end }",
                      {"quick", "slow"});
    CHECK(rt.slowest_call().cpu_ns == 0);  // the file's loop ran at load
    CHECK(rt.slowest_call().file.empty());
    std::int64_t out = 0;
    REQUIRE(rt.call(1, 3, out));
    CHECK(rt.slowest_call().cpu_ns == 0);  // within its first 256 instructions: not timed
    REQUIRE(rt.call(2, 3, out));
    const auto slow = rt.slowest_call();
    CHECK(slow.cpu_ns > 0);
    CHECK(slow.file == "test.lua");
    rt.start_game();
    CHECK(rt.slowest_call().cpu_ns == slow.cpu_ns);
}
