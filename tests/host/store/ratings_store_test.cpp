// Ratings in the game store (host/store/game_store.hpp, schema 6; issue 42 item 4): a rated
// game's ratings move by OpenSkill's update in the same transaction as its end, per gametype,
// keyed like statistics (case and spelling folded), listed by ordinal from an index. There is
// no GDD section for ratings (docs/ratings.md).
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/postgresql_server.hpp"

using namespace cherries;
using host::GameRating;
using host::GameStore;
using host::RatedPlayer;

namespace {

// A finished game of `gametype` whose places, best first, are `order` (one player each).
void finish_rated(GameStore& store, const std::string& gametype, const std::vector<std::string>& order) {
    GameRating rating{.gametype = gametype, .places = {}};
    for (const std::string& key : order) rating.places.push_back({RatedPlayer{key, key.substr(key.find(':') + 1)}});
    store.finish(store.begin_game("web:t", "{}", 0), {}, "won", "", 3, {}, {}, 0, rating);
}

}  // namespace

TEST_CASE("a rated game's end moves each player's rating as OpenSkill does (openskill.js's published game)", "[store][ratings]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "ratings.db"));
        // Four new players finishing a, b, c, d = 4th, 1st, 3rd, 2nd: places best first b, d, c, a.
        finish_rated(store, "official", {"claimed:b", "claimed:d", "claimed:c", "claimed:a"});
        const std::vector<std::pair<std::string, double>> expected{{"claimed:a", 20.963}, {"claimed:b", 27.795},
                                                                   {"claimed:c", 24.689}, {"claimed:d", 26.553}};
        for (const auto& [key, mu] : expected) {
            INFO(key);
            const auto r = store.rating("official", key);
            REQUIRE(r);
            CHECK(r->mu == Approx(mu).margin(1e-3));
            CHECK(r->games == 1);
            CHECK(r->provisional());
            CHECK(r->ordinal() == Approx(r->mu - 3 * r->sigma));
        }
        // Listed by ordinal, best first; paged.
        std::vector<std::string> keys;
        for (const auto& r : store.ratings("official", 10)) keys.push_back(r.key);
        CHECK(keys == std::vector<std::string>{"claimed:b", "claimed:d", "claimed:c", "claimed:a"});
        REQUIRE(store.ratings("official", 2, 2).size() == 2);
        CHECK(store.ratings("official", 2, 2)[0].key == "claimed:c");
        // Per gametype: another gametype's list is empty until its first rated game.
        CHECK(store.ratings("closed-table", 10).empty());
        CHECK(store.rated_gametypes() == std::vector<std::string>{"official"});
        finish_rated(store, "closed-table", {"claimed:a", "claimed:b"});
        CHECK(store.rated_gametypes() == std::vector<std::string>{"closed-table", "official"});
        CHECK(store.rating("closed-table", "claimed:a")->games == 1);  // from 25 / 25/3 again
        CHECK(store.rating("closed-table", "claimed:a")->mu > 25.0);
    }
}

TEST_CASE("ratings are keyed like statistics: ANN and ann are one player; each rated game counts once", "[store][ratings]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "ratings.db"));
        finish_rated(store, "official", {"claimed:ann", "bot:greedy"});
        finish_rated(store, "official", {"claimed:ANN", "bot:greedy"});
        const auto ann = store.rating("official", "claimed:Ann");
        REQUIRE(ann);
        CHECK(ann->games == 2);
        CHECK(ann->name == "ANN");  // the name last rated
        CHECK(ann->mu > 25.0);
        const auto bot = store.rating("official", "bot:greedy");
        REQUIRE(bot);
        CHECK(bot->games == 2);
        CHECK(bot->mu < 25.0);
        CHECK_FALSE(store.rating("official", "claimed:bob"));
        for (int i = 0; i < 3; ++i) finish_rated(store, "official", {"claimed:ann", "bot:greedy"});
        CHECK_FALSE(store.rating("official", "claimed:ann")->provisional());  // 5 games
    }
}

TEST_CASE("a tie shares its place; a player twice in one game is refused in words and nothing is stored", "[store][ratings]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "ratings.db"));
        GameRating tie{.gametype = "official", .places = {{RatedPlayer{"claimed:a", "a"}, RatedPlayer{"claimed:b", "b"}}, {RatedPlayer{"claimed:c", "c"}}}};
        store.finish(store.begin_game("web:t", "{}", 0), {}, "won", "", 3, {}, {}, 0, tie);
        CHECK(store.rating("official", "claimed:a")->mu == Approx(store.rating("official", "claimed:b")->mu));
        CHECK(store.rating("official", "claimed:a")->mu > store.rating("official", "claimed:c")->mu);

        GameRating twice{.gametype = "official", .places = {{RatedPlayer{"claimed:d", "d"}}, {RatedPlayer{"claimed:D", "D"}}}};
        const std::int64_t game = store.begin_game("web:u", "{}", 0);
        CHECK_THROWS_WITH(store.finish(game, {"{\"end\":\"won\"}"}, "won", "", 3, {}, {}, 0, twice),
                          Catch::Contains("cannot rate the finished game: player 'claimed:d' is rated twice in one game"));
        CHECK_FALSE(store.rating("official", "claimed:d"));
        // The end was rolled back with it: the game is still in progress, its record the header alone.
        CHECK(store.games(10).front().status == "in_progress");
        CHECK(store.record(game) == "{}\n");
    }
}

TEST_CASE("the ratings list reads its index in order (no sort of the table)", "[store][ratings]") {
    test::TempFolder tmp;
    const std::string file = (tmp.path() / "ratings.db").string();
    { GameStore store(file); }
    SQLite::Database raw(file);
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == host::kStoreSchemaVersion);
    SQLite::Statement plan(raw, "EXPLAIN QUERY PLAN SELECT key, name, mu, sigma, games FROM ratings WHERE gametype = 'official' "
                                "ORDER BY ordinal DESC, key LIMIT 20 OFFSET 0");
    std::string steps;
    while (plan.executeStep()) steps += plan.getColumn(3).getString() + "\n";
    CHECK_THAT(steps, Catch::Contains("ratings_by_ordinal"));
    CHECK_THAT(steps, !Catch::Contains("TEMP B-TREE"));
}

TEST_CASE("schema 6 adds the ratings to a schema-5 database and keeps what it held", "[store][ratings]") {
    test::TempFolder tmp;
    const std::string file = (tmp.path() / "old.db").string();
    host::migrate_database(file, 5);
    {
        SQLite::Database raw(file, SQLite::OPEN_READWRITE);
        raw.exec("INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES ('web:ann', 'ann', 2, 1, 9, 30, 21)");
    }
    GameStore store(file);
    CHECK(store.stats("web:ann")->games == 2);
    CHECK(store.ratings("official", 10).empty());
    finish_rated(store, "official", {"claimed:ann", "claimed:bob"});
    CHECK(store.ratings("official", 10).size() == 2);
}
