// The host's one turn clock (host/table/turn_clock.hpp), stepped by hand: no test sleeps.
#include <catch2/catch.hpp>

#include "host/table/turn_clock.hpp"

using namespace cherries::host;
using namespace std::chrono_literals;

namespace {
const TurnClockTime kT0{};  // the clock's epoch: every time below is kT0 + something
}  // namespace

TEST_CASE("turn clock: a warning before the end, once, then the timeout; nothing before or after") {
    TurnClock clock({.turn_timeout = 90s, .turn_warning = 15s, .pause_limit = 300s});
    CHECK_FALSE(clock.next());
    CHECK(clock.tick(kT0 + 1000s) == TurnClock::Due::nothing);  // not running
    clock.start(kT0);
    CHECK(clock.running());
    CHECK(clock.next() == kT0 + 75s);
    CHECK(clock.left(kT0 + 30s) == std::chrono::milliseconds(60s));
    CHECK(clock.tick(kT0 + 74s) == TurnClock::Due::nothing);
    CHECK(clock.tick(kT0 + 75s) == TurnClock::Due::warning);
    CHECK(clock.tick(kT0 + 80s) == TurnClock::Due::nothing);  // warned once
    CHECK(clock.next() == kT0 + 90s);
    CHECK(clock.tick(kT0 + 90s) == TurnClock::Due::timeout);
    CHECK_FALSE(clock.running());
    CHECK(clock.tick(kT0 + 91s) == TurnClock::Due::nothing);
}

TEST_CASE("turn clock: starting again never shortens a running deadline; stop() ends it") {
    TurnClock clock({.turn_timeout = 60s, .turn_warning = 0s});
    clock.start(kT0 + 10s);
    clock.start(kT0 + 5s);  // a prompt written again, earlier time: the deadline stays
    CHECK(clock.next() == kT0 + 70s);  // no warning configured: the next thing is the end
    clock.start(kT0 + 20s);  // later: the later deadline
    CHECK(clock.next() == kT0 + 80s);
    clock.stop();
    CHECK_FALSE(clock.next());
    CHECK(clock.tick(kT0 + 200s) == TurnClock::Due::nothing);
}

TEST_CASE("turn clock: a pause keeps the time left, ends by itself at pause_limit, and a turn begun during it waits") {
    TurnClock clock({.turn_timeout = 90s, .turn_warning = 15s, .pause_limit = 300s});
    clock.start(kT0);
    REQUIRE(clock.pause(kT0 + 40s));
    CHECK_FALSE(clock.pause(kT0 + 41s));  // paused already
    CHECK_FALSE(clock.running());
    CHECK(clock.left_when_paused() == std::chrono::milliseconds(50s));
    CHECK(clock.next() == kT0 + 340s);
    CHECK(clock.tick(kT0 + 339s) == TurnClock::Due::nothing);
    CHECK(clock.tick(kT0 + 340s) == TurnClock::Due::pause_over);
    CHECK(clock.resume(kT0 + 340s) == std::chrono::milliseconds(50s));
    CHECK(clock.next() == kT0 + 375s);  // 50 s left: the warning 15 s before the end
    CHECK(clock.tick(kT0 + 390s) == TurnClock::Due::timeout);

    TurnClock waiting({.turn_timeout = 30s});
    REQUIRE(waiting.pause(kT0));
    waiting.start(kT0 + 1s);  // a person's card shown during the pause: their whole time waits
    CHECK_FALSE(waiting.running());
    CHECK(waiting.resume(kT0 + 10s) == std::chrono::milliseconds(30s));
    CHECK(waiting.left(kT0 + 10s) == std::chrono::milliseconds(30s));
    CHECK_FALSE(waiting.resume(kT0 + 11s));  // not paused: nothing
}
