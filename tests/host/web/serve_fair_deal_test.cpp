// The fair deal at a web table (docs/records.md, "The fair deal"; docs/web.md): a spectator and a
// player, during a live game, fetch every page, API and socket message they can reach; no number
// in any of it, taken as a seed, predicts the game's next draws (the deck's order, GDD §3.4.1,
// §3.4.2.3.1). After the end, the record reveals the deal and `cherries replay` verifies it.
#include <catch2/catch.hpp>

#include <sstream>
#include <set>
#include <string>
#include <vector>

#include "host/records/deal.hpp"
#include "tests/host/web/web_client.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/deal_support.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;


TEST_CASE("nothing a spectator or a player can reach during a web game predicts its draws; the end reveals a deal that verifies", "[web][deal]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    TestServer server(config);
    const std::uint16_t port = server.port();
    const std::string id = new_table(port);

    std::string seen;  // everything anyone without the server's files could read
    auto get = [&](const std::string& target) {
        const HttpAnswer a = http_request(port, "GET", target);
        seen += a.body + "\n";
        return a;
    };
    WsClient ann(port, id), spectator(port, id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const json seated = ann.receive("seated");
    seen += seated.dump();
    const std::string token = seated.at("token");
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "random"}});
    ann.send(json{{"type", "start"}, {"token", token}});

    // Six turns of ann's, each kept; every message to ann and to the spectator is read.
    std::string commitment;
    int own_turns = 0;
    for (int i = 0; i < 2000 && own_turns < 6; ++i) {
        const json m = ann.receive();
        seen += m.dump() + "\n";
        if (m.at("type") != "state") continue;
        const json& t = m.at("table");
        if (t.at("started") == true) commitment = t.at("deal").at("commitment").get<std::string>();
        if (t.at("phase") == "awaiting_give" && t.at("current") == seated.at("player")) {
            ++own_turns;
            get("/api/tables");
            get("/api/tables/" + id + "/record");
            for (int g = 1; g <= 3; ++g) get("/api/games/" + std::to_string(g) + "/record");
            get("/api/players");
            get("/t/" + id);
            ann.send(json{{"type", "give"}, {"token", token}, {"to", seated.at("player")}, {"turn", t.at("turn")}});
        }
    }
    REQUIRE(own_turns == 6);
    REQUIRE(host::valid_commitment(commitment));
    spectator.send(json{{"type", "hello"}});
    for (int i = 0; i < 2000; ++i) {  // everything the spectator was sent, up to its answer
        const json m = spectator.receive();
        seen += m.dump() + "\n";
        if (m.at("type") == "state" && m.at("table").at("turn").get<int>() >= 6) break;
    }
    const std::string live_record = http_request(port, "GET", "/api/tables/" + id + "/record").body;
    const json live = json::parse(live_record.substr(0, live_record.find('\n')));
    CHECK_FALSE(live.contains("seed"));
    CHECK(live.at("commitment") == commitment);

    // ann leaves; the bots play the game out, and the end reveals the deal.
    ann.send(json{{"type", "leave"}, {"token", token}});
    // The spectator hears the end (the table's own signal: a state with a result), then asks.
    for (int i = 0; i < 2000; ++i) {
        const json m = spectator.receive();
        if (m.at("type") == "state" && !m.at("table").at("result").is_null()) break;
    }
    const std::string record = http_request(port, "GET", "/api/tables/" + id + "/record").body;
    REQUIRE(record.find("\"end\"") != std::string::npos);
    const json end = json::parse(record.substr(record.rfind('\n', record.size() - 2) + 1));
    const std::uint64_t seed = end.at("seed").get<std::uint64_t>();
    CHECK(host::commitment(host::Deal{.seed = seed, .salt = end.at("salt").get<std::string>()}) == commitment);

    // The real draws, from the record; the revealed seed predicts them (so the check below can fail).
    std::vector<std::string> draws;
    std::istringstream lines(record);
    for (std::string line; std::getline(lines, line) && draws.size() < 6;) {
        const json j = json::parse(line, nullptr, false);
        if (j.is_array() && j.at(0) == "draw") draws.push_back(j.at(3).get<std::string>());
    }
    REQUIRE(draws.size() == 6);
    const std::vector<std::string> players = {"ann", "greedy-2", "random-3"};
    REQUIRE(first_draws(seed, players, 6) == draws);

    const std::set<std::uint64_t> candidates = numbers_in(seen);
    INFO(candidates.size() << " numbers seen");
    CHECK(candidates.size() > 100);  // the test did read the pages and messages
    CHECK(candidates.count(seed) == 0);
    std::size_t predicting = 0;
    for (const std::uint64_t n : candidates) predicting += first_draws(n, players, 6) == draws;
    CHECK(predicting == 0);

    // After the end the record verifies with `cherries replay`, and a changed reveal is refused.
    const auto file = data.write("game.jsonl", record);
    const CliRun ok = run_cli("replay '" + file.string() + "'");
    CHECK(ok.status == 0);
    CHECK_THAT(ok.out, Catch::Contains("the deal verifies"));
    json forged = end;
    forged["seed"] = seed + 1;
    const std::string cut = record.substr(0, record.rfind('\n', record.size() - 2) + 1);
    const CliRun bad = run_cli("replay '" + data.write("forged.jsonl", cut + forged.dump() + "\n").string() + "'");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("does not match the header's commitment"));
}
