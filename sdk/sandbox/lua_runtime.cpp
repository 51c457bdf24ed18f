// The Lua runtime's calls and budgets (see lua_runtime.hpp): the one protected call path every
// call into Lua takes, call() for the engine and run() for bot plugins, and what each plugin has
// used of its budget. Environments and loading: lua_loading.cpp.
#include "sdk/sandbox/lua_runtime.hpp"

#include <lua.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "sdk/sandbox/lua_budget.hpp"
#include "sdk/sandbox/lua_messages.hpp"
#include "sdk/sandbox/lua_seal.hpp"

namespace cherries::sdk {

using lua_budget::SandboxState;
using lua_budget::thread_cpu_ns;
using lua_messages::memory_message;
using lua_messages::message_text;
using lua_messages::shown_name;
using lua_messages::take_traceback;

std::size_t LuaRuntime::memory_in_use() const { return sandbox_->used; }

// A fault message with the full file name where Lua shortened a long one.
std::string LuaRuntime::located(std::string message) const {
    for (const std::string& file : files_) {
        const std::string shown = shown_name(file);
        if (shown != file && message.rfind(shown + ":", 0) == 0) return file + message.substr(shown.size());
    }
    return message;
}

bool LuaRuntime::may_run(FunctionId function, std::size_t& chunk) noexcept {
    fault_budget_ = false;
    if (!traceback_.empty()) traceback_.clear();
    if (function >= refs_.size() || refs_[function] == LUA_NOREF) {
        fault_ = "no function with id " + std::to_string(function);
        return false;
    }
    chunk = chunk_of_[function];
    if (!over_budget(chunk)) return true;  // the usual case: no message is made
    fault_ = exhausted(chunk);             // unrun: the plugin has had its share
    fault_budget_ = true;
    return false;
}

bool LuaRuntime::over_budget(std::size_t chunk) const noexcept {
    if (chunk >= usage_->plugins.size()) return false;
    const PluginUsage& u = usage_->plugins[chunk];
    return u.faults >= limits_.plugin_faults || u.instructions >= limits_.plugin_instructions ||
           u.cpu_ns >= limits_.plugin_cpu_ms * 1'000'000;
}

int LuaRuntime::protected_call(std::size_t chunk, int nargs, int nresults) noexcept {
    lua_State* L = state_;
    limit_time(chunk);
    sandbox_->arm(L);
    const int status = lua_pcall(L, nargs, nresults, 1);
    if (status == LUA_OK) return status;
    traceback_.clear();
    if (status == LUA_ERRMEM) {
        fault_ = memory_message(limits_.memory_bytes);
        fault_budget_ = false;
        return status;
    }
    std::size_t size = 0;
    const char* message = lua_tolstring(L, -1, &size);  // a string: the message handler made it one
    fault_ = located(message ? message_text(std::string_view(message, size)) : std::string("error"));
    fault_budget_ = sandbox_->state >= SandboxState::out_of_instructions;
    traceback_ = take_traceback(L);
    for (LuaFrame& frame : traceback_)
        for (const std::string& file : files_)
            if (frame.file == shown_name(file)) frame.file = file;
    return status;
}

bool LuaRuntime::call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept {
    std::size_t chunk = 0;
    if (!may_run(function, chunk)) return false;
    lua_State* L = state_;
    lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[function]);  // +1 function
    lua_pushinteger(L, argument);                         // +1 argument
    bool ok = false;
    if (protected_call(chunk, 1, 1) == LUA_OK) {         // -2, +1 result
        if (lua_isinteger(L, -1)) {
            result = lua_tointeger(L, -1);
            ok = true;
        } else if (lua_type(L, -1) == LUA_TNUMBER) {
            // A float with an exact integer value counts as that integer (Lua's own conversion).
            const lua_Number number = lua_tonumber(L, -1);
            lua_Integer exact = 0;
            if (lua_numbertointeger(std::floor(number), &exact) && static_cast<lua_Number>(exact) == number) {
                result = exact;
                ok = true;
            } else {
                char text[64];  // formatted here: lua_tostring would allocate outside a protected call
                std::snprintf(text, sizeof text, LUA_NUMBER_FMT, static_cast<LUAI_UACNUMBER>(number));
                fault_ = std::string("returned ") + text + ", expected an integer";
            }
        } else {
            fault_ = std::string("returned ") + luaL_typename(L, -1) + ", expected an integer";
        }
    }
    lua_settop(L, 1);
    account(chunk, !ok);
    return ok;
}

bool LuaRuntime::run(FunctionId function, int (*body)(lua_State*), void* context) noexcept {
    std::size_t chunk = 0;
    if (!may_run(function, chunk)) return false;  // the same plugin budget as call()
    lua_State* L = state_;
    lua_pushcfunction(L, body);                           // +1 body
    lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[function]);  // +1 function
    lua_pushlightuserdata(L, context);                   // +1 context
    // A reading of the thread's CPU time just before (one system call per run: a bot's decision,
    // not the modifiers' hot path): the first look then counts this run's CPU time alone, not the
    // host's work since the last reading, which a loaded machine would charge to the plugin.
    thread_cpu_ns();
    const bool ok = protected_call(chunk, 2, 0) == LUA_OK;
    lua_settop(L, 1);
    account(chunk, !ok);
    return ok;
}

// Why plugin `chunk` may run no more in this game (or check); "" while it may.
std::string LuaRuntime::exhausted(std::size_t chunk) const {
    if (chunk >= usage_->plugins.size()) return "";
    const PluginUsage& u = usage_->plugins[chunk];
    std::string what;
    if (u.faults >= limits_.plugin_faults)
        what = std::to_string(u.faults) + " faults (at most " + std::to_string(limits_.plugin_faults) + ")";
    else if (u.instructions >= limits_.plugin_instructions)
        what = std::to_string(u.instructions) + " instructions (at most " + std::to_string(limits_.plugin_instructions) + ")";
    else if (u.cpu_ns >= limits_.plugin_cpu_ms * 1'000'000)
        what = std::to_string(u.cpu_ns / 1'000'000) + " ms of CPU time (at most " + std::to_string(limits_.plugin_cpu_ms) + ")";
    else
        return "";
    const std::string file = chunk < files_.size() ? files_[chunk] : "the plugin";
    std::string why;
    if (limits_.budget_scope == "this check")
        why = "; check runs each function about three times per probe input, so its functions are too slow to check: "
              "make them cheaper";
    else if (limits_.budget_scope == "loading")
        why = "; a gametype's distribution is tabulated for 256 cherry counts when it loads: make it cheaper";
    else
        why = "; its functions are not run again, and its cards are removed as they come up (GDD §3.5)";
    return file + " has used up its budget for " + limits_.budget_scope + ": " + what + why;
}

// One call of plugin `chunk` may take what is left of the plugin's CPU time (while loading, of
// its load allowance), within the per-call net (and never less than kMinCallTime, so a nearly
// spent plugin can still run).
void LuaRuntime::limit_time(std::size_t chunk) {
    constexpr std::chrono::nanoseconds kMinCallTime = std::chrono::milliseconds(5);
    const std::int64_t allowance_ms = loading_ ? std::max(limits_.plugin_cpu_ms, limits_.load_cpu_ms) : limits_.plugin_cpu_ms;
    const std::int64_t left = allowance_ms * 1'000'000 - (chunk < usage_->plugins.size() ? usage_->plugins[chunk].cpu_ns : 0);
    sandbox_->time_limit = std::clamp(std::chrono::nanoseconds(left), kMinCallTime, sandbox_->call_time_limit);
}

// Adds a finished call (or file load) of plugin `chunk` to its usage.
void LuaRuntime::account(std::size_t chunk, bool faulted) {
    if (chunk >= usage_->plugins.size()) return;
    PluginUsage& u = usage_->plugins[chunk];
    const SandboxState& s = *sandbox_;
    u.instructions += std::max<std::int64_t>(0, s.instructions - std::max<std::int64_t>(s.remaining, 0));
    if (s.timed) {
        const std::int64_t ns = thread_cpu_ns() - s.cpu_start;
        u.cpu_ns += ns;
        if (!loading_ && ns > slowest_ns_) {
            slowest_ns_ = ns;
            slowest_chunk_ = chunk;
        }
    }
    if (faulted) ++u.faults;
}

LuaRuntime::SlowestCall LuaRuntime::slowest_call() const {
    if (slowest_ns_ == 0) return {};
    return {slowest_ns_, slowest_chunk_ < files_.size() ? files_[slowest_chunk_] : std::string()};
}

bool LuaRuntime::plugin_budget_spent(FunctionId function) const noexcept {
    return function != kIdentity && function < chunk_of_.size() && over_budget(chunk_of_[function]);
}

PluginUsage LuaRuntime::plugin_usage(FunctionId function) const noexcept {
    if (function == kIdentity || function >= chunk_of_.size() || chunk_of_[function] >= usage_->plugins.size()) return {};
    return usage_->plugins[chunk_of_[function]];
}

int LuaRuntime::restore_state() noexcept {
    lua_State* L = state_;
    lua_rawgeti(L, LUA_REGISTRYINDEX, slots_);  // +1
    const int changed = lua_seal::restore_upvalues(L, -1);
    lua_settop(L, 1);
    return changed;
}

void LuaRuntime::start_game() noexcept {
    thread_cpu_ns();  // a reading before the game's calls bounds their first slices' time (over_time)
    restore_state();
    for (PluginUsage& u : usage_->plugins) u = PluginUsage{};
}

}  // namespace cherries::sdk
