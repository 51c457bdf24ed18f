// Messages from plugin code (internal to sdk/): made safe to print, and split into diagnostics.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sdk/base/diagnostic.hpp"
#include "sdk/base/printable_text.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

struct lua_State;

namespace cherries::sdk::lua_messages {

/// Longest message a fault or diagnostic quotes from plugin code.
inline constexpr std::size_t kMaxMessageBytes = 1000;

/// `text` from plugin code made safe to print (a terminal escape could rewrite the screen): the
/// text base's excerpt of at most kMaxMessageBytes.
inline std::string message_text(std::string_view text) { return excerpt(text, kMaxMessageBytes); }

/// How Lua shows `file` in messages: names longer than LUA_IDSIZE lose their start
/// ("...ins/orchard/set.lua"), as luaO_chunkid does.
std::string shown_name(const std::string& file);

/// Splits "file:line: message" (file as given or as Lua shortens it) into a Diagnostic in `file`.
Diagnostic lua_diagnostic(const std::string& file, const std::string& message);

/// The message handler of every protected call the runtime makes (stack index 1 of its state):
/// keeps a string message (it carries file:line), describes any other error object without
/// running its metamethods ("error object is a table value"), and keeps the call stack where
/// the error was raised (luaL_traceback) for take_traceback, when there is memory to spare.
int message_handler(lua_State* L);

/// The call stack message_handler kept for the last error, as frames of plugin code (C frames
/// left out, at most 12), the innermost first; empty when none was kept. Clears what was kept.
/// File names are as Lua shows them (see shown_name).
std::vector<LuaFrame> take_traceback(lua_State* L);

/// Notes for diagnostic `d` from `frames` (LuaRuntime::fault_traceback): one per frame after
/// the one the message already locates, "FILE:LINE: note: which was called here, in function
/// 'evil'". At most 5.
void add_traceback_notes(Diagnostic& d, const std::vector<LuaFrame>& frames);

/// "not enough memory (plugins share N bytes of Lua memory; a string holds at most M bytes)".
std::string memory_message(std::size_t limit);

}  // namespace cherries::sdk::lua_messages
