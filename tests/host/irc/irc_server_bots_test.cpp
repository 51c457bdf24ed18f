// Bot plugins at the IRC table over a real server (ngircd on 127.0.0.1, the real binary; issue
// 12): `!bot nosuch` is refused with the bots there are, `!bot leader` seats the shipped bot
// plugin, the game survives a SIGKILL of the bot with leader in its seat and plays to a win, and
// `cherries irc export` + `cherries replay` verify it, leader named by its fingerprint. [net]
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "host/bots/lua_bot.hpp"
#include "tests/host/irc/irc_server_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace irc_server_test;

TEST_CASE("!bot leader over a real server: seated, resumed after a SIGKILL, plays to a win; the export replays", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");
    const std::string tables = "database = \"games.sqlite\"\n" + test_tables();
    auto bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    const std::string said = "PRIVMSG #cherries :";

    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(said + "ann opens a game"));
    ann.say("#cherries", "!bot nosuch");
    REQUIRE(ann.wait_for(said + "There is no bot 'nosuch'; bots here: random, greedy, expert, strategic, leader\\."));
    ann.say("#cherries", "!bot leader");
    REQUIRE(ann.wait_for(said + "leader-2 joins, last in the turn order\\."));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(said + "Turn 1: ann drew .*ann: !keep or !give NICK"));

    // SIGKILL with turn 1 awaited: started again, the game resumes with leader in its seat.
    bot.reset();
    REQUIRE(ann.wait_for(":CherryBot!\\S+ QUIT ", 15s));
    bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    REQUIRE(ann.wait_for(said + "Cherries resumed after turn 0 \\(stored game 1\\): scores "));
    REQUIRE(ann.wait_for(said + "(Turn 1: ann drew .*)?ann: !keep or !give NICK"));
    ann.say("#cherries", "!keep");
    REQUIRE(play_to_end(ann, {{"ann", &ann}}, "#cherries"));
    REQUIRE(ann.wait_for(said + "Final scores: "));
    CHECK(bot->log().find("the greedy bot decided instead") == std::string::npos);  // leader made every decision
    CHECK(bot->terminate() == 0);

    const std::string db = (folder.path() / "games.sqlite").string();
    const CliRun exported = run_cli("irc export 1 --database '" + db + "'");
    REQUIRE(exported.status == 0);
    std::istringstream lines(exported.out);
    std::string line, plugin;
    while (std::getline(lines, line))
        if (line.starts_with("[\"plugin\"")) plugin = line;
    const std::string fingerprint =
        cherries::sdk::read_bot_plugin(std::filesystem::path(CHERRIES_SOURCE_DIR) / "bots" / "leader").fingerprint;
    CHECK(plugin == "[\"plugin\",0,{\"fingerprint\":\"" + fingerprint + "\",\"id\":\"leader\",\"kind\":\"bot\",\"version\":\"1.0.0\"}]");
    const std::string record = folder.write("game.jsonl", exported.out).string();
    const CliRun replay = run_cli("replay '" + record + "' --plugin-path '" + (folder.path() / "plugins").string() + "'");
    INFO(replay.err);
    CHECK(replay.status == 0);
    CHECK(replay.out.find("match the record") != std::string::npos);
}
