// CherryBot SIGKILLed mid-game over a real server (ngircd on 127.0.0.1, the real binary) and
// started again on the same SQLite file: the game resumes in its channel, no turn lost or
// played twice, and the statistics of finished games are kept (issue 10, items 4 and 5). [net]
#include "tests/host/irc/irc_server_support.hpp"

using namespace irc_server_test;

TEST_CASE("The bot SIGKILLed mid-game and started again: the game resumes after its last turn, statistics kept",
          "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob");
    ann.join("#cherries");
    bob.join("#cherries");
    // ann says up to 11 commands in a few seconds (a game may end on turn 1 and be opened
    // again): more than a player's default budget of 5 at once (flood.player_burst), which
    // would ignore the last of them. The budget has its own tests.
    const std::string tables = "database = \"games.sqlite\"\n" + test_tables() + "player_burst = 100\n";
    auto bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    const std::string said = "PRIVMSG #cherries :";
    const std::map<std::string, IrcTestClient*> players{{"ann", &ann}, {"bob", &bob}};

    // A first game, to its end: its statistics are stored.
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(said + "ann opens a game"));
    bob.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "bob joins"));
    ann.say("#cherries", "!start");
    REQUIRE(play_to_end(ann, players, "#cherries"));

    // A second game: turn 1 played (ann keeps), turn 2 announced; then SIGKILL, no goodbye.
    // Each game's seed is random and 2 points win, so a 2 or 3 Points card drawn on turn 1 ends
    // the game there; then another game is opened (at most 5).
    int games = 1;
    bool turn_two = false;
    for (int attempt = 0; attempt < 5 && !turn_two; ++attempt) {
        ann.say("#cherries", "!cherries");
        REQUIRE(ann.wait_for(said + "ann opens a game"));
        bob.say("#cherries", "!join");
        if (!ann.wait_for(said + "bob joins")) FAIL("the channel as ann saw it:\n" << ann.transcript() << "\nthe bot's log:\n" << bot->log());
        ann.say("#cherries", "!start");
        REQUIRE(ann.wait_for(said + "Turn 1: ann drew .*ann: !keep or !give NICK"));
        ann.say("#cherries", "!keep");
        ++games;
        REQUIRE(ann.wait_for(said + "(Turn 2: bob drew .*bob: !keep or !give NICK|.* wins!)"));
        turn_two = ann.last().find("Turn 2: bob drew") != std::string::npos;
    }
    REQUIRE(turn_two);
    bot.reset();  // SIGKILL (BotProcess's destructor) and wait for it
    REQUIRE(ann.wait_for(":CherryBot!\\S+ QUIT ", 15s));

    // Started again on the same database: turn 1 is not played again, turn 2 is bob's again.
    bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    REQUIRE(ann.wait_for(said + "Cherries resumed after turn 1 \\(stored game " + std::to_string(games) + "\\): scores "));
    REQUIRE(ann.wait_for(said + "(Turn 2: bob drew .*)?bob: !keep or !give NICK"));
    CHECK(ann.last().find("Turn 1:") == std::string::npos);
    bob.say("#cherries", "!keep");
    REQUIRE(play_to_end(ann, players, "#cherries"));

    // Every game counted for each player.
    ann.say("#cherries", "!stats bob");
    INFO("games opened: " << games << "; the channel as ann saw it:\n" << ann.transcript() << "\nthe bot's log:\n" << bot->log());
    REQUIRE(ann.wait_for(said + "bob: " + std::to_string(games) + " games, [0-9]+ wins?, [0-9]+ turns, "));
    CHECK(bot->terminate() == 0);
}
