// The call's clock (sdk/sandbox/lua_budget.hpp): a call is charged the CPU time it used, never
// the time its thread waited for a core. A wait in a call's first slice used to be charged as
// CPU time (the first look took the wall time since the call began), so on a loaded machine a
// plugin could use up its budget and a game or a load could differ from the same one on an idle
// machine (GDD §3.5: a fault removes the card; the same seed and decisions must give the same game).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <ctime>

#include "sdk/sandbox/lua_budget.hpp"

using namespace cherries::sdk::lua_budget;
using namespace std::chrono_literals;

namespace {

// A call armed `ago` (wall time) with a 5 ms limit that has not looked at its clock yet.
SandboxState armed(std::chrono::nanoseconds ago) {
    SandboxState s;
    s.state = SandboxState::fresh;
    s.time_limit = 5ms;
    s.armed_at = Clock::now() - ago;
    return s;
}

}  // namespace

TEST_CASE("a call that waited for a core in its first slice is not charged the wait") {
    thread_cpu_ns();                 // the thread's latest reading, taken before the call began
    SandboxState s = armed(50ms);    // 50 ms of wall time since, and next to no CPU time
    CHECK_FALSE(s.over_time());      // 50 ms past a 5 ms limit by the wall clock; not by the CPU
    CHECK(s.timed);
    CHECK(thread_cpu_ns() - s.cpu_start < 5'000'000);  // what the call is charged: the CPU it used
}

// `ms` milliseconds of CPU time on this thread, read from the process's clock (a read of the
// thread's would count as a reading taken during the call).
void burn(int ms) {
    const std::clock_t begun = std::clock();
    volatile std::uint64_t x = 0;
    while (std::clock() - begun < ms * (CLOCKS_PER_SEC / 1000)) x = x + 1;
}

TEST_CASE("a call that did use the CPU in its first slice is charged it, and stopped past its limit") {
    thread_cpu_ns();
    const auto begun = Clock::now();
    burn(20);
    SandboxState s = armed(Clock::now() - begun);
    CHECK(s.over_time());
    CHECK(thread_cpu_ns() - s.cpu_start >= 5'000'000);
}

TEST_CASE("work the thread did before the call is not charged to it: the wall time bounds it") {
    thread_cpu_ns();  // a reading, then 20 ms of other work, then a call armed 1 ms ago
    burn(20);
    SandboxState s = armed(1ms);
    CHECK_FALSE(s.over_time());
    CHECK(thread_cpu_ns() - s.cpu_start < 5'000'000);
}
