// The sandbox's replacements for base and library functions, installed by LuaRuntime (internal
// to sdk/): next and pairs in a canonical key order, tostring and string.format without
// addresses (the same result in every run); every library function whose C work grows with its
// arguments (pattern matching and gsub's replacement, string.rep/format/pack/unpack/packsize/
// char/byte/upper/lower/reverse, table.insert/remove/move/sort/concat/unpack, the utf8
// functions, strings read as numbers) charged to the instruction budget by the work its
// arguments ask for, before it runs; setmetatable without __gc and __mode, on a private
// copy of the metamethods. string.dump, math.random and math.randomseed are removed.
#pragma once

#include <cstddef>

struct lua_State;

namespace cherries::sdk::lua_library {

/// Longest string a plugin may make. Comparing, hashing or converting a string is one VM
/// instruction whatever its length; this bounds what one instruction can cost.
inline constexpr std::size_t kMaxStringBytes = 1u << 20;

/// Library work over bytes (comparing, scanning, converting strings) is charged one
/// instruction per this many bytes: a VM instruction costs about as much as a memcmp of 64
/// bytes, and strcoll, which Lua's string `<` uses, is no faster.
inline constexpr double kBytesPerInstruction = 64;
/// Work that looks at each byte on its own (case mapping, UTF-8 decoding, quoting).
inline constexpr double kBytesPerStepInstruction = 16;

/// Most values one library call may push onto the stack (string.byte, utf8.codepoint,
/// table.unpack, string.unpack, select) or table.pack may gather: past it the call is an error
/// before any value is pushed. Lua's own limit is its stack's million slots, which made each such
/// call a million pushes and a 16 MB stack for the collector to walk.
inline constexpr int kMaxResults = 10'000;

/// Longest text `load` reads from a reader function, all its pieces together: the size of a
/// plugin's Lua file (a piece is charged one instruction per byte, as a string chunk is).
inline constexpr std::size_t kMaxLoadBytes = 1u << 20;

/// Raises "too many results" naming `function` when `count` values is more than kMaxResults.
void check_results(lua_State* L, double count, const char* function);

/// Charges `work` instructions' worth to the running call from inside a library function, before
/// the work is done; raises the budget error if that is more than is left. Defined by
/// lua_budget.cpp, which owns the budget.
void charge(lua_State* L, double work);

/// Charges the string arguments first..last (1-based, clamped to the arguments given) of a
/// library function that reads them as numbers, one instruction per kBytesPerStepInstruction
/// bytes: Lua accepts a numeral string wherever it wants a number, and converting one scans it
/// in C up to three times (spaces, digits, then strtod).
void charge_numeric_strings(lua_State* L, int first, int last);

/// True when string.format's format (argument 1) has a '%p' conversion: an address, which
/// differs between runs.
bool formats_address(lua_State* L);

/// True when the running call has used up its instruction budget or its time: the error being
/// handled is the budget's, and no more plugin code may run for it. Defined by lua_budget.cpp.
bool budget_exhausted(lua_State* L);

/// The parts of install(), one concept each: next, pairs and tostring in a fixed order and
/// without addresses (lua_order.cpp); setmetatable and xpcall guarded (lua_guards.cpp); the
/// string, table and utf8 functions whose work is not one step charged (lua_charges.cpp).
void install_order(lua_State* L);
void install_guards(lua_State* L);
void install_charges(lua_State* L);
/// The part of install_charges for formats and conversions (lua_charges_text.cpp).
void install_text_charges(lua_State* L);

/// True for values whose text Lua makes from their address (tables, functions, threads,
/// userdata): tostring and string.format("%s") show their type name instead.
bool is_address_type(lua_State* L, int index);

/// Wraps a reader function given to `load` (at stack index `index`, replaced in place) in one
/// that charges each piece it returns one instruction per byte before the lexer reads it, and
/// refuses text past kMaxLoadBytes in all (lua_charges.cpp).
void charge_reader(lua_State* L, int index);

/// Runs the C function in upvalue 1 in the calling frame (a wrapper's original).
int run_original(lua_State* L);

// The stack contract of every safe_* function (lua_charges.cpp, lua_charges_text.cpp,
// lua_guards.cpp), in the Lua manual's notation [-o, +p, x]: each is a lua_CFunction that the
// plugin calls in place of the library function of the same name, so it is entered with the
// call's arguments at 1..n, exactly as the library function would be, and its original in
// upvalue 1. It reads its arguments without popping them, charges (lua_library::charge: may
// raise the budget error, 'm'/'e'), may replace an argument in place (the comparator of
// table.sort, the handler of xpcall, a '%s' argument of string.format) or push a result of
// its own (string.rep's ""), and then runs the original in the same frame with run_original,
// returning what the original returns: [-0, +r, e], r the original's results. Errors are the
// original's (naming the function as the plugin called it) or the budget's.

/// Puts the replacements into the global table and the shared string, table, utf8 and math
/// tables of `L`, whose libraries are open. Stack balanced. Runs inside a protected call.
void install(lua_State* L);

}  // namespace cherries::sdk::lua_library
