// The SQLite store itself (host/store/game_store.hpp): schema version and the v1 -> v2 migration on a
// real v1 file, files that are no CherryBot database refused untouched, games and statistics.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <fstream>

#include "host/irc/client.hpp"
#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;

namespace {

std::string bytes_of(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("A new database gets the current schema version, in WAL mode") {
    TempFolder tmp;
    cherries::host::GameStore store(tmp.file("new.db"));
    CHECK(store.schema_version() == cherries::host::kStoreSchemaVersion);
    SQLite::Database raw(tmp.file("new.db"));
    CHECK(raw.execAndGet("PRAGMA journal_mode").getString() == "wal");
}

TEST_CASE("A schema 1 database is migrated to the current schema: records become lines, statistics keep their totals") {
    TempFolder tmp;
    const std::string file = tmp.file("v1.db");
    cherries::host::migrate_database(file, 1);
    {
        SQLite::Database v1(file, SQLite::OPEN_READWRITE);
        REQUIRE(v1.execAndGet("PRAGMA user_version").getInt() == 1);
        v1.exec("INSERT INTO games (id, channel, started, status, winner, turns, state, record) VALUES "
                "(7, '#old', 1700000000, 'won', 'ann', 2, NULL, '{\"record\":\"cherries\"}\n[\"draw\"]\n{\"end\":\"won\"}\n')");
        v1.exec("INSERT INTO stats (nick, games, wins, points) VALUES ('ann', 3, 2, 25)");
    }
    cherries::host::GameStore store(file);
    CHECK(store.schema_version() == cherries::host::kStoreSchemaVersion);
    CHECK(store.record(7) == "{\"record\":\"cherries\"}\n[\"draw\"]\n{\"end\":\"won\"}\n");
    const auto games = store.games();
    REQUIRE(games.size() == 1);
    CHECK(games[0].channel == "#old");
    CHECK(games[0].winner == "ann");
    const auto ann = store.stats("nick:ann");
    REQUIRE(ann);
    CHECK(ann->games == 3);
    CHECK(ann->wins == 2);
    CHECK(ann->points == 25);
    CHECK_FALSE(ann->best);  // schema 1 did not keep it
    // New games count on top of the migrated totals; the best score is known from now on.
    store.finish(store.begin_game("#old", "{}", 0), {}, "won", "ann", 4,
                 {cherries::host::StatsUpdate{.key = "nick:ann", .name = "ann", .won = true, .turns = 3, .points = 10}});
    CHECK(store.stats("nick:ann")->games == 4);
    CHECK(store.stats("nick:ann")->best == 10);
    // Opening it again changes nothing.
    CHECK(cherries::host::GameStore(file).schema_version() == cherries::host::kStoreSchemaVersion);
}

TEST_CASE("A schema 2 database gains the finish time (schema 3); a finished game's final state is kept until dropped") {
    TempFolder tmp;
    const std::string file = tmp.file("v2.db");
    cherries::host::migrate_database(file, 2);
    {
        SQLite::Database v2(file, SQLite::OPEN_READWRITE);
        v2.exec("INSERT INTO games (id, channel, started, status, winner, turns, state) VALUES (3, 'web:abc', 1700000000, 'won', 'ann', 9, NULL)");
    }
    cherries::host::GameStore store(file);
    CHECK(store.schema_version() == cherries::host::kStoreSchemaVersion);
    CHECK(store.games().at(0).winner == "ann");  // the old game is still there
    CHECK(store.finished_under("web:", 0).empty());  // finished before schema 3: no state, no time
    // A web table's game: its final state stays with its finish time, until the table closes.
    const std::int64_t web = store.begin_game("web:xyz", "{}", 100);
    store.finish(web, {"{\"end\":\"won\"}"}, "won", "bob", 5, {}, "{\"id\":\"xyz\"}", 1000);
    const std::int64_t irc = store.begin_game("#chan", "{}", 100);
    store.finish(irc, {}, "won", "bob", 5, {}, {}, 1000);  // CherryBot keeps no final state
    const auto kept = store.finished_under("web:", 999);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].id == web);
    CHECK(kept[0].channel == "web:xyz");
    CHECK(kept[0].state == "{\"id\":\"xyz\"}");
    CHECK(store.finished_under("web:", 1001).empty());  // finished longer ago than asked for
    CHECK(store.finished_under("", 0).size() == 1);
    store.drop_final_state(web);
    CHECK(store.finished_under("web:", 0).empty());
    CHECK(store.record(web) == "{}\n{\"end\":\"won\"}\n");  // the record stays
}

TEST_CASE("A file that is no CherryBot database is refused with its name, and left as it was") {
    TempFolder tmp;
    const std::string garbage = tmp.file("notes.txt");
    {
        std::ofstream out(garbage, std::ios::binary);
        for (int i = 0; i < 200; ++i) out << "these are not the pages of a SQLite database\n";
    }
    const std::string before = bytes_of(garbage);
    CHECK_THROWS_WITH(cherries::host::GameStore(garbage), Catch::Contains(garbage) && Catch::Contains("expected a SQLite database file"));
    CHECK(bytes_of(garbage) == before);

    const std::string other = tmp.file("other.db");
    {
        SQLite::Database db(other, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE mine (x INTEGER)");
    }
    const std::string other_before = bytes_of(other);
    CHECK_THROWS_WITH(cherries::host::GameStore(other), Catch::Contains(other) && Catch::Contains("another program"));
    CHECK(bytes_of(other) == other_before);

    const std::string newer = tmp.file("newer.db");
    {
        SQLite::Database db(newer, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA user_version = 99");
    }
    CHECK_THROWS_WITH(cherries::host::GameStore(newer), Catch::Contains("schema version 99 is newer"));
}

TEST_CASE("A corrupt database file: the Client names the file and nothing is overwritten") {
    TempFolder tmp;
    const std::string file = tmp.file("bot.db");
    {
        StoredChannel c(file);
        c.say("ann", "!cherries");
    }
    // Damage the header page of the file (the WAL was checkpointed when the store closed).
    std::string bytes = bytes_of(file);
    REQUIRE(bytes.size() > 100);
    for (std::size_t i = 0; i < 16; ++i) bytes[i] = 'X';
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << bytes;
    }
    ClientOptions o;
    o.database = file;
    CHECK_THROWS_WITH(Client(o, library(), GameClock::time_point{}), Catch::Contains(file));
    CHECK(bytes_of(file) == bytes);
}

namespace {

struct Bot {
    explicit Bot(const std::string& db) : client(options(db), library(), now) {
        client.connect();
        send(":srv CAP * LS :message-tags account-tag extended-join");
        send(":srv CAP * ACK :message-tags account-tag extended-join");
        send(":srv 001 CherryBot :Welcome");
        send(":srv 005 CherryBot CASEMAPPING=rfc1459 CHANTYPES=# PREFIX=(ov)@+ :are supported");
    }
    static ClientOptions options(const std::string& db) {
        ClientOptions o;
        o.channels = {"#cherries"};
        o.database = db;
        o.game.seed = [] { return std::uint64_t{20261123}; };
        o.flood.burst = 1000;
        return o;
    }
    std::vector<std::string> send(const std::string& line) {
        client.receive(line, now);
        return client.outgoing(now);
    }
    std::vector<std::string> join() {
        auto out = send(":CherryBot!bot@host JOIN #cherries * :CherryBot");
        send(":srv 353 CherryBot = #cherries :CherryBot ann bob");
        send(":srv 366 CherryBot #cherries :End of /NAMES list.");
        return out;
    }
    GameClock::time_point now{};
    Client client;
};

bool any_has(const std::vector<std::string>& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("Client: accounts from account-tag and extended-join; the stored game resumes when the bot joins again") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    {
        Bot bot(db);
        bot.join();
        bot.send(":bob!b@h JOIN #cherries BobAcct :Bob");  // extended-join
        CHECK(bot.client.account("BOB") == "BobAcct");
        bot.send("@account=AnnAcct :ann!a@h PRIVMSG #cherries :!cherries");
        CHECK(bot.client.account("ann") == "AnnAcct");
        bot.send(":ann!a@h NICK ann2");
        CHECK(bot.client.account("ann2") == "AnnAcct");
        CHECK(bot.client.account("ann").empty());
        bot.send(":bob!b@h PRIVMSG #cherries :!join");
        bot.send(":ann2!a@h PRIVMSG #cherries :!start");
        REQUIRE(bot.client.game("#cherries")->open());
    }  // a crash: no QUIT, no shutdown
    Bot bot(db);
    const auto lines = bot.join();
    CHECK(any_has(lines, "PRIVMSG #cherries :Cherries resumed after turn 0"));
    const ChannelGame* game = bot.client.game("#cherries");
    REQUIRE(game);
    REQUIRE(game->open());
    CHECK(game->seated() == std::vector<std::string>{"ann2", "bob"});
    for (int i = 0; i < 2000 && game->open(); ++i)
        bot.send(":" + game->to_play() + "!x@h PRIVMSG #cherries :!keep");
    CHECK_FALSE(game->open());
    REQUIRE(bot.client.store());
    CHECK(bot.client.store()->stats("account:AnnAcct"));
    CHECK(bot.client.store()->stats("account:BobAcct"));
}

TEST_CASE("top(): by win rate among players with a minimum of games, then wins, then points") {
    TempFolder tmp;
    cherries::host::GameStore store(tmp.file("top.db"));
    // (nick, won?) per finished game.
    const std::vector<std::pair<std::string, bool>> results = {
        {"ann", true},  {"ann", false}, {"ann", true},                  // 2 of 3: 67%
        {"bob", true},  {"bob", true},  {"bob", true}, {"bob", false},  // 3 of 4: 75%
        {"cid", true},                                                  // 1 of 1: too few games
        {"dee", false}, {"dee", true},  {"dee", false},                 // 1 of 3: 33%
    };
    for (const auto& [nick, won] : results)
        store.finish(store.begin_game("#c", "{}", 0), {}, "won", won ? nick : "", 1,
                     {cherries::host::StatsUpdate{.key = "nick:" + nick, .name = nick, .won = won, .turns = 1, .points = won ? 10 : 1}});
    std::vector<std::string> order;
    for (const auto& p : store.top(5, 3)) order.push_back(p.name);
    CHECK(order == std::vector<std::string>{"bob", "ann", "dee"});
    order.clear();
    for (const auto& p : store.top(2, 1)) order.push_back(p.name);
    CHECK(order == std::vector<std::string>{"cid", "bob"});  // 100% with one game, when one game is enough
    CHECK(store.top(5, 5).empty());
}

TEST_CASE("!top in a channel: win rates with the minimum named; nobody with enough games is said so") {
    TempFolder tmp;
    {
        cherries::host::GameStore store(tmp.file("bot.db"));
        for (int i = 0; i < 3; ++i)
            store.finish(store.begin_game("#cherries", "{}", 0), {}, "won", "ann", 1,
                         {cherries::host::StatsUpdate{.key = "nick:ann", .name = "ann", .won = i < 2, .turns = 1, .points = 5},
                          cherries::host::StatsUpdate{.key = "nick:bob", .name = "bob", .won = i == 2, .turns = 1, .points = 3}});
    }
    StoredChannel c(tmp.file("bot.db"));  // top_min_games: 3 by default
    CHECK(c.say("zed", "!top") ==
          Replies{"Top players by win rate (at least 3 games): 1. ann 67% (2 of 3 games); 2. bob 33% (1 of 3 games)."});
    ChannelOptions four;
    four.top_min_games = 4;
    StoredChannel strict(tmp.file("bot.db"), four);
    CHECK(strict.say("zed", "!top") == Replies{"Nobody has finished 4 games yet; !stats NICK shows anyone's."});
}
