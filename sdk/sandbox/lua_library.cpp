// The sandbox's own versions of base and library functions (see lua_library.hpp), installed in
// three parts of one concept each: a fixed order and no addresses (lua_order.cpp), library work
// charged to the budget (lua_charges.cpp), guards on metatables and error handlers
// (lua_guards.cpp); and what a plugin must not have at all is removed here.
#include "sdk/sandbox/lua_library.hpp"

#include <lua.hpp>

namespace cherries::sdk::lua_library {

void install(lua_State* L) {
    install_order(L);
    install_guards(L);
    install_charges(L);
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");  // bytecode out: no string.dump
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");  // pure functions: no hidden generator
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 2);  // the math table, the string table
}

}  // namespace cherries::sdk::lua_library
