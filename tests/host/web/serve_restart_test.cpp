// Nothing is lost (issue 21, point 5): `cherries serve --database FILE` killed with SIGKILL in
// the middle of a game and started again resumes the table at the same turn, a seat token
// still acts for its seat, and the finished game's record (stored turn by turn in the one
// SQLite store) passes `cherries replay`.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <regex>

#include "tests/host/web/serve_process.hpp"
#include "tests/host/web/web_client.hpp"
#include "tests/support/postgresql_server.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

// The next state whose turn is `turn` or later (earlier broadcasts skipped).
json state_at(WsClient& c, int turn) {
    for (int i = 0; i < 1000; ++i) {
        const json s = c.receive("state").at("table");
        if (s.at("turn").get<int>() >= turn) return s;
    }
    throw std::runtime_error("no such state");
}

}  // namespace

TEST_CASE("serve --database: killed with SIGKILL mid-game, started again: the table resumes at the same turn", "[web]") {
    TempFolder dir;
    for (const StoreEngine engine : store_engines()) DYNAMIC_SECTION(engine_name(engine)) {
        const std::vector<std::string> args = {"--database", new_store(engine, dir, "cherries.db")};
        const auto log = dir.path() / "serve.log";
        std::string id, token;
        std::uint32_t me = 0;
        json before;
        {
            ServeProcess server(args, log);
            id = new_table(server.port());
            WsClient ann(server.port(), id);
            ann.send(json{{"type", "join"}, {"name", "ann"}});
            const json seated = ann.receive("seated");
            token = seated.at("token");
            me = seated.at("player");
            ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
            ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "random"}});
            ann.send(json{{"type", "start"}, {"token", token}});
            // ann plays her turns (keeps each card) until turn 7 or later waits for her.
            json s;
            for (int i = 0; i < 200; ++i) {
                s = ann.receive("state").at("table");
                if (!s.at("result").is_null()) break;
                if (s.at("current") == me && s.at("phase") == "awaiting_give") {
                    if (s.at("turn").get<int>() >= 7) break;
                    ann.send(json{{"type", "give"}, {"token", token}, {"to", me}, {"turn", s.at("turn")}});
                }
            }
            REQUIRE(s.at("result").is_null());  // a game of the official gametype lasts longer
            REQUIRE(s.at("turn").get<int>() >= 7);
            before = s;
            CHECK(server.kill(SIGKILL) == -1);
        }
        ServeProcess again(args, log);
        WsClient ann(again.port(), id);
        ann.send(json{{"type", "hello"}, {"token", token}});
        const json seated = ann.receive("seated");
        CHECK(seated.at("player") == me);
        const json after = ann.receive("state").at("table");
        CHECK(after == before);  // the same turn, cards, players, scores, drawn card

        // ann acts with her token after the restart, then leaves; the bots play to the end.
        ann.send(json{{"type", "give"}, {"token", token}, {"to", me}, {"turn", after.at("turn")}});
        const json next = state_at(ann, after.at("turn").get<int>() + 1);
        CHECK(next.at("turn").get<int>() > after.at("turn").get<int>());
        ann.send(json{{"type", "leave"}, {"token", token}});
        json end;
        for (int i = 0; i < 100; ++i) {
            end = ann.receive("state").at("table");
            if (!end.at("result").is_null()) break;
        }
        REQUIRE(!end.at("result").is_null());
        const HttpAnswer record = http_request(again.port(), "GET", "/api/tables/" + id + "/record");
        REQUIRE(record.status == 200);
        const auto file = dir.write("game.jsonl", record.body);
        const CliRun replay = run_cli("replay '" + file.string() + "'");
        INFO(replay.out << replay.err);
        CHECK(replay.status == 0);
        // The stored copy is the same record: game 1 of the database.
        const HttpAnswer stored = http_request(again.port(), "GET", "/api/games/1/record");
        CHECK(stored.status == 200);
        CHECK(stored.body == record.body);
        CHECK(http_request(again.port(), "GET", "/api/games/99/record").status == 404);
        // SIGTERM: saved, closed, exit 0.
        CHECK(again.kill(SIGTERM) == 0);
    }
}

TEST_CASE("a game won by a person's give: the record ends with its end line and replays", "[web]") {
    // A gametype of this test's own: every cherry count scores 1, 3 points win (a few turns).
    TempFolder plugins;
    std::string toml = "[gametype]\nid = \"short\"\nname = \"Short\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n[distribution]\n";
    for (int n = 0; n <= 60; ++n) toml += std::to_string(n) + " = 1\n";
    plugins.write("gametypes/short/gametype.toml", toml);
    web::ServeConfig config;
    config.plugin_path = {plugins.path()};
    config.default_gametype = "short";
    config.database = (plugins.path() / "games.db").string();
    TestServer server(config);
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id), bob(server.port(), id);
    std::map<std::uint32_t, std::pair<WsClient*, std::string>> seats;
    for (auto [c, name] : {std::pair<WsClient*, const char*>{&ann, "ann"}, {&bob, "bob"}}) {
        c->send(json{{"type", "join"}, {"name", name}});
        const json seated = c->receive("seated");
        seats[seated.at("player")] = {c, seated.at("token")};
    }
    ann.send(json{{"type", "start"}, {"token", seats.begin()->second.second}});
    json s;
    for (int i = 0; i < 200; ++i) {  // both keep every card; ann's socket sees every state
        s = ann.receive("state").at("table");
        if (!s.at("result").is_null()) break;
        if (s.at("started") == true && s.at("phase") == "awaiting_give") {
            const auto& [socket, token] = seats.at(s.at("current").get<std::uint32_t>());
            socket->send(json{{"type", "give"}, {"token", token}, {"to", s.at("current")}, {"turn", s.at("turn")}});
        }
    }
    REQUIRE(!s.at("result").is_null());
    CHECK(s.at("result").at("phase") == "won");
    const HttpAnswer record = http_request(server.port(), "GET", "/api/tables/" + id + "/record");
    REQUIRE(record.status == 200);
    CHECK_THAT(record.body, Catch::Contains("\n{\"end\":"));
    const auto file = plugins.write("game.jsonl", record.body);
    const CliRun replay = run_cli("replay --plugin-path '" + plugins.path().string() + "' '" + file.string() + "'");
    INFO(replay.out << replay.err);
    CHECK(replay.status == 0);
    // The players' statistics, as CherryBot keeps them: one game each, one win between them.
    const json players = json::parse(http_request(server.port(), "GET", "/api/players").body);
    REQUIRE(players.size() == 2);
    CHECK(players.at(0).at("name") == s.at("result").at("winner"));
    CHECK(players.at(0).at("wins") == 1);
    CHECK(players.at(1).at("wins") == 0);
    // Turns are draws: a give that wins on turn 1 (the table's seed is random) leaves the other
    // player with none, so only their sum is bound: at least the winning turn, at most the game's.
    int turns = 0;
    for (const json& p : players) {
        CHECK(p.at("games") == 1);
        turns += p.at("turns").get<int>();
    }
    CHECK(turns >= 1);
    CHECK(turns <= s.at("turn").get<int>());
}

TEST_CASE("serve --database: a waiting table survives SIGKILL with its seats, and its token still acts", "[web]") {
    TempFolder dir;
    for (const StoreEngine engine : store_engines()) DYNAMIC_SECTION(engine_name(engine)) {
        const std::vector<std::string> args = {"--database", new_store(engine, dir, "cherries.db")};
        const auto log = dir.path() / "serve.log";
        std::string id, token;
        {
            ServeProcess server(args, log);
            id = new_table(server.port());
            WsClient ann(server.port(), id);
            ann.send(json{{"type", "join"}, {"name", "ann"}});
            token = ann.receive("seated").at("token");
            ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
            json s;
            do s = ann.receive("state").at("table");
            while (s.at("players").size() < 2);
            CHECK(server.kill(SIGKILL) == -1);
        }
        ServeProcess again(args, log);
        const json tables = json::parse(http_request(again.port(), "GET", "/api/tables").body);
        REQUIRE(tables.size() == 1);
        CHECK(tables.at(0).at("id") == id);
        CHECK(tables.at(0).at("started") == false);
        CHECK(tables.at(0).at("players") == json::array({"ann", "greedy-2"}));
        WsClient ann(again.port(), id);
        const json state = ann.state(token);
        CHECK(state.at("players").size() == 2);
        ann.send(json{{"type", "start"}, {"token", token}});  // her token is still her seat's
        json s;
        for (int i = 0; i < 20; ++i) {
            s = ann.receive("state").at("table");
            if (s.at("started") == true) break;
        }
        CHECK(s.at("started") == true);
        CHECK(again.kill(SIGTERM) == 0);
    }
}

TEST_CASE("serve --database: a finished table survives SIGKILL: its end is shown again, and its record has one end line", "[web]") {
    // A gametype of this test's own: every cherry count scores 1, 3 points win (a few turns).
    TempFolder dir;
    for (const StoreEngine engine : store_engines()) DYNAMIC_SECTION(engine_name(engine)) {
        std::string toml = "[gametype]\nid = \"short\"\nname = \"Short\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n[distribution]\n";
        for (int n = 0; n <= 60; ++n) toml += std::to_string(n) + " = 1\n";
        dir.write("plugins/gametypes/short/gametype.toml", toml);
        const std::string plugins = (dir.path() / "plugins").string();
        const std::vector<std::string> args = {"--database", new_store(engine, dir, "cherries.db"), "--plugin-path", plugins};
        const auto log = dir.path() / "serve.log";
        std::string id;
        json end;
        {
            ServeProcess server(args, log);
            id = new_table(server.port(), R"({"gametype": "short"})");
            WsClient ann(server.port(), id);
            ann.send(json{{"type", "join"}, {"name", "ann"}});
            const json seated = ann.receive("seated");
            const std::string token = seated.at("token");
            ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
            ann.send(json{{"type", "start"}, {"token", token}});
            for (int i = 0; i < 500; ++i) {  // ann keeps every card
                end = ann.receive("state").at("table");
                if (!end.at("result").is_null()) break;
                if (end.at("phase") == "awaiting_give" && end.at("current") == seated.at("player"))
                    ann.send(json{{"type", "give"}, {"token", token}, {"to", seated.at("player")}, {"turn", end.at("turn")}});
            }
            REQUIRE(!end.at("result").is_null());
            CHECK(server.kill(SIGKILL) == -1);
        }
        ServeProcess again(args, log);
        const json tables = json::parse(http_request(again.port(), "GET", "/api/tables").body);
        REQUIRE(tables.size() == 1);
        CHECK(tables.at(0).at("id") == id);
        WsClient spectator(again.port(), id);
        const json shown = spectator.state();
        CHECK(shown.at("phase") == end.at("phase"));
        CHECK(shown.at("turn") == end.at("turn"));
        CHECK(shown.at("result") == end.at("result"));
        CHECK(shown.at("deal").contains("seed"));  // the fair deal's reveal, as before the restart
        const HttpAnswer record = http_request(again.port(), "GET", "/api/tables/" + id + "/record");
        REQUIRE(record.status == 200);
        std::size_t end_lines = 0;
        for (std::size_t at = record.body.find("\n{\"end\":"); at != std::string::npos; at = record.body.find("\n{\"end\":", at + 1))
            ++end_lines;
        CHECK(end_lines == 1);
        const auto file = dir.write("game.jsonl", record.body);
        const CliRun replay = run_cli("replay --plugin-path '" + plugins + "' '" + file.string() + "'");
        INFO(replay.out << replay.err);
        CHECK(replay.status == 0);
        CHECK(again.kill(SIGTERM) == 0);
    }
}
