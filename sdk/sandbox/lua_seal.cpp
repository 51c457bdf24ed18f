// Sealing a plugin's state after load (see lua_seal.hpp).
#include "sdk/sandbox/lua_seal.hpp"

#include <lua.hpp>

#include <cstring>

#include "sdk/sandbox/lua_bytecode.hpp"
#include "sdk/sandbox/lua_library.hpp"

namespace cherries::sdk::lua_seal {

namespace {

char kSealed;  // key (its address) in a sealed table's metatable; the value is the backing table

// __newindex of a sealed table, and rawset on one: the write faults the function that tried it.
// Upvalue-free; called as (table, key, value).
int refuse_write(lua_State* L) {
    std::size_t size = 0;
    const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &size) : nullptr;
    if (key && size <= 60 && std::strlen(key) == size)
        return luaL_error(L, "cannot set '%s': a plugin's globals, its library tables and the tables its file made "
                             "are read-only once the file has run (a modifier function keeps no state)", key);
    return luaL_error(L, "cannot set a field of a read-only table: a plugin's globals, its library tables and the "
                         "tables its file made are read-only once the file has run (a modifier function keeps no state)");
}

// __len of a sealed table: the length of its contents.
int sealed_len(lua_State* L) {
    push_contents(L, 1);
    lua_len(L, -1);
    return 1;
}

bool is_reference(lua_State* L, int index) {
    const int type = lua_type(L, index);
    return type == LUA_TTABLE || (type == LUA_TFUNCTION && !lua_iscfunction(L, index));
}

// Makes the table at `t` read-only in place: its fields move to a new backing table, which
// also takes its metatable (a private copy: safe_setmetatable), and it gets a sealing
// metatable that reads through to the backing, refuses writes, and keeps the other
// metamethods and what getmetatable returns.
void seal_table(lua_State* L, int t) {
    lua_newtable(L);  // +1 backing
    const int backing = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {  // key, value
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, backing);  // key
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);  // clearing an existing field during lua_next is allowed
    }
    lua_createtable(L, 0, 6);  // +1 the sealing metatable
    const int mt = lua_gettop(L);
    lua_pushliteral(L, "__metatable");
    lua_pushboolean(L, 0);  // what getmetatable returns: false unless the plugin had set something
    if (lua_getmetatable(L, t)) {  // +1 the plugin's metatable (our private copy)
        lua_pushvalue(L, -1);
        lua_setmetatable(L, backing);
        lua_pushnil(L);
        while (lua_next(L, -2)) {  // key, value: keep the other metamethods
            std::size_t size = 0;
            const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &size) : nullptr;
            const bool keep = key && size > 2 && key[0] == '_' && key[1] == '_' && std::strcmp(key, "__index") != 0 &&
                              std::strcmp(key, "__newindex") != 0 && std::strcmp(key, "__len") != 0 &&
                              std::strcmp(key, "__metatable") != 0;
            if (keep) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, mt);
            } else {
                lua_pop(L, 1);
            }
        }
        lua_pushliteral(L, "__metatable");
        if (lua_rawget(L, -2) != LUA_TNIL) lua_replace(L, -3);  // the plugin's __metatable value
        else lua_pop(L, 1);
        lua_pop(L, 1);  // the plugin's metatable
    }
    lua_rawset(L, mt);  // __metatable
    lua_pushvalue(L, backing);
    lua_setfield(L, mt, "__index");
    lua_pushcfunction(L, refuse_write);
    lua_setfield(L, mt, "__newindex");
    lua_pushcfunction(L, sealed_len);
    lua_setfield(L, mt, "__len");
    lua_pushvalue(L, backing);
    lua_rawsetp(L, mt, &kSealed);
    lua_setmetatable(L, t);  // -1 mt
    lua_pop(L, 1);           // backing
}

// Appends the value on top of the stack to the work list at `work` (length *n) when it may
// lead to more tables. Pops it.
void push_work(lua_State* L, int work, lua_Integer& n) {
    if (is_reference(L, -1)) lua_rawseti(L, work, ++n);
    else lua_pop(L, 1);
}

}  // namespace

bool is_sealed(lua_State* L, int index) {
    if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) return false;
    const bool sealed = lua_rawgetp(L, -1, &kSealed) == LUA_TTABLE;
    lua_pop(L, 2);
    return sealed;
}

int push_contents(lua_State* L, int index) {
    index = lua_absindex(L, index);
    if (lua_getmetatable(L, index)) {
        if (lua_rawgetp(L, -1, &kSealed) == LUA_TTABLE) {
            lua_remove(L, -2);
            return lua_gettop(L);
        }
        lua_pop(L, 2);
    }
    lua_pushvalue(L, index);
    return lua_gettop(L);
}

bool seal_reachable(lua_State* L, int first, int slots) {
    const int top = lua_gettop(L);
    bool assigns = false;
    slots = lua_absindex(L, slots);
    lua_newtable(L);  // +1 visited
    const int visited = lua_gettop(L);
    lua_newtable(L);  // +1 work list
    const int work = lua_gettop(L);
    lua_Integer n = 0, recorded = static_cast<lua_Integer>(lua_rawlen(L, slots));
    for (int i = first; i <= top; ++i) {
        lua_pushvalue(L, i);
        push_work(L, work, n);
    }
    double steps = 0;
    while (n > 0) {
        lua_rawgeti(L, work, n);  // +1 the item
        lua_pushnil(L);
        lua_rawseti(L, work, n--);
        const int item = lua_gettop(L);
        lua_pushvalue(L, item);
        if (lua_rawget(L, visited) != LUA_TNIL) {
            lua_pop(L, 2);
            continue;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, item);
        lua_pushboolean(L, 1);
        lua_rawset(L, visited);
        if (++steps >= 1024) {
            lua_library::charge(L, steps);
            steps = 0;
        }
        if (lua_type(L, item) == LUA_TTABLE) {
            if (!is_sealed(L, item)) {
                lua_pushnil(L);
                while (lua_next(L, item)) {  // key, value
                    ++steps;
                    push_work(L, work, n);    // the value
                    lua_pushvalue(L, -1);
                    push_work(L, work, n);    // the key (stays for lua_next)
                }
                if (lua_getmetatable(L, item)) {  // what its metamethods reach (not the copy itself)
                    lua_pushnil(L);
                    while (lua_next(L, -2)) push_work(L, work, n);
                    lua_pop(L, 1);
                }
                seal_table(L, item);
            }
        } else {  // a Lua function: its upvalues, and whether its code can assign one
            if (!assigns && lua_getupvalue(L, item, 1) != nullptr) {
                lua_pop(L, 1);
                assigns = lua_bytecode::function_may_assign_upvalue(L, item);
            }
            for (int u = 1; lua_getupvalue(L, item, u) != nullptr; ++u) {  // +1 value
                lua_pushvalue(L, item);
                lua_rawseti(L, slots, ++recorded);
                lua_pushinteger(L, u);
                lua_rawseti(L, slots, ++recorded);
                lua_pushvalue(L, -1);
                lua_rawseti(L, slots, ++recorded);
                push_work(L, work, n);
            }
        }
        lua_settop(L, work);
    }
    lua_library::charge(L, steps);
    lua_settop(L, top);
    return assigns;
}

int restore_upvalues(lua_State* L, int slots) {
    slots = lua_absindex(L, slots);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, slots));
    int changed = 0;
    for (lua_Integer k = 1; k + 2 <= n; k += 3) {
        lua_rawgeti(L, slots, k);  // +1 function
        const int u = static_cast<int>((lua_rawgeti(L, slots, k + 1), lua_tointeger(L, -1)));
        lua_pop(L, 1);
        lua_getupvalue(L, -1, u);      // +1 now
        lua_rawgeti(L, slots, k + 2);  // +1 after load
        if (!lua_rawequal(L, -1, -2)) {
            ++changed;
            lua_setupvalue(L, -3, u);  // -1
            lua_pop(L, 2);
        } else {
            lua_pop(L, 3);
        }
    }
    return changed;
}

namespace {

int sealed_rawget(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    const int contents = push_contents(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, contents);
    return 1;
}

int sealed_rawset(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_sealed(L, 1)) return refuse_write(L);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

int sealed_rawlen(lua_State* L) {
    const int type = lua_type(L, 1);
    luaL_argexpected(L, type == LUA_TTABLE || type == LUA_TSTRING, 1, "table or string");
    lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, type == LUA_TTABLE ? push_contents(L, 1) : 1)));
    return 1;
}

}  // namespace

void install(lua_State* L) {
    lua_pushglobaltable(L);
    lua_pushcfunction(L, sealed_rawget);
    lua_setfield(L, -2, "rawget");
    lua_pushcfunction(L, sealed_rawset);
    lua_setfield(L, -2, "rawset");
    lua_pushcfunction(L, sealed_rawlen);
    lua_setfield(L, -2, "rawlen");
    lua_pop(L, 1);
}

}  // namespace cherries::sdk::lua_seal
