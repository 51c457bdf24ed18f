// Statistics in the game store (host/store/game_store.hpp; issue 39): one name is one name, so
// "ann", "ANN", "Ann" and the NFC and NFD spellings of "ánn" are one row (stats_key); schema 4
// merges the rows an older database kept apart; the rankings read an index in their order (no
// sort of a million rows on every request) and page.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/postgresql_server.hpp"

using namespace cherries;
using host::GameStore;
using host::StatsOrder;
using host::StatsUpdate;

namespace {

void finish(GameStore& store, const std::string& key, const std::string& name, bool won, std::int64_t points = 5) {
    store.finish(store.begin_game("web:t", "{}", 0), {}, "won", won ? name : "", 3,
                 {StatsUpdate{.key = key, .name = name, .won = won, .turns = 2, .points = points}});
}

std::vector<std::string> names(const std::vector<host::PlayerStats>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.name);
    return out;
}

}  // namespace

TEST_CASE("stats_key folds case and composes: ann, ANN, Ann and both spellings of ánn are one key each") {
    CHECK(host::stats_key("web:ann") == "web:ann");
    CHECK(host::stats_key("web:ANN") == "web:ann");
    CHECK(host::stats_key("web:Ann") == "web:ann");
    CHECK(host::stats_key("web:a\xcc\x81nn") == host::stats_key("web:\xc3\xa1nn"));  // NFD and NFC
    CHECK(host::stats_key("web:\xc3\x81NN") == "web:\xc3\xa1nn");                     // ÁNN
    CHECK(host::stats_key("nick:ANN") != host::stats_key("web:ann"));                  // the kind stays apart
    CHECK(host::stats_key("account:Bob") == "account:bob");
}

TEST_CASE("finished games count under the normalised name: one row for ann, ANN, Ann; one for NFC and NFD ánn") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "s.db"));
        finish(store, "web:ann", "ann", true);
        finish(store, "web:ANN", "ANN", false);
        finish(store, "web:Ann", "Ann", true);
        finish(store, "web:\xc3\xa1nn", "\xc3\xa1nn", true);
        finish(store, "web:a\xcc\x81nn", "a\xcc\x81nn", false);
        const auto ann = store.stats("web:ANN");
        REQUIRE(ann);
        CHECK(ann->games == 3);
        CHECK(ann->wins == 2);
        CHECK(ann->name == "Ann");  // the name last seen
        const auto accented = store.stats("web:\xc3\xa1nn");
        REQUIRE(accented);
        CHECK(accented->games == 2);
        CHECK(store.top(10, 1, "web:", StatsOrder::most_wins).size() == 2);  // two rows, not five
    }
}

TEST_CASE("the web's ranking is most wins first; CherryBot's by win rate; both page, and read an index") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        const std::string where = test::new_store(engine, tmp, "rank.db");
        GameStore store(where);
        // ann 3 wins of 6, bob 2 of 2, cid 1 of 1, dee 0 of 1
        for (int i = 0; i < 6; ++i) finish(store, "web:ann", "ann", i < 3);
        for (int i = 0; i < 2; ++i) finish(store, "web:bob", "bob", true);
        finish(store, "web:cid", "cid", true);
        finish(store, "web:dee", "dee", false);
        CHECK(names(store.top(10, 1, "web:", StatsOrder::most_wins)) == std::vector<std::string>{"ann", "bob", "cid", "dee"});
        CHECK(names(store.top(10, 1, "web:", StatsOrder::win_rate)) == std::vector<std::string>{"bob", "cid", "ann", "dee"});
        CHECK(names(store.top(2, 1, "web:", StatsOrder::most_wins, 2)) == std::vector<std::string>{"cid", "dee"});  // page 2
        CHECK(names(store.top(10, 2, "web:", StatsOrder::most_wins)) == std::vector<std::string>{"ann", "bob"});
        CHECK(store.top(10, 1, std::vector<std::string>{}, StatsOrder::most_wins).empty());  // no prefix: nobody
        if (engine != test::StoreEngine::sqlite) continue;
        // Neither order sorts the table: SQLite walks an index (no "USE TEMP B-TREE FOR ORDER BY").
        SQLite::Database raw(where);
        for (const char* order : {"ORDER BY wins DESC, points DESC, key",
                                  "ORDER BY (CAST(wins AS REAL) / games) DESC, wins DESC, points DESC, key"}) {
            INFO(order);
            SQLite::Statement plan(raw, std::string("EXPLAIN QUERY PLAN SELECT key FROM player_stats WHERE games >= 1 AND games > 0 "
                                                    "AND substr(key, 1, length('web:')) = 'web:' ") + order + " LIMIT 20");
            std::string steps;
            while (plan.executeStep()) steps += plan.getColumn(3).getString() + "\n";
            CHECK_THAT(steps, Catch::Contains("USING INDEX player_stats_by"));
            CHECK_THAT(steps, !Catch::Contains("TEMP B-TREE"));
        }
    }
}

TEST_CASE("schema 4 merges the statistics an older database kept apart by case or spelling") {
    test::TempFolder tmp;
    const std::string file = (tmp.path() / "v3.db").string();
    host::migrate_database(file, 3);
    {
        SQLite::Database v3(file, SQLite::OPEN_READWRITE);
        v3.exec("INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES "
                "('web:ann', 'ann', 4, 1, 40, 20, 9), ('web:ANN', 'ANN', 6, 2, 50, 30, NULL), "
                "('web:Ann', 'Ann', 1, 1, 5, 10, 10), ('nick:ann', 'ann', 2, 2, 9, 20, 10), "
                "('web:a\xcc\x81nn', 'a\xcc\x81nn', 1, 0, 3, 1, 1), ('web:\xc3\xa1nn', '\xc3\xa1nn', 1, 1, 3, 10, 10)");
    }
    GameStore store(file);
    CHECK(store.schema_version() == host::kStoreSchemaVersion);
    const auto ann = store.stats("web:ann");
    REQUIRE(ann);
    CHECK(ann->games == 11);
    CHECK(ann->wins == 4);
    CHECK(ann->turns == 95);
    CHECK(ann->points == 60);
    CHECK(ann->best == 10);
    CHECK(ann->name == "ANN");  // the name of the row with most games
    CHECK(store.stats("nick:ann")->games == 2);  // IRC's row is another kind
    CHECK(store.stats("web:\xc3\xa1nn")->games == 2);
    CHECK(store.top(10, 1, "web:", StatsOrder::most_wins).size() == 2);
    CHECK(GameStore(file).schema_version() == host::kStoreSchemaVersion);  // opening again changes nothing
}
