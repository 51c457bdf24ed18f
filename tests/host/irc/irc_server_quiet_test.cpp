// A quieter table on a real server (ngircd on 127.0.0.1, the real binary; issue 23, point 5):
// a player flooding commands gets a few answers and one NOTICE while the game goes on at its
// pace; five !keep out of turn get one refusal; a private message gets one NOTICE pointing to
// the channel; with notice_replies, !status is answered by NOTICE. [net]
#include "tests/host/irc/irc_server_support.hpp"

#include <regex>

using namespace irc_server_test;

namespace {

std::size_t count(const IrcTestClient& client, const std::string& pattern) {
    const std::regex re(pattern);
    std::size_t n = 0;
    for (const auto& line : client.lines())
        if (std::regex_search(line, re)) ++n;
    return n;
}

}  // namespace

TEST_CASE("A flooding player cannot stall the game; repeated refusals are said once", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder, 100);  // nobody wins during the test
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob"), cid(server.port(), "cid");
    for (IrcTestClient* c : {&ann, &bob, &cid}) c->join("#cherries");
    auto bot = start_bot(folder, server, ann, {"#cherries"}, test_tables(30, "", 5, 5) + "player_burst = 3\nplayer_per_second = 0.2\n");
    const std::string said = "PRIVMSG #cherries :";
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(said + "ann opens a game"));
    bob.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "bob joins"));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(said + "Turn 1: ann drew .*ann: !keep or !give NICK"));

    // Five !keep out of turn: one refusal.
    for (int i = 0; i < 5; ++i) bob.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(said + "It is ann's turn, not bob's\\.", 5s));
    ann.idle(1500ms);
    CHECK(count(ann, "It is ann's turn, not bob's") == 1);

    // cid floods 300 commands (as in the issue, where 3,000 !rules held a game up for 98 s).
    for (int i = 0; i < 300; ++i) cid.say("#cherries", i % 2 ? "!rules" : "!sets");
    REQUIRE(cid.wait_for("NOTICE cid :#cherries: too many commands at once", 10s));
    // The game goes on at once: ann's move is told and bob is asked within a second or two,
    // not after cid's 300 answers at 5 lines a second (a minute).
    const auto moved = std::chrono::steady_clock::now();
    ann.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(said + "(Turn 2: bob drew .*)?bob: !keep or !give NICK", 10s));
    CHECK(std::chrono::steady_clock::now() - moved < 3s);
    ann.idle(1s);
    const std::size_t answers = count(ann, said + "(Quick: first to|Card sets:)");
    CHECK(answers >= 3);
    CHECK(answers <= 5);  // the burst, and perhaps one more earned meanwhile
    CHECK(count(cid, "NOTICE cid :") == 1);
    CHECK(bot->log().find("ignoring commands from cid") != std::string::npos);
    CHECK(bot->terminate() == 0);
}

TEST_CASE("A private message gets one NOTICE pointing to the channel; notice_replies answers !status by NOTICE",
          "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");
    auto bot = start_bot(folder, server, ann, {"#cherries"}, test_tables(30, "notice_replies = true\n"));
    ann.send("PRIVMSG CherryBot :!help");
    REQUIRE(ann.wait_for(":CherryBot!\\S+ NOTICE ann :CherryBot plays Cherries in #cherries: say !help there\\.", 5s));
    ann.send("PRIVMSG CherryBot :hello?");
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for("PRIVMSG #cherries :ann opens a game"));
    ann.say("#cherries", "!status");
    REQUIRE(ann.wait_for(":CherryBot!\\S+ NOTICE ann :Not started \\(Quick", 5s));
    ann.idle(500ms);
    CHECK(count(ann, "NOTICE ann :CherryBot plays") == 1);  // the second private message: no second NOTICE
    CHECK(count(ann, "PRIVMSG #cherries :Not started") == 0);
    CHECK(bot->terminate() == 0);
}
