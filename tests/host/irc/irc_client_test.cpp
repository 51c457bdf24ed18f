// The client's protocol state without a socket: registration with CAP, PING, ISUPPORT, NAMES
// and operators, channel lines routed to games, flood control, and lines never answered.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"
#include "tests/host/irc/irc_client_support.hpp"

using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {

struct Server {
    Server() : client(options(), irc_test::library(), now) {}
    static ClientOptions options() {
        ClientOptions o;
        o.channels = {"#cherries", "#other"};
        o.game.seed = [] { return std::uint64_t{5}; };
        return o;
    }
    // The server sends `line`; returns what the client writes at once.
    std::vector<std::string> send(const std::string& line) { return irc_test::feed(client, line, now); }
    // Registers and joins both channels; ann is an operator in #cherries.
    void join() { irc_test::register_and_join(client, now, {"#cherries", "#other"}, "@ann +bob cid"); }
    GameClock::time_point now{};
    Client client;
};

bool starts(const std::vector<std::string>& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l.rfind(text, 0) == 0) return true;
    return false;
}

}  // namespace

TEST_CASE("Registration: CAP LS (multiline), REQ of the wanted capabilities, END; NICK and USER") {
    Server s;
    s.client.connect();
    CHECK(s.client.outgoing(s.now) ==
          std::vector<std::string>{"CAP LS 302", "NICK CherryBot", "USER cherrybot 0 * :CherryBot, the Cherries dealer"});
    CHECK(s.send(":srv CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL").empty());  // more to come
    CHECK(s.send(":srv CAP * LS :message-tags server-time") ==
          std::vector<std::string>{"CAP REQ :message-tags server-time multi-prefix"});
    CHECK(s.send(":srv CAP * ACK :message-tags server-time multi-prefix") == std::vector<std::string>{"CAP END"});
    CHECK(s.client.capabilities().count("server-time") == 1);
    CHECK(s.send(":srv 433 * CherryBot :Nickname is already in use") == std::vector<std::string>{"NICK CherryBot_"});
    CHECK_FALSE(s.client.registered());
    CHECK(s.send(":srv 001 CherryBot_ :Welcome") == std::vector<std::string>{"JOIN #cherries", "JOIN #other"});
    CHECK(s.client.registered());
    CHECK(s.client.nick() == "CherryBot_");
    CHECK(s.send("PING :srv.example") == std::vector<std::string>{"PONG srv.example"});
    s.send(":srv 005 CherryBot_ CASEMAPPING=ascii NICKLEN=20 :are supported");
    CHECK(s.client.isupport().casemapping == CaseMapping::ascii);
    CHECK(s.client.isupport().nicklen == 20);
}

TEST_CASE("A server without the capabilities: CAP END at once") {
    Server s;
    s.client.connect();
    s.client.outgoing(s.now);
    CHECK(s.send(":srv CAP * LS :sasl") == std::vector<std::string>{"CAP END"});
}

TEST_CASE("Channel lines reach the channel's game; replies come back as PRIVMSG lines") {
    Server s;
    s.join();
    REQUIRE(s.client.game("#CHERRIES"));
    const auto opened = s.send("@account=ann;time=2026-11-23T11:00:00Z :ann!a@h PRIVMSG #cherries :!cherries");
    REQUIRE(opened.size() == 2);  // the game, then its sealed deal
    CHECK(opened[0].rfind("PRIVMSG #cherries :ann opens a game", 0) == 0);
    CHECK(opened[1].rfind("PRIVMSG #cherries :The deal is sealed: ", 0) == 0);
    CHECK(s.client.game("#cherries")->open());
    CHECK_FALSE(s.client.game("#other")->open());  // one game per channel
    // Operators come from NAMES: ann (@) may !stop, cid may not (the opener is ann).
    s.send(":bob!b@h PRIVMSG #cherries :!join");
    CHECK(starts(s.send(":cid!c@h PRIVMSG #cherries :!stop"), "PRIVMSG #cherries :Only ann"));
    s.send(":srv MODE #cherries +o cid");
    s.send(":srv 353 CherryBot = #cherries :CherryBot @ann +bob @cid");
    s.send(":srv 366 CherryBot #cherries :End");
    CHECK(starts(s.send(":cid!c@h PRIVMSG #cherries :!stop"), "PRIVMSG #cherries :The game is over: stopped by cid."));
}

TEST_CASE("A MODE change asks for NAMES again; membership comes from the reply") {
    Server s;
    s.join();
    CHECK(s.send(":ann!a@h MODE #cherries +o bob") == std::vector<std::string>{"NAMES #cherries"});
    CHECK(s.send(":ann!a@h MODE CherryBot +i").empty());  // a user mode: nothing to ask
}

TEST_CASE("Never answered: NOTICE, CTCP, our own lines, malformed lines; a private message gets one NOTICE a minute") {
    Server s;
    s.join();
    CHECK(s.send(":ann!a@h NOTICE #cherries :!help").empty());
    CHECK(s.send(":ann!a@h PRIVMSG CherryBot :!help") ==
          std::vector<std::string>{"NOTICE ann :CherryBot plays Cherries in #cherries, #other: say !help there."});
    CHECK(s.send(":ann!a@h PRIVMSG CherryBot :hello?").empty());  // once a minute per nick
    CHECK(s.send(":ann!a@h PRIVMSG CherryBot :\x01VERSION\x01").empty());
    CHECK(s.send(":ann!a@h PRIVMSG #cherries :\x01VERSION\x01").empty());
    CHECK(s.send(":CherryBot!bot@host PRIVMSG #cherries :!help").empty());
    CHECK(s.send(std::string(":ann!a@h PRIVMSG #cherries :!help\0", 34)).empty());
    CHECK(s.client.malformed() == 1);
}

TEST_CASE("Flood control: a burst of 5, then one line a second; PONG never waits") {
    Server s;
    s.join();
    s.send(":ann!a@h PRIVMSG #cherries :!help");  // 3 lines
    const auto second = s.send(":ann!a@h PRIVMSG #cherries :!help");
    CHECK(second.size() == 2);  // 5 in all
    CHECK(s.client.next_wakeup() == s.now + 1s);
    CHECK(s.send("PING :x") == std::vector<std::string>{"PONG x"});
    s.now += 1s;
    CHECK(s.client.outgoing(s.now).size() == 1);
}

TEST_CASE("Two channels share the bucket fairly") {
    Server s;
    s.join();
    s.client.receive(":ann!a@h PRIVMSG #cherries :!help", s.now);
    s.client.receive(":ann!a@h PRIVMSG #cherries :!help", s.now);
    s.client.receive(":bob!b@h PRIVMSG #other :!help", s.now);
    const auto lines = s.client.outgoing(s.now);
    REQUIRE(lines.size() == 5);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("PRIVMSG #other", 0) == 0; }) == 2);
}

TEST_CASE("NICK keeps the seat; PART, KICK and QUIT are leaves; a KICK of the bot ends its game") {
    Server s;
    s.join();
    s.send(":ann!a@h PRIVMSG #cherries :!cherries");
    s.send(":bob!b@h PRIVMSG #cherries :!join");
    s.send(":cid!c@h PRIVMSG #cherries :!join");
    s.now += 10s;  // let the flood bucket fill
    s.send(":ann!a@h PRIVMSG #cherries :!start");
    s.send(":ann!a@h NICK :anna");
    CHECK(s.client.game("#cherries")->seated() == std::vector<std::string>{"anna", "bob", "cid"});
    s.now += 10s;
    CHECK(starts(s.send(":bob!b@h QUIT :gone"), "PRIVMSG #cherries :bob leaves after this turn."));
    s.now += 10s;
    CHECK(starts(s.send(":ann!a@h KICK #cherries cid :bye"), "PRIVMSG #cherries :cid leaves after this turn."));
    s.send(":ann!a@h KICK #cherries CherryBot :no bots");
    CHECK(s.client.game("#cherries") == nullptr);
    CHECK(s.client.game("#other") != nullptr);
}

TEST_CASE("tick() reaches every game: a turn timeout is said in its channel") {
    Server s;
    s.join();
    s.send(":ann!a@h PRIVMSG #cherries :!cherries");
    s.send(":bob!b@h PRIVMSG #cherries :!join");
    s.send(":ann!a@h PRIVMSG #cherries :!start");
    REQUIRE(s.client.game("#cherries")->deadline());
    s.now += 90s;
    s.client.tick(s.now);
    CHECK(starts(s.client.outgoing(s.now), "PRIVMSG #cherries :ann did not act within 90 s"));
}
