#include "sdk/sandbox/lua_budget.hpp"

#include <algorithm>
#include <ctime>

namespace cherries::sdk {
namespace lua_budget {

namespace {
thread_local std::int64_t last_reading = 0;  // the thread's CPU time at its latest thread_cpu_ns()
}  // namespace

std::int64_t thread_cpu_ns() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    last_reading = static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    return last_reading;
}

std::int64_t last_thread_cpu_ns() { return last_reading; }

SandboxState& sandbox(lua_State* L) { return **static_cast<SandboxState**>(lua_getextraspace(L)); }

// Raises the error of an exhausted budget, located at `level` (0: the running Lua function, as
// seen from a hook; 1: the caller of the running C function).
[[noreturn]] void raise_exhausted(lua_State* L, const SandboxState& s, int level) {
    luaL_where(L, level);
    if (s.state == SandboxState::out_of_time)
        lua_pushfstring(L, "time limit exceeded (%d ms of CPU time)",
                        static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(s.time_limit).count()));
    else
        lua_pushliteral(L, "instruction budget exceeded");
    lua_concat(L, 2);
    lua_error(L);
    std::abort();  // lua_error does not return
}

// Count hook: the end of a slice. Counts it, looks at the clock, re-arms for the next slice;
// or, out of budget, raises the error and re-arms at 1 so that it is raised again at the very
// next instruction should the plugin catch it.
void budget_hook(lua_State* L, lua_Debug*) {
    SandboxState& s = sandbox(L);
    // Deep recursion ends here, long before Lua's own stack overflow (kMaxCallDepth). Walking
    // to that depth costs a few steps for an ordinary call (lua_getstack stops at the bottom).
    if (lua_Debug ar{}; lua_getstack(L, kMaxCallDepth, &ar)) {
        luaL_where(L, 0);
        lua_pushfstring(L, "stack overflow (more than %d nested calls)", kMaxCallDepth);
        lua_concat(L, 2);
        lua_error(L);
    }
    if (s.state < SandboxState::out_of_instructions) {
        const int armed = s.state == SandboxState::fresh ? s.first_slice : s.slice;
        s.remaining -= armed;
        if (s.remaining <= 0) {
            s.exhaust(SandboxState::out_of_instructions);
        } else if (s.over_time()) {
            s.exhaust(SandboxState::out_of_time);
        } else {
            // The count re-arms itself; lua_sethook walks the whole call stack, so it is called
            // only when the count changes (the last, shorter slice), never once per slice.
            s.slice = static_cast<int>(std::min<std::int64_t>(kSlice, s.remaining));
            if (s.slice != armed) lua_sethook(L, budget_hook, LUA_MASKCOUNT, s.slice);
            return;
        }
    }
    raise_exhausted(L, s, 0);
}

}  // namespace lua_budget

// Library work is charged before it is done, and it is the one place the CPU-time net sees
// work that runs in C: once the call has been charged a slice's worth (the count hook would have
// fired by then had it been VM instructions), its time is counted from here, and every later
// charge looks at the clock, so time spent in library calls between two hooks is seen.
void lua_library::charge(lua_State* L, double work) {
    using lua_budget::SandboxState;
    SandboxState& s = lua_budget::sandbox(L);
    const double units = std::min(std::max(work, 0.0), 1e18);
    if (!s.take(static_cast<std::int64_t>(units))) lua_budget::raise_exhausted(L, s, 1);
    if (s.clock_says_stop()) {
        s.exhaust(SandboxState::out_of_time);
        lua_budget::raise_exhausted(L, s, 1);
    }
}

bool lua_library::budget_exhausted(lua_State* L) {
    return lua_budget::sandbox(L).state >= lua_budget::SandboxState::out_of_instructions;
}

}  // namespace cherries::sdk
