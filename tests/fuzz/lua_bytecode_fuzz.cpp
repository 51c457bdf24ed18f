// libFuzzer target for the compiled-code reader (sdk/sandbox/lua_bytecode.hpp), which decides whether a
// plugin's results may be kept across games. The first byte chooses what the rest is:
// - even: Lua source text. It is compiled (never run) and its main function dumped, stripped and
//   not; the reader must read both dumps whole, and give the same answer for both.
// - odd: any bytes, read as a dump: the reader must not crash, and must refuse a cut dump.
#include <lua.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "sdk/sandbox/lua_bytecode.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cherries::sdk::lua_bytecode::assigns_upvalue;
    if (size == 0) return 0;
    const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (data[0] & 1) {
        const std::optional<bool> read = assigns_upvalue(rest);
        if (read && !rest.empty() && assigns_upvalue(rest.substr(0, rest.size() - 1))) std::abort();
        return 0;
    }
    lua_State* L = luaL_newstate();
    if (!L) return 0;
    if (luaL_loadbufferx(L, rest.data(), rest.size(), "=fuzz", "t") == LUA_OK) {
        const auto stripped = cherries::sdk::lua_bytecode::dump_function(L, -1, true);
        const auto full = cherries::sdk::lua_bytecode::dump_function(L, -1, false);
        if (!stripped || !full) std::abort();
        const std::optional<bool> a = assigns_upvalue(*stripped), b = assigns_upvalue(*full);
        if (!a || !b || *a != *b) std::abort();
    }
    lua_close(L);
    return 0;
}
