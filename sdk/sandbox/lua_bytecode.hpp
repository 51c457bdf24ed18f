// What the sandbox reads in a plugin's compiled code (internal to sdk/): whether a function, or
// any function it defines, can assign an upvalue. In the sandbox that is the only state a
// plugin's code can keep between calls (its tables are sealed, and no library it has keeps any:
// lua_runtime.hpp), so a plugin none of whose functions can is pure by construction, and its
// results may be kept across games (Evaluator::proven_pure).
#pragma once

#include <optional>
#include <string>
#include <string_view>

struct lua_State;

namespace cherries::sdk::lua_bytecode {

/// Lua 5.4's OP_SETUPVAL (lopcodes.h, not installed with Lua): UpValue[B] := R[A].
constexpr unsigned kSetUpvalue = 10;

/// Reads `dump`, what lua_dump writes for one Lua 5.4 function (stripped or not, on this
/// machine's integer and float formats): whether an instruction of that function or of a function
/// nested in it is OP_SETUPVAL; nullopt when `dump` is not, whole and exactly, such a dump. Never
/// throws; bounded by the size of `dump` (and a nesting depth of 200, Lua's own limit).
std::optional<bool> assigns_upvalue(std::string_view dump) noexcept;

/// assigns_upvalue, with anything it cannot read counted as an assignment: the safe answer.
inline bool may_assign_upvalue(std::string_view dump) noexcept { return assigns_upvalue(dump).value_or(true); }

/// lua_dump of the Lua function at stack index `index` (with `strip`, without debug information);
/// nullopt for a C function or when Lua refuses. Does not charge the budget.
std::optional<std::string> dump_function(lua_State* L, int index, bool strip);

/// may_assign_upvalue of the Lua function at stack index `index` (dumped stripped); false for a
/// C function, whose upvalues no Lua code can assign. The dump's size is charged to the running
/// call's budget. Runs inside a protected call.
bool function_may_assign_upvalue(lua_State* L, int index);

}  // namespace cherries::sdk::lua_bytecode
