// "My tables" at a real server on 127.0.0.1 (issue 42 item 3; docs/web.md, "My tables"): the
// tables where the name a player key proves is seated, the ones waiting for its card first, each
// with its clock; refused in words without a key, with a key that proves nothing, without a
// database. The key is never in the answer.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <utility>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

HttpAnswer my_tables(std::uint16_t port, const json& body) { return http_request(port, "POST", "/api/names/tables", body.dump()); }

// The states `c` is sent until `done(table)` holds for one; that table.
json until(WsClient& c, const std::function<bool(const json&)>& done) {
    for (int i = 0; i < 2000; ++i) {
        const json m = c.receive();
        if (m.at("type") == "state" && done(m.at("table"))) return m;
    }
    FAIL("the state waited for never came");
    return {};
}


}  // namespace

TEST_CASE("My tables lists where a claimed name sits, its own turns first with their clocks", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.bot_pace = std::chrono::milliseconds(0);
    TestServer server(config);
    const std::uint16_t port = server.port();
    const std::string key = json::parse(http_request(port, "POST", "/api/names", json{{"name", "ann"}}.dump()).body).at("key");

    // Table a: ann and a bot, started: the bot plays its turns at once, so ann's card waits.
    const std::string a = new_table(port);
    WsClient ann_a(port, a);
    const auto [token_a, ann_id_a] = sit_down(ann_a, "ann", key);
    ann_a.send(json{{"type", "add_bot"}, {"token", token_a}, {"kind", "greedy"}});
    ann_a.send(json{{"type", "start"}, {"token", token_a}});
    until(ann_a, [&](const json& t) { return t.at("phase") == "awaiting_give" && t.at("current") == ann_id_a; });

    // Table b: ann and cid (a name nobody claimed), started; ann keeps her card until it is cid's.
    const std::string b = new_table(port);
    WsClient ann_b(port, b), cid_b(port, b);
    const auto [token_b, ann_id_b] = sit_down(ann_b, "ann", key);
    const auto [cid_token, cid_id] = sit_down(cid_b, "cid");
    ann_b.send(json{{"type", "start"}, {"token", token_b}});
    json state = until(ann_b, [](const json& t) { return t.at("phase") == "awaiting_give"; }).at("table");
    if (state.at("current") == ann_id_b)
        ann_b.send(json{{"type", "give"}, {"token", token_b}, {"to", ann_id_b}, {"turn", state.at("turn")}});
    until(ann_b, [&](const json& t) { return t.at("phase") == "awaiting_give" && t.at("current") == cid_id; });

    // Table c: ann waits for others; table d: cid alone (ann is not there).
    const std::string c = new_table(port);
    WsClient ann_c(port, c);
    sit_down(ann_c, "ann", key);
    const std::string d = new_table(port);
    WsClient cid_d(port, d);
    sit_down(cid_d, "cid");

    const HttpAnswer answer = my_tables(port, {{"key", key}});
    REQUIRE(answer.status == 200);
    CHECK(answer.body.find(key) == std::string::npos);
    const json mine = json::parse(answer.body);
    CHECK(mine.at("name") == "ann");
    const json& tables = mine.at("tables");
    REQUIRE(tables.size() == 3);
    CHECK(tables.at(0).at("id") == a);  // her turn, first
    CHECK(tables.at(0).at("your_turn") == true);
    CHECK(tables.at(0).at("current") == "ann");
    CHECK(tables.at(0).at("clock").at("ms_left").get<std::int64_t>() > 0);
    // The rest as the lobby lists them, newest first.
    CHECK(tables.at(1).at("id") == c);
    CHECK(tables.at(1).at("your_turn") == false);
    CHECK(tables.at(1).at("started") == false);
    CHECK(tables.at(1).at("clock").is_null());
    CHECK(tables.at(2).at("id") == b);
    CHECK(tables.at(2).at("your_turn") == false);
    CHECK(tables.at(2).at("current") == "cid");
    CHECK(tables.at(2).at("claimed") == json::array({"ann"}));

    // Refused in words: no key, a malformed key, a key that proves no name.
    const HttpAnswer none = my_tables(port, json::object());
    CHECK(none.status == 400);
    CHECK_THAT(none.body, Catch::Contains("field 'key' is missing"));
    const HttpAnswer unknown = my_tables(port, {{"key", std::string(43, 'A')}});
    CHECK(unknown.status == 404);
    CHECK(unknown.body.find(std::string(43, 'A')) == std::string::npos);
}

TEST_CASE("without a database there are no claimed names, so no 'My tables': the API says so", "[web]") {
    TestServer server;
    const HttpAnswer answer = my_tables(server.port(), {{"key", std::string(43, 'A')}});
    CHECK(answer.status == 501);
    CHECK_THAT(answer.body, Catch::Contains("this server keeps no claimed names"));
}
