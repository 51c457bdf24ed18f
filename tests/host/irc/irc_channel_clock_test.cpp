// The fair turn clock (issue 23, point 1): a human's time runs from when their prompt is
// written to the server, a warning comes before the end, !pause / !resume, and "CherryBot is
// back" asks again after a reconnect. The channel game alone, then the client with its flood
// queue, both on a clock the test moves.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"

using namespace irc_test;

namespace {

// A game whose prompts the test "writes" itself: ChannelGame without the auto-write of
// irc_test::Channel.
struct Table {
    explicit Table(ChannelOptions o = {}) : game("#cherries", library(), Channel::with_seed(std::move(o))) {
        say("ann", "!cherries");
        say("bob", "!join");
        say("ann", "!start");
    }
    Replies say(const std::string& nick, const std::string& text) { return game.on_text(nick, text, now); }
    Replies at(std::chrono::milliseconds t) {
        now = GameClock::time_point{} + t;
        return game.tick(now);
    }
    void write(std::chrono::milliseconds t) {
        const auto p = game.unsent_prompt();
        REQUIRE(p.has_value());
        game.prompt_written(p->serial, GameClock::time_point{} + t);
    }
    ChannelGame game;
    GameClock::time_point now{};
};

ChannelOptions quick(std::chrono::milliseconds timeout, std::chrono::milliseconds warning = 0ms) {
    ChannelOptions o;
    o.turn_timeout = timeout;
    o.turn_warning = warning;
    o.pause_limit = 5s;
    return o;
}

}  // namespace

TEST_CASE("The turn clock starts when the prompt is written, not when the card is drawn", "[clock]") {
    Table t(quick(500ms));
    REQUIRE(t.game.to_play() == "ann");
    const auto prompt = t.game.unsent_prompt();
    REQUIRE(prompt.has_value());
    CHECK(prompt->line.find("ann: !keep or !give NICK (0.5 s).") != std::string::npos);
    CHECK_FALSE(t.game.deadline().has_value());  // queued, not yet written: nobody's time runs
    CHECK(t.at(10s).empty());                    // however long the queue holds it
    t.write(10s);
    CHECK_FALSE(t.game.unsent_prompt().has_value());
    REQUIRE(t.game.deadline() == GameClock::time_point{} + 10500ms);
    CHECK(t.at(10499ms).empty());
    CHECK(has(t.at(10500ms), "ann did not act within 0.5 s: the greedy bot decides for them (timeout 1 of 3)."));
    CHECK(t.game.to_play() == "bob");
}

TEST_CASE("A stale prompt (its turn was played) starts no clock; a prompt written again restarts it", "[clock]") {
    Table t(quick(1s));
    const auto first = t.game.unsent_prompt();
    REQUIRE(first.has_value());
    t.say("ann", "!keep");  // she played before the line reached the channel
    REQUIRE(t.game.to_play() == "bob");
    t.game.prompt_written(first->serial, t.now);
    CHECK_FALSE(t.game.deadline().has_value());  // bob's prompt is not written yet
    t.write(2s);
    CHECK(t.game.deadline() == GameClock::time_point{} + 3s);
    // The same prompt reaching the channel again later (e.g. after "CherryBot is back") gives
    // the full time from then; an earlier write never shortens it.
    const Replies back = t.game.back();
    REQUIRE(back.size() == 4);
    CHECK(back[0] == "CherryBot is back.");
    CHECK(back[3].find("bob: !keep or !give NICK (1 s).") != std::string::npos);
    t.write(2500ms);
    CHECK(t.game.deadline() == GameClock::time_point{} + 3500ms);
}

TEST_CASE("A warning comes turn_warning before the timeout, once", "[clock]") {
    Table t(quick(3s, 1s));
    t.write(0ms);
    CHECK(t.game.deadline() == GameClock::time_point{} + 2s);  // the warning's time first
    CHECK(t.at(1999ms).empty());
    CHECK(t.at(2s) == Replies{"ann: 1 s left."});
    CHECK(t.game.deadline() == GameClock::time_point{} + 3s);
    CHECK(t.at(2500ms).empty());
    CHECK(has(t.at(3s), "ann did not act within 3 s"));
}

TEST_CASE("No warning when the timeout is not longer than the warning", "[clock]") {
    Table t(quick(500ms, 15s));
    t.write(0ms);
    CHECK(t.game.deadline() == GameClock::time_point{} + 500ms);
    CHECK(has(t.at(500ms), "ann did not act within 0.5 s"));
}

TEST_CASE("!pause stops the clock, a play waits for !resume, and the time left is kept", "[clock]") {
    Table t(quick(2s));
    t.write(0ms);
    t.now = GameClock::time_point{} + 500ms;
    CHECK(t.say("cid", "!pause") == Replies{"cid, only a seated player can !pause the game."});
    CHECK(t.say("bob", "!pause") == Replies{"bob pauses the game: the turn clock stops, for at most 5 s. !resume goes on."});
    CHECK(t.say("ann", "!pause") == Replies{"The game is paused already; !resume goes on."});
    CHECK(t.at(4s).empty());  // past the turn's 2 s: paused, no timeout
    CHECK(t.say("ann", "!keep") == Replies{"The game is paused; !resume first."});
    CHECK(t.game.to_play() == "ann");
    CHECK(t.say("ann", "!resume") == Replies{"ann resumes the game: ann has 1.5 s left."});
    CHECK(t.game.deadline() == GameClock::time_point{} + 5500ms);
    CHECK(t.say("ann", "!resume") == Replies{"The game is not paused."});
    CHECK(has(t.at(5500ms), "ann did not act within 2 s"));
}

TEST_CASE("A pause ends by itself at its limit", "[clock]") {
    Table t(quick(2s));
    t.write(0ms);
    t.now = GameClock::time_point{} + 1s;
    t.say("ann", "!pause");
    CHECK(t.game.deadline() == GameClock::time_point{} + 6s);
    CHECK(t.at(6s) == Replies{"The pause ran out (5 s); the game goes on: ann has 1 s left."});
    CHECK(has(t.at(7s), "ann did not act within 2 s"));
}

TEST_CASE("A lost connection stops the clock; back() gives the table and the prompt again", "[clock]") {
    Table t(quick(1s));
    t.write(0ms);
    t.game.connection_lost();
    CHECK_FALSE(t.game.deadline().has_value());
    CHECK(t.at(30s).empty());  // ann cannot answer while the bot is away: no timeout
    const Replies back = t.game.back();
    CHECK(back[0] == "CherryBot is back.");
    CHECK(back[1].rfind("Turn 1: ann to play ", 0) == 0);
    CHECK(back[2].rfind("Scores: ", 0) == 0);
    CHECK(back[3].rfind("Turn 1: ann drew ", 0) == 0);
    t.write(31s);
    CHECK(t.game.deadline() == GameClock::time_point{} + 32s);
}

TEST_CASE("Client: a prompt queued behind other lines starts its clock when flood control lets it go", "[clock]") {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.game.seed = [] { return std::uint64_t{5}; };
    o.game.turn_timeout = 500ms;
    o.game.turn_warning = 0ms;
    o.flood = {.burst = 1, .interval = 1s};
    GameClock::time_point now{};
    Client client(o, library(), now);
    auto send = [&](const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    };
    client.connect();
    client.outgoing(now);
    send(":srv 001 CherryBot :Welcome");
    send(":CherryBot!bot@host JOIN #cherries");
    send(":ann!a@h PRIVMSG #cherries :!cherries");  // the burst's one line goes
    send(":bob!b@h PRIVMSG #cherries :!join");
    send(":ann!a@h PRIVMSG #cherries :!start");
    const ChannelGame* game = client.game("#cherries");
    REQUIRE(game->to_play() == "ann");
    CHECK_FALSE(game->deadline().has_value());  // "bob joins", "The game starts", the prompt: queued
    std::vector<std::string> sent;
    GameClock::time_point prompt_at{};
    for (int s = 1; s <= 5 && prompt_at == GameClock::time_point{}; ++s) {
        now = GameClock::time_point{} + std::chrono::seconds(s);
        client.tick(now);
        for (auto& l : client.outgoing(now)) {
            if (l.find("ann: !keep or !give NICK (0.5 s)") != std::string::npos) prompt_at = now;
            sent.push_back(l);
        }
    }
    // 1 line per second: fourth in the queue (the sealed deal, "bob joins", "The game starts", the prompt)
    REQUIRE(prompt_at == GameClock::time_point{} + 4s);
    CHECK(game->deadline() == prompt_at + 500ms);
    // The socket finished writing a little later: the clock runs from then.
    client.written(prompt_at + 20ms);
    CHECK(game->deadline() == prompt_at + 520ms);
}

TEST_CASE("Client: an info reply overtakes the table's queued announcements", "[clock]") {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.game.seed = [] { return std::uint64_t{5}; };
    o.flood = {.burst = 1, .interval = 1s};
    GameClock::time_point now{};
    Client client(o, library(), now);
    auto send = [&](const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    };
    client.connect();
    client.outgoing(now);
    send(":srv 001 CherryBot :Welcome");
    send(":CherryBot!bot@host JOIN #cherries");
    send(":ann!a@h PRIVMSG #cherries :!cherries");
    send(":bob!b@h PRIVMSG #cherries :!join");
    send(":ann!a@h PRIVMSG #cherries :!start");
    send(":cid!c@h PRIVMSG #cherries :!help keep");
    now += 1s;
    const auto out = client.outgoing(now);
    REQUIRE(out.size() == 1);
    CHECK(out[0] == "PRIVMSG #cherries :!keep (or !k): on your turn, keep the card you drew; !keep 12 only if it is still turn 12");
}

TEST_CASE("A correspondence channel: a player out of time waits for the others' !skip; !pause needs everyone and has no limit", "[clock]") {
    ChannelOptions o;
    o.time_bank = std::chrono::hours(2);
    o.time_bank_add = std::chrono::hours(1);
    o.vacation_days = 0;
    o.max_timeouts = 0;
    Table t(o);
    REQUIRE(t.game.to_play() == "ann");
    t.write(0s);
    // ann's two hours run out: the channel is told, and the card waits for bob's choice.
    const Replies out = t.at(2h);
    CHECK(has(out, "ann is out of time (bank and vacation days spent). The card waits for the others: when 1 of them choose to, the house rules skip the turn"));
    CHECK(t.game.to_play() == "ann");
    CHECK_FALSE(t.game.deadline().has_value());  // nothing timed while bob decides
    CHECK(has(t.say("ann", "!skip"), "You are the one out of time: give your card instead."));
    CHECK(has(t.say("bob", "!skip"), "ann did not act within 2 h: the greedy bot decides for them (timeout 1)."));
    CHECK(t.game.to_play() == "bob");
    CHECK(has(t.say("bob", "!skip"), "Nobody is out of time here"));

    // A pause of the whole table: asked by one, held once both agree, no limit, ended by either.
    t.write(2h);  // bob's prompt reaches the channel
    CHECK(has(t.say("bob", "!pause"), "bob asks to pause the table; it pauses when ann agrees."));
    CHECK(t.game.deadline().has_value());
    CHECK(has(t.say("ann", "!pause"), "Everyone agreed: the table is paused"));
    CHECK_FALSE(t.game.deadline().has_value());
    CHECK(t.at(2h + std::chrono::hours(24 * 30)).empty());  // a month: nothing due
    CHECK(t.game.to_play() == "bob");
    CHECK(has(t.say("ann", "!resume"), "ann resumes the table: the clocks run again."));
    CHECK(t.game.deadline().has_value());
}
