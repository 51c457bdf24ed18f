// The budget of one plugin call inside the Lua sandbox (internal to sdk/: lua_runtime.cpp and
// the library wrappers of lua_charges.cpp use it). The memory counter and Lua's allocator, the
// instruction budget counted by a count hook in slices, the CPU-time safety net, and the error
// an exhausted budget raises. LuaRuntime (lua_runtime.hpp) arms it per call; what a plugin may
// spend per game is LuaRuntime's own accounting.
#pragma once

#include <lua.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "sdk/sandbox/lua_library.hpp"

namespace cherries::sdk::lua_budget {

using Clock = std::chrono::steady_clock;

/// The count hook fires every kSlice instructions of a long call to look at the clock. Calls
/// shorter than that (every ordinary modifier function) never reach the hook.
constexpr int kSlice = 256;
/// CPU time a call may take per budgeted instruction: a safety net far above what plain Lua
/// needs (about 15 ns an instruction), for work that no counter sees.
constexpr std::chrono::nanoseconds kTimePerInstruction{1000};
/// At least this long, so that on a loaded machine the (deterministic) instruction budget, not
/// the clock, decides every ordinary fault; the net is for liveness only.
constexpr std::chrono::nanoseconds kMinTimeLimit = std::chrono::seconds(2);
/// The deepest nesting of Lua calls a plugin may reach. Lua itself lets a recursion grow its
/// stack to a million slots (about 250,000 levels, 16 MB and ~50 ms to build and unwind, with
/// lua_sethook walking all of it), which made one faulting card cost a 50-game sim seconds; no
/// modifier, distribution or bot needs more than a few dozen. Looked at by the count hook, so
/// it is as deterministic as the budget.
constexpr int kMaxCallDepth = 1000;
/// Allocation is charged to the budget: one instruction per this many bytes.
constexpr int kBytesPerInstructionShift = 7;

/// Lua's count hook: the end of a slice (see SandboxState).
void budget_hook(lua_State* L, lua_Debug*);

/// CPU time of the calling thread, in nanoseconds. The thread remembers each reading
/// (last_thread_cpu_ns).
std::int64_t thread_cpu_ns();
/// The calling thread's CPU time at its latest thread_cpu_ns(), or 0 before the first.
std::int64_t last_thread_cpu_ns();

/// Memory counter and the budget of the running call. The lua_State's extra space points here.
struct SandboxState {
    enum State : std::uint8_t { fresh, timing, out_of_instructions, out_of_time };

    std::size_t used = 0;   // bytes the state holds
    std::size_t limit = 0;  // bytes it may hold
    lua_State* L = nullptr;
    std::int64_t remaining = 0;  // budget left, counted at the end of each slice and on charges
    int instructions = 1;        // budget of one call
    int first_slice = 1;         // count the hook is armed with at the start of a call
    int slice = 1;               // count it is armed with after that
    State state = fresh;
    bool timed = false;          // cpu_start was taken in this call
    int slots_ref = LUA_NOREF;   // the upvalues recorded at load (lua_seal)
    std::chrono::nanoseconds time_limit{};       // of the running call
    std::chrono::nanoseconds call_time_limit{};  // of any call, before the plugin's budget
    Clock::time_point armed_at;    // when the running call started
    Clock::time_point wall_start;
    std::int64_t cpu_start = 0;

    /// Starts a call's budget: the only per-call work besides lua_sethook.
    void arm(lua_State* state_L) {
        armed_at = Clock::now();
        remaining = instructions;
        slice = first_slice;  // what the hook was armed with, should a charge start the clock first
        state = fresh;
        timed = false;
        lua_sethook(state_L, budget_hook, LUA_MASKCOUNT, first_slice);
    }

    /// The call is over budget: every further instruction raises the error again at once, so
    /// code that catches it with pcall cannot go on.
    void exhaust(State why) {
        state = why;
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
    }

    /// Takes `units` instructions' worth of work from the budget; false when it is used up.
    bool take(std::int64_t units) {
        if (state >= out_of_instructions) return false;
        remaining -= units;
        if (remaining > 0) return true;
        exhaust(out_of_instructions);
        return false;
    }

    /// For work the count hook does not see (library calls, allocation): once the call has been
    /// charged a slice's worth (the hook would have fired by then), its clock runs; after that
    /// every look says whether the time is up. Before that, every charge is still a look at the
    /// wall clock, the backstop: a call charged less than a slice that has been running for more
    /// than twice its time limit (work in C no charge foresaw) takes its first look at once, and
    /// that look counts its time so far by wall time, as the hook's first look does.
    bool clock_says_stop() {
        if (state == fresh && instructions - remaining < first_slice && Clock::now() - armed_at <= 2 * time_limit)
            return false;  // a short call: the wall clock only
        return state < out_of_instructions && over_time();
    }

    /// Past the time limit? The wall clock is cheap to read; the thread's CPU time (a system
    /// call) is read only when the wall clock says the limit may be reached, so a thread that
    /// waited for a core is not blamed for the wait. The first time a call looks (its first
    /// slice is over), its CPU time so far is not known (reading the thread's CPU time at the
    /// start of every call would cost every call), only bounded twice: by the wall time since
    /// it was armed (one slice of instructions that each convert or compare a megabyte takes
    /// milliseconds), and by the thread's CPU time since its latest reading, which was taken
    /// before the call. The smaller bound counts, so a call that waited for a core in its
    /// first slice (a loaded machine) is not charged the wait, which would make a plugin's
    /// budget, and so a game, depend on the machine's load.
    bool over_time() {
        const auto now = Clock::now();
        if (state == fresh) {
            state = timing;
            timed = true;
            wall_start = armed_at;
            const std::int64_t before = last_thread_cpu_ns();
            const std::int64_t cpu_now = thread_cpu_ns();
            const std::int64_t wall = std::chrono::duration_cast<std::chrono::nanoseconds>(now - armed_at).count();
            cpu_start = cpu_now - std::min(wall, cpu_now - before);
        }
        if (now - wall_start <= time_limit) return false;
        const std::chrono::nanoseconds cpu{thread_cpu_ns() - cpu_start};
        if (cpu > time_limit) return true;
        wall_start = now - cpu;  // look again when the CPU time could have run out
        return false;
    }

    /// Lua's allocator with a byte counter that refuses to grow past the limit or to make a
    /// string longer than lua_library::kMaxStringBytes, and that charges what it allocates to the budget.
    static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
        auto* self = static_cast<SandboxState*>(ud);
        const std::size_t old = ptr ? osize : 0;  // with ptr == NULL, osize is a type tag
        if (nsize == 0) {
            std::free(ptr);
            self->used -= old;
            return nullptr;
        }
        if (nsize > old) {
            if (self->used - old + nsize > self->limit || (!ptr && osize == LUA_TSTRING && nsize > lua_library::kMaxStringBytes + 64)) {
                // Lua answers with a full collection: charge the heap it is about to walk, so
                // code that keeps memory full and catches the error cannot make every step a
                // full collection.
                if (self->L) self->take(static_cast<std::int64_t>(self->used >> 6));
                return nullptr;
            }
            if (self->L && nsize - old >= (std::size_t{1} << kBytesPerInstructionShift)) {
                // A large block is also a look at the clock: hashing a new long string as a
                // table key (every byte, in one VM instruction) costs more than its charge.
                if (self->take(static_cast<std::int64_t>((nsize - old) >> kBytesPerInstructionShift)) && self->clock_says_stop())
                    self->exhaust(out_of_time);
            }
        }
        void* block = std::realloc(ptr, nsize);
        if (block) self->used = self->used - old + nsize;
        return block;
    }
};

/// The SandboxState of `L` (its extra space points there).
SandboxState& sandbox(lua_State* L);

/// Raises the error of an exhausted budget ("instruction budget exceeded" or "time limit
/// exceeded (N ms of CPU time)"), located at `level` (0: the running Lua function, as seen from
/// a hook; 1: the caller of the running C function). Does not return.
[[noreturn]] void raise_exhausted(lua_State* L, const SandboxState& s, int level);

}  // namespace cherries::sdk::lua_budget
