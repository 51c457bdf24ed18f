// The lobby's HTTP API and the page's files of `cherries serve` (docs/web.md, "URLs"), against a
// real server on 127.0.0.1: tables made from a POST and refused with a reason, the catalog,
// and no file outside the web root.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <set>

#include "host/design/card_svg.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

TEST_CASE("the catalog lists the sets with their cards, the gametypes with their rule and graph, and the bots", "[web]") {
    TestServer server;
    const HttpAnswer a = http_request(server.port(), "GET", "/api/catalog");
    REQUIRE(a.status == 200);
    CHECK(a.content_type == "application/json");
    const json catalog = json::parse(a.body);
    const json* standard = nullptr;
    for (const json& s : catalog.at("sets"))
        if (s.at("id") == "standard") standard = &s;
    REQUIRE(standard);
    CHECK(standard->at("cards") == 74);  // the Standard Set (docs/architecture.md, "Rule decisions")
    int copies = 0;
    for (const json& card : standard->at("card_list")) {
        copies += card.at("count").get<int>();
        CHECK((card.at("type") == "cherry" || card.at("type") == "score" || card.at("type") == "modifier"));
        CHECK_THAT(card.at("face").get<std::string>(), Catch::Matches("/cards/[0-9a-f]{64}/[a-z0-9_-]+\\.svg"));
    }
    CHECK(copies == 74);
    bool official = false, closed = false;
    for (const json& g : catalog.at("gametypes"))
        if (g.at("id") == "official") {
            official = true;
            CHECK_THAT(g.at("rule").get<std::string>(), Catch::Contains("first to 10 wins"));
            CHECK(g.at("graph") == "/api/gametypes/official/graph.svg");
            CHECK(g.at("house_rules") == "Players may join and leave during the game (at the end of a turn).");
        } else if (g.at("id") == "closed-table") {  // not Official's words: its house rules say how it differs (GDD §3.6)
            closed = true;
            CHECK_THAT(g.at("house_rules").get<std::string>(),
                       Catch::StartsWith("Nobody joins once the game has started. Nobody leaves either") && Catch::Contains("stand-in bot"));
        }
    CHECK(official);
    CHECK(closed);
    CHECK(catalog.at("bots").at(0) == "random");
    CHECK(catalog.at("defaults").at("gametype") == "official");
}

TEST_CASE("POST /api/tables makes a table or says what was wrong", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    CHECK_THAT(id, Catch::Matches("[a-z2-9]{10}"));
    const json tables = json::parse(http_request(server.port(), "GET", "/api/tables").body);
    REQUIRE(tables.size() == 1);
    CHECK(tables.at(0).at("id") == id);
    CHECK(tables.at(0).at("started") == false);

    const json random = json::parse(http_request(server.port(), "POST", "/api/tables", R"({"random_sets": 1})").body);
    CHECK(random.at("sets").size() == 1);

    const std::vector<std::pair<std::string, std::string>> bad = {
        {"{", "not a JSON object"},
        {R"({"sets": "standard"})", "expected a list of 1 to 16 set ids"},
        {R"({"sets": ["standard", "standard"]})", "names a set twice"},
        {R"({"sets": ["no-such-set"]})", "set 'no-such-set' is not offered here; expected one of"},
        {R"({"gametype": "no-such-gametype"})", "gametype 'no-such-gametype' is not offered here"},
        {R"({"random_sets": 0})", "expected a number from 1 to"},
        {R"({"colour": "red"})", "unknown field 'colour'"},
    };
    for (const auto& [body, expected] : bad) {
        INFO(body);
        const HttpAnswer a = http_request(server.port(), "POST", "/api/tables", body);
        CHECK(a.status == 400);
        CHECK_THAT(json::parse(a.body).at("error").get<std::string>(), Catch::Contains(expected));
    }
    // Not from a form of another site: JSON's content type, and the Origin check.
    CHECK(http_request(server.port(), "POST", "/api/tables", "{}", "text/plain").status == 415);
    CHECK(http_request(server.port(), "POST", "/api/tables", "{}", "application/x-www-form-urlencoded").status == 415);
    CHECK(http_request(server.port(), "POST", "/api/tables", "{}", "application/json", "http://evil.example").status == 403);
    CHECK(http_request(server.port(), "POST", "/api/tables", "{}", "application/json",
                       "http://127.0.0.1:" + std::to_string(server.port())).status == 201);
    CHECK(json::parse(http_request(server.port(), "GET", "/api/tables").body).size() == 3);
    CHECK(http_request(server.port(), "POST", "/api/tables", std::string(64 * 1024, ' ')).status == 413);
}

TEST_CASE("max_tables bounds the tables of one server", "[web]") {
    web::ServeConfig config;
    config.max_tables = 2;
    TestServer server(config);
    new_table(server.port());
    new_table(server.port());
    const HttpAnswer a = http_request(server.port(), "POST", "/api/tables", "{}");
    CHECK(a.status == 503);
    CHECK_THAT(a.body, Catch::Contains("its limit"));
}

TEST_CASE("the pages and their files come from the web root, and nothing outside it", "[web]") {
    TestServer server;
    TempFolder outside;
    outside.write("secret.txt", "secret");
    std::filesystem::create_directory_symlink(outside.path(), server.web_root() / "out");
    const auto port = server.port();
    CHECK(http_request(port, "GET", "/").body == "<!doctype html><title>lobby</title>");
    CHECK(http_request(port, "GET", "/t/abc").body == "<!doctype html><title>table</title>");
    const HttpAnswer js = http_request(port, "GET", "/static/js/table.js");
    CHECK(js.status == 200);
    CHECK(js.content_type == "text/javascript; charset=utf-8");
    for (const std::string target : {"/static/../CMakeLists.txt", "/static/js/../../secret.txt", "/static/%2e%2e/x",
                                     "/static/out/secret.txt", "/static//etc/passwd", "/static/js%2ftable.js", "/static/nope.js",
                                     "/static/js"}) {
        INFO(target);
        const HttpAnswer a = http_request(port, "GET", target);
        CHECK(a.status == 404);
        CHECK(a.body.find("secret") == std::string::npos);
    }
    CHECK(http_request(port, "DELETE", "/api/tables").status == 405);
}

TEST_CASE("card faces and reference graphs are SVG drawn by host/design, cached by fingerprint", "[web]") {
    web::Pictures pictures;
    std::atomic<int> drawn = 0;  // counted on the server's drawing thread
    pictures.card_faces = [&](const sdk::Bundle& bundle, const std::string& set) {
        ++drawn;
        return host::card_faces_svg(bundle, set);
    };
    pictures.reference_graph = [](const sdk::Bundle& bundle) { return host::gametype_graph_svg(bundle); };
    TestServer server({}, pictures);
    const json catalog = json::parse(http_request(server.port(), "GET", "/api/catalog").body);
    const json* standard = nullptr;
    for (const json& s : catalog.at("sets"))
        if (s.at("id") == "standard") standard = &s;
    REQUIRE(standard);
    std::string first;
    for (const json& card : standard->at("card_list")) {
        const HttpAnswer face = http_request(server.port(), "GET", card.at("face").get<std::string>());
        INFO(card.at("face"));
        REQUIRE(face.status == 200);
        CHECK(face.content_type == "image/svg+xml");
        CHECK_THAT(face.body, Catch::StartsWith("<?xml") && Catch::Contains("<svg") && Catch::Contains("width=\"50mm\" height=\"50mm\""));
        if (first.empty()) first = face.body;
    }
    CHECK(drawn == 1);  // the whole set once, then from memory
    CHECK(http_request(server.port(), "GET", standard->at("card_list").at(0).at("face").get<std::string>()).body == first);
    const std::string fingerprint = standard->at("card_list").at(0).at("face").get<std::string>().substr(7, 64);
    CHECK(http_request(server.port(), "GET", "/cards/" + fingerprint + "/no-such-card.svg").status == 404);
    CHECK(http_request(server.port(), "GET", "/cards/" + std::string(64, '0') + "/double-cherry.svg").status == 404);
    CHECK(drawn == 1);
    const HttpAnswer graph = http_request(server.port(), "GET", "/api/gametypes/official/graph.svg");
    CHECK(graph.status == 200);
    CHECK_THAT(graph.body, Catch::Contains("winning-score"));
    CHECK(http_request(server.port(), "GET", "/api/gametypes/no-such/graph.svg").status == 404);
}

TEST_CASE("an idle table that never started and a finished one are closed after their time", "[web]") {
    web::ServeConfig config;
    config.close_idle_after = std::chrono::minutes(5);
    config.close_finished_after = std::chrono::minutes(5);
    auto clock = std::make_shared<host::ManualClock>();  // the test steps the server's time
    TestServer server(config, {}, {}, clock);
    const std::string idle = new_table(server.port());
    const std::string done = new_table(server.port());
    {
        WsClient carl(server.port(), done);
        carl.send(json{{"type", "join"}, {"name", "carl"}});
        const std::string token = carl.receive("seated").at("token");
        carl.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
        carl.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "random"}});
        carl.send(json{{"type", "start"}, {"token", token}});
        carl.send(json{{"type", "leave"}, {"token", token}});
        json end;
        for (int i = 0; i < 100 && (end.is_null() || end.at("result").is_null()); ++i) end = carl.receive("state").at("table");
        REQUIRE(!end.at("result").is_null());
    }
    // A table someone is at is not idle, however long it waits.
    const std::string watched = new_table(server.port());
    WsClient watcher(server.port(), watched);
    watcher.state();
    auto open_tables = [&] {
        std::set<std::string> open;
        for (const json& t : json::parse(http_request(server.port(), "GET", "/api/tables").body)) open.insert(t.at("id"));
        return open;
    };
    // A moment short of their time, every table is open; at their time, the sweep closes them.
    clock->advance(std::chrono::minutes(5) - std::chrono::milliseconds(1));
    server.wake();
    CHECK(open_tables() == std::set<std::string>{idle, done, watched});
    clock->advance(std::chrono::milliseconds(1));
    server.wake();
    const std::set<std::string> open = open_tables();
    CHECK(!open.count(idle));
    CHECK(!open.count(done));
    CHECK(open.count(watched));
    CHECK(watcher.state().at("id") == watched);
}
