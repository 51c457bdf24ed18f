// The fair clock against a real server (issue 23, point 1): ten seats, a flood limit that
// keeps lines waiting, and nobody acting. Every player must have the full turn timeout from
// when their prompt reaches them to the timeout. [net]
#include "tests/host/irc/irc_server_support.hpp"

using namespace irc_server_test;

TEST_CASE("Ten seats behind a slow flood queue: nobody has less than the full timeout after their prompt arrives",
          "[net]") {
    TempFolder folder;
    write_quick_gametype(folder, 1000);  // nobody wins within the turns watched
    Ngircd server;
    std::vector<std::unique_ptr<IrcTestClient>> players;
    for (int i = 0; i < 10; ++i) {
        players.push_back(std::make_unique<IrcTestClient>(server.port(), "p" + std::to_string(i)));
        players.back()->join("#ten");
    }
    IrcTestClient& watcher = *players[0];
    // 0.2 s to play; each turn says ~5 lines at 20 lines/s after a burst of 2, so a prompt
    // waits about 0.2 s in the queue: a clock started at the draw runs out first (with the
    // clock started at the draw, players had 46-100 ms of their 200 ms here).
    constexpr auto timeout = std::chrono::milliseconds(200);
    auto bot = start_bot(folder, server, watcher, {"#ten"},
                         test_tables(0.2, "max_timeouts = 1000\nturn_warning = 0\n", 2, 20));
    const std::string said = "PRIVMSG #ten :";
    watcher.say("#ten", "!cherries");
    REQUIRE(watcher.wait_for(said + "p0 opens a game"));
    for (int i = 1; i < 10; ++i) {
        players[i]->say("#ten", "!join");
        REQUIRE(watcher.wait_for(said + "p" + std::to_string(i) + " joins"));
    }
    watcher.say("#ten", "!start");
    REQUIRE(watcher.wait_for(said + "The game starts"));

    std::map<std::string, std::chrono::steady_clock::time_point> prompted;
    int timeouts = 0;
    std::chrono::milliseconds shortest = std::chrono::hours(1);
    while (timeouts < 10) {  // one round: each seat once
        REQUIRE(watcher.wait_for(said + "(.*!keep or !give NICK|\\S+ did not act within)", 10s));
        const std::string line = watcher.last();
        if (const std::string who = to_play(line); !who.empty()) {
            prompted[who] = watcher.last_time();
            continue;
        }
        const std::string rest = line.substr(line.find(said) + said.size());
        const std::string who = rest.substr(0, rest.find(' '));
        REQUIRE(prompted.count(who) == 1);  // a timeout always follows that player's prompt
        const auto given = std::chrono::duration_cast<std::chrono::milliseconds>(watcher.last_time() - prompted[who]);
        shortest = std::min(shortest, given);
        // The timeout line itself may cross the server a few ms faster than the prompt did.
        CHECK(given >= timeout - 20ms);
        INFO(who << " had " << given.count() << " ms");
        prompted.erase(who);
        ++timeouts;
    }
    WARN("shortest time between a prompt and its timeout: " << shortest.count() << " ms");
    CHECK(shortest >= timeout - 20ms);
    CHECK(bot->terminate() == 0);
}
