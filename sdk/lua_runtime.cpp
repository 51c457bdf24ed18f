#include "sdk/lua_runtime.hpp"

#include <lua.hpp>

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "sdk/diagnostic.hpp"

namespace cherries::sdk {

/// Lua's allocator with a byte counter that refuses to grow past the limit.
struct LuaRuntime::Allocator {
    std::size_t used = 0;
    std::size_t limit = 0;

    static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
        auto* self = static_cast<Allocator*>(ud);
        const std::size_t old = ptr ? osize : 0;  // with ptr == NULL, osize is a type tag
        if (nsize == 0) {
            std::free(ptr);
            self->used -= old;
            return nullptr;
        }
        if (nsize > old && self->used - old + nsize > self->limit) return nullptr;
        void* block = std::realloc(ptr, nsize);
        if (block) self->used = self->used - old + nsize;
        return block;
    }
};

namespace {

// Globals a plugin sees: base functions (load is replaced), and copies of the safe libraries.
constexpr const char* kBaseFunctions[] = {
    "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
    "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION"};
constexpr const char* kLibraries[] = {LUA_TABLIBNAME, LUA_STRLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME};

LuaRuntime*& owner(lua_State* L) { return *static_cast<LuaRuntime**>(lua_getextraspace(L)); }

[[noreturn]] int panic(lua_State* L) {
    const char* message = lua_tostring(L, -1);
    throw std::runtime_error(std::string("Lua panic: ") + (message ? message : "unknown error"));
}

// Message handler for every protected call: keeps string messages (they carry file:line),
// describes any other error object without running its metamethods.
int message_handler(lua_State* L) {
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
    return 1;
}

// Count hook: the call has used its instruction budget. Re-arm at 1 so that code which catches
// the error with pcall fails again at its very next instruction.
void budget_hook(lua_State* L, lua_Debug*) {
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "instruction budget exceeded");
}

// load(chunk [, chunkname [, mode [, env]]]) that only takes text, and whose default
// environment is the calling plugin's (upvalue 2), not the host's globals.
// Upvalues: 1 = the original load, 2 = the plugin's environment.
int text_only_load(lua_State* L) {
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));  // +1 load
    lua_pushvalue(L, 1);                    // +1 chunk
    if (n >= 2) lua_pushvalue(L, 2); else lua_pushnil(L);  // +1 chunkname
    lua_pushliteral(L, "t");                // +1 mode: text only (no bytecode)
    if (n >= 4) lua_pushvalue(L, 4); else lua_pushvalue(L, lua_upvalueindex(2));  // +1 env
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L) - n;
}

// Pushes a fresh environment for one plugin: copies of the safe globals and library tables, so
// what one plugin changes no other plugin sees.
void push_environment(lua_State* L) {
    lua_newtable(L);  // +1 env
    lua_pushglobaltable(L);  // +1 _G
    for (const char* name : kBaseFunctions) {
        lua_getfield(L, -1, name);
        lua_setfield(L, -3, name);
    }
    for (const char* lib : kLibraries) {
        lua_getfield(L, -1, lib);  // +1 library
        lua_newtable(L);           // +1 copy
        lua_pushnil(L);
        while (lua_next(L, -3)) {  // key, value
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        }
        lua_setfield(L, -4, lib);  // env[lib] = copy
        lua_pop(L, 1);             // library
    }
    lua_getfield(L, -1, "load");   // +1 original load
    lua_pushvalue(L, -3);          // +1 env
    lua_pushcclosure(L, text_only_load, 2);
    lua_setfield(L, -3, "load");
    lua_pop(L, 1);                 // _G
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");     // env._G = env
}

// Opens the safe libraries and removes what a plugin must not have. Runs protected.
int open_sandbox(lua_State* L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    static const luaL_Reg libraries[] = {{LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
                                         {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (const luaL_Reg& lib : libraries) luaL_requiref(L, lib.name, lib.func, 1);
    lua_settop(L, 0);
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");  // bytecode out: no string.dump
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");  // pure functions: no hidden generator
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    // Protect the string metatable: getmetatable("") no longer reaches the shared string table.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_settop(L, 0);
    return 0;
}

// Runs one plugin file in its own environment; returns a registry reference to the table it
// returns. Stack in: [1] = code, [2] = chunkname ("@sets/x/set.lua"). Runs protected.
int load_module(lua_State* L) {
    std::size_t size = 0;
    const char* code = lua_tolstring(L, 1, &size);
    const char* chunkname = lua_tostring(L, 2);
    if (luaL_loadbufferx(L, code, size, chunkname, "t") != LUA_OK) return lua_error(L);  // +1 chunk
    push_environment(L);              // +1 env
    lua_setupvalue(L, -2, 1);         // chunk's _ENV = env
    lua_call(L, 0, 1);                // +1 module (errors propagate to the caller's pcall)
    if (!lua_istable(L, -1))
        return luaL_error(L, "%s: the file must return a table of functions, got %s", chunkname + 1, luaL_typename(L, -1));
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

// Splits "file:line: message" into a Diagnostic when the prefix is `file`.
Diagnostic lua_diagnostic(const std::string& file, const std::string& message) {
    Diagnostic d{Diagnostic::Severity::error, file, 0, 0, message};
    const std::string prefix = file + ":";
    if (message.rfind(prefix, 0) == 0) {
        std::size_t i = prefix.size(), line = 0;
        while (i < message.size() && message[i] >= '0' && message[i] <= '9') line = line * 10 + (message[i++] - '0');
        if (i > prefix.size() && i + 1 < message.size() && message[i] == ':') {
            d.line = static_cast<int>(line);
            d.message = message.substr(i + 2);
        }
    }
    return d;
}

}  // namespace

LuaRuntime::LuaRuntime(const LuaProgram& program, LuaLimits limits)
    : allocator_(std::make_unique<Allocator>()), limits_(limits) {
    allocator_->limit = limits.memory_bytes;
    state_ = lua_newstate(&Allocator::allocate, allocator_.get());
    if (!state_) throw LoadError({{Diagnostic::Severity::error, "", 0, 0, "cannot create a Lua state: out of memory"}});
    lua_State* L = state_;
    lua_atpanic(L, panic);
    owner(L) = this;
    lua_pushcfunction(L, message_handler);  // index 1, for the whole life of the state
    lua_pushcfunction(L, open_sandbox);
    if (lua_pcall(L, 0, 0, 1) != LUA_OK) {
        lua_close(L);
        throw LoadError({{Diagnostic::Severity::error, "", 0, 0, "cannot open the Lua sandbox"}});
    }

    std::vector<Diagnostic> problems;
    std::vector<int> modules;
    for (const LuaChunk& chunk : program.chunks) {
        const std::string file = chunk.chunkname.substr(1);
        lua_pushcfunction(L, load_module);
        lua_pushlstring(L, chunk.code.data(), chunk.code.size());
        lua_pushstring(L, chunk.chunkname.c_str());
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, limits_.instructions);
        const int status = lua_pcall(L, 2, 1, 1);
        if (status == LUA_OK) {
            modules.push_back(static_cast<int>(lua_tointeger(L, -1)));
        } else {
            modules.push_back(LUA_NOREF);
            problems.push_back(lua_diagnostic(file, status == LUA_ERRMEM ? file + ": out of memory while loading"
                                                                         : std::string(lua_tostring(L, -1))));
        }
        lua_settop(L, 1);
    }

    refs_.push_back(LUA_NOREF);  // FunctionId 0 is the identity
    labels_.emplace_back("identity");
    for (const LuaFunctionRef& fn : program.functions) {
        refs_.push_back(LUA_NOREF);
        labels_.push_back(fn.label);
        if (modules[fn.chunk] == LUA_NOREF) continue;  // already reported
        lua_rawgeti(L, LUA_REGISTRYINDEX, modules[fn.chunk]);  // +1 module
        lua_pushstring(L, fn.name.c_str());
        lua_rawget(L, -2);                                      // +1 value
        if (lua_isfunction(L, -1)) {
            refs_.back() = luaL_ref(L, LUA_REGISTRYINDEX);      // -1
        } else {
            problems.push_back({Diagnostic::Severity::error, program.chunks[fn.chunk].chunkname.substr(1), 0, 0,
                                fn.label + ": '" + fn.name + "' is " +
                                    (lua_isnil(L, -1) ? std::string("not defined in the table the file returns")
                                                      : std::string("a ") + luaL_typename(L, -1) + ", expected a function")});
            lua_pop(L, 1);
        }
        lua_settop(L, 1);
    }
    if (!problems.empty()) {
        lua_close(L);
        state_ = nullptr;
        throw LoadError(std::move(problems));
    }
}

LuaRuntime::~LuaRuntime() {
    if (state_) lua_close(state_);
}

std::size_t LuaRuntime::memory_in_use() const { return allocator_->used; }

bool LuaRuntime::call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept {
    lua_State* L = state_;
    if (function >= refs_.size() || refs_[function] == LUA_NOREF) {
        fault_ = "no function with id " + std::to_string(function);
        return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[function]);  // +1 function
    lua_pushinteger(L, argument);                         // +1 argument
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, limits_.instructions);
    const int status = lua_pcall(L, 1, 1, 1);            // -2, +1 result or message
    if (status == LUA_OK) {
        if (lua_isinteger(L, -1)) {
            result = lua_tointeger(L, -1);
            lua_settop(L, 1);
            return true;
        }
        // A float with an exact integer value counts as that integer (Lua's own conversion).
        if (lua_type(L, -1) == LUA_TNUMBER) {
            lua_Integer exact = 0;
            if (lua_numbertointeger(std::floor(lua_tonumber(L, -1)), &exact) &&
                static_cast<lua_Number>(exact) == lua_tonumber(L, -1)) {
                result = exact;
                lua_settop(L, 1);
                return true;
            }
            fault_ = labels_[function] + ": returned " + std::string(lua_tostring(L, -1)) + ", expected an integer";
        } else {
            fault_ = labels_[function] + ": returned " + luaL_typename(L, -1) + ", expected an integer";
        }
    } else if (status == LUA_ERRMEM) {
        fault_ = labels_[function] + ": not enough memory (limit " + std::to_string(limits_.memory_bytes) + " bytes)";
    } else {
        const char* message = lua_tostring(L, -1);
        fault_ = labels_[function] + ": " + (message ? message : "error");
    }
    lua_settop(L, 1);
    return false;
}

}  // namespace cherries::sdk
