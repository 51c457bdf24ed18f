// Messages from plugin code (internal to sdk/): made safe to print, and split into diagnostics.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sdk/diagnostic.hpp"

namespace cherries::sdk::lua_messages {

/// Longest message a fault or diagnostic quotes from plugin code.
inline constexpr std::size_t kMaxMessageBytes = 1000;

/// `text` made safe to print: control characters (a terminal escape could rewrite the screen)
/// shown as \xNN, and at most kMaxMessageBytes long ("... (truncated)" after).
std::string printable(std::string_view text);

/// How Lua shows `file` in messages: names longer than LUA_IDSIZE lose their start
/// ("...ins/orchard/set.lua"), as luaO_chunkid does.
std::string shown_name(const std::string& file);

/// Splits "file:line: message" (file as given or as Lua shortens it) into a Diagnostic in `file`.
Diagnostic lua_diagnostic(const std::string& file, const std::string& message);

}  // namespace cherries::sdk::lua_messages
