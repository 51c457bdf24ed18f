// A claimed web name linked to an IRC services account, in the game store (schema 7; docs/irc.md,
// "Your turn at the web's tables, told on IRC"): a code spent once, before it expires, by one
// account; one name per account; the messages `cherries serve` leaves, taken only for accounts
// CherryBot sees, the old ones dropped, at most kMaxIrcMessages an account. There is no GDD
// section for notices.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <set>
#include <string>

#include "host/store/game_store.hpp"
#include "host/store/irc_link_code.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/postgresql_server.hpp"

using namespace cherries;
using host::GameStore;

namespace {

void claim(GameStore& store, const std::string& name) {
    REQUIRE(store.claim_name({.skeleton = name, .name = name, .key_hash = std::string(64, name[0]), .claimed = 1}));
}

}  // namespace

TEST_CASE("a link code: spent once, by one account, before it expires; its look-alike spellings are the same code", "[store][irc]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "links.db"));
        claim(store, "ann");
        claim(store, "bob");
        const std::string code = host::make_irc_link_code();
        REQUIRE(code.size() == 11);
        CHECK(code[5] == '-');
        store.add_irc_link_code(host::irc_link_code_hash(code), "ann", 1000);
        CHECK_FALSE(store.link_irc(host::irc_link_code_hash("zzzzz-zzzzz"), "AnnAcct", 10));  // not a code of hers
        std::string shouted = code;
        for (char& c : shouted) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const auto linked = store.link_irc(host::irc_link_code_hash(" " + shouted + " "), "AnnAcct", 10);
        REQUIRE(linked);
        CHECK(linked->name == "ann");
        CHECK(store.irc_account("ann") == "AnnAcct");
        CHECK_FALSE(store.link_irc(host::irc_link_code_hash(code), "Mallory", 11));  // spent
        CHECK(store.irc_account("ann") == "AnnAcct");

        // Expired: refused, and nothing linked.
        const std::string late = host::make_irc_link_code();
        store.add_irc_link_code(host::irc_link_code_hash(late), "bob", 1000);
        CHECK_FALSE(store.link_irc(host::irc_link_code_hash(late), "BobAcct", 1001));
        CHECK_FALSE(store.irc_account("bob"));

        // The same account links another name: its first link goes (one name per account).
        const std::string again = host::make_irc_link_code();
        store.add_irc_link_code(host::irc_link_code_hash(again), "bob", 2000);
        REQUIRE(store.link_irc(host::irc_link_code_hash(again), "AnnAcct", 1500));
        CHECK(store.irc_account("bob") == "AnnAcct");
        CHECK_FALSE(store.irc_account("ann"));
        CHECK(store.unlink_irc("AnnAcct"));
        CHECK_FALSE(store.unlink_irc("AnnAcct"));
        CHECK_FALSE(store.irc_account("bob"));
    }
}

TEST_CASE("messages for linked accounts: taken only for accounts seen, oldest first, old ones dropped, 20 an account", "[store][irc]") {
    test::TempFolder tmp;
    for (const test::StoreEngine engine : test::store_engines()) DYNAMIC_SECTION(test::engine_name(engine)) {
        GameStore store(test::new_store(engine, tmp, "messages.db"));
        store.add_irc_message("ann", "first", 100);
        store.add_irc_message("bob", "for bob", 100);
        store.add_irc_message("ann", "second", 200);
        store.add_irc_message("cid", "stale", 5);
        const auto only_ann = [](const std::string& a) { return a == "ann"; };
        const auto taken = store.take_irc_messages(only_ann, 50);
        REQUIRE(taken.size() == 2);
        CHECK(taken[0].text == "first");
        CHECK(taken[1].text == "second");
        CHECK(store.take_irc_messages(only_ann, 50).empty());  // taken once
        const auto rest = store.take_irc_messages([](const std::string&) { return true; }, 50);
        REQUIRE(rest.size() == 1);  // bob's; cid's was older than 50 and dropped
        CHECK(rest[0].account == "bob");
        for (int i = 0; i < 25; ++i) store.add_irc_message("ann", "m" + std::to_string(i), 300 + i);
        const auto kept = store.take_irc_messages(only_ann, 0);
        REQUIRE(kept.size() == host::kMaxIrcMessages);
        CHECK(kept.front().text == "m5");  // the newest 20
    }
}

TEST_CASE("schema 7 adds the IRC links to a schema-6 database and keeps what it held", "[store][irc]") {
    test::TempFolder tmp;
    const std::string file = (tmp.path() / "v6.db").string();
    host::migrate_database(file, 6);
    {
        SQLite::Database raw(file, SQLite::OPEN_READWRITE);
        raw.exec("INSERT INTO name_claims (skeleton, name, key_hash, claimed) VALUES ('ann', 'ann', 'h', 1)");
    }
    GameStore store(file);
    CHECK(store.schema_version() == host::kStoreSchemaVersion);
    CHECK(store.name_claim("ann"));
    store.add_irc_link_code(host::irc_link_code_hash("abcde-fghjk"), "ann", 100);
    CHECK(store.link_irc(host::irc_link_code_hash("ABCDE FGHJK"), "acct", 50)->name == "ann");
}
