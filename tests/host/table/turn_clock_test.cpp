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

TEST_CASE("correspondence clock: each person's bank is spent by their turns and refilled by each answer, up to its cap") {
    using namespace std::chrono;
    TurnClock clock({.turn_timeout = 90s, .turn_warning = 0s, .pause_limit = 300s,
                     .bank = TimeBank{.initial = 240h, .per_move = 36h, .cap = 240h, .vacation_days = 2}});
    CHECK(clock.time_for(0) == milliseconds(240h));
    clock.start(kT0, 0);
    CHECK(clock.next() == kT0 + 240h);
    clock.answered(kT0 + 100h);  // 140 h left, +36 h
    CHECK(clock.time_for(0) == milliseconds(176h));
    CHECK(clock.time_for(1) == milliseconds(240h));  // bob's bank is his own
    clock.start(kT0 + 100h, 1);
    clock.answered(kT0 + 101h);  // 239 h + 36 h, capped at 240 h
    CHECK(clock.time_for(1) == milliseconds(240h));
    clock.start(kT0 + 101h, 0);
    CHECK(clock.left(kT0 + 101h) == milliseconds(176h));
}

TEST_CASE("correspondence clock: a vacation day is spent only when a bank runs out; after the last one the turn times out") {
    using namespace std::chrono;
    TurnClock clock({.turn_timeout = 90s, .turn_warning = 0s, .pause_limit = 300s,
                     .bank = TimeBank{.initial = 48h, .per_move = 24h, .cap = 48h, .vacation_days = 2}});
    clock.start(kT0, 0);
    CHECK(clock.tick(kT0 + 47h) == TurnClock::Due::nothing);  // a bank with time left spends no vacation
    CHECK(clock.vacation_spent(0) == 0);
    CHECK(clock.tick(kT0 + 48h) == TurnClock::Due::vacation);
    CHECK(clock.vacation_spent(0) == 1);
    CHECK(clock.running());
    CHECK(clock.next() == kT0 + 72h);  // one day more
    CHECK(clock.tick(kT0 + 72h) == TurnClock::Due::vacation);
    CHECK(clock.tick(kT0 + 96h) == TurnClock::Due::timeout);  // no day left
    CHECK_FALSE(clock.running());
    CHECK(clock.vacation_spent(0) == 2);
    CHECK(clock.time_for(0) == milliseconds(24h));  // the next turn has what an answer adds
}

TEST_CASE("correspondence clock: the banks and vacation days are kept by a checkpoint and read back; anything else is refused") {
    using namespace std::chrono;
    const TurnClockOptions options{.turn_timeout = 90s, .turn_warning = 0s, .pause_limit = 300s,
                                   .bank = TimeBank{.initial = 48h, .per_move = 24h, .cap = 72h, .vacation_days = 3}};
    TurnClock clock(options);
    clock.start(kT0, 1);
    CHECK(clock.tick(kT0 + 48h) == TurnClock::Due::vacation);
    clock.answered(kT0 + 50h);  // 22 h left of the vacation day, +24 h
    const nlohmann::json saved = clock.to_json();
    TurnClock again(options);
    again.restore(nlohmann::json::parse(saved.dump()));
    CHECK(again.time_for(1) == milliseconds(46h));
    CHECK(again.vacation_spent(1) == 1);
    CHECK(again.time_for(0) == milliseconds(48h));
    CHECK_THROWS_AS(again.restore(nlohmann::json{{"banks", {{"x", 5}}}, {"vacation", nlohmann::json::object()}}), std::invalid_argument);
    CHECK_THROWS_AS(again.restore(nlohmann::json{{"banks", {{"0", -5}}}, {"vacation", nlohmann::json::object()}}), std::invalid_argument);
    CHECK_THROWS_AS(again.restore(nlohmann::json::array()), std::invalid_argument);
    CHECK(again.time_for(1) == milliseconds(46h));  // a refused part changed nothing
}

TEST_CASE("correspondence clock: the options block's time bank, and the days-per-move preset") {
    HostedTableOptions options;
    CHECK_FALSE(time_bank_of(options));
    options.time_bank = std::chrono::hours(240);
    const auto bank = time_bank_of(options);
    REQUIRE(bank);
    CHECK(bank->cap == std::chrono::hours(240));  // 0: the bank's start
    CHECK(bank->per_move == std::chrono::hours(36));
    CHECK(bank->vacation_days == 5);
}

TEST_CASE("turn clock: a table's agreed pause (hold) has no limit, times nothing, and a restart keeps what the turn had left") {
    const TimeBank bank{.initial = 240h, .per_move = 36h, .cap = 240h, .vacation_days = 1};
    TurnClock clock({.turn_timeout = 90s, .turn_warning = 0s, .pause_limit = 300s, .bank = bank});
    clock.start(kT0, 1);
    REQUIRE(clock.hold(kT0 + 40h));
    CHECK_FALSE(clock.hold(kT0 + 41h));  // held already
    CHECK_FALSE(clock.pause(kT0 + 41h));  // and so paused
    CHECK(clock.held());
    CHECK(clock.paused());
    CHECK_FALSE(clock.next().has_value());  // nothing timed: no timer while everyone agreed
    CHECK(clock.tick(kT0 + 24h * 400) == TurnClock::Due::nothing);  // no pause_limit, no timeout, a year on
    CHECK(clock.left_when_paused() == std::chrono::milliseconds(200h));

    // A restart while held: the checkpoint keeps the time left, and the turn started again keeps it.
    TurnClock again({.turn_timeout = 90s, .turn_warning = 0s, .pause_limit = 300s, .bank = bank});
    again.restore(clock.to_json());
    CHECK(again.held());
    again.start(kT0 + 500h, 1);
    CHECK(again.left_when_paused() == std::chrono::milliseconds(200h));
    CHECK_FALSE(again.next().has_value());
    // One of them resumes: the turn goes on with its 200 h.
    CHECK(again.resume(kT0 + 600h) == std::chrono::milliseconds(200h));
    CHECK_FALSE(again.held());
    CHECK(again.left(kT0 + 600h) == std::chrono::milliseconds(200h));
    CHECK(again.tick(kT0 + 600h + 200h) == TurnClock::Due::vacation);  // the bank runs out only now

    // Answered during a hold: the bank keeps what the turn had left plus what an answer adds.
    REQUIRE(clock.hold(kT0 + 41h) == false);
    clock.answered(kT0 + 50h);
    CHECK(clock.time_for(1) == std::chrono::milliseconds(236h));  // 200 h + 36 h, under the 240 h cap
}

TEST_CASE("turn clock: a saved hold that is not one is refused in words") {
    TurnClock clock({.bank = TimeBank{}});
    CHECK_THROWS_WITH(clock.restore(nlohmann::json{{"banks", nlohmann::json::object()}, {"vacation", nlohmann::json::object()}, {"held", "soon"}}),
                      Catch::Contains("the turn clock's part is not"));
    CHECK_THROWS_WITH(clock.restore(nlohmann::json{{"banks", nlohmann::json::object()}, {"vacation", nlohmann::json::object()}, {"held", 5}}),
                      Catch::Contains("the turn clock's part is not"));  // time left, but no seat it is for
}
