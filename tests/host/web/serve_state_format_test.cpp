// One checkpoint (issue 38, item 1; docs/web.md, "Nothing is lost"): a web table is stored as a
// hosted table's state, format 2, whose front part is the web's own; a table stored in the web's
// first format (no "format": the table's parts beside the web's keys) resumes, migrated, at the
// same turn with its seat tokens, and is stored as format 2 from its next change on.
#include <catch2/catch.hpp>

#include "host/store/game_store.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

json stored_state(const std::string& db, const std::string& id) {
    host::GameStore store(db);
    const auto stored = store.in_progress("web:" + id);
    REQUIRE(stored);
    return json::parse(stored->state);
}

// The web's first format, as WebTable::save_json wrote it before format 2.
json first_format_of(const json& v2) {
    json old = v2.at("front");
    old["table"] = v2.at("table");
    old["turns_taken"] = v2.at("turns_taken");
    return old;
}

}  // namespace

TEST_CASE("a web table stored in the first format resumes at the same turn; its next change is stored as format 2", "[web]") {
    TempFolder dir;
    web::ServeConfig config;
    config.database = (dir.path() / "cherries.db").string();
    std::string id, token;
    json before;
    {
        TestServer server(config);
        id = new_table(server.port());
        WsClient ann(server.port(), id);
        ann.send(json{{"type", "join"}, {"name", "ann"}});
        const json seated = ann.receive("seated");
        token = seated.at("token");
        ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
        ann.send(json{{"type", "start"}, {"token", token}});
        for (int i = 0; i < 200; ++i) {  // ann keeps her cards until turn 3 or later waits for her
            before = ann.receive("state").at("table");
            if (before.at("current") == seated.at("player") && before.at("phase") == "awaiting_give") {
                if (before.at("turn").get<int>() >= 3) break;
                ann.send(json{{"type", "give"}, {"token", token}, {"to", seated.at("player")}, {"turn", before.at("turn")}});
            }
        }
        REQUIRE(before.at("turn").get<int>() >= 3);
    }
    const json v2 = stored_state(config.database, id);
    CHECK(v2.at("state") == "hosted");
    CHECK(v2.at("format") == 2);
    CHECK(v2.at("front").at("id") == id);
    CHECK(v2.at("front").contains("tokens"));
    CHECK_FALSE(v2.at("front").contains("table"));
    CHECK(v2.at("table").at("session").at("game").at("phase") == "awaiting_give");  // mid-turn
    {
        host::GameStore store(config.database);
        store.update_state(store.in_progress("web:" + id)->id, first_format_of(v2).dump());
    }
    REQUIRE_FALSE(stored_state(config.database, id).contains("format"));

    TestServer again(config);
    WsClient ann(again.port(), id);
    const json after = ann.state(token);
    CHECK(after.at("turn") == before.at("turn"));
    CHECK(after.at("current") == before.at("current"));
    CHECK(after.at("players") == before.at("players"));
    ann.send(json{{"type", "give"}, {"token", token}, {"to", after.at("current")}, {"turn", after.at("turn")}});
    json next;
    for (int i = 0; i < 200; ++i) {
        next = ann.receive("state").at("table");
        if (next.at("turn").get<int>() > after.at("turn").get<int>()) break;
    }
    CHECK(next.at("turn").get<int>() > after.at("turn").get<int>());
    const json stored = stored_state(config.database, id);
    CHECK(stored.at("format") == 2);
    CHECK(stored.at("front").at("tokens").contains(token));
}
