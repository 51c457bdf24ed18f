// When a person is told that a table waits for their card (host/hosted/turn_notices.hpp; issue 42
// item 3): once per turn, none while their page shows the table, a reminder at 80 % of a long
// clock's time, dropped once the turn is answered. Time is a ManualClock the test steps. There is
// no GDD section for notices; the turn they tell of is GDD §3.4.2.3.2's decision.
#include <catch2/catch.hpp>

#include "host/hosted/turn_notices.hpp"

using namespace cherries::host;
using namespace std::chrono_literals;

TEST_CASE("a turn's first notice once, not while the page is open; a new turn is told again", "[hosted][notices]") {
    ManualClock clock;
    TurnNotices notices;
    const auto first = notices.waiting("t1", "ann", 4, 90s, clock.now(), false);
    REQUIRE(first);
    CHECK(first->table == "t1");
    CHECK(first->name == "ann");
    CHECK(first->turn == 4);
    CHECK_FALSE(first->reminder);
    CHECK(first->left == 90s);
    CHECK_FALSE(notices.waiting("t1", "ann", 4, 80s, clock.now(), false));  // the same turn, sent again: told already
    CHECK_FALSE(notices.next_due());  // 90 s: no reminder for a live clock
    CHECK(notices.waiting("t1", "ann", 6, 90s, clock.now(), false));       // her next turn
    CHECK_FALSE(notices.waiting("t2", "bob", 1, 90s, clock.now(), true));  // bob has t2 open: he sees it
    CHECK_FALSE(notices.waiting("t2", "bob", 1, 90s, clock.now(), false));  // ... and that turn is not told later
}

TEST_CASE("a correspondence clock is reminded of at 80 % of its time, once, unless the page is open then", "[hosted][notices]") {
    ManualClock clock;
    TurnNotices notices;
    const auto none_open = [](const std::string&, const std::string&) { return false; };
    REQUIRE(notices.waiting("t1", "ann", 3, 100h, clock.now(), false));
    REQUIRE(notices.next_due() == clock.now() + 80h);
    clock.advance(79h);
    CHECK(notices.due(clock.now(), none_open).empty());
    clock.advance(1h);
    const auto due = notices.due(clock.now(), none_open);
    REQUIRE(due.size() == 1);
    CHECK(due[0].reminder);
    CHECK(due[0].turn == 3);
    CHECK(due[0].left == 20h);
    CHECK(notices.due(clock.now(), none_open).empty());  // once
    CHECK_FALSE(notices.next_due());

    // bob's page is open at his reminder's time: none, and none later.
    REQUIRE(notices.waiting("t2", "bob", 5, 10h, clock.now(), false));
    clock.advance(8h);
    CHECK(notices.due(clock.now(), [](const std::string& t, const std::string& n) { return t == "t2" && n == "bob"; }).empty());
    clock.advance(1h);
    CHECK(notices.due(clock.now(), none_open).empty());

    // An answered turn drops its reminder.
    REQUIRE(notices.waiting("t3", "cid", 2, 10h, clock.now(), false));
    notices.settled("t3");
    clock.advance(9h);
    CHECK(notices.due(clock.now(), none_open).empty());
    CHECK_FALSE(notices.next_due());
}
