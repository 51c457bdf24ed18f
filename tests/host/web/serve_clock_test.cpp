// The turn clock of a web table (issue 21, point 4): a person who does not act within the turn
// timeout gets the greedy bot's decision, announced in the log; after max_timeouts in a row
// they leave (host::Table::time_out does the rules; the server keeps the time).
#include <catch2/catch.hpp>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

TEST_CASE("a turn timeout: the greedy bot decides, said in the log; two in a row and the player leaves", "[web]") {
    // The server's time is a ManualClock the test steps (host/hosted/clock.hpp): nothing here
    // waits for a real 90 s, and nothing times out early on a loaded machine.
    web::ServeConfig config;
    config.turn_timeout = std::chrono::seconds(90);
    config.max_timeouts = 2;
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const std::string token = ann.receive("seated").at("token");
    const std::uint32_t ann_id = ann.receive("state").at("table").at("players").at(0).at("id");
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "random"}});
    ann.send(json{{"type", "start"}, {"token", token}});
    // ann does nothing: each time her card waits, the clock is stepped past her time; the log
    // tells of her time running out, twice, and of her leaving.
    std::vector<std::string> lines;
    bool gone = false;
    int stepped = 0;
    for (int i = 0; i < 2000 && !gone; ++i) {
        const json m = ann.receive();
        for (auto& line : event_lines(m)) lines.push_back(std::move(line));
        if (m.at("type") != "state") continue;
        const json& table = m.at("table");
        const json& players = table.at("players");
        gone = table.at("started") == true &&
               std::none_of(players.begin(), players.end(), [](const json& p) { return p.at("name") == "ann"; });
        if (!gone && table.at("phase") == "awaiting_give" && table.at("current") == ann_id) {
            // Her clock runs with its whole time: a step just short of it times nothing out.
            CHECK(m.at("clock").at("ms_left") == 90'000);
            clock->advance(std::chrono::milliseconds(89'999));
            server.wake();
            ann.send(json{{"type", "hello"}, {"token", token}});
            const json still = ann.receive("state");
            CHECK(still.at("table").at("current") == ann_id);
            CHECK(still.at("clock").at("ms_left") == 1);
            clock->advance(std::chrono::milliseconds(1));
            server.wake();
            ++stepped;
        }
    }
    REQUIRE(gone);
    CHECK(stepped == 2);
    std::size_t timeouts = 0;
    for (const auto& line : lines) timeouts += line.find("ann did not act within 90 s") != std::string::npos;
    CHECK(timeouts == 2);
    CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("ann timed out 2 turns in a row") != std::string::npos; }));
    // Her token acts for nobody now.
    ann.send(json{{"type", "give"}, {"token", token}, {"to", 0}, {"turn", 1}});
    CHECK_THAT(ann.receive("error").at("message").get<std::string>(), Catch::Contains("not one of this table's"));
}

TEST_CASE("bot_takes_over: a bot keeps a left seat under its own name; the old token acts for nobody", "[web]") {
    web::ServeConfig config;
    config.bot_takes_over = true;
    TestServer server(config);
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id), bob(server.port(), id);
    auto sit = [](WsClient& c, const std::string& name) {
        c.send(json{{"type", "join"}, {"name", name}});
        const json seated = c.receive("seated");
        return std::make_pair(seated.at("token").get<std::string>(), seated.at("player").get<std::uint32_t>());
    };
    const auto [a_token, a_id] = sit(ann, "ann");
    const auto [b_token, b_id] = sit(bob, "bob");
    ann.send(json{{"type", "start"}, {"token", a_token}});
    json state;
    do state = bob.receive("state").at("table");
    while (state.at("started") != true);
    // ann leaves; whoever's turn it is, a bot then plays her seat and the game goes on.
    ann.send(json{{"type", "leave"}, {"token", a_token}});
    if (state.at("current") == b_id) bob.send(json{{"type", "give"}, {"token", b_token}, {"to", b_id}, {"turn", state.at("turn")}});
    bool taken_over = false;
    for (int i = 0; i < 50 && !taken_over; ++i) {
        state = bob.receive("state").at("table");
        for (const json& p : state.at("players"))
            taken_over |= p.at("id") == a_id && !p.at("bot").is_null() && p.at("name") != "ann";
    }
    REQUIRE(taken_over);
    CHECK(state.at("players").size() == 2);
    CHECK(state.at("result").is_null());
    ann.send(json{{"type", "leave"}, {"token", a_token}});
    CHECK_THAT(ann.receive("error").at("message").get<std::string>(), Catch::Contains("not one of this table's"));
}
