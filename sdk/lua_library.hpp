// The sandbox's replacements for base and library functions, installed by LuaRuntime (internal
// to sdk/): next and pairs in a canonical key order, tostring and string.format without
// addresses (the same result in every run); pattern matching, string.rep/format/byte/unpack/
// upper/lower/reverse, table.insert/remove/move/sort/concat/unpack (each sort comparison by the
// bytes it compares) and utf8.codepoint/len/offset charged to the instruction budget by the
// work their arguments ask for; setmetatable without __gc and __mode, on a private
// copy of the metamethods. string.dump, math.random and math.randomseed are removed.
#pragma once

#include <cstddef>

struct lua_State;

namespace cherries::sdk::lua_library {

/// Longest string a plugin may make. Comparing, hashing or converting a string is one VM
/// instruction whatever its length; this bounds what one instruction can cost.
inline constexpr std::size_t kMaxStringBytes = 1u << 20;

/// Charges `work` instructions' worth to the running call from inside a library function, before
/// the work is done; raises the budget error if that is more than is left. Defined by
/// lua_runtime.cpp, which owns the budget.
void charge(lua_State* L, double work);

/// True when the running call has used up its instruction budget or its time: the error being
/// handled is the budget's, and no more plugin code may run for it. Defined by lua_budget.cpp.
bool budget_exhausted(lua_State* L);

/// Puts the replacements into the global table and the shared string, table, utf8 and math
/// tables of `L`, whose libraries are open. Stack balanced. Runs inside a protected call.
void install(lua_State* L);

}  // namespace cherries::sdk::lua_library
