// The client's authentication and reconnection state without a socket: SASL PLAIN during CAP
// negotiation (IRCv3 SASL 3.1), NickServ IDENTIFY, fallback nicks, and a lost connection that
// keeps the games.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"

using namespace cherries::irc;

namespace {

struct Server {
    explicit Server(ClientOptions o) : client(std::move(o), irc_test::library(), now) {}
    std::vector<std::string> send(const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    }
    GameClock::time_point now{};
    Client client;
};

ClientOptions sasl_options() {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.sasl_account = "CherryBot";
    o.sasl_password = "s3cret";
    return o;
}

}  // namespace

TEST_CASE("SASL PLAIN: sasl is requested, AUTHENTICATE PLAIN, the base64 payload, CAP END after 903") {
    Server s(sasl_options());
    s.client.connect();
    s.client.outgoing(s.now);
    CHECK(s.send(":srv CAP * LS :multi-prefix sasl=PLAIN,EXTERNAL") == std::vector<std::string>{"CAP REQ :multi-prefix sasl"});
    // No CAP END yet: registration waits for the authentication.
    CHECK(s.send(":srv CAP * ACK :multi-prefix sasl") == std::vector<std::string>{"AUTHENTICATE PLAIN"});
    CHECK(s.client.sasl_state() == "pending");
    // base64("CherryBot\0CherryBot\0s3cret") (RFC 4616: authzid, authcid, password).
    CHECK(s.send("AUTHENTICATE +") == std::vector<std::string>{"AUTHENTICATE Q2hlcnJ5Qm90AENoZXJyeUJvdABzM2NyZXQ="});
    CHECK(s.send(":srv 900 CherryBot CherryBot!u@h CherryBot :You are now logged in").empty());
    CHECK(s.send(":srv 903 CherryBot :SASL authentication successful") == std::vector<std::string>{"CAP END"});
    CHECK(s.client.sasl_state() == "ok");
}

TEST_CASE("SASL failure (904) or no sasl offered: CAP END all the same, and the reason is kept for the log") {
    SECTION("904") {
        Server s(sasl_options());
        s.client.connect();
        s.client.outgoing(s.now);
        s.send(":srv CAP * LS :sasl");
        CHECK(s.send(":srv CAP * ACK :sasl") == std::vector<std::string>{"AUTHENTICATE PLAIN"});
        s.send("AUTHENTICATE +");
        CHECK(s.send(":srv 904 CherryBot :SASL authentication failed") == std::vector<std::string>{"CAP END"});
        CHECK(s.client.sasl_state() == "904 SASL authentication failed");
    }
    SECTION("not offered") {
        Server s(sasl_options());
        s.client.connect();
        s.client.outgoing(s.now);
        CHECK(s.send(":srv CAP * LS :away-notify") == std::vector<std::string>{"CAP END"});
        CHECK(s.client.sasl_state() == "the server offers no SASL");
    }
    SECTION("without an account configured, sasl is never asked for") {
        ClientOptions o;
        Server s(o);
        s.client.connect();
        s.client.outgoing(s.now);
        CHECK(s.send(":srv CAP * LS :sasl multi-prefix") == std::vector<std::string>{"CAP REQ multi-prefix"});
    }
}

TEST_CASE("NickServ IDENTIFY after 001, before the JOINs; fallback nicks in order on 433") {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.nickserv_password = "pw";
    o.nickserv_account = "Cherry";
    o.fallback_nicks = {"Cherry2", "Cherry3"};
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    CHECK(s.send(":srv 433 * CherryBot :Nickname is already in use") == std::vector<std::string>{"NICK Cherry2"});
    CHECK(s.send(":srv 433 * Cherry2 :Nickname is already in use") == std::vector<std::string>{"NICK Cherry3"});
    CHECK(s.send(":srv 433 * Cherry3 :Nickname is already in use") == std::vector<std::string>{"NICK Cherry3_"});
    CHECK(s.send(":srv 001 Cherry3_ :Welcome") ==
          std::vector<std::string>{"PRIVMSG NickServ :IDENTIFY Cherry pw", "JOIN #cherries"});
}

TEST_CASE("A lost connection keeps the games; channel lines wait for the new registration and follow its JOINs") {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.game.seed = [] { return std::uint64_t{5}; };
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    s.send(":srv 001 CherryBot :Welcome");
    s.send(":CherryBot!bot@host JOIN #cherries");
    s.send(":srv 353 CherryBot = #cherries :CherryBot ann bob");
    s.send(":srv 366 CherryBot #cherries :End");
    s.send(":ann!a@h PRIVMSG #cherries :!cherries");
    s.send(":bob!b@h PRIVMSG #cherries :!join");
    REQUIRE(s.client.game("#cherries")->seated() == std::vector<std::string>{"ann", "bob"});

    s.client.disconnected();
    CHECK_FALSE(s.client.registered());
    // Said while away: nothing goes out before the registration.
    s.client.receive(":ann!a@h PRIVMSG #cherries :!status", s.now);
    CHECK(s.client.outgoing(s.now).empty());
    s.client.connect();
    CHECK(s.client.outgoing(s.now).front() == "CAP LS 302");
    const auto after = s.send(":srv 001 CherryBot :Welcome back");
    REQUIRE(after.size() >= 2);
    CHECK(after[0] == "JOIN #cherries");
    CHECK(after[1].rfind("PRIVMSG #cherries :", 0) == 0);  // the held !status answer, after the JOIN
    s.send(":CherryBot!bot@host JOIN #cherries");
    CHECK(s.client.game("#cherries")->seated() == std::vector<std::string>{"ann", "bob"});
}

TEST_CASE("quit() goes out first, ahead of queued channel lines") {
    ClientOptions o;
    Server s(o);
    s.client.connect();
    s.client.quit("bye");
    const auto out = s.client.outgoing(s.now);
    REQUIRE_FALSE(out.empty());
    CHECK(out.front() == "QUIT :bye");
}

TEST_CASE("Kicked from a configured channel: its game ends, and the bot joins again after 30 s") {
    ClientOptions o;
    o.channels = {"#cherries"};
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    s.send(":srv 001 CherryBot :Welcome");
    s.send(":CherryBot!bot@host JOIN #cherries");
    s.send(":op!o@h KICK #Cherries CherryBot :out");
    CHECK(s.client.game("#cherries") == nullptr);
    REQUIRE(s.client.next_wakeup() == s.now + kRejoinAfterKick);
    s.now += kRejoinAfterKick - std::chrono::seconds(1);
    s.client.tick(s.now);
    CHECK(s.client.outgoing(s.now).empty());
    s.now += std::chrono::seconds(1);
    s.client.tick(s.now);
    CHECK(s.client.outgoing(s.now) == std::vector<std::string>{"JOIN #cherries"});
    // Kicked from a channel it was not configured for (joined by hand): no rejoin.
    s.send(":CherryBot!bot@host JOIN #other");
    s.send(":op!o@h KICK #other CherryBot :out");
    CHECK_FALSE(s.client.next_wakeup().has_value());
}
