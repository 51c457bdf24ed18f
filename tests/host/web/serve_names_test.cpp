// A name that is yours at a real server on 127.0.0.1 (docs/web.md, "A name that is yours"):
// the HTTP API (claim, check, revoke, each refused in words; claims rate-limited per address on
// the server's ManualClock), and the table's `join` with and without the name's player key. The
// key proves the name and is never in anything the server sends anyone else.
#include <catch2/catch.hpp>

#include <memory>

#include <string>
#include <thread>

#include "host/hosted/clock.hpp"
#include "host/store/game_store.hpp"
#include "host/web/player_names.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

HttpAnswer post(std::uint16_t port, const std::string& target, const json& body) {
    return http_request(port, "POST", target, body.dump());
}

// Every message `c` is sent until a `state` whose table holds `players` seats.
std::string until_players(WsClient& c, std::size_t players) {
    std::string seen;
    for (int i = 0; i < 100; ++i) {
        const json m = c.receive();
        seen += m.dump() + "\n";
        if (m.at("type") == "state" && m.at("table").at("players").size() == players) return seen;
    }
    FAIL("no state with " << players << " players");
    return seen;
}

}  // namespace

TEST_CASE("the names API claims, checks and revokes, and refuses in words", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.names_per_minute = 3;
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::uint16_t port = server.port();

    const HttpAnswer made = post(port, "/api/names", {{"name", "ann"}});
    REQUIRE(made.status == 201);
    const json ann = json::parse(made.body);
    CHECK(ann.at("name") == "ann");
    const std::string key = ann.at("key");
    CHECK(key.size() == 43);

    const HttpAnswer twice = post(port, "/api/names", {{"name", "\xd0\xb0nn"}});  // Cyrillic а: a look-alike
    CHECK(twice.status == 409);
    CHECK_THAT(twice.body, Catch::Contains("looks like 'ann', a claimed name; choose another name"));
    const HttpAnswer rule = post(port, "/api/names", {{"name", "ann smith"}});
    CHECK(rule.status == 400);
    CHECK_THAT(rule.body, Catch::Contains("the name: a name is one word, saw whitespace"));
    // The limit: 3 claims (refused ones too) a minute from one address; a minute later, more.
    const HttpAnswer limited = post(port, "/api/names", {{"name", "bob"}});
    CHECK(limited.status == 429);
    CHECK_THAT(limited.body, Catch::Contains("claimed names or revoked keys 3 times in the last minute, the limit"));
    clock->advance(std::chrono::seconds(61));
    // Bad requests: in words, nothing changed (each counted by the limit).
    CHECK(http_request(port, "POST", "/api/names", "{\"name\": 5}").status == 400);
    CHECK(http_request(port, "POST", "/api/names", "name=cid", "application/x-www-form-urlencoded").status == 415);
    CHECK(http_request(port, "POST", "/api/names", "{\"name\":\"cid\"}", "application/json", "http://evil.example").status == 403);
    clock->advance(std::chrono::seconds(61));
    CHECK(post(port, "/api/names", {{"name", "bob"}}).status == 201);

    const HttpAnswer checked = post(port, "/api/names/check", {{"key", key}});
    REQUIRE(checked.status == 200);
    CHECK(json::parse(checked.body) == json{{"name", "ann"}});
    const HttpAnswer forged = post(port, "/api/names/check", {{"key", std::string(43, 'A')}});
    CHECK(forged.status == 404);
    CHECK_THAT(forged.body, Catch::Contains("no name has this player key"));
    CHECK(post(port, "/api/names/check", {{"key", "short"}}).status == 400);

    const HttpAnswer revoked = post(port, "/api/names/revoke", {{"key", key}});
    REQUIRE(revoked.status == 200);
    const json renewed = json::parse(revoked.body);
    CHECK(renewed.at("name") == "ann");
    CHECK(renewed.at("key") != key);
    CHECK(post(port, "/api/names/check", {{"key", key}}).status == 404);
    CHECK(post(port, "/api/names/check", {{"key", renewed.at("key")}}).status == 200);
    // GET is not how: the key would be in a URL.
    CHECK(http_request(port, "GET", "/api/names/check").status == 405);
}

TEST_CASE("without a database no name is claimed: the API says so and every name plays", "[web]") {
    TestServer server;
    const HttpAnswer a = post(server.port(), "/api/names", {{"name", "ann"}});
    CHECK(a.status == 501);
    CHECK_THAT(a.body, Catch::Contains("keeps no claimed names"));
    CHECK(post(server.port(), "/api/names/check", {{"key", std::string(43, 'A')}}).status == 501);
    const std::string id = new_table(server.port());
    WsClient c(server.port(), id);
    c.send(json{{"type", "join"}, {"name", "ann"}, {"key", std::string(43, 'A')}});
    CHECK(c.receive("seated").contains("token"));
}

TEST_CASE("a claimed name sits down only with its key; unclaimed names play as before; the key reaches nobody", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    TestServer server(config);
    const std::uint16_t port = server.port();
    const std::string key = json::parse(post(port, "/api/names", {{"name", "Ann"}}).body).at("key");
    const std::string other = json::parse(post(port, "/api/names", {{"name", "bob"}}).body).at("key");
    const std::string id = new_table(port);
    WsClient thief(port, id), ann(port, id), cid(port, id);

    // No key, a forged key, another name's key, a malformed key: refused in words, no seat.
    thief.send(json{{"type", "join"}, {"name", "ann"}, {"id", 1}});
    json e = thief.receive("error");
    CHECK(e.at("message") == "Ann is a claimed name: sit down with its player key (the page's \"Your name\" keeps it), or choose another name");
    CHECK(e.at("request") == "join");
    CHECK(e.at("id") == 1);
    for (const std::string& wrong : {std::string(43, 'A'), other}) {
        thief.send(json{{"type", "join"}, {"name", "ANN"}, {"key", wrong}});
        e = thief.receive("error");
        CHECK_THAT(e.at("message").get<std::string>(), Catch::StartsWith("Ann is a claimed name, and the player key this page holds is not its key"));
        CHECK(e.dump().find(wrong) == std::string::npos);
    }
    thief.send(json{{"type", "join"}, {"name", "ann"}, {"key", "x" + key}});
    e = thief.receive("error");
    CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains("field 'key' is not a player key"));
    CHECK(e.dump().find(key) == std::string::npos);

    // With its key: seated, as the name was claimed ("Ann" for "ann").
    ann.send(json{{"type", "join"}, {"name", "ann"}, {"key", key}});
    const json seated = ann.receive("seated");
    std::string seen = seated.dump();  // before the states that follow it: `+` does not order its reads
    seen += until_players(ann, 1);
    // An unclaimed name plays as before, with or without a key (a key proves only its own name).
    cid.send(json{{"type", "join"}, {"name", "cid"}, {"key", key}});
    seen += cid.receive("seated").dump();
    seen += until_players(cid, 2);
    seen += until_players(thief, 2);
    seen += until_players(ann, 2);
    const json table = ann.state(seated.at("token"));
    CHECK(table.at("players").at(0).at("name") == "Ann");
    CHECK(table.at("players").at(1).at("name") == "cid");
    seen += table.dump();
    // What anyone can read of the table: no key in it, and none in the stored state or record.
    seen += http_request(port, "GET", "/api/tables").body;
    seen += http_request(port, "GET", "/api/tables/" + id + "/record").body;
    CHECK(seen.find(key) == std::string::npos);
    CHECK(seen.find(web::player_key_hash(key)) == std::string::npos);
    host::GameStore store(config.database);
    const auto stored = store.in_progress("web:" + id);
    REQUIRE(stored);
    CHECK(stored->state.find(key) == std::string::npos);
    CHECK(json::parse(stored->state).at("front").at("claimed") == json::array({"Ann"}));
}

TEST_CASE("a game played by a proven seat counts under its claimed name in the ranking", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.bot_pace = std::chrono::milliseconds(0);  // the bot's turns at once: the game, not its pace, is tested
    // The server's time is the test's: a second passes before each card ann gives, so her page
    // stays within the 20 messages a second a socket may send however fast the game goes (past
    // it, a give is not read and the game waited for her 90 s turn clock).
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::uint16_t port = server.port();
    const std::string key = json::parse(post(port, "/api/names", {{"name", "ann"}}).body).at("key");
    const std::string id = new_table(port);
    WsClient ann(port, id);
    ann.send(json{{"type", "join"}, {"name", "ann"}, {"key", key}});
    const json seated = ann.receive("seated");
    const std::string token = seated.at("token");
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.send(json{{"type", "start"}, {"token", token}});
    bool over = false;
    for (int i = 0; i < 20000 && !over; ++i) {  // ann keeps every card she draws, to the end
        const json m = ann.receive();
        if (m.at("type") != "state") continue;
        const json& t = m.at("table");
        if (!t.at("result").is_null()) over = true;
        else if (t.at("phase") == "awaiting_give" && t.at("current") == seated.at("player")) {
            clock->advance(std::chrono::seconds(1));
            ann.send(json{{"type", "give"}, {"token", token}, {"to", seated.at("player")}, {"turn", t.at("turn")}});
        }
    }
    REQUIRE(over);
    json ranking;
    for (int i = 0; i < 100 && ranking.empty(); ++i) {  // the end is stored on the loop, after the state is sent
        ranking = json::parse(http_request(port, "GET", "/api/players").body);
        if (ranking.empty()) std::this_thread::yield();
    }
    REQUIRE(ranking.size() == 1);
    CHECK(ranking.at(0).at("name") == "ann");
    CHECK(ranking.at(0).at("claimed") == true);
    CHECK(ranking.at(0).at("games") == 1);
    host::GameStore store(config.database);
    CHECK(store.stats("claimed:ann"));
    CHECK_FALSE(store.stats("web:ann"));
}
