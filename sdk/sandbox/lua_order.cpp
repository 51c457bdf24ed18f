// The sandbox's fixed order and texts without addresses (see lua_library.hpp): next, pairs and
// tostring as every run of a game sees them alike.
#include "sdk/sandbox/lua_library.hpp"
#include "sdk/sandbox/lua_seal.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string_view>

namespace cherries::sdk::lua_library {

bool is_address_type(lua_State* L, int index) {
    const int type = lua_type(L, index);
    return type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TTHREAD || type == LUA_TUSERDATA ||
           type == LUA_TLIGHTUSERDATA;
}

namespace {

// --- a fixed order and no addresses ----------------------------------------------------------
// Lua seeds its string hashes at random for each state, so `next` and `pairs` visit string keys
// in a different order in every run, and tostring of a table prints its address. Either would
// let a plugin's result differ between two runs of the same game (and break replays). The
// sandbox's next/pairs visit keys in one canonical order, and tostring prints no addresses.


// Rank of a key type in the canonical order; -1 for keys that have none (tables, functions).
int key_rank(lua_State* L, int index) {
    switch (lua_type(L, index)) {
        case LUA_TBOOLEAN: return 0;
        case LUA_TNUMBER: return 1;
        case LUA_TSTRING: return 2;
        default: return -1;
    }
}

// The canonical order: false, true, then numbers ascending, then strings bytewise. Both keys
// (absolute indices) have a rank.
bool key_less(lua_State* L, int a, int b, std::size_t& compared) {
    const int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    if (ra == 0) return !lua_toboolean(L, a) && lua_toboolean(L, b);
    if (ra == 1) return lua_compare(L, a, b, LUA_OPLT) != 0;  // two numbers: no metamethod runs
    std::size_t la = 0, lb = 0;
    const char* sa = lua_tolstring(L, a, &la);
    const char* sb = lua_tolstring(L, b, &lb);
    compared += std::min(la, lb);
    const int c = std::memcmp(sa, sb, std::min(la, lb));
    return c < 0 || (c == 0 && la < lb);
}

// next(t [, k]): the key after k (or the first key) of t in the canonical order, and its value;
// nil after the last. Walks the whole table, charged one instruction per key, so iterating over
// n keys costs n * n. A key that has no canonical order (a table, a function) is an error.
int ordered_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);  // 1 table, 2 the key before (nil: none)
    if (lua_seal::is_sealed(L, 1)) {  // a read-only table: walk what it shows
        lua_seal::push_contents(L, 1);
        lua_replace(L, 1);
    }
    const bool first = lua_isnil(L, 2);
    if (!first && key_rank(L, 2) < 0) return luaL_argerror(L, 2, "not a key of this table");
    lua_pushnil(L);  // 3 the best key so far (nil: none)
    lua_pushnil(L);  // 4 its value
    lua_pushnil(L);  // 5 lua_next's key
    int visited = 0;
    std::size_t compared = 0;  // bytes of string keys compared
    while (lua_next(L, 1)) {  // 5 key, 6 value
        if (++visited == 1024 || compared >= (std::size_t{1} << 20)) {
            charge(L, visited + static_cast<double>(compared) / kBytesPerInstruction);
            visited = 0;
            compared = 0;
        }
        if (key_rank(L, 5) < 0)
            return luaL_error(L, "next: the table has a key of type %s, which has no fixed order; plugins "
                                 "iterate only over tables keyed by booleans, numbers and strings", luaL_typename(L, 5));
        if ((first || key_less(L, 2, 5, compared)) && (lua_isnil(L, 3) || key_less(L, 5, 3, compared))) {
            lua_copy(L, 5, 3);
            lua_copy(L, 6, 4);
        }
        lua_pop(L, 1);  // the value; the key stays for lua_next
    }
    charge(L, visited + static_cast<double>(compared) / kBytesPerInstruction);
    if (lua_isnil(L, 3)) return 1;  // 3: nil, the end
    lua_settop(L, 4);
    return 2;
}

// pairs(t): a __pairs metamethod as Lua's own pairs, otherwise ordered_next, t, nil.
int ordered_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {  // +1 the metamethod
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushcfunction(L, ordered_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// tostring(v): as Lua's, except that a table, function or coroutine without __tostring is its
// type name ("table"), not its address.
int stable_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    if (is_address_type(L, 1)) {
        if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
            lua_pushstring(L, luaL_typename(L, 1));
            return 1;
        }
        lua_pop(L, 1);
    }
    luaL_tolstring(L, 1, nullptr);
    return 1;
}

}  // namespace

void install_order(lua_State* L) {
    lua_pushglobaltable(L);  // +1
    lua_pushcfunction(L, ordered_next);
    lua_setfield(L, -2, "next");
    lua_pushcfunction(L, ordered_pairs);
    lua_setfield(L, -2, "pairs");
    lua_pushcfunction(L, stable_tostring);
    lua_setfield(L, -2, "tostring");
    lua_pop(L, 1);
}

}  // namespace cherries::sdk::lua_library
