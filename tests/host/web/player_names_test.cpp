// A name that is yours (host/web/player_names.hpp; docs/web.md, "A name that is yours"): a name
// is claimed once, look-alikes with it; its player key proves it, is kept only as its SHA-256,
// and once revoked proves nothing; schema 5 migrates a database of schema 4 and keeps its
// statistics; a proven seat's statistics count under "claimed:" + its name, apart from the
// typed name's.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <set>
#include <string>
#include <variant>

#include "host/store/game_store.hpp"
#include "host/web/player_names.hpp"
#include "sdk/base/fingerprint.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using web::ClaimedName;
using web::NameRefusal;
using web::PlayerNames;

namespace {

ClaimedName claimed(const std::variant<ClaimedName, NameRefusal>& made) {
    if (const auto* no = std::get_if<NameRefusal>(&made)) FAIL("refused: " << no->message);
    return std::get<ClaimedName>(made);
}

NameRefusal refused(const std::variant<ClaimedName, NameRefusal>& made) {
    REQUIRE(std::holds_alternative<NameRefusal>(made));
    return std::get<NameRefusal>(made);
}

}  // namespace

TEST_CASE("a player key is 32 random bytes as 43 base64url characters, and only its SHA-256 is stored") {
    std::set<std::string> keys;
    for (int i = 0; i < 50; ++i) {
        const std::string key = web::new_player_key();
        CHECK(key.size() == web::kPlayerKeyChars);
        CHECK(web::is_player_key(key));
        keys.insert(key);
    }
    CHECK(keys.size() == 50);
    CHECK_FALSE(web::is_player_key(""));
    CHECK_FALSE(web::is_player_key(std::string(42, 'a')));
    CHECK_FALSE(web::is_player_key(std::string(42, 'a') + "="));
    CHECK_FALSE(web::is_player_key(std::string(42, 'a') + "+"));
    CHECK(web::player_key_hash("abc") == sdk::sha256_hex("abc"));

    test::TempFolder tmp;
    const std::string file = (tmp.path() / "names.db").string();
    std::string key;
    {
        host::GameStore store(file);
        key = claimed(PlayerNames(store).claim("ann", 100)).key;
    }
    SQLite::Database raw(file);
    SQLite::Statement q(raw, "SELECT skeleton, name, key_hash, claimed FROM name_claims");
    REQUIRE(q.executeStep());
    CHECK(q.getColumn(1).getString() == "ann");
    CHECK(q.getColumn(2).getString() == sdk::sha256_hex(key));
    CHECK(q.getColumn(3).getInt64() == 100);
    for (int c = 0; c < 4; ++c) CHECK(q.getColumn(c).getString().find(key) == std::string::npos);
}

TEST_CASE("a name is claimed once: the same name, another case and a look-alike are refused in words") {
    test::TempFolder tmp;
    host::GameStore store((tmp.path() / "names.db").string());
    PlayerNames names(store);
    const ClaimedName ann = claimed(names.claim("ann", 1));
    CHECK(ann.name == "ann");

    NameRefusal again = refused(names.claim("ann", 2));
    CHECK(again.status == 409);
    CHECK(again.message == "'ann' is a claimed name already; choose another name");
    NameRefusal upper = refused(names.claim("ANN", 2));
    CHECK(upper.status == 409);
    CHECK(upper.message == "'ANN' looks like 'ann', a claimed name; choose another name");
    NameRefusal cyrillic = refused(names.claim("\xd0\xb0nn", 2));  // Cyrillic а
    CHECK_THAT(cyrillic.message, Catch::Contains("looks like 'ann', a claimed name"));
    NameRefusal accent = refused(names.claim("a\xcc\x81nn", 2));  // a + U+0301: its skeleton drops the mark
    CHECK(accent.status == 409);

    NameRefusal rule = refused(names.claim("ann smith", 2));
    CHECK(rule.status == 400);
    CHECK(rule.message == "the name: a name is one word, saw whitespace");
    CHECK(refused(names.claim("", 2)).status == 400);
    CHECK(refused(names.claim("\xff", 2)).message == "the name is not valid UTF-8");
    // Nothing of it was stored: bob is free, and ann has her one key.
    CHECK(claimed(names.claim("bob", 3)).name == "bob");
    CHECK(std::get<std::string>(names.name_of(ann.key)) == "ann");
}

TEST_CASE("a key proves its name; a forged key, another name's key and a revoked key do not") {
    test::TempFolder tmp;
    host::GameStore store((tmp.path() / "names.db").string());
    PlayerNames names(store);
    const ClaimedName ann = claimed(names.claim("Ann", 1));
    const ClaimedName bob = claimed(names.claim("bob", 1));

    // A claimed name with its key: seated as it was claimed, and proven.
    web::NameProof ok = names.prove("ANN", ann.key);
    CHECK(ok.refusal.empty());
    CHECK(ok.claimed);
    CHECK(ok.name == "Ann");
    // Without a key, with a forged one, with bob's: refused in words that hold no key.
    web::NameProof none = names.prove("ann", std::nullopt);
    CHECK(none.refusal == "Ann is a claimed name: sit down with its player key (the page's \"Your name\" keeps it), or choose another name");
    CHECK_FALSE(none.claimed);
    const std::string forged = web::new_player_key();
    for (const std::string& key : {forged, bob.key}) {
        web::NameProof bad = names.prove("ann", key);
        CHECK_THAT(bad.refusal, Catch::StartsWith("Ann is a claimed name, and the player key this page holds is not its key"));
        CHECK(bad.refusal.find(key) == std::string::npos);
        CHECK_FALSE(bad.claimed);
    }
    CHECK(names.prove("\xd0\xb0nn", std::nullopt).refusal.find("Ann is a claimed name") == 0);  // a look-alike too
    // An unclaimed name plays as today; a key given with it proves nothing (it is another name's).
    web::NameProof casual = names.prove("cid", ann.key);
    CHECK(casual.refusal.empty());
    CHECK_FALSE(casual.claimed);
    CHECK(casual.name == "cid");

    // The key check (the page's "Your name").
    CHECK(std::get<std::string>(names.name_of(ann.key)) == "Ann");
    CHECK(std::get<NameRefusal>(names.name_of(forged)).status == 404);
    CHECK(std::get<NameRefusal>(names.name_of("not a key")).status == 400);

    // Revoking: a new key for the same name; the old one proves nothing from then on.
    const ClaimedName renewed = claimed(names.revoke(ann.key));
    CHECK(renewed.name == "Ann");
    CHECK(renewed.key != ann.key);
    CHECK(std::get<std::string>(names.name_of(renewed.key)) == "Ann");
    CHECK(std::get<NameRefusal>(names.name_of(ann.key)).status == 404);
    CHECK_FALSE(names.prove("ann", ann.key).refusal.empty());
    CHECK(names.prove("ann", renewed.key).claimed);
    CHECK(refused(names.revoke(ann.key)).status == 404);  // revoked once is revoked
    CHECK(refused(names.revoke(forged)).status == 404);
    CHECK(refused(names.claim("ann", 5)).status == 409);  // still claimed: revoking does not release it
}

TEST_CASE("schema 5 on: a database of schema 4 migrates to the current schema, keeps its statistics, and takes claims") {
    test::TempFolder tmp;
    const std::string file = (tmp.path() / "v4.db").string();
    host::migrate_database(file, 4);
    {
        SQLite::Database v4(file, SQLite::OPEN_READWRITE);
        REQUIRE(v4.execAndGet("PRAGMA user_version").getInt() == 4);
        v4.exec("INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES "
                "('web:ann', 'ann', 4, 1, 40, 20, 9), ('nick:bob', 'bob', 2, 2, 9, 20, 10)");
    }
    host::GameStore store(file);
    CHECK(store.schema_version() == host::kStoreSchemaVersion);
    CHECK(store.stats("web:ann")->games == 4);
    CHECK(store.stats("nick:bob")->wins == 2);
    PlayerNames names(store);
    const ClaimedName ann = claimed(names.claim("ann", 1));
    CHECK(names.prove("ann", ann.key).claimed);
    CHECK(host::GameStore(file).schema_version() == host::kStoreSchemaVersion);  // opening again changes nothing
}

TEST_CASE("statistics of a proven seat count under claimed:NAME, apart from the typed name's, and both rank on the web") {
    test::TempFolder tmp;
    host::GameStore store((tmp.path() / "stats.db").string());
    auto finish = [&](const std::string& key, const std::string& name, bool won) {
        store.finish(store.begin_game("web:t", "{}", 0), {}, "won", won ? name : "", 3,
                     {host::StatsUpdate{.key = key, .name = name, .won = won, .turns = 2, .points = 5}});
    };
    finish("web:ann", "ann", false);     // before the claim, typed
    finish("claimed:ann", "ann", true);  // proven by the key
    finish("claimed:ANN", "ANN", true);  // one claimed row whatever the case (stats_key folds)
    CHECK(store.stats("web:ann")->games == 1);
    CHECK(store.stats("claimed:ann")->games == 2);
    CHECK(store.stats("claimed:ann")->wins == 2);
    const auto web = store.top(10, 1, std::vector<std::string>{"web:", "claimed:"}, host::StatsOrder::most_wins);
    REQUIRE(web.size() == 2);
    CHECK(web[0].key == "claimed:ann");
    CHECK(web[1].key == "web:ann");
    CHECK(store.top(10, 1, "web:", host::StatsOrder::most_wins).size() == 1);
    CHECK(store.top(10, 1, std::vector<std::string>{}, host::StatsOrder::most_wins).empty());
}
