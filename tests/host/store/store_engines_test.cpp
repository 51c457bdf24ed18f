// The game store on both engines (host/store/game_store.hpp; docs/cluster.md, "One PostgreSQL
// store"): the same calls give the same answers on a SQLite file and on a real PostgreSQL server
// the test starts (tests/support/postgresql_server.hpp), and what only one engine can get wrong
// is said in words. There is no GDD section for storage.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "host/store/store_location.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/postgresql_server.hpp"

using namespace cherries;
using host::GameStore;
using host::StoreError;

TEST_CASE("a game's life in the store: begun, checkpointed, resumed, finished, listed and its record read back", "[store]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "life.db"));
        CHECK(store.schema_version() == host::kStoreSchemaVersion);
        const std::int64_t first = store.begin_game("web:a", "{\"header\":1}", 100);
        store.checkpoint(first, {"{\"turn\":1}", "{\"turn\":2}"}, "{\"state\":2}", 2, "ann, bob");
        store.update_state(first, "{\"state\":\"2b\"}");
        const auto resumed = store.in_progress("web:a");
        REQUIRE(resumed);
        CHECK(resumed->id == first);
        CHECK(resumed->state == "{\"state\":\"2b\"}");
        CHECK(resumed->turns == 2);
        const std::int64_t irc = store.begin_game("#cherries", "{\"header\":2}", 101);
        CHECK(irc > first);
        std::vector<std::int64_t> web;
        for (const auto& g : store.in_progress_under("web:")) web.push_back(g.id);
        CHECK(web == std::vector<std::int64_t>{first});

        // A second game at the same table sets the first aside (one game in progress a table).
        const std::int64_t second = store.begin_game("web:a", "{\"header\":3}", 102);
        CHECK_FALSE(store.in_progress("web:a"));  // no state yet: nothing to resume
        store.checkpoint(second, {}, "{\"state\":1}", 0, "ann, bob");
        REQUIRE(store.in_progress("web:a"));
        CHECK(store.in_progress("web:a")->id == second);
        CHECK(store.games(10).at(2).status == "unresumable");

        store.finish(second, {"{\"end\":\"won\"}"}, "won", "ann", 7,
                     {{.key = "web:ann", .name = "ann", .won = true, .turns = 4, .points = 13},
                      {.key = "web:bob", .name = "bob", .won = false, .turns = 3, .points = 9}},
                     "{\"final\":true}", 200);
        CHECK_FALSE(store.in_progress("web:a"));
        const auto finished = store.finished_under("web:", 150);
        REQUIRE(finished.size() == 1);
        CHECK(finished[0].state == "{\"final\":true}");
        CHECK(store.finished_under("web:", 201).empty());
        store.drop_final_state(second);
        CHECK(store.finished_under("web:", 0).empty());

        const auto last = store.last_game_in("web:a");
        REQUIRE(last);
        CHECK(last->id == second);
        CHECK(last->winner == "ann");
        CHECK(last->status == "won");
        CHECK(last->turns == 7);
        CHECK(last->started == 102);
        CHECK(store.record(first) == "{\"header\":1}\n{\"turn\":1}\n{\"turn\":2}\n");
        CHECK(store.record(second) == "{\"header\":3}\n{\"end\":\"won\"}\n");
        CHECK_THROWS_WITH(store.record(999), Catch::Contains("no game 999 is stored"));

        const auto ann = store.stats("web:ANN");
        REQUIRE(ann);
        CHECK(ann->wins == 1);
        CHECK(ann->best == 13);
        store.set_aside(irc, "stopped", "{\"end\":\"stopped\"}");
        CHECK_FALSE(store.in_progress("#cherries"));
        CHECK(store.record(irc) == "{\"header\":2}\n{\"end\":\"stopped\"}\n");
    }
}

TEST_CASE("names, keys and notices in the store: a claim is one per skeleton, a key is replaced, a server key made once", "[store]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "names.db"));
        const host::NameClaim ann{.skeleton = "ann", .name = "Ann", .key_hash = std::string(64, 'a'), .claimed = 5};
        CHECK(store.claim_name(ann));
        CHECK_FALSE(store.claim_name({.skeleton = "ann", .name = "ANN", .key_hash = std::string(64, 'b'), .claimed = 6}));
        CHECK(store.name_claim("ann")->name == "Ann");
        CHECK(store.claim_of_key(std::string(64, 'a'))->skeleton == "ann");
        CHECK(store.replace_key(std::string(64, 'a'), std::string(64, 'c')));
        CHECK_FALSE(store.replace_key(std::string(64, 'a'), std::string(64, 'd')));
        CHECK_FALSE(store.claim_of_key(std::string(64, 'a')));

        for (int i = 0; i < 7; ++i)
            store.add_push_subscription("ann", "https://push.example/" + std::to_string(i), "{\"n\":" + std::to_string(i) + "}", i);
        const auto subs = store.push_subscriptions("ann");
        REQUIRE(subs.size() == host::kMaxPushSubscriptions);
        CHECK(subs.front() == "{\"n\":2}");  // the newest five, oldest first
        CHECK(store.remove_push_subscription("https://push.example/6"));
        CHECK_FALSE(store.remove_push_subscription("https://push.example/6"));
        store.set_webhook("ann", "https://hook.example/a", 1);
        CHECK(store.webhook("ann") == "https://hook.example/a");
        store.set_webhook("ann", "", 2);
        CHECK_FALSE(store.webhook("ann"));

        int made = 0;
        const auto make = [&] { return "key" + std::to_string(++made); };
        CHECK(store.server_key("vapid", make) == "key1");
        CHECK(store.server_key("vapid", make) == "key1");
        CHECK(made == 1);
    }
}

TEST_CASE("a PostgreSQL store: its URL's password is never said, another program's database and a server not there are refused in words", "[store]") {
    CHECK(host::is_postgresql_url("postgresql://cherries@db.example/games"));
    CHECK(host::is_postgresql_url("postgres://db.example/games"));
    CHECK_FALSE(host::is_postgresql_url("/var/lib/cherries/games.sqlite"));
    CHECK(host::redacted_url("postgresql://ann:s3cret@db.example:5432/games") == "postgresql://ann:***@db.example:5432/games");
    CHECK(host::redacted_url("postgresql:///games?host=/run/pg&password=s3cret&user=ann") ==
          "postgresql:///games?host=/run/pg&password=***&user=ann");
    CHECK(host::redacted_url("postgresql://ann@db.example/games") == "postgresql://ann@db.example/games");

    test::PostgresqlServer* server = test::PostgresqlServer::get();
    if (!server) return;  // warned (failed under CI=true)
    // A server that is not there: refused at once, the password not in the message.
    const std::string nowhere = "postgresql://ann:s3cret@/games?host=/nonexistent-folder&port=1";
    try {
        GameStore store(nowhere);
        FAIL("a store opened on a server that is not there");
    } catch (const StoreError& e) {
        const std::string what = e.what();
        CHECK_THAT(what, Catch::Contains("postgresql://ann:***@/games"));
        CHECK_THAT(what, Catch::Contains("cannot connect to the PostgreSQL server"));
        CHECK_THAT(what, !Catch::Contains("s3cret"));
    }
    // Another program's tables, no Cherries schema: refused untouched.
    const std::string other = server->create_database();
    server->run_tool("psql", "-q -d " + other + " -c 'CREATE TABLE invoices (id INTEGER)'");
    CHECK_THROWS_WITH(GameStore(server->url(other)), Catch::Contains("a database of another program"));
    // Two stores on one database (two nodes): the second finds the schema made, and sees the
    // first one's games.
    const std::string shared = server->fresh_database();
    GameStore a(shared);
    GameStore b(shared);
    const std::int64_t id = a.begin_game("web:x", "{}", 1);
    a.checkpoint(id, {"{\"turn\":1}"}, "{\"at\":1}", 1, "ann, bob");
    REQUIRE(b.in_progress("web:x"));
    CHECK(b.in_progress("web:x")->id == id);
    CHECK(b.record(id) == "{}\n{\"turn\":1}\n");
    CHECK(b.schema_version() == host::kStoreSchemaVersion);
}

TEST_CASE("PostgreSQL stopped mid-game: the turn's write fails in words and leaves nothing half-written; started again, the retry connects anew", "[store]") {
    test::PostgresqlServer* server = test::PostgresqlServer::get();
    if (!server) return;  // warned (failed under CI=true)
    GameStore store(server->fresh_database());
    const std::int64_t id = store.begin_game("web:p", "{}", 1);
    store.checkpoint(id, {"{\"turn\":1}"}, "{\"at\":1}", 1, "ann, bob");
    server->stop();
    CHECK_THROWS_WITH(store.checkpoint(id, {"{\"turn\":2}"}, "{\"at\":2}", 2, "ann, bob"), Catch::Contains("cannot store the turn"));
    CHECK_THROWS_AS(store.record(id), StoreError);  // still down: refused, not hung
    server->start();
    REQUIRE(server->ready());
    CHECK(store.record(id) == "{}\n{\"turn\":1}\n");  // the failed write left nothing
    store.checkpoint(id, {"{\"turn\":2}"}, "{\"at\":2}", 2, "ann, bob");  // what a front end's retry does
    CHECK(store.record(id) == "{}\n{\"turn\":1}\n{\"turn\":2}\n");
    CHECK(store.in_progress("web:p")->state == "{\"at\":2}");
}

TEST_CASE("a table's lease: one node at a time, renewed or it runs out; a turn written without it changes nothing", "[store]") {
    // docs/cluster.md, "Several nodes": two stores on one database are two nodes; time is the
    // test's (Unix milliseconds), stepped by hand.
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        const std::string where = test::new_store(engine, tmp, "leases.db");
        std::int64_t now = 1'000'000;
        GameStore a(where), b(where);
        a.write_as_node("a", [&] { return now; });
        b.write_as_node("b", [&] { return now; });
        CHECK_THROWS_AS(a.begin_game("web:t", "{}", 1), host::LeaseLost);  // no lease yet: nothing begun
        CHECK(a.games(10).empty());
        CHECK(a.take_lease("web:t", "a", now, 10'000).node == "a");
        CHECK(b.take_lease("web:t", "b", now + 5'000, 10'000).node == "a");  // a's is live: b is refused
        const std::int64_t id = a.begin_game("web:t", "{}", 1);
        a.checkpoint(id, {"{\"turn\":1}"}, "{\"at\":1}", 1, "ann, bob");
        CHECK_THROWS_AS(b.checkpoint(id, {"{\"evil\":1}"}, "{}", 9, ""), host::LeaseLost);

        now += 8'000;
        CHECK(a.renew_leases("a", now, 10'000) == std::vector<std::string>{"web:t"});  // until +18 s
        now += 9'000;
        CHECK(b.take_lease("web:t", "b", now, 10'000).node == "a");  // renewed: still a's
        now += 2'000;  // a stopped renewing (killed): its lease ran out at +18 s
        const host::TableLease taken = b.take_lease("web:t", "b", now, 10'000);
        CHECK(taken.node == "b");
        CHECK(taken.expires_ms == now + 10'000);
        // a comes back (a pause, not a death): its next turn is refused in words and writes nothing.
        CHECK_THROWS_WITH(a.checkpoint(id, {"{\"turn\":2}"}, "{\"at\":2}", 2, "ann, bob"),
                          Catch::Contains("node 'a' no longer holds the lease of table web:t; node 'b' plays it now"));
        CHECK_THROWS_AS(a.update_state(id, "{\"at\":\"2b\"}"), host::LeaseLost);
        CHECK_THROWS_AS(a.finish(id, {"{\"end\":\"won\"}"}, "won", "ann", 2, {}), host::LeaseLost);
        CHECK(a.renew_leases("a", now, 10'000).empty());  // how a learns it lost the table
        CHECK(a.record(id) == "{}\n{\"turn\":1}\n");
        CHECK(a.in_progress("web:t")->state == "{\"at\":1}");
        // b plays on from the stored turn.
        b.checkpoint(id, {"{\"turn\":2}"}, "{\"at\":2}", 2, "ann, bob");
        CHECK(b.record(id) == "{}\n{\"turn\":1}\n{\"turn\":2}\n");
        b.release_lease("web:t", "a");  // not a's to give up: nothing
        CHECK(b.lease("web:t")->node == "b");
        b.release_lease("web:t", "b");
        CHECK_FALSE(b.lease("web:t"));
        // Without write_as_node a store checks nothing (one process: the default).
        GameStore alone(where);
        alone.checkpoint(id, {"{\"turn\":3}"}, "{\"at\":3}", 3, "ann, bob");
        CHECK(alone.in_progress("web:t")->turns == 3);
    }
}
