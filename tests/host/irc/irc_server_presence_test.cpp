// CherryBot's place on a real server (ngircd on 127.0.0.1, the real binary; issue 23, point 4):
// kicked and banned it tries again with a doubling wait and is back once unbanned; kicked from
// an invite-only channel it joins at once when invited; a nick longer than the server's NICKLEN
// (432) is shortened; with no nick left it gives up and exits 1. Waits are fractions of a
// second so that the tests stay fast. [net]
#include "tests/host/irc/irc_server_support.hpp"

using namespace irc_server_test;

TEST_CASE("Kicked and banned: JOINs refused with a doubling wait, logged; back after the unban", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");  // the first in the channel: its operator
    auto bot = start_bot(folder, server, ann, {"#cherries"}, "rejoin_delay = 0.2\nrejoin_max = 0.8\n" + test_tables());
    REQUIRE(bot->wait_log("joined #cherries"));

    ann.send("MODE #cherries +b CherryBot!*@*");
    REQUIRE(ann.wait_for("MODE #cherries \\+b CherryBot!\\*@\\*"));
    ann.send("KICK #cherries CherryBot :cool off");
    REQUIRE(ann.wait_for("KICK #cherries CherryBot :cool off"));
    CHECK(bot->wait_log("kicked from #cherries by ann \\(cool off\\); joining again in 0.2 s"));
    // 0.2 s, then refused: 0.4 s, refused: 0.8 s, refused: 0.8 s (rejoin_max).
    CHECK(bot->wait_log("cannot join #cherries: banned \\(474: .*\\); trying again in 0.4 s", 5s));
    CHECK(bot->wait_log("cannot join #cherries: banned \\(474: .*\\); trying again in 0.8 s", 5s));
    const auto refused = bot->log();
    CHECK(refused.find("trying again in 1.6 s") == std::string::npos);

    ann.send("MODE #cherries -b CherryBot!*@*");
    const auto unbanned = std::chrono::steady_clock::now();
    REQUIRE(ann.wait_for(":CherryBot!\\S+ JOIN :?#cherries", 5s));
    CHECK(std::chrono::steady_clock::now() - unbanned < 2s);  // within one wait (0.8 s) and some slack
    CHECK(bot->wait_log("joined #cherries[\\s\\S]*joined #cherries"));  // the second time
    // It plays again there.
    ann.say("#cherries", "!help");
    CHECK(ann.wait_for("PRIVMSG #cherries :.*!cherries", 5s));
    CHECK(bot->terminate() == 0);
}

TEST_CASE("Kicked from an invite-only channel: an INVITE brings it back at once; one elsewhere is ignored", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");
    ann.join("#elsewhere");
    // A long wait after the kick: only the INVITE can bring it back within the test.
    auto bot = start_bot(folder, server, ann, {"#cherries"}, "rejoin_delay = 60\n" + test_tables());
    ann.send("MODE #cherries +i");
    REQUIRE(ann.wait_for("MODE #cherries \\+i"));
    ann.send("KICK #cherries CherryBot");
    REQUIRE(bot->wait_log("kicked from #cherries by ann.*; joining again in 60 s"));

    ann.send("INVITE CherryBot #elsewhere");
    CHECK(bot->wait_log("invited to #elsewhere by ann: not a configured channel; not joining"));
    ann.send("INVITE CherryBot #cherries");
    const auto invited = std::chrono::steady_clock::now();
    REQUIRE(ann.wait_for(":CherryBot!\\S+ JOIN :?#cherries", 5s));
    CHECK(std::chrono::steady_clock::now() - invited < 2s);
    CHECK(bot->wait_log("invited to #cherries by ann; joining"));
    CHECK(bot->log().find("JOIN #elsewhere") == std::string::npos);
    CHECK(bot->terminate() == 0);
}

TEST_CASE("A nick longer than the server's NICKLEN (432): shortened, and a taken short nick varied", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server({.max_nick_length = 9});
    IrcTestClient ann(server.port(), "ann");
    IrcTestClient taken(server.port(), "CherryBot");  // the shortened nick is in use
    ann.join("#cherries");
    std::string config = bot_config(server.port(), {"#cherries"}, test_tables());
    config.replace(config.find("nick = \"CherryBot\""), 18, "nick = \"CherryBotTheDealer\"");
    BotProcess bot(folder, config);
    REQUIRE(ann.wait_for(":CherryBo_!\\S+ JOIN :?#cherries", 15s));
    CHECK(bot.wait_log("the server refused the nick CherryBotTheDealer \\(432: .*\\); trying CherryBot"));
    CHECK(bot.wait_log("the server refused the nick CherryBot \\(433: .*\\); trying CherryBo_"));
    CHECK(bot.wait_log("registered as CherryBo_"));
    ann.say("#cherries", "!help");
    CHECK(ann.wait_for(":CherryBo_!\\S+ PRIVMSG #cherries :", 5s));
    CHECK(bot.terminate() == 0);
}

TEST_CASE("No nick the server takes: the bot says which it tried and what is expected, and exits 1", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server({.max_nick_length = 9});
    // Every nick it would try next is in use.
    std::vector<std::unique_ptr<IrcTestClient>> squatters;
    for (const char* nick : {"CherryBot", "CherryBo_", "CherryBo1"})
        squatters.push_back(std::make_unique<IrcTestClient>(server.port(), nick));
    std::string config = bot_config(server.port(), {"#cherries"}, test_tables());
    config.replace(config.find("nick = \"CherryBot\""), 18, "nick = \"CherryBotTheDealer\"");
    BotProcess bot(folder, config);
    const auto until = std::chrono::steady_clock::now() + 15s;
    while (bot.running() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(50ms);
    REQUIRE_FALSE(bot.running());
    CHECK(bot.terminate() == 1);
    const std::string log = bot.log();
    CHECK(log.find("giving up: the server refused every nick tried (CherryBotTheDealer, CherryBot, CherryBo_, CherryBo1), "
                   "the last with 433") != std::string::npos);
    CHECK(log.find("at most 9 characters") != std::string::npos);
    // Once, not in a loop: no reconnect after giving up.
    CHECK(log.find("reconnecting") == std::string::npos);
}
