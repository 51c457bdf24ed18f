// The store's faults with the real binary on a real server (ngircd on 127.0.0.1; issue 23,
// point 3): another process holds the database's write lock for seconds while the game goes on
// (a short database_busy_timeout: the bot answers at once meanwhile), and the database file is
// deleted mid-game (a new one is written, with a warning). After each, kill -9 and a restart
// resume at the last announced turn. [net]
#include "tests/host/irc/irc_server_support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

using namespace irc_server_test;

namespace {

const std::string kSaid = "PRIVMSG #cherries :";

// ann and bob start a game of the quick gametype (nobody reaches 100) and play turn 1 (ann);
// returns when bob is asked for turn 2.
void start_and_play_turn_one(IrcTestClient& ann, IrcTestClient& bob) {
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(kSaid + "ann opens a game"));
    bob.say("#cherries", "!join");
    REQUIRE(ann.wait_for(kSaid + "bob joins"));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(kSaid + "Turn 1: ann drew .*ann: !keep or !give NICK"));
    ann.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(kSaid + "Turn 2: bob drew .*bob: !keep or !give NICK"));
}

// kill -9, a new bot on the same database: the game resumes after turn 3 and bob is asked for
// turn 4 again (the last announced turn), never an earlier one.
void kill_and_resume(std::unique_ptr<BotProcess>& bot, const TempFolder& folder, const Ngircd& server, IrcTestClient& ann,
                     const std::string& tables) {
    bot.reset();  // SIGKILL, no goodbye
    REQUIRE(ann.wait_for(":CherryBot!\\S+ QUIT ", 15s));
    bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    REQUIRE(ann.wait_for(kSaid + "Cherries resumed after turn 3 \\(stored game 1\\): scores ", 15s));
    REQUIRE(ann.wait_for(kSaid + "(Turn 4: bob drew .*)?bob: !keep or !give NICK"));
    CHECK(ann.last().find("Turn 3:") == std::string::npos);
}

}  // namespace

TEST_CASE("Another process holds the write lock for seconds: the bot answers at once, stores it all after, "
          "and kill -9 resumes at the last announced turn", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder, 100);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob");
    ann.join("#cherries");
    bob.join("#cherries");
    const std::string tables = "database = \"games.sqlite\"\ndatabase_busy_timeout = 0.01\n" + test_tables();
    auto bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    start_and_play_turn_one(ann, bob);
    {
        SQLite::Database other((folder.path() / "games.sqlite").string(), SQLite::OPEN_READWRITE);
        other.exec("BEGIN IMMEDIATE");  // the write lock, held until ROLLBACK
        bob.say("#cherries", "!keep");
        REQUIRE(ann.wait_for(kSaid + "This game cannot be stored in the database just now", 5s));
        REQUIRE(ann.wait_for(kSaid + "Turn 3: ann drew .*ann: !keep or !give NICK", 5s));
        // Every write waits 10 ms at most: an answer comes at once, not after SQLite's 5 s.
        const auto asked = std::chrono::steady_clock::now();
        ann.say("#cherries", "!help keep");
        REQUIRE(ann.wait_for(kSaid + "!keep \\(or !k\\)", 5s));
        CHECK(std::chrono::steady_clock::now() - asked < 1s);
        ann.say("#cherries", "!keep");
        REQUIRE(ann.wait_for(kSaid + "Turn 4: bob drew .*bob: !keep or !give NICK", 5s));
        // That a retry under the lock fails quietly is stepped with a ManualClock in
        // irc_channel_store_faults_test; here the real binary's retry meets the lock gone.
        other.exec("ROLLBACK");
    }
    // The retry (1 s, doubling) writes what was missed without a new turn.
    REQUIRE(ann.wait_for(kSaid + "The database works again: the game is stored, nothing was lost\\.", 20s));
    CHECK(bot->log().find("#cherries: ") != std::string::npos);  // the cause, for the operator
    kill_and_resume(bot, folder, server, ann, tables);
    CHECK(bot->terminate() == 0);
}

TEST_CASE("The database file deleted mid-game: a new file is written with a warning, and kill -9 resumes at the "
          "last announced turn", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder, 100);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob");
    ann.join("#cherries");
    bob.join("#cherries");
    const std::string tables = "database = \"games.sqlite\"\n" + test_tables();
    auto bot = start_bot(folder, server, ann, {"#cherries"}, tables);
    start_and_play_turn_one(ann, bob);
    const auto db = folder.path() / "games.sqlite";
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
    bob.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(kSaid + "The database file was deleted; a new one was written with everything stored so far\\.", 5s));
    REQUIRE(ann.wait_for(kSaid + "Turn 3: ann drew .*ann: !keep or !give NICK", 5s));
    CHECK(std::filesystem::exists(db));
    CHECK(bot->log().find("the database file was deleted while cherries used it") != std::string::npos);
    ann.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(kSaid + "Turn 4: bob drew .*bob: !keep or !give NICK", 5s));
    CHECK(std::none_of(ann.lines().begin(), ann.lines().end(),
                       [](const std::string& l) { return l.find("cannot be stored") != std::string::npos; }));
    kill_and_resume(bot, folder, server, ann, tables);
    CHECK(bot->terminate() == 0);
}
