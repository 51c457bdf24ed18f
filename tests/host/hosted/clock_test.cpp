// The injected clock of hosted tables (host/hosted/clock.hpp): a ManualClock moves only when a
// test steps it, steady and Unix time together, so turn clocks, retries and sweeps are tested
// by stepping time, never by sleeping.
#include <catch2/catch.hpp>

#include <chrono>

#include "host/hosted/clock.hpp"

using namespace cherries::host;
using namespace std::chrono_literals;

TEST_CASE("a manual clock stands still until stepped, and its Unix seconds follow its steps", "[hosted]") {
    ManualClock clock;
    const Clock::Time start = clock.now();
    const std::int64_t unix_start = clock.unix_seconds();
    CHECK(clock.now() == start);
    clock.advance(1500ms);
    CHECK(clock.now() - start == 1500ms);
    CHECK(clock.unix_seconds() == unix_start + 1);
    clock.advance(-5s);  // not time: ignored
    CHECK(clock.now() - start == 1500ms);
}

TEST_CASE("the system clock's steady time does not go back", "[hosted]") {
    SystemClock clock;
    const Clock::Time a = clock.now();
    CHECK(clock.now() >= a);
    CHECK(clock.unix_seconds() > 1'700'000'000);  // after November 2023
}
