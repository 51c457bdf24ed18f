// Players doing what players do, over a real server (ngircd) with the real binary: joining,
// leaving and renaming mid-game, quitting on their turn, flooding, asking for long replies,
// and sending hostile text and nicks. [net]
#include "tests/host/irc/irc_server_support.hpp"

using namespace irc_server_test;

TEST_CASE("Join, leave and nick change mid-game; a QUIT on your turn: the timeout, then the bot decides", "[net]") {
    TempFolder folder;
    // Nobody may win during these steps: the game's seed is random, and at 2 points a win in
    // the first turns was likely (it made cid's !leave go unanswered: the game was over).
    write_quick_gametype(folder, 100);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob"), cid(server.port(), "cid");
    for (auto* c : {&ann, &bob, &cid}) c->join("#cherries");
    // 1.5 s to play: ann's turn 1 has several steps (cid's join, bob's rename), so she pauses
    // the clock for them (!pause, !resume) rather than the test waiting out a long timeout.
    auto bot = start_bot(folder, server, ann, {"#cherries"}, test_tables(1.5));
    const std::string said = "PRIVMSG #cherries :";
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(said + "ann opens a game"));
    bob.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "bob joins"));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(said + "Turn 1: ann drew .*ann: !keep or !give NICK \\(1.5 s\\)"));
    ann.say("#cherries", "!pause");
    REQUIRE(ann.wait_for(said + "ann pauses the game: the turn clock stops"));
    // cid joins during ann's turn: seated after it (GDD §3.4.2.1).
    cid.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "cid joins after this turn."));
    // bob becomes robert: the seat follows the nick.
    bob.rename("robert");
    REQUIRE(ann.wait_for(":bob!\\S+ NICK :?robert"));
    ann.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(said + "The game is paused; !resume first."));
    ann.say("#cherries", "!resume");
    REQUIRE(ann.wait_for(said + "ann resumes the game: ann has 1.*s left."));
    ann.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(said + "cid joins, last in the turn order."));
    REQUIRE(ann.wait_for(said + "Turn 2: robert drew .*robert: !keep"));
    // robert quits on his turn: a leave between turns; the greedy bot plays this turn first.
    bob.quit("gone");
    REQUIRE(ann.wait_for(said + "robert leaves; the greedy bot plays their turn."));
    REQUIRE(ann.wait_for(said + "Turn \\d+: cid drew .*cid: !keep"));
    // cid does nothing: after 1.5 s the greedy bot decides for them.
    REQUIRE(ann.wait_for(said + "cid did not act within 1.5 s: the greedy bot decides for them \\(timeout 1 of 3\\)", 30s));
    // cid leaves with !leave (or has timed out of the game already); ann alone then suspends it.
    cid.say("#cherries", "!leave");
    const bool answered = ann.wait_for(said + "(cid leaves|cid, you are not playing)", 30s);
    if (!answered) {
        for (const auto& line : ann.lines()) UNSCOPED_INFO(line);  // what the channel said instead
    }
    REQUIRE(answered);
    CHECK(bot->terminate() == 0);
}

TEST_CASE("30 commands in 1 s from players never get the bot disconnected for flooding; each is answered", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server({.max_penalty_time = -1});  // ngircd's own flood penalties on, as on a real network
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob");
    ann.join("#cherries");
    bob.join("#cherries");
    // Flood control at burst 5, then 2 lines/s (the default is 1 line/s; 2 keeps the test short
    // and is still below what ngircd lets a client send without penalties).
    // Each player's command budget (player_burst) above the 15 commands each sends: this is
    // about the bot's own flood control (irc_server_quiet_test has the budget).
    auto bot = start_bot(folder, server, ann, {"#cherries"}, "\n[flood]\nburst = 5\nper_second = 2\nplayer_burst = 20\n");
    for (int i = 0; i < 15; ++i) {
        ann.say("#cherries", "!status");
        bob.say("#cherries", "!rules");
        std::this_thread::sleep_for(30ms);
    }
    // 30 replies, 2 a second after a burst of 5: all of them, none lost.
    int answers = 0;
    while (answers < 30 && ann.wait_for("PRIVMSG #cherries :", 20s)) ++answers;
    CHECK(answers == 30);
    ann.say("#cherries", "!help");
    CHECK(ann.wait_for("PRIVMSG #cherries :.*!cherries", 20s));
    CHECK(bot->log().find("lost the server") == std::string::npos);
    CHECK(server.log().find("Excess Flood") == std::string::npos);
    CHECK(bot->terminate() == 0);
}

TEST_CASE("A reply longer than 512 bytes arrives split into lines that fit, at spaces, nothing lost", "[net]") {
    TempFolder folder;
    std::vector<std::string> ids;
    for (int i = 10; i < 24; ++i) {
        const std::string id = "a-rather-long-card-set-identifier-number-" + std::to_string(i);
        ids.push_back(id);
        folder.write("plugins/sets/" + id + "/set.toml", set_header(id));
    }
    Ngircd server;
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");
    auto bot = start_bot(folder, server, ann, {"#cherries"}, "plugin_path = [\"plugins\"]\n");
    ann.say("#cherries", "!sets");
    std::string text;
    int pieces = 0;
    while (ann.wait_for("PRIVMSG #cherries :", pieces == 0 ? 10s : 3s)) {
        const std::string& line = ann.last();
        CHECK(line.size() + 2 <= 512);  // as relayed, with the prefix and CRLF
        text += (text.empty() ? "" : " ") + line.substr(line.find(" :", 1) + 2);
        ++pieces;
        if (text.find(ids.back()) != std::string::npos) break;
    }
    CHECK(pieces >= 2);
    for (const auto& id : ids) CHECK((text.find(id + ",") != std::string::npos || text.find(id) == text.size() - id.size()));
    CHECK(bot->terminate() == 0);
}

TEST_CASE("Hostile players: NUL bytes, overlong lines, invalid UTF-8, CTCP, formatting codes, nicks that are "
          "card names or commands", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), keep(server.port(), "keep"), cherry(server.port(), "Cherry");
    IrcTestClient eve(server.port(), "eve");
    for (auto* c : {&ann, &keep, &cherry, &eve}) c->join("#cherries");
    auto bot = start_bot(folder, server, ann, {"#cherries"}, test_tables());
    const std::string said = "PRIVMSG #cherries :";
    // eve's worst (ngircd may cut her off for some of it; the bot must not mind).
    eve.send("PRIVMSG #cherries :\xff\xfe\xc3(");
    eve.send("PRIVMSG #cherries :!card \xff\xfe");
    REQUIRE(eve.wait_for(said + ".*\xef\xbf\xbd"));  // the unknown card echoed as U+FFFD, never raw bytes
    eve.send("PRIVMSG #cherries :\x01VERSION\x01");
    eve.send("PRIVMSG CherryBot :\x01PING 123\x01");
    eve.send("NOTICE #cherries :!help");
    eve.send_raw(std::string("PRIVMSG #cherries :!sta\0tus\r\n", 29));
    eve.send("PRIVMSG #cherries :!status " + std::string(2000, 'x'));
    ann.say("#cherries", "\x02!cherries\x02");  // bold: still the command
    REQUIRE(ann.wait_for(said + "ann opens a game"));
    keep.say("#cherries", "!join");
    cherry.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "Cherry joins"));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(said + "Turn 1: ann drew"));
    ann.say("#cherries", "!give keep");  // the player called keep, not the command
    REQUIRE(ann.wait_for(said + "ann gave .* to keep"));
    // Nothing was answered in private, and the bot is still connected.
    for (const auto& line : eve.lines()) {
        CHECK(line.find("NOTICE eve") == std::string::npos);
        CHECK(line.find("PRIVMSG eve") == std::string::npos);
    }
    for (const auto& line : ann.lines()) {
        CHECK(line.find("NOTICE ann") == std::string::npos);
        CHECK(line.find("PRIVMSG ann") == std::string::npos);
    }
    CHECK(bot->log().find("lost the server") == std::string::npos);
    CHECK(bot->terminate() == 0);
}
