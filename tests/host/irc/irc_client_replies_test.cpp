// The client's replies beyond the channel line without a socket (issue 23, point 5): each
// player's command budget (one flooder cannot fill the channel's queue; the player to move is
// never held back), !help/!status/!card answered by NOTICE when configured, and a private
// message pointed to the channels by one NOTICE.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"

using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {

struct Server {
    explicit Server(ClientOptions o) : client(with_log(std::move(o), log), irc_test::library(), now) {}
    static ClientOptions with_log(ClientOptions o, std::vector<std::string>& log) {
        o.channels = {"#cherries"};
        o.flood = {.burst = 1000, .interval = 1ms, .max_queue = 1000};  // see every line at once
        o.game.seed = [] { return std::uint64_t{5}; };
        o.game.log = [&log](const std::string& line) { log.push_back(line); };
        return o;
    }
    std::vector<std::string> send(const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    }
    void join() {
        client.connect();
        client.outgoing(now);
        send(":srv 001 CherryBot :Welcome");
        send(":CherryBot!bot@host JOIN #cherries");
        send(":srv 353 CherryBot = #cherries :CherryBot ann bob");
        send(":srv 366 CherryBot #cherries :End");
    }
    std::vector<std::string> log;
    GameClock::time_point now{};
    Client client;
};

std::size_t count(const std::vector<std::string>& lines, const std::string& start) {
    return static_cast<std::size_t>(
        std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(start, 0) == 0; }));
}

}  // namespace

TEST_CASE("Command budget: a burst, then one per interval; the first ignored command gets one NOTICE") {
    ClientOptions o;
    o.player_burst = 3;
    o.player_interval = 2s;
    Server s(o);
    s.join();
    std::vector<std::string> out;
    // Each command another (the same refusal twice is merged by the channel game anyway).
    for (int i = 0; i < 10; ++i)
        for (auto& l : s.send(std::string(":bob!b@h PRIVMSG #cherries :") + (i % 2 ? "!sets" : "!gametypes"))) out.push_back(l);
    CHECK(count(out, "PRIVMSG #cherries :") == 3);
    CHECK(out.back() == "NOTICE bob :#cherries: too many commands at once; the next are ignored for a few seconds.");
    CHECK(count(out, "NOTICE bob :") == 1);
    CHECK(s.log.back() == "#cherries: ignoring commands from bob for a while (over the budget of 3 at once, one per 2 s)");
    // Another player is not held back by bob.
    CHECK(count(s.send(":ann!a@h PRIVMSG #cherries :!sets"), "PRIVMSG #cherries :Card sets: ") == 1);
    // One interval later bob has one more.
    s.now += 2s;
    CHECK(count(s.send(":bob!b@h PRIVMSG #cherries :!bots"), "PRIVMSG #cherries :Bots: ") == 1);
    CHECK(s.send(":bob!b@h PRIVMSG #cherries :!sets") ==
          std::vector<std::string>{"NOTICE bob :#cherries: too many commands at once; the next are ignored for a few seconds."});
    // Chat is not a command: never counted, never answered.
    CHECK(s.send(":bob!b@h PRIVMSG #cherries :nice game").empty());
}

TEST_CASE("Command budget: the player whose turn it is can always move") {
    ClientOptions o;
    o.player_burst = 2;
    o.player_interval = 60s;
    Server s(o);
    s.join();
    s.send(":ann!a@h PRIVMSG #cherries :!cherries");
    s.send(":bob!b@h PRIVMSG #cherries :!join");
    s.send(":ann!a@h PRIVMSG #cherries :!start");  // ann's budget is spent: !cherries, !start
    CHECK(count(s.send(":ann!a@h PRIVMSG #cherries :!status"), "NOTICE ann :") == 1);
    REQUIRE(s.client.game("#cherries")->to_play() == "ann");
    const auto moved = s.send(":ann!a@h PRIVMSG #cherries :!keep");
    CHECK(count(moved, "PRIVMSG #cherries :ann kept ") == 1);
    CHECK(s.client.game("#cherries")->to_play() == "bob");
    CHECK(count(s.send(":bob!b@h PRIVMSG #cherries :!k"), "PRIVMSG #cherries :bob kept ") == 1);
}

TEST_CASE("notice_replies: !help, !status, !card, !cards go to the asker by NOTICE; the table stays in the channel") {
    ClientOptions o;
    o.game.notice_replies = true;
    Server s(o);
    s.join();
    const auto help = s.send(":ann!a@h PRIVMSG #cherries :!help");
    REQUIRE(help.size() == 3);
    for (const auto& line : help) CHECK(line.rfind("NOTICE ann :", 0) == 0);
    CHECK(s.send(":ann!a@h PRIVMSG #cherries :!card cherry") ==
          std::vector<std::string>{"NOTICE ann :Cherry [S] (+1 cherry); 10 in the game."});
    CHECK(count(s.send(":ann!a@h PRIVMSG #cherries :!cards"), "NOTICE ann :Cards (a new game): ") == 1);
    CHECK(count(s.send(":ann!a@h PRIVMSG #cherries :!cherries"), "PRIVMSG #cherries :ann opens a game") == 1);
    const auto status = s.send(":bob!b@h PRIVMSG #cherries :!status");
    REQUIRE_FALSE(status.empty());
    CHECK(status[0].rfind("NOTICE bob :Not started", 0) == 0);
    CHECK(count(s.send(":ann!a@h PRIVMSG #cherries :!rules"), "PRIVMSG #cherries :") == 1);  // not one of them
}

TEST_CASE("A private message: one NOTICE naming the channels, at most once a minute per nick; CTCP is not answered") {
    Server s(ClientOptions{});
    s.join();
    CHECK(s.send(":zed!z@h PRIVMSG CherryBot :!cherries") ==
          std::vector<std::string>{"NOTICE zed :CherryBot plays Cherries in #cherries: say !help there."});
    CHECK(s.send(":zed!z@h PRIVMSG CherryBot :hello?").empty());
    CHECK(s.send(":amy!a@h PRIVMSG CherryBot :\x01VERSION\x01").empty());
    s.now += 60s;
    CHECK(s.send(":zed!z@h PRIVMSG CherryBot :hello?").size() == 1);
}
