// Read-only plugin state (internal to sdk/). Once a plugin's file has run, every table it can
// reach — its environment (globals), its copies of the libraries, the table it returned, the
// tables those hold and the tables its functions keep as upvalues — is sealed in place: the
// table is emptied into a hidden backing table and given a metatable that reads through to
// it and refuses writes. A function that writes to a global or a shared table then faults
// itself (with its own file:line), instead of changing what the plugin's other cards see. The
// upvalues themselves cannot be sealed: their values after load are recorded, and put back
// between games (LuaRuntime::start_game) and after each probe in check.
#pragma once

struct lua_State;

namespace cherries::sdk::lua_seal {

/// Seals every table reachable from the values at stack indices `first`..top (see above), and
/// appends each upvalue of a reachable Lua function to the array at stack index `slots` as
/// three entries: the function, the upvalue's number, its value now. Charges the walk to the
/// budget. Returns true when the code of a reachable function that has upvalues (or of a function
/// nested in it) may assign one (lua_bytecode.hpp): the values can then keep state between
/// calls; false proves they cannot. Stack balanced. Runs inside a protected call.
bool seal_reachable(lua_State* L, int first, int slots);

/// Pushes the table whose contents the table at `index` shows: the backing of a sealed table,
/// otherwise the table itself. Returns the pushed table's (absolute) index. Never allocates.
int push_contents(lua_State* L, int index);

/// True when the table at `index` is sealed. Never allocates.
bool is_sealed(lua_State* L, int index);

/// Replaces rawget, rawset and rawlen in the global table of `L` with versions that see a
/// sealed table's contents and refuse to write to it. Runs inside a protected call.
void install(lua_State* L);

/// Puts back every upvalue recorded in the array at stack index `slots` whose value differs;
/// returns how many did. Never allocates.
int restore_upvalues(lua_State* L, int slots);

}  // namespace cherries::sdk::lua_seal
