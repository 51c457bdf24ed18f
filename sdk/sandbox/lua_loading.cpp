// The Lua runtime's environments and loading (see lua_runtime.hpp): the sandbox opened, each
// plugin file run in an environment of its own and sealed, the functions a manifest names
// resolved, and what a loaded file holds. Calls and budgets: lua_runtime.cpp.
#include "sdk/sandbox/lua_runtime.hpp"

#include <lua.hpp>

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_budget.hpp"
#include "sdk/sandbox/lua_library.hpp"
#include "sdk/sandbox/lua_messages.hpp"
#include "sdk/sandbox/lua_seal.hpp"

namespace cherries::sdk {

namespace {

using lua_budget::kMinTimeLimit;
using lua_budget::kSlice;
using lua_budget::kTimePerInstruction;
using lua_budget::sandbox;
using lua_budget::SandboxState;
using lua_library::charge;
using lua_messages::add_traceback_notes;
using lua_messages::lua_diagnostic;
using lua_messages::memory_message;
using lua_messages::message_handler;
using lua_messages::message_text;

[[noreturn]] int panic(lua_State* L) {
    const char* message = lua_tostring(L, -1);
    throw std::runtime_error(std::string("Lua panic: ") + (message ? message : "unknown error"));
}


// Globals a plugin sees: base functions (load is replaced), and copies of the safe libraries.
constexpr const char* kBaseFunctions[] = {
    "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
    "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION"};
constexpr const char* kLibraries[] = {LUA_TABLIBNAME, LUA_STRLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME};

// load(chunk [, chunkname [, mode [, env]]]) that only takes text, and whose default
// environment is the calling plugin's (upvalue 2), not the host's globals. Parsing is charged
// by size: a string chunk before it is read, a reader function's pieces as they come
// (lua_library::charge_reader, at most kMaxLoadBytes in all). Upvalues: 1 = the original load, 2 = the plugin's environment.
int text_only_load(lua_State* L) {
    const int n = lua_gettop(L);
    if (lua_type(L, 1) == LUA_TSTRING) charge(L, static_cast<double>(lua_rawlen(L, 1)));
    if (lua_type(L, 1) == LUA_TFUNCTION) lua_library::charge_reader(L, 1);  // each piece charged as it comes
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

// Opens the safe libraries, removes what a plugin must not have and wraps what must be charged.
// These are the shared originals: the string metatable's __index is this string table, so the
// wrappers also serve ("x"):rep(...). Runs protected.
int open_sandbox(lua_State* L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    static const luaL_Reg libraries[] = {{LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
                                         {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (const luaL_Reg& lib : libraries) luaL_requiref(L, lib.name, lib.func, 1);
    lua_settop(L, 0);
    lua_library::install(L);
    lua_seal::install(L);
    lua_newtable(L);
    sandbox(L).slots_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    // Protect the string metatable: getmetatable("") no longer reaches the shared string table.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    // lua_pcall makes this string outside any protection after an error in a message handler;
    // kept alive, it is found, not allocated, so a full memory cannot turn that into a panic.
    lua_pushliteral(L, "error in error handling");
    luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, 0);
    return 0;
}

// Runs one plugin file in its own environment; returns a registry reference to the table it
// returns, and whether its functions are proven pure (none can assign an upvalue). Stack in:
// [1] = light userdata, the LuaChunk (read in place: no copy of the text in Lua memory). Runs
// protected.
int load_module(lua_State* L) {
    const auto* chunk = static_cast<const LuaChunk*>(lua_touserdata(L, 1));
    const char* chunkname = chunk->chunkname.c_str();
    // A UTF-8 byte order mark is skipped, as stock Lua's loadfile does (CRLF line ends need
    // nothing: the lexer takes "\r\n" as one line break).
    std::string_view code(chunk->code);
    if (code.substr(0, 3) == "\xEF\xBB\xBF") code.remove_prefix(3);
    if (luaL_loadbufferx(L, code.data(), code.size(), chunkname, "t") != LUA_OK)
        return lua_error(L);          // 2 chunk
    lua_rawgeti(L, LUA_REGISTRYINDEX, sandbox(L).slots_ref);  // 3 the recorded upvalues
    lua_insert(L, 2);                 // 2 slots, 3 chunk
    push_environment(L);              // 4 env
    lua_insert(L, 3);                 // 3 env, 4 chunk
    lua_pushvalue(L, 3);
    lua_setupvalue(L, 4, 1);          // chunk's _ENV = env
    lua_call(L, 0, 1);                // 4 module (errors propagate to the caller's pcall)
    if (!lua_istable(L, -1))
        return luaL_error(L, "%s: the file must return a table of functions, got %s", chunkname + 1, luaL_typename(L, -1));
    // env, module and all they reach: read-only from now on
    const bool keeps_state = lua_seal::seal_reachable(L, 3, 2);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));  // -1 module
    lua_pushboolean(L, !keeps_state);                    // proven pure
    return 2;
}

// Resolves every function a manifest names to a registry reference. Stack in: [1] = light
// userdata, a Resolution. Runs protected; writes only into vectors sized beforehand.
struct Resolution {
    const LuaProgram* program;
    const std::vector<int>* modules;  // per chunk: registry reference or LUA_NOREF
    std::vector<int>* refs;           // per FunctionId
    std::vector<int>* found;          // per function: the Lua type found when not a function
};

int resolve_functions(lua_State* L) {
    auto* r = static_cast<Resolution*>(lua_touserdata(L, 1));
    for (std::size_t i = 0; i < r->program->functions.size(); ++i) {
        const LuaFunctionRef& fn = r->program->functions[i];
        if (fn.chunk >= r->modules->size() || (*r->modules)[fn.chunk] == LUA_NOREF) continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, (*r->modules)[fn.chunk]);  // +1 module (sealed)
        lua_seal::push_contents(L, -1);                               // +1 what it holds
        lua_remove(L, -2);
        lua_pushlstring(L, fn.name.data(), fn.name.size());
        const int type = lua_rawget(L, -2);                           // +1 value
        if (type == LUA_TFUNCTION) {
            (*r->refs)[i + 1] = luaL_ref(L, LUA_REGISTRYINDEX);       // -1
        } else {
            (*r->found)[i] = type;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return 0;
}

}  // namespace

// "; it defines: halve, storm": the function names in a loaded module table (registry
// reference `module`), sorted, at most 12, for a message about a name that is not there.
std::string defined_functions(lua_State* L, int module) {
    if (module == LUA_NOREF || lua_rawgeti(L, LUA_REGISTRYINDEX, module) != LUA_TTABLE) {  // +1
        lua_pop(L, 1);
        return "";
    }
    lua_seal::push_contents(L, -1);  // +1 what the sealed module holds
    lua_remove(L, -2);
    std::vector<std::string> names;
    lua_pushnil(L);
    while (lua_next(L, -2)) {  // key, value; lua_next does not allocate, so it cannot raise here
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) {
            std::size_t size = 0;
            const char* name = lua_tolstring(L, -2, &size);
            names.push_back(message_text(std::string_view(name, size)));
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);  // the module
    if (names.empty()) return "; it defines no functions";
    std::sort(names.begin(), names.end());
    std::string text = "; it defines:";
    for (std::size_t i = 0; i < names.size() && i < 12; ++i) text += (i ? ", " : " ") + names[i];
    return names.size() > 12 ? text + ", ..." : text;
}

LuaRuntime::LuaRuntime(const LuaProgram& program, LuaLimits limits)
    : sandbox_(std::make_unique<SandboxState>()), limits_(limits) {
    limits_.instructions = std::max(limits_.instructions, 1);  // a count of 0 would turn the hook off
    SandboxState& s = *sandbox_;
    s.limit = limits_.memory_bytes;
    s.instructions = limits_.instructions;
    s.first_slice = std::min(kSlice, limits_.instructions);
    s.call_time_limit = std::max(kMinTimeLimit, kTimePerInstruction * limits_.instructions);
    s.time_limit = s.call_time_limit;
    usage_ = limits_.usage ? limits_.usage : std::make_shared<LuaUsage>();
    if (usage_->plugins.size() < program.chunks.size()) usage_->plugins.resize(program.chunks.size());
    state_ = lua_newstate(&SandboxState::allocate, &s);
    if (!state_) throw LoadError({{Diagnostic::Severity::error, "", 0, 0, "cannot create a Lua state: out of memory"}});
    lua_State* L = state_;
    s.L = L;
    *static_cast<SandboxState**>(lua_getextraspace(L)) = &s;
    lua_atpanic(L, panic);
    auto fail = [&](std::vector<Diagnostic> problems) {
        lua_close(L);
        state_ = nullptr;
        throw LoadError(std::move(problems));
    };

    lua_pushcfunction(L, message_handler);  // index 1, for the whole life of the state
    lua_pushcfunction(L, open_sandbox);
    if (protected_call(kNoChunk, 0, 0) != LUA_OK) fail({{Diagnostic::Severity::error, "", 0, 0, "cannot open the Lua sandbox"}});
    slots_ = s.slots_ref;

    std::vector<Diagnostic> problems;
    std::vector<int> modules;
    loading_ = true;
    chunk_pure_.assign(program.chunks.size(), false);
    for (std::size_t c = 0; c < program.chunks.size(); ++c) {
        const LuaChunk& chunk = program.chunks[c];
        const std::string file = chunk.chunkname.substr(chunk.chunkname.empty() ? 0 : 1);
        files_.push_back(file);
        lua_gc(L, LUA_GCCOLLECT);
        const std::size_t before = s.used;
        if (const std::string why = exhausted(c); !why.empty()) {  // check: loaded before, at a cost
            modules.push_back(LUA_NOREF);
            problems.push_back({Diagnostic::Severity::error, file, 0, 0, why});
            continue;
        }
        lua_pushcfunction(L, load_module);
        lua_pushlightuserdata(L, const_cast<LuaChunk*>(&chunk));
        // A reading of the thread's CPU time just before the file runs: its first slice's time is
        // then its own (over_time), not the sandbox's opening or the collection above, which a
        // loaded machine would otherwise charge to the file when the load waited for a core.
        lua_budget::thread_cpu_ns();
        const int status = protected_call(c, 1, 2);
        account(c, status != LUA_OK);
        if (status == LUA_OK) {
            modules.push_back(static_cast<int>(lua_tointeger(L, -2)));
            chunk_pure_[c] = lua_toboolean(L, -1);
            lua_settop(L, 1);
            lua_gc(L, LUA_GCCOLLECT);
            // What a file keeps is taken from every plugin's room to run: a quarter at most.
            if (s.used > before && s.used - before > limits_.memory_bytes / 4)
                problems.push_back({Diagnostic::Severity::error, file, 0, 0,
                                    "the file keeps " + std::to_string((s.used - before) >> 10) +
                                        " KiB of Lua memory after loading; a plugin may keep at most " +
                                        std::to_string(limits_.memory_bytes / 4 >> 10) +
                                        " KiB (a quarter of the limit), so that every plugin has room to run"});
        } else {
            modules.push_back(LUA_NOREF);
            Diagnostic d = lua_diagnostic(file, status == LUA_ERRMEM ? file + ": " + fault_ + " while loading" : fault_);
            add_traceback_notes(d, traceback_);
            problems.push_back(std::move(d));
            lua_settop(L, 1);
        }
    }

    refs_.assign(program.functions.size() + 1, LUA_NOREF);  // FunctionId 0 is the identity
    chunk_of_.assign(program.functions.size() + 1, 0);
    for (std::size_t i = 0; i < program.functions.size(); ++i) chunk_of_[i + 1] = program.functions[i].chunk;
    std::vector<int> found(program.functions.size(), LUA_TNONE);
    Resolution resolution{&program, &modules, &refs_, &found};
    lua_pushcfunction(L, resolve_functions);
    lua_pushlightuserdata(L, &resolution);
    if (protected_call(kNoChunk, 1, 0) != LUA_OK) {
        problems.push_back({Diagnostic::Severity::error, "", 0, 0, memory_message(limits_.memory_bytes) + " while resolving functions"});
    } else {
        for (std::size_t i = 0; i < program.functions.size(); ++i) {
            if (found[i] == LUA_TNONE) continue;
            const LuaFunctionRef& fn = program.functions[i];
            const std::string file = fn.chunk < program.chunks.size() ? program.chunks[fn.chunk].chunkname.substr(1) : "";
            problems.push_back({Diagnostic::Severity::error, file, 0, 0,
                                fn.label + ": '" + fn.name + "' is " +
                                    (found[i] == LUA_TNIL ? "not defined in the table the file returns" +
                                                                defined_functions(L, modules[fn.chunk])
                                                          : std::string("a ") + lua_typename(L, found[i]) + ", expected a function")});
        }
    }
    lua_settop(L, 1);
    loading_ = false;
    if (!problems.empty()) fail(std::move(problems));
    modules_ = std::move(modules);
    // Loading is judged by its own allowance, not charged to a game: the first game on this
    // runtime has the budget every later one gets from start_game. A shared budget (check) keeps it.
    if (!limits_.usage)
        for (PluginUsage& u : usage_->plugins) u = PluginUsage{};
}

std::vector<std::pair<std::string, std::string>> LuaRuntime::module_contents(std::size_t chunk) const {
    std::vector<std::pair<std::string, std::string>> out;
    if (!state_ || chunk >= modules_.size() || modules_[chunk] == LUA_NOREF) return out;
    lua_State* L = state_;
    const int top = lua_gettop(L);
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, modules_[chunk]) == LUA_TTABLE) {
        lua_seal::push_contents(L, -1);  // what the sealed module holds
        lua_pushnil(L);
        while (lua_next(L, -2)) {  // lua_next does not allocate, so it cannot raise here
            if (lua_type(L, -2) == LUA_TSTRING) {
                std::size_t size = 0;
                const char* name = lua_tolstring(L, -2, &size);
                out.emplace_back(std::string(name, size), luaL_typename(L, -1));
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
    std::sort(out.begin(), out.end());
    return out;
}

int LuaRuntime::module_index_line(std::size_t chunk) const {
    if (!state_ || chunk >= modules_.size() || modules_[chunk] == LUA_NOREF) return 0;
    lua_State* L = state_;
    const int top = lua_gettop(L);
    int line = 0;
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, modules_[chunk]) == LUA_TTABLE) {
        lua_seal::push_contents(L, -1);  // what the sealed module holds, with the plugin's metatable
        if (lua_getmetatable(L, -1)) {
            lua_pushliteral(L, "__index");
            if (lua_rawget(L, -2) == LUA_TFUNCTION && !lua_iscfunction(L, -1)) {
                lua_Debug ar;
                if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) line = ar.linedefined;
            }
        }
    }
    lua_settop(L, top);
    return line;
}

int LuaRuntime::line_defined(FunctionId function) const {
    if (!state_ || function == kIdentity || function >= refs_.size() || refs_[function] == LUA_NOREF) return 0;
    lua_State* L = state_;
    const int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[function]);
    lua_Debug ar;
    const int line = lua_getinfo(L, ">S", &ar) && ar.linedefined > 0 ? ar.linedefined : 0;
    lua_settop(L, top);
    return line;
}

LuaRuntime::~LuaRuntime() {
    if (state_) lua_close(state_);
}

}  // namespace cherries::sdk
