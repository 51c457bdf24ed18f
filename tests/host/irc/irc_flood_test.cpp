// Flood control: a token bucket (burst 5, one line per second by default), fair across targets,
// driven by an injected clock.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "host/irc/flood.hpp"

using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {
const FloodClock::time_point t0{};
}

TEST_CASE("A burst goes at once, then one line per interval") {
    FloodControl f({}, t0);
    for (int i = 0; i < 8; ++i) f.push("#a", "line " + std::to_string(i));
    const auto first = f.ready(t0);
    REQUIRE(first.size() == 5);
    CHECK(first[0] == "line 0");
    CHECK(first[4] == "line 4");
    CHECK(f.ready(t0 + 999ms).empty());
    CHECK(f.next_time() == t0 + 1s);
    CHECK(f.ready(t0 + 1s) == std::vector<std::string>{"line 5"});
    CHECK(f.ready(t0 + 3s) == std::vector<std::string>{"line 6", "line 7"});
    CHECK(f.queued() == 0);
    CHECK_FALSE(f.next_time().has_value());
}

TEST_CASE("The bucket refills to the burst, no more, after a quiet spell") {
    FloodControl f({.burst = 3, .interval = 500ms}, t0);
    for (int i = 0; i < 10; ++i) f.push("#a", "x");
    CHECK(f.ready(t0).size() == 3);
    CHECK(f.ready(t0 + 1h).size() == 3);  // a long wait earns a burst, not 7200 lines
    CHECK(f.ready(t0 + 1h + 500ms).size() == 1);
    CHECK(f.ready(t0 + 1h + 400ms).empty());  // time going backwards earns nothing
}

TEST_CASE("Fair across channels: one busy game never starves another channel") {
    FloodControl f({.burst = 1, .interval = 1s}, t0);
    for (int i = 0; i < 50; ++i) f.push("#busy", "busy " + std::to_string(i));
    f.push("#quiet", "quiet 0");
    f.push("#quiet", "quiet 1");
    std::vector<std::string> sent;
    for (int s = 0; s < 5; ++s)
        for (auto& l : f.ready(t0 + std::chrono::seconds(s))) sent.push_back(l);
    CHECK(sent == std::vector<std::string>{"busy 0", "quiet 0", "busy 1", "quiet 1", "busy 2"});
    CHECK(f.queued("#busy") == 47);
    CHECK(f.queued("#quiet") == 0);
}

TEST_CASE("A full queue drops lines; clear forgets a target") {
    FloodControl f({.burst = 1, .interval = 1s, .max_queue = 2}, t0);
    CHECK(f.push("#a", "1"));
    CHECK(f.push("#a", "2"));
    CHECK_FALSE(f.push("#a", "3"));
    CHECK(f.dropped() == 1);
    f.push("#b", "b");
    f.clear("#a");
    CHECK(f.queued() == 1);
    CHECK(f.ready(t0) == std::vector<std::string>{"b"});
}

TEST_CASE("Replies to commands go ahead of a target's announcements; targets still take turns") {
    FloodControl f({.burst = 1, .interval = 1s}, t0);
    for (int i = 0; i < 5; ++i) f.push("#busy", "turn " + std::to_string(i));
    f.push("#other", "other turn");
    f.push("#busy", "status reply", LinePriority::reply);
    f.push("#other", "help reply", LinePriority::reply);
    std::vector<std::string> sent;
    for (int s = 0; s < 5; ++s)
        for (auto& l : f.ready(t0 + std::chrono::seconds(s))) sent.push_back(l);
    // #busy's reply jumps its four waiting turns, but #other still gets every second line.
    CHECK(sent == std::vector<std::string>{"status reply", "help reply", "turn 0", "other turn", "turn 1"});
}

TEST_CASE("A tagged line's tag comes back when the line goes, not before") {
    FloodControl f({.burst = 1, .interval = 1s}, t0);
    f.push("#a", "scores");
    f.push("#a", "Turn 2: ann drew ... ann: !keep or !give NICK (90 s).", LinePriority::announcement, 42);
    std::vector<std::uint64_t> tags;
    CHECK(f.ready(t0, &tags) == std::vector<std::string>{"scores"});
    CHECK(tags.empty());
    CHECK(f.ready(t0 + 1s, &tags).size() == 1);
    CHECK(tags == std::vector<std::uint64_t>{42});
}

TEST_CASE("Bad settings are refused") {
    CHECK_THROWS_AS(FloodControl({.burst = 0}, t0), std::invalid_argument);
    CHECK_THROWS_AS(FloodControl({.burst = 1, .interval = 0ms}, t0), std::invalid_argument);
}
