// sdk/sandbox/lua_bytecode: reading lua_dump's output for upvalue assignments, the one way a plugin's code
// could keep state between calls in the sandbox; and LuaRuntime::proven_pure, which rests on it.
#include <catch2/catch.hpp>

#include <lua.hpp>

#include <string>

#include "sdk/sandbox/lua_bytecode.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

using namespace cherries;
using sdk::lua_bytecode::assigns_upvalue;
using sdk::lua_bytecode::may_assign_upvalue;

namespace {

// lua_dump of the function `code` returns (stock Lua, no sandbox), stripped or not.
std::string dump_of(const std::string& code, bool strip) {
    lua_State* L = luaL_newstate();
    REQUIRE(luaL_loadstring(L, code.c_str()) == LUA_OK);
    REQUIRE(lua_pcall(L, 0, 1, 0) == LUA_OK);
    REQUIRE(lua_type(L, -1) == LUA_TFUNCTION);
    const std::optional<std::string> dump = sdk::lua_bytecode::dump_function(L, -1, strip);
    lua_close(L);
    REQUIRE(dump.has_value());
    return *dump;
}

// A runtime over one chunk; FunctionId i+1 = names[i].
sdk::LuaRuntime runtime(const std::string& code, const std::vector<std::string>& names) {
    sdk::LuaProgram program;
    program.chunks.push_back({"@test.lua", code});
    for (const auto& n : names) program.functions.push_back({0, n, "function '" + n + "'"});
    return sdk::LuaRuntime(program);
}

}  // namespace

TEST_CASE("the reader finds an upvalue assignment in a function or in a function nested in it") {
    struct Case {
        const char* code;
        bool assigns;
    };
    const Case cases[] = {
        {"return function(x) return x + 1 end", false},
        {"local k = 3 return function(x) return x * k end", false},                // reads an upvalue
        {"local t = {} return function(x) t.n = x return x end", false},          // a table write (sealed in the sandbox)
        {"return function(x) y = x return x end", false},                         // a global write: a table write too
        {"local n = 0 return function(x) n = n + 1 return x + n end", true},
        {"local n = 0 return function(x) local f = function() n = x end f() return x end", true},  // nested
        {"return function(x) _ENV = {} return x end", true},                      // its globals replaced
        {"return function(x) local y = 0 local f = function() y = x end f() return y end", true},  // a local: counted too
    };
    for (const Case& c : cases) {
        for (const bool strip : {true, false}) {
            INFO(c.code << (strip ? " (stripped)" : ""));
            const std::optional<bool> read = assigns_upvalue(dump_of(c.code, strip));
            REQUIRE(read.has_value());
            CHECK(*read == c.assigns);
        }
    }
}

TEST_CASE("anything but a whole dump counts as an assignment: every cut, a byte more, other bytes") {
    const std::string dump = dump_of(
        "local s, f = 'a string', 2.5 return function(x) local g = function(y) return y .. s end return x + f end", false);
    REQUIRE(assigns_upvalue(dump) == std::optional<bool>(false));
    for (std::size_t n = 0; n < dump.size(); ++n) {
        INFO("cut at " << n << " of " << dump.size());
        CHECK_FALSE(assigns_upvalue(dump.substr(0, n)).has_value());
        CHECK(may_assign_upvalue(dump.substr(0, n)));
    }
    CHECK_FALSE(assigns_upvalue(dump + "x").has_value());
    CHECK_FALSE(assigns_upvalue("return function(x) return x end").has_value());
    std::string wrong_version = dump;
    wrong_version[4] = 0x55;  // Lua 5.5's layout is not 5.4's
    CHECK_FALSE(assigns_upvalue(wrong_version).has_value());
    std::string huge_count = dump.substr(0, 33) + std::string(20, '\x7f') + "\xff";
    CHECK_FALSE(assigns_upvalue(huge_count).has_value());
}

TEST_CASE("a plugin is proven pure when none of its functions can assign an upvalue (docs/architecture.md, Design intent: pure functions)") {
    // The Standard Set's shape: plain functions, a helper kept as an upvalue, a constant table.
    auto pure = runtime("local M = {}\nlocal limits = {lo = -9, hi = 9}\n"
                        "local function clamp(x) return math.max(limits.lo, math.min(limits.hi, x)) end\n"
                        "function M.double(x) return clamp(2 * x) end\nfunction M.invert(x) return -x end\nreturn M",
                        {"double", "invert"});
    CHECK(pure.proven_pure(1));
    CHECK(pure.proven_pure(2));
    CHECK_FALSE(pure.proven_pure(kIdentity));
    CHECK_FALSE(pure.proven_pure(3));  // no such function

    // One function that counts its calls: the whole plugin is not proven, even its plain function.
    auto counting = runtime("local calls = 0\nlocal M = {}\nfunction M.evil(x) calls = calls + 1 return x + calls end\n"
                            "function M.plain(x) return x end\nreturn M",
                            {"evil", "plain"});
    CHECK_FALSE(counting.proven_pure(1));
    CHECK_FALSE(counting.proven_pure(2));

    // The assignment hidden in a helper reached only through an upvalue.
    auto hidden = runtime("local n = 0\nlocal function bump() n = n + 1 return n end\n"
                          "return { f = function(x) return x + bump() end }",
                          {"f"});
    CHECK_FALSE(hidden.proven_pure(1));
    std::int64_t a = 0, b = 0;
    REQUIRE(hidden.call(1, 0, a));
    REQUIRE(hidden.call(1, 0, b));
    CHECK(a != b);  // what the proof is for: this one keeps state
}
