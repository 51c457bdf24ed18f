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

TEST_CASE("many tables' reminders: due earliest first, only those due, a settled or re-told table's dropped", "[hosted][notices]") {
    ManualClock clock;
    TurnNotices notices;
    // Tables t0 .. t999 told at once, t_k's clock k + 10 hours: reminders at 80 % of each.
    for (int k = 0; k < 1000; ++k) notices.waiting("t" + std::to_string(k), "ann", 1, std::chrono::hours(k + 10), clock.now(), false);
    CHECK(notices.next_due() == clock.now() + 8h);
    notices.settled("t0");  // answered: its reminder goes
    CHECK(notices.next_due() == clock.now() + std::chrono::minutes(528));  // t1's: 80 % of 11 h
    notices.waiting("t1", "ann", 2, 1000h, clock.now(), false);  // a new turn at t1 replaces its reminder
    clock.advance(10h);
    const auto due = notices.due(clock.now(), {});  // at 10 h: t2's (9.6 h); t1's moved to 800 h, t3's is at 10.4 h
    REQUIRE(due.size() == 1);
    CHECK(due[0].table == "t2");
    CHECK(due[0].reminder);
    CHECK(notices.next_due() == clock.now() + std::chrono::minutes(24));  // t3's
    CHECK(notices.due(clock.now(), {}).empty());                           // each once
}
