// Ratings at a real server on 127.0.0.1 (issue 42 item 4; docs/ratings.md, "Rated tables"): a
// finished game of two claimed names and a bot rates the three (not the typed name beside them),
// the ranking's API lists them per gametype with "provisional" under 5 games, and the next table
// shows each rated seat's rating. Without a database there are no ratings, said as empty lists.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {



json get(std::uint16_t port, const std::string& path) {
    const HttpAnswer a = http_request(port, "GET", path);
    REQUIRE(a.status == 200);
    return json::parse(a.body);
}

}  // namespace

TEST_CASE("a finished game of two claimed names and a bot rates those three; the next table shows their ratings", "[web][ratings]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.bot_pace = std::chrono::milliseconds(0);
    // The server's time is the test's: a second passes before each card is given, so one page
    // giving for three seats stays within the 20 messages a second a socket may send.
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::uint16_t port = server.port();
    const std::string ann_key = claim_name(port, "ann"), bob_key = claim_name(port, "bob");
    CHECK(get(port, "/api/ratings").at("gametypes") == json::array());

    const std::string id = new_table(port);
    WsClient ann(port, id), bob(port, id), cid(port, id);
    const auto [ann_token, ann_id] = sit_down(ann, "ann", ann_key);
    const auto [bob_token, bob_id] = sit_down(bob, "bob", bob_key);
    const auto [cid_token, cid_id] = sit_down(cid, "cid");  // typed: not rated
    ann.send(json{{"type", "add_bot"}, {"token", ann_token}, {"kind", "greedy"}});
    ann.send(json{{"type", "start"}, {"token", ann_token}});
    // Everyone keeps every card until the game ends (ann's socket sees every state).
    const std::map<json, std::string> token_of{{ann_id, ann_token}, {bob_id, bob_token}, {cid_id, cid_token}};
    bool over = false;
    for (int i = 0; i < 20000 && !over; ++i) {
        const json m = ann.receive();
        if (m.at("type") != "state") continue;
        const json& t = m.at("table");
        over = !t.at("result").is_null();
        if (t.at("phase") == "awaiting_give" && token_of.count(t.at("current"))) {
            clock->advance(std::chrono::seconds(1));
            ann.send(json{{"type", "give"}, {"token", token_of.at(t.at("current"))}, {"to", t.at("current")}, {"turn", t.at("turn")}});
        }
    }
    REQUIRE(over);

    CHECK(get(port, "/api/ratings").at("gametypes") == json::array({"official"}));
    const json official = get(port, "/api/ratings/official");
    CHECK(official.at("provisional_games") == 5);
    std::set<std::string> names;
    for (const json& p : official.at("players")) {
        names.insert(p.at("name").get<std::string>());
        CHECK(p.at("games") == 1);
        CHECK(p.at("provisional") == true);
        CHECK(p.at("ordinal").get<double>() == Approx(p.at("mu").get<double>() - 3 * p.at("sigma").get<double>()));
        CHECK(p.at("bot") == (p.at("name") != "ann" && p.at("name") != "bob"));
    }
    CHECK(names.size() == 3);
    CHECK(names.count("ann"));
    CHECK(names.count("bob"));
    CHECK_FALSE(names.count("cid"));
    // Best ordinal first.
    for (std::size_t i = 1; i < official.at("players").size(); ++i)
        CHECK(official["players"][i - 1].at("ordinal").get<double>() >= official["players"][i].at("ordinal").get<double>());
    CHECK(get(port, "/api/ratings/closed-table").at("players") == json::array());

    // The next table: ann's and the bot's seats show their ratings; cid's none.
    const std::string next = new_table(port);
    WsClient ann2(port, next), cid2(port, next);
    const auto [ann2_token, ann2_id] = sit_down(ann2, "ann", ann_key);
    sit_down(cid2, "cid");
    ann2.send(json{{"type", "add_bot"}, {"token", ann2_token}, {"kind", "greedy"}});
    ann2.send(json{{"type", "start"}, {"token", ann2_token}});
    json table;
    for (int i = 0; i < 200 && table.is_null(); ++i)
        if (const json m = ann2.receive(); m.at("type") == "state" && m.at("table").at("started") == true) table = m.at("table");
    REQUIRE_FALSE(table.is_null());
    for (const json& p : table.at("players")) {
        INFO(p.dump());
        if (p.at("name") == "cid") CHECK_FALSE(p.contains("rating"));
        else CHECK_THAT(p.at("rating").get<std::string>(), Catch::Matches(R"(-?[0-9]+\.[0-9] \(provisional\))"));
    }
}

TEST_CASE("without a database the ratings are empty lists, not an error", "[web][ratings]") {
    TestServer server;
    CHECK(get(server.port(), "/api/ratings").at("gametypes") == json::array());
    CHECK(get(server.port(), "/api/ratings/official").at("players") == json::array());
    CHECK(http_request(server.port(), "GET", "/api/ratings/Not-A-Gametype").status == 404);
}
