#include "sdk/lua_messages.hpp"

#include <lua.hpp>

#include <cstdio>
#include <initializer_list>

namespace cherries::sdk::lua_messages {

// A message from plugin code made safe to print: control characters (a terminal escape could
// rewrite the screen) shown as \xNN, and at most kMaxMessageBytes long.
std::string printable(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size() && out.size() < kMaxMessageBytes; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
            out += escaped;
        } else {
            out += static_cast<char>(c);
        }
    }
    if (out.size() >= kMaxMessageBytes) out += "... (truncated)";
    return out;
}

// How Lua shows a file name in messages: names longer than LUA_IDSIZE lose their start
// ("...ins/orchard/set.lua"), as luaO_chunkid does.
std::string shown_name(const std::string& file) {
    constexpr std::size_t kKept = LUA_IDSIZE - 4;  // "..." and the terminating NUL
    return file.size() + 1 <= LUA_IDSIZE ? file : "..." + file.substr(file.size() - kKept);
}

// Splits "file:line: message" into a Diagnostic when the prefix is `file` (or its shortened form).
Diagnostic lua_diagnostic(const std::string& file, const std::string& message) {
    Diagnostic d{Diagnostic::Severity::error, file, 0, 0, message};
    for (const std::string& name : {file, shown_name(file)}) {
        const std::string prefix = name + ":";
        if (message.rfind(prefix, 0) != 0) continue;
        std::size_t i = prefix.size(), line = 0;
        while (i < message.size() && message[i] >= '0' && message[i] <= '9') line = line * 10 + (message[i++] - '0');
        if (i > prefix.size() && i + 1 < message.size() && message[i] == ':') {
            d.line = static_cast<int>(line);
            d.message = message.substr(i + 2);
        } else if (i == prefix.size() && i + 1 < message.size() && message[i] == ' ') {
            d.message = message.substr(i + 1);  // "file: message", no line
        }
        break;
    }
    return d;
}

}  // namespace cherries::sdk::lua_messages
