// Each channel's game work off the connection thread (docs/irc.md, "Channel work, off the
// connection thread"): with an executor the test controls, channel A's work is held (as a slow
// plugin or bot would hold it) while channel B is answered and PING gets its PONG; A's queued
// lines are then answered in order; a flood past the queue's bound is told the table is busy,
// once. No thread and no sleep: the held job is run when the test says so.
#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"
#include "tests/host/irc/irc_client_support.hpp"

using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {

/// Runs jobs at once, except those of a held channel: they wait until release().
class HeldWork final : public ChannelExecutor {
public:
    void run(const std::string& channel, std::function<void()> job, std::function<void()> done) override {
        ++given[channel];
        if (held.count(channel)) {
            waiting[channel].push_back({std::move(job), std::move(done)});
            return;
        }
        job();
        done();
    }
    void hold(const std::string& channel) { held.insert(channel); }
    /// Lets `channel`'s held job (and all that follows) run, in order.
    void release(const std::string& channel) {
        held.erase(channel);
        auto jobs = std::move(waiting[channel]);
        waiting.erase(channel);
        for (auto& [job, done] : jobs) {
            job();
            done();
        }
    }
    std::set<std::string> held;
    std::map<std::string, std::deque<std::pair<std::function<void()>, std::function<void()>>>> waiting;
    std::map<std::string, int> given;  // jobs given, by channel
};

struct Server {
    Server() : work(std::make_shared<HeldWork>()), client(options(), irc_test::library(), now, work) {}
    static ClientOptions options() {
        ClientOptions o;
        o.channels = {"#a", "#b"};
        o.game.seed = [] { return std::uint64_t{5}; };
        o.player_burst = 100;  // the flood below is past the channel's queue, not the player's budget
        o.flood = {.burst = 1000, .interval = 1ms, .max_queue = 1000};
        return o;
    }
    std::vector<std::string> send(const std::string& line) { return irc_test::feed(client, line, now); }
    void join() { irc_test::register_and_join(client, now, {"#a", "#b"}, "ann bob cid dee"); }
    GameClock::time_point now{};
    std::shared_ptr<HeldWork> work;
    Client client;
};

std::vector<std::string> with(const std::vector<std::string>& lines, const std::string& text) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (l.find(text) != std::string::npos) out.push_back(l);
    return out;
}

}  // namespace

TEST_CASE("A channel whose work is held stalls only itself: the other channel and PING go on; its lines are answered in order") {
    Server s;
    s.join();
    s.work->hold("#a");

    // #a: a game opened and joined while its work is held (a slow plugin or bot): nothing yet.
    CHECK(s.send(":ann!a@h PRIVMSG #a :!cherries").empty());
    CHECK(s.client.busy("#A"));
    CHECK(s.send(":bob!b@h PRIVMSG #a :!join").empty());
    CHECK(s.send(":ann!a@h PRIVMSG #a :!start").empty());
    CHECK(s.send(":cid!c@h PRIVMSG #a :hello, chat is no work").empty());

    // #b and the server are answered meanwhile.
    const auto b = s.send(":cid!c@h PRIVMSG #b :!cherries");
    REQUIRE_FALSE(b.empty());
    CHECK(b[0].rfind("PRIVMSG #b :cid opens a game", 0) == 0);
    CHECK(s.send("PING :srv.example") == std::vector<std::string>{"PONG srv.example"});
    CHECK(s.send(":dee!d@h PRIVMSG #b :!join") == std::vector<std::string>{"PRIVMSG #b :dee joins, last in the turn order."});
    CHECK_FALSE(s.client.busy("#b"));
    CHECK(s.client.next_wakeup() == std::nullopt);  // a held channel's deadline does not spin the loop

    // #a's work goes on: its three commands, answered in order (the chat was never work).
    s.work->release("#a");
    CHECK_FALSE(s.client.busy("#a"));
    const auto a = s.client.outgoing(s.now);
    REQUIRE(a.size() >= 4);
    CHECK(a[0].rfind("PRIVMSG #a :ann opens a game", 0) == 0);
    CHECK(a[1].rfind("PRIVMSG #a :The deal is sealed: ", 0) == 0);
    CHECK(a[2] == "PRIVMSG #a :bob joins, last in the turn order.");
    CHECK(a[3].rfind("PRIVMSG #a :The game starts. Turn order: ann, bob.", 0) == 0);
    CHECK(with(a, "ann: !keep or !give NICK").size() == 1);  // the first turn's prompt, once
    CHECK(s.client.game("#a")->open());
    CHECK(s.client.game("#a")->to_play() == "ann");
    // Each channel had one job at a time: #a's four (the JOIN's store, three commands) and the
    // prompt's clock; #b's own.
    CHECK(s.work->given["#a"] >= 5);
}

TEST_CASE("A flood past a busy channel's queue is not read, and its sender is told once; the queue then runs in order") {
    Server s;
    s.join();
    s.work->hold("#a");
    CHECK(s.send(":ann!a@h PRIVMSG #a :!cherries").empty());  // running (held)
    // kMaxChannelWaiting commands wait; the next ones are not read.
    for (std::size_t i = 0; i < kMaxChannelWaiting; ++i) CHECK(s.send(":dee!d@h PRIVMSG #a :!rules").empty());
    std::vector<std::string> told;
    for (int i = 0; i < 10; ++i)
        for (const auto& line : s.send(":dee!d@h PRIVMSG #a :!rules")) told.push_back(line);
    CHECK(told == std::vector<std::string>{
                      "NOTICE dee :#a: the table is busy with 32 earlier requests; this one was not read: send it again in a moment."});
    // Another player is told too, once.
    CHECK(with(s.send(":bob!b@h PRIVMSG #a :!join"), "the table is busy").size() == 1);
    CHECK(s.send(":bob!b@h PRIVMSG #a :!join").empty());
    // #b is not busy at all.
    CHECK_FALSE(s.send(":cid!c@h PRIVMSG #b :!cherries").empty());

    s.work->release("#a");
    const auto a = s.client.outgoing(s.now);
    // (A reply such as !rules' goes ahead of announcements in flood control: look for the line.)
    CHECK(with(a, "PRIVMSG #a :ann opens a game").size() == 1);
    // The 32 !rules were read (one answer, the same line again within kRepeatQuiet is not
    // repeated); bob's !join was not.
    CHECK(with(a, "joins").empty());
    CHECK_FALSE(with(a, "PRIVMSG #a :").empty());
    // Idle again: a new busy spell tells again.
    s.work->hold("#a");
    CHECK(s.send(":bob!b@h PRIVMSG #a :!join").empty());
    for (std::size_t i = 0; i < kMaxChannelWaiting; ++i) s.send(":dee!d@h PRIVMSG #a :!status");
    CHECK(with(s.send(":dee!d@h PRIVMSG #a :!status"), "the table is busy").size() == 1);
    s.work->release("#a");
    CHECK(with(s.client.outgoing(s.now), "PRIVMSG #a :bob joins").size() == 1);
}

TEST_CASE("A turn prompt's clock starts when the prompt is written, though the work that made it ran elsewhere") {
    Server s;
    s.join();
    s.send(":ann!a@h PRIVMSG #a :!cherries");
    s.send(":bob!b@h PRIVMSG #a :!join");
    s.work->hold("#a");
    CHECK(s.send(":ann!a@h PRIVMSG #a :!start").empty());
    s.now += 50s;  // the work takes long: nobody's time
    s.work->release("#a");
    const auto a = s.client.outgoing(s.now);  // the prompt is written now
    REQUIRE(with(a, "ann: !keep or !give NICK").size() == 1);
    // The deadline counts from the writing: the default timeout (90 s) from now, less the warning.
    const auto wake = s.client.next_wakeup();
    REQUIRE(wake);
    CHECK(*wake > s.now + 60s);
    s.now += 89s;  // 139 s after !start, 89 s after the prompt went
    s.client.tick(s.now);
    CHECK(with(s.client.outgoing(s.now), "did not act").empty());
    CHECK(s.client.game("#a")->to_play() == "ann");
    s.now += 2s;
    s.client.tick(s.now);
    CHECK(with(s.client.outgoing(s.now), "ann did not act").size() == 1);
}
