// The table's WebSocket protocol against a real server on 127.0.0.1 (docs/web.md), with no
// browser: every bad message is refused with an error to its sender only and changes nothing,
// and another table keeps serving meanwhile (issue 21, point 4).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

struct Seat {
    std::string token;
    std::uint32_t id;
};

Seat sit(WsClient& c, const std::string& name) {
    c.send(json{{"type", "join"}, {"name", name}});
    const json seated = c.receive("seated");
    c.receive("state");  // the table with the new seat, as everyone at it gets it
    return {seated.at("token").get<std::string>(), seated.at("player").get<std::uint32_t>()};
}

}  // namespace

TEST_CASE("malformed, mistyped and oversized messages get an error to the sender only and change nothing", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    const Seat a = sit(ann, "ann");
    ann.send(json{{"type", "add_bot"}, {"token", a.token}, {"kind", "greedy"}});
    const json before = ann.receive("state").at("table");
    REQUIRE(before.at("players").size() == 2);
    WsClient watcher(server.port(), id);
    REQUIRE(watcher.state() == before);
    // ann is told that one more watches (the spectator count beside the table), nothing else.
    const json watched = ann.receive("state");
    CHECK(watched.at("spectators") == 1);
    CHECK(watched.at("table") == before);

    const std::vector<std::pair<std::string, std::string>> bad = {
        {"{not json", "not JSON"},
        {"[1,2]", "expected a JSON object"},
        {R"({"kind":"greedy"})", "no string \"type\""},
        {R"({"type":"dance"})", "unknown message type 'dance'"},
        {R"({"type":"join","name":5})", "field 'name' is an integer; expected a string"},
        {R"({"type":"join","name":""})", "the name: expected a name"},
        {R"({"type":"give","token":")" + a.token + R"(","to":"bob","turn":1})", "field 'to' is a string; expected a player id"},
        {R"({"type":"give","token":")" + a.token + R"(","to":0})", "field 'turn' is missing; expected the turn whose card it gives"},
        {R"({"type":"give","token":")" + a.token + R"(","to":0,"turn":"1"})", "field 'turn' is a string"},
        {R"({"type":"join","name":"ann smith"})", "the name: a name is one word, saw whitespace"},
        {"{\"type\":\"join\",\"name\":\"ann\u0085\"}", "the name: a name is printable text, saw a control character"},
        {"{\"type\":\"join\",\"name\":\"\u009bann\"}", "the name: a name is printable text, saw a control character"},
        {"{\"type\":\"join\",\"name\":\"\u202eann\"}", "the name: a name may not hold a text-direction control"},
        {R"({"type":"join","name":"abcdefghijklmnopqrstuvwxyz0123456"})", "the name: a name is at most 32 characters wide"},
        {R"({"type":"start","token":7})", "field 'token' is an integer"},
        {R"({"type":"start","token":")" + a.token + R"(","extra":1})", "unknown field 'extra'"},
    };
    for (const auto& [text, expected] : bad) {
        INFO(text);
        ann.send(text);
        const json e = ann.receive();
        CHECK(e.at("type") == "error");
        CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains(expected));
    }
    // 1 MB in one message: refused, and the socket still works.
    ann.send(std::string(1 << 20, 'x'));
    const json big = ann.receive();
    CHECK(big.at("type") == "error");
    CHECK_THAT(big.at("message").get<std::string>(), Catch::Contains("longer than 4096 bytes"));
    CHECK(ann.state(a.token) == before);
    // The watcher heard nothing of it: its next message is the state it asks for.
    watcher.send(json{{"type", "hello"}});
    const json next = watcher.receive();
    CHECK(next.at("type") == "state");
    CHECK(next.at("table") == before);
}

TEST_CASE("a thousand messages in a second from one socket: at most 20 a second are read", "[web]") {
    // The server's clock stands still while the thousand arrive (a ManualClock): the bucket's 20
    // are read and the rest refused, whatever the machine's load; a second later it is full again.
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server({}, {}, {}, clock);
    const std::string id = new_table(server.port());
    WsClient flood(server.port(), id);
    const json before = flood.state();  // one message of the first second's 20
    for (int i = 0; i < 1000; ++i) flood.send(json{{"type", "hello"}});
    // 1,001 messages: an answer to each hello, and the state every socket is sent when this
    // spectator was first counted.
    int states = 0, refused = 0;
    for (int i = 0; i < 1001; ++i) {
        const json m = flood.receive();
        if (m.at("type") == "state") ++states;
        else if (m.at("type") == "error" && m.at("message").get<std::string>().find("too many messages") != std::string::npos) ++refused;
    }
    CHECK(states == 19 + 1);  // what was left of the full bucket, and the spectator count's
    CHECK(refused == 1000 - 19);
    // A second later the socket is served again, the table as it was.
    clock->advance(std::chrono::milliseconds(1000));
    CHECK(flood.state() == before);
}

TEST_CASE("an unknown table id is refused at the WebSocket handshake and over HTTP", "[web]") {
    TestServer server;
    CHECK_THROWS(WsClient(server.port(), "nosuchtable"));
    CHECK_THROWS(WsClient(server.port(), "../etc"));
    CHECK(http_request(server.port(), "GET", "/api/tables/nosuchtable/record").status == 404);
    // The server still serves.
    CHECK(http_request(server.port(), "GET", "/api/tables").status == 200);
}

TEST_CASE("a page of another origin may not open a table's socket", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    CHECK_THROWS(WsClient(server.port(), id, "http://evil.example"));
    const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
    CHECK_NOTHROW(WsClient(server.port(), id, own));
}

TEST_CASE("no token, a forged token, another seat's turn: refused, the game unchanged; another table plays to the end", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id), bob(server.port(), id), stranger(server.port(), id);
    const Seat a = sit(ann, "ann");
    const Seat b = sit(bob, "bob");
    // Before the start nobody can give.
    ann.send(json{{"type", "start"}, {"token", a.token}});
    json state;
    for (int i = 0; i < 10; ++i) {  // bob's seat first, then the start
        state = ann.receive("state").at("table");
        if (state.at("started") == true) break;
    }
    REQUIRE(state.at("started") == true);
    REQUIRE(state.at("phase") == "awaiting_give");
    const std::uint32_t current = state.at("current").get<std::uint32_t>();
    const Seat& mover = current == a.id ? a : b;
    const Seat& other = current == a.id ? b : a;
    WsClient& other_socket = current == a.id ? bob : ann;
    const std::string other_name = current == a.id ? "bob" : "ann";
    // The table as someone arriving now sees it.
    auto now = [&] { return WsClient(server.port(), id).state(); };
    const json before = now();

    auto refused = [&](WsClient& c, const json& message, const std::string& expected) {
        INFO(message.dump());
        c.send(message);
        const json e = c.receive("error");
        CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains(expected));
        CHECK(e.at("request") == message.at("type"));
    };
    // No token, a forged one, a well-formed one that is nobody's.
    const json turn = state.at("turn");
    refused(stranger, json{{"type", "give"}, {"to", mover.id}, {"turn", turn}}, "field 'token' is missing");
    refused(stranger, json{{"type", "give"}, {"token", "not-a-token"}, {"to", mover.id}, {"turn", turn}}, "not a seat token");
    refused(stranger, json{{"type", "give"}, {"token", std::string(32, 'a')}, {"to", mover.id}, {"turn", turn}}, "not one of this table's");
    refused(stranger, json{{"type", "leave"}, {"token", std::string(32, 'b')}}, "not one of this table's");
    // A seated player out of turn, and for a player who is not there.
    refused(other_socket, json{{"type", "give"}, {"token", other.token}, {"to", other.id}, {"turn", turn}}, "'s turn, not " + other_name + "'s");
    refused(other_socket, json{{"type", "start"}, {"token", other.token}}, "has started already");
    refused(current == a.id ? ann : bob, json{{"type", "give"}, {"token", mover.token}, {"to", 99}, {"turn", turn}}, "No such player at this table");
    // A give for another turn than the one whose card waits (a second tab, a double click, a
    // delayed message): refused in words, nothing given.
    refused(current == a.id ? ann : bob, json{{"type", "give"}, {"token", mover.token}, {"to", mover.id}, {"turn", turn.get<int>() + 1}},
            "That answers turn " + std::to_string(turn.get<int>() + 1) + ", but the game is at turn " +
                std::to_string(turn.get<int>()) + ": nothing was given");
    refused(current == a.id ? ann : bob, json{{"type", "give"}, {"token", mover.token}, {"to", mover.id}, {"turn", 0}},
            "field 'turn' is an integer out of range");
    // A token of this table used at another table is nobody's there.
    const std::string second = new_table(server.port());
    WsClient carl(server.port(), second);
    refused(carl, json{{"type", "start"}, {"token", mover.token}}, "not one of this table's");
    CHECK(now() == before);

    // The second table meanwhile: one person and two bots; the person leaves, and the bots do not
    // play the game out (docs/web.md: a table is for people): it stops after that turn.
    const Seat c = sit(carl, "carl");
    carl.send(json{{"type", "add_bot"}, {"token", c.token}, {"kind", "greedy"}});
    carl.send(json{{"type", "add_bot"}, {"token", c.token}, {"kind", "random"}});
    carl.send(json{{"type", "start"}, {"token", c.token}});
    carl.send(json{{"type", "leave"}, {"token", c.token}});
    json end;
    for (int i = 0; i < 100; ++i) {
        end = carl.receive("state").at("table");
        if (!end.at("result").is_null()) break;
    }
    REQUIRE(!end.at("result").is_null());
    CHECK(end.at("phase") == "stopped");
    CHECK(end.at("result").at("phase") == "stopped");
    CHECK(end.at("result").at("reason") == "no human player is left");
    CHECK(end.at("result").at("winner").is_null());
    CHECK(end.at("turn") == 1);  // carl's first turn, played by the stand-in; none after it
    CHECK(end.at("current").is_null());
    // Its rematch would seat the bots alone: carl left, his token with him, so his ask is refused.
    refused(carl, json{{"type", "rematch"}, {"token", c.token}}, "not one of this table's seats");
    // Its record is served, ended there, and the first table is still as it was and playable.
    const HttpAnswer record = http_request(server.port(), "GET", "/api/tables/" + second + "/record");
    CHECK(record.status == 200);
    CHECK_THAT(record.body, Catch::Contains("\"reason\":\"no human player is left\""));
    CHECK_THAT(record.body, !Catch::Contains("[\"draw\",2,"));
    CHECK(now() == before);
    WsClient& mover_socket = current == a.id ? ann : bob;
    mover_socket.send(json{{"type", "give"}, {"token", mover.token}, {"to", other.id}, {"turn", turn}});
    // The turn as entries: each event in the record's JSON form with its words (host/text's
    // EventWords, the terminal's), then the new state.
    const json events = mover_socket.receive("events");
    const std::string mover_name = current == a.id ? "ann" : "bob";
    REQUIRE(events.at("events").size() >= 2);
    const json& give = events.at("events").at(0);
    CHECK(give.at("event").at(0) == "give");
    CHECK(give.at("event").at(1) == turn);
    CHECK(give.at("event").at(2) == mover_name);
    CHECK(give.at("event").at(3) == other_name);
    CHECK_THAT(give.at("text").get<std::string>(), Catch::StartsWith(mover_name + " gives ") && Catch::EndsWith(" to " + other_name));
    CHECK_THAT(give.at("brief").get<std::string>(), Catch::StartsWith(mover_name + " gave ") && Catch::EndsWith(" to " + other_name));
    bool end_of_turn = false;
    for (const auto& line : event_lines(events)) end_of_turn |= line.rfind("end of turn: " + mover_name, 0) == 0;
    CHECK(end_of_turn);
    for (const auto& e : events.at("events")) CHECK_FALSE(e.dump().find("seed") != std::string::npos);
    const json after = mover_socket.receive("state").at("table");
    CHECK(after.at("turn").get<int>() >= 2);
}

TEST_CASE("a player who leaves a table but keeps its page open is counted among the spectators", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id), bob(server.port(), id);
    const Seat a = sit(ann, "ann");
    sit(bob, "bob");
    json state = bob.state();
    CHECK(state.at("players").size() == 2);
    ann.send(json{{"type", "leave"}, {"token", a.token}});  // before the start: she leaves at once
    json after;
    for (int i = 0; i < 10; ++i) {
        after = bob.receive("state");
        if (after.at("table").at("players").size() == 1) break;
    }
    REQUIRE(after.at("table").at("players").size() == 1);
    CHECK(after.at("spectators") == 1);  // ann's page watches now
}
