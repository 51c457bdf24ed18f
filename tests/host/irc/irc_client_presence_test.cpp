// The client's place on the server without a socket (issue 23, point 4): JOINs refused by a
// ban (474) tried again with a doubling wait, an INVITE to a configured channel joined at once,
// a nick the server calls erroneous (432, too long for NICKLEN) shortened, and a clear giving
// up when no nick is left; each logged for the operator.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_channel_support.hpp"

using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {

struct Server {
    explicit Server(ClientOptions o) : client(with_log(std::move(o), log), irc_test::library(), now) {}
    static ClientOptions with_log(ClientOptions o, std::vector<std::string>& log) {
        o.game.log = [&log](const std::string& line) { log.push_back(line); };
        return o;
    }
    std::vector<std::string> send(const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    }
    // Time passes by `step`: what the client writes then.
    std::vector<std::string> wait(std::chrono::milliseconds step) {
        now += step;
        client.tick(now);
        return client.outgoing(now);
    }
    bool logged(const std::string& text) const {
        for (const auto& l : log)
            if (l.find(text) != std::string::npos) return true;
        return false;
    }
    std::vector<std::string> log;  // before client: the log function refers to it
    GameClock::time_point now{};
    Client client;
};

ClientOptions presence_options() {
    ClientOptions o;
    o.channels = {"#cherries"};
    o.rejoin_delay = 200ms;
    o.rejoin_max = 700ms;
    return o;
}

const std::vector<std::string> kJoin{"JOIN #cherries"};

}  // namespace

TEST_CASE("Kicked and banned: the JOIN refused (474) is tried again after a doubling wait up to rejoin_max; "
          "joining resets it") {
    Server s(presence_options());
    s.client.connect();
    s.client.outgoing(s.now);
    s.send(":srv 001 CherryBot :Welcome");
    s.send(":CherryBot!bot@host JOIN #cherries");
    CHECK(s.logged("joined #cherries"));
    s.send(":ann!a@h KICK #cherries CherryBot :behave");
    CHECK(s.logged("kicked from #cherries by ann (behave); joining again in 0.2 s"));
    CHECK(s.wait(199ms).empty());
    CHECK(s.wait(1ms) == kJoin);
    // Banned: 0.4 s, 0.7 s (0.8 capped by rejoin_max), 0.7 s.
    for (const auto wait : {400ms, 700ms, 700ms}) {
        CHECK(s.send(":srv 474 CherryBot #cherries :Cannot join channel (+b) -- you are banned").empty());
        CHECK(s.logged("cannot join #cherries: banned (474: Cannot join channel (+b) -- you are banned); trying again in " +
                       seconds_text(wait)));
        CHECK(s.client.next_wakeup() == s.now + wait);
        CHECK(s.wait(wait - 1ms).empty());
        CHECK(s.wait(1ms) == kJoin);
    }
    // In again: the next kick waits rejoin_delay again.
    s.send(":CherryBot!bot@host JOIN #cherries");
    s.send(":ann!a@h KICK #cherries CherryBot");
    CHECK(s.client.next_wakeup() == s.now + 200ms);
    // A refusal for a channel the bot was not told to join is logged, never retried.
    s.wait(200ms);
    s.send(":CherryBot!bot@host JOIN #cherries");
    CHECK(s.send(":srv 473 CherryBot #elsewhere :Cannot join channel (+i)").empty());
    CHECK(s.logged("cannot join #elsewhere: invite only (473: Cannot join channel (+i))"));
    CHECK_FALSE(s.client.next_wakeup().has_value());
}

TEST_CASE("An INVITE to a configured channel joins it at once; an INVITE elsewhere is logged and ignored") {
    ClientOptions o = presence_options();
    o.rejoin_delay = 30s;
    o.rejoin_max = 600s;
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    s.send(":srv 001 CherryBot :Welcome");
    CHECK(s.send(":srv 473 CherryBot #cherries :Cannot join channel (+i)").empty());
    CHECK(s.logged("cannot join #cherries: invite only (473: Cannot join channel (+i)); trying again in 60 s (or at once when invited)"));
    CHECK(s.send(":ann!a@h INVITE CherryBot #Cherries") == kJoin);
    CHECK(s.logged("invited to #cherries by ann; joining"));
    CHECK_FALSE(s.client.next_wakeup().has_value());  // the backoff's JOIN is not sent as well
    s.send(":CherryBot!bot@host JOIN #cherries");
    CHECK(s.send(":ann!a@h INVITE CherryBot #cherries").empty());  // in it already
    CHECK(s.send(":ann!a@h INVITE CherryBot #warez").empty());
    CHECK(s.logged("invited to #warez by ann: not a configured channel; not joining"));
}

TEST_CASE("432 for a nick longer than NICKLEN: the nick cut to fit; taken then: a shorter variant") {
    ClientOptions o = presence_options();
    o.nick = "CherryBotTheDealer";
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    // No 005 before registration: RFC 2812's 9 characters.
    CHECK(s.send(":srv 432 * CherryBotTheDealer :Erroneous nickname") == std::vector<std::string>{"NICK CherryBot"});
    CHECK(s.logged("the server refused the nick CherryBotTheDealer (432: Erroneous nickname); trying CherryBot"));
    CHECK(s.send(":srv 433 * CherryBot :Nickname already in use") == std::vector<std::string>{"NICK CherryBo_"});
    CHECK(s.send(":srv 433 * CherryBo_ :Nickname already in use") == std::vector<std::string>{"NICK CherryBo1"});
    s.send(":srv 001 CherryBo1 :Welcome");
    CHECK(s.client.registered());
    CHECK(s.client.nick() == "CherryBo1");
    CHECK(s.client.gave_up().empty());
    // Characters the server refuses are dropped.
    ClientOptions dotted = presence_options();
    dotted.nick = "Cherry.Bot";
    Server t(dotted);
    t.client.connect();
    t.client.outgoing(t.now);
    CHECK(t.send(":srv 432 * Cherry.Bot :Erroneous nickname") == std::vector<std::string>{"NICK CherryBot"});
}

TEST_CASE("Every nick refused: the client gives up with what it tried and what is expected, sending no more NICKs") {
    ClientOptions o = presence_options();
    o.nick = "Dealer";
    o.fallback_nicks = {"Dealer2"};
    Server s(o);
    s.client.connect();
    s.client.outgoing(s.now);
    CHECK(s.send(":srv 433 * Dealer :in use") == std::vector<std::string>{"NICK Dealer2"});
    CHECK(s.send(":srv 433 * Dealer2 :in use") == std::vector<std::string>{"NICK Dealer2_"});
    CHECK(s.send(":srv 433 * Dealer2_ :in use") == std::vector<std::string>{"NICK Dealer2__"});
    CHECK(s.send(":srv 433 * Dealer2__ :in use") == std::vector<std::string>{"NICK Dealer2___"});
    CHECK(s.client.gave_up().empty());
    CHECK(s.send(":srv 433 * Dealer2___ :in use").empty());  // 1 fallback + kNickTries tried: no more
    CHECK(s.client.gave_up() ==
          "the server refused every nick tried (Dealer, Dealer2, Dealer2_, Dealer2__, Dealer2___), the last "
          "with 433: in use; expected [bot] nick or fallback_nicks to hold a free nick of at most 9 characters: letters, "
          "digits and []\\`_^{|}- (RFC 2812 §2.3.1)");
    CHECK(s.logged("giving up: the server refused every nick tried"));

    // 432 for the default nick itself: nothing shorter to try, given up at once.
    ClientOptions d = presence_options();
    Server t(d);
    t.client.connect();
    t.client.outgoing(t.now);
    CHECK(t.send(":srv 432 * CherryBot :Erroneous nickname").empty());
    CHECK_FALSE(t.client.gave_up().empty());
}
