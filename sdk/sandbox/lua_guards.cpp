// The sandbox's guards (see lua_library.hpp): a setmetatable that refuses finalizers and weak
// tables and keeps a private copy of the metamethods, and an xpcall whose message handler runs
// no plugin code once the budget is used up.
#include "sdk/sandbox/lua_library.hpp"
#include "sdk/sandbox/lua_seal.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string_view>

namespace cherries::sdk::lua_library {

namespace {

// --- error paths ----------------------------------------------------------------------------
// The budget's error is raised from Lua's count hook, and Lua runs the message handler for an
// error raised from a hook with hooks off (they are off inside a hook): a plugin's handler
// would then run past every budget and the CPU net. xpcall therefore wraps the plugin's handler
// in guarded_handler, which hands an exhausted call's error on without running plugin code.

// The plugin's message handler (upvalue 1), unless the call's budget is used up: then the
// message as it is (the hook re-raises at the next instruction anyway).
int guarded_handler(lua_State* L) {
    if (budget_exhausted(L)) return lua_gettop(L) > 0 ? 1 : 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// xpcall(f, msgh, ...) with msgh guarded as above (Lua's own xpcall is upvalue 1).
// [-0, +r, e] xpcall(f, msgh, ...): replaces msgh at 2 with the guarded handler, then the original.
int safe_xpcall(lua_State* L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    return run_original(L);
}

// --- metatables -----------------------------------------------------------------------------

char kProtected;  // key (its address) in a metatable copy whose original had its own __metatable

// setmetatable(t, mt) that refuses __gc and __mode and installs a private copy of mt's
// metamethods (string keys starting with "__"): the plugin cannot reach the copy, so it cannot
// add a finalizer or make the table weak afterwards. The copy's __metatable is mt itself (or
// mt's own __metatable), so getmetatable(t) returns what the plugin gave.
// [-0, +1, e] setmetatable(t, mt): cuts the stack to 2, installs a private copy of mt; returns t.
int safe_setmetatable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (lua_seal::is_sealed(L, 1))
        return luaL_error(L, "cannot change the metatable of a read-only table (the plugin's globals and the tables "
                             "its file made are read-only once the file has run)");
    if (lua_getmetatable(L, 1)) {  // +1 current metatable: one of our copies
        if (lua_rawgetp(L, -1, &kProtected) != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
        lua_pop(L, 2);
    }
    if (type == LUA_TNIL) {
        lua_setmetatable(L, 1);
        return 1;
    }
    // The metamethods are read from what mt shows: a read-only mt's contents are elsewhere.
    const int fields = type == LUA_TNIL ? 2 : lua_seal::push_contents(L, 2);  // 3
    for (const char* forbidden : {"__gc", "__mode"}) {
        lua_pushstring(L, forbidden);
        if (lua_rawget(L, fields) != LUA_TNIL)
            return luaL_error(L, "setmetatable: '%s' is not available to plugins (%s)", forbidden,
                              forbidden[2] == 'g' ? "no finalizers" : "no weak tables");
        lua_pop(L, 1);
    }
    lua_createtable(L, 0, 4);  // 4: the copy
    const int copy = lua_gettop(L);
    int visited = 0;
    lua_pushnil(L);
    while (lua_next(L, fields)) {  // key, value
        if (++visited == 1024) {
            charge(L, visited);
            visited = 0;
        }
        std::size_t size = 0;
        const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &size) : nullptr;
        if (key && size > 2 && key[0] == '_' && key[1] == '_') {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, copy);
        } else {
            lua_pop(L, 1);
        }
    }
    charge(L, visited);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, copy) != LUA_TNIL) {  // the plugin protects its metatable itself
        lua_pushboolean(L, 1);
        lua_rawsetp(L, copy, &kProtected);
    } else {
        lua_pushliteral(L, "__metatable");
        lua_pushvalue(L, 2);
        lua_rawset(L, copy);
    }
    lua_pop(L, 1);
    lua_setmetatable(L, 1);  // -1 copy
    lua_settop(L, 1);
    return 1;
}

}  // namespace

void install_guards(lua_State* L) {
    lua_pushglobaltable(L);  // +1
    lua_pushcfunction(L, safe_setmetatable);
    lua_setfield(L, -2, "setmetatable");
    lua_getfield(L, -1, "xpcall");  // +1 Lua's xpcall
    lua_pushcclosure(L, safe_xpcall, 1);
    lua_setfield(L, -2, "xpcall");
    lua_pop(L, 1);
}

}  // namespace cherries::sdk::lua_library
