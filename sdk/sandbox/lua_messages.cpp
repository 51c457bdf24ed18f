#include "sdk/sandbox/lua_messages.hpp"

#include <lua.hpp>

#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "sdk/sandbox/lua_budget.hpp"
#include "sdk/sandbox/lua_library.hpp"

namespace cherries::sdk::lua_messages {

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

namespace {

char kTraceback;  // registry key (its address): the traceback message_handler kept

// A traceback takes a few KiB; below this much free Lua memory none is made, so a handler that
// runs on a nearly full state cannot turn the plugin's error into "error in error handling".
constexpr std::size_t kTracebackRoom = 256u << 10;

// Levels luaL_traceback may walk: it looks up each level from the top of the stack, so over a
// stack of n calls (a runaway recursion: some 200,000) it costs n log n steps in C, hundreds of
// milliseconds that no budget sees. Deeper stacks get the first kTracebackFrames levels, all
// take_traceback reads, walked here in the same text form.
constexpr int kDeepStack = 100;
constexpr int kTracebackFrames = 16;

// "stack traceback:\n\tfile:line: in what..." for levels 1..kTracebackFrames, as
// luaL_traceback writes them for Lua functions ("[C]: in ?" for C functions).
void push_short_traceback(lua_State* L) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "stack traceback:");
    lua_Debug ar;
    for (int level = 1; level <= kTracebackFrames && lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Slnt", &ar);
        if (ar.currentline <= 0) lua_pushfstring(L, "\n\t%s: in ", ar.short_src);
        else lua_pushfstring(L, "\n\t%s:%d: in ", ar.short_src, ar.currentline);
        luaL_addvalue(&b);
        if (*ar.namewhat != '\0') lua_pushfstring(L, "%s '%s'", ar.namewhat, ar.name);
        else if (*ar.what == 'm') lua_pushliteral(L, "main chunk");
        else if (*ar.what != 'C') lua_pushfstring(L, "function <%s:%d>", ar.short_src, ar.linedefined);
        else lua_pushliteral(L, "?");
        luaL_addvalue(&b);
    }
    luaL_addstring(&b, "\n\t...");
    luaL_pushresult(&b);
}

}  // namespace

int message_handler(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    const lua_budget::SandboxState& s = lua_budget::sandbox(L);
    if (s.limit > s.used && s.limit - s.used > kTracebackRoom) {
        lua_Debug deep;
        if (lua_getstack(L, kDeepStack, &deep)) push_short_traceback(L);
        else luaL_traceback(L, L, nullptr, 1);  // from the function that raised the error
        lua_rawsetp(L, LUA_REGISTRYINDEX, &kTraceback);
    }
    lua_settop(L, 1);
    return 1;
}

std::vector<LuaFrame> take_traceback(lua_State* L) {
    std::vector<LuaFrame> frames;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kTraceback) != LUA_TSTRING) {  // +1
        lua_pop(L, 1);
        return frames;
    }
    std::size_t size = 0;
    const char* data = lua_tolstring(L, -1, &size);
    const std::string text(data, size);
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kTraceback);
    // "stack traceback:\n\tset.lua:3: in upvalue 'helper'\n\t[C]: in ?\n..."
    std::size_t at = 0;
    while (at < text.size() && frames.size() < 12) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + at, end - at);
        at = end + 1;
        if (line.empty() || line.front() != '\t') continue;
        line.remove_prefix(1);
        const std::size_t in = line.find(": in ");
        if (in == std::string::npos) continue;
        const std::string_view where = line.substr(0, in);
        const std::size_t colon = where.rfind(':');
        if (colon == std::string::npos || where.substr(0, colon) == "[C]") continue;
        int number = 0;
        bool digits = colon + 1 < where.size();
        for (std::size_t i = colon + 1; i < where.size() && digits; ++i) {
            digits = where[i] >= '0' && where[i] <= '9';
            if (digits && number < 100'000'000) number = number * 10 + (where[i] - '0');
        }
        if (!digits) continue;
        frames.push_back({message_text(where.substr(0, colon)), number, message_text(line.substr(in + 5))});
    }
    return frames;
}

namespace {

// What Lua's traceback calls a function, in words: "upvalue 'helper'" (or local, method,
// field, global) is "function 'helper'"; "function <set.lua:12>" is "the function at line 12".
std::string function_words(const std::string& what) {
    for (const char* kind : {"upvalue '", "local '", "method '", "field '", "global '"})
        if (what.rfind(kind, 0) == 0) return "function '" + what.substr(std::strlen(kind));
    if (what.rfind("function <", 0) == 0 && what.back() == '>') {
        const std::size_t colon = what.rfind(':');
        if (colon != std::string::npos) return "the function at line " + what.substr(colon + 1, what.size() - colon - 2);
    }
    return what;
}

}  // namespace

void add_traceback_notes(Diagnostic& d, const std::vector<LuaFrame>& frames) {
    std::size_t first = 0;  // the frames the message already points at are not repeated
    while (first < frames.size() && frames[first].line == d.line && d.line != 0) ++first;
    if (first == 0 && !frames.empty()) first = 1;  // the innermost frame is where the error is
    for (std::size_t i = first, added = 0; i < frames.size() && added < 5; ++i, ++added)
        d.notes.push_back({"note", frames[i].file, frames[i].line, 0, "which was called here, in " + function_words(frames[i].what)});
}

std::string memory_message(std::size_t limit) {
    return "not enough memory (plugins share " + std::to_string(limit) + " bytes of Lua memory; a string holds at most " +
           std::to_string(lua_library::kMaxStringBytes) + " bytes)";
}

}  // namespace cherries::sdk::lua_messages
