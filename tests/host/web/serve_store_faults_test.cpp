// Nothing lost while the database fails (docs/web.md, "Nothing is lost"): another process holds
// the write lock for some turns; the table goes on, its players are told once when storing
// stops and once when it works again, and within about a second of the lock's end every turn
// played meanwhile is in the database (what a restart after SIGKILL would find).
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "host/store/game_store.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

// Reads messages until a state where `player` must give; every log line read goes to `lines`.
json my_turn(WsClient& c, const json& player, std::vector<std::string>& lines) {
    for (int i = 0; i < 2000; ++i) {
        const json m = c.receive();
        for (auto& line : event_lines(m)) lines.push_back(std::move(line));
        if (m.at("type") == "state" && m.at("table").at("phase") == "awaiting_give" && m.at("table").at("current") == player)
            return m.at("table");
    }
    throw std::runtime_error("no turn of mine");
}

std::size_t count(const std::vector<std::string>& lines, const std::string& text) {
    std::size_t n = 0;
    for (const auto& l : lines) n += l.find(text) != std::string::npos;
    return n;
}

// The record lines in the database file now: what a server started after a SIGKILL would find.
std::string stored_lines(const std::string& file) {
    SQLite::Database db(file, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT group_concat(line, char(10)) FROM record_lines");
    return q.executeStep() ? q.getColumn(0).getString() : std::string();
}

std::string draw_of(std::uint32_t turn) { return "[\"draw\"," + std::to_string(turn) + ",\"ann\""; }

// ann and a greedy bot at a stored table; ann's first turn.
struct StoredTable {
    explicit StoredTable(const web::ServeConfig& config, std::function<void()> fault = {})
        : server(config, {}, std::move(fault), clock), id(new_table(server.port())), ann(server.port(), id) {
        ann.send(json{{"type", "join"}, {"name", "ann"}});
        const json seated = ann.receive("seated");
        token = seated.at("token");
        me = seated.at("player");
        ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
        ann.send(json{{"type", "start"}, {"token", token}});
        state = my_turn(ann, me, lines);
    }
    // ann keeps `n` cards; returns the turn that waits for her then.
    std::uint32_t keep(int n) {
        for (int i = 0; i < n; ++i) {
            ann.send(json{{"type", "give"}, {"token", token}, {"to", me}, {"turn", state.at("turn")}});
            state = my_turn(ann, me, lines);
        }
        return state.at("turn").get<std::uint32_t>();
    }
    // The retry's second passes on the server's clock.
    void second_passes() {
        clock->advance(std::chrono::seconds(1));
        server.wake();
    }
    // Reads for about `seconds` s, or until a log line holds `text`.
    void wait_for(const std::string& text, int seconds = 4) {
        for (int i = 0; i < seconds * 10 && count(lines, text) == 0; ++i) {
            try {
                const json m = ann.receive();
                for (auto& line : event_lines(m)) lines.push_back(std::move(line));
            } catch (const std::exception&) {  // nothing within the client's wait: read again
            }
        }
    }
    std::shared_ptr<host::ManualClock> clock = std::make_shared<host::ManualClock>();
    TestServer server;
    std::string id;
    WsClient ann;
    std::string token;
    json me, state;
    std::vector<std::string> lines;
};

// A write fault in SQLite's words for some turns (a full disk, a read-only file), then none:
// the players are told once when storing stops and once when it works again, and within about
// a second every turn played meanwhile is in the file (at most the turn in play lost to a kill).
void fault_then_clear(const std::string& sqlite_words) {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    auto failing = std::make_shared<std::atomic<bool>>(false);
    StoredTable t(config, [failing, file = config.database, sqlite_words] {
        if (*failing) throw host::StoreError(file + ": cannot store the game: " + sqlite_words);
    });
    t.keep(1);
    *failing = true;
    const std::uint32_t turn = t.keep(3);
    CHECK(count(t.lines, "This game cannot be stored in the database just now") == 1);  // once, not per turn
    CHECK(stored_lines(config.database).find(draw_of(turn)) == std::string::npos);
    *failing = false;
    t.second_passes();
    t.wait_for("The database works again");
    CHECK(count(t.lines, "The database works again: the game is stored, nothing was lost.") == 1);
    CHECK(stored_lines(config.database).find(draw_of(turn)) != std::string::npos);
}

}  // namespace

TEST_CASE("the write lock held for some turns: told once, tried again every second, nothing lost", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const json seated = ann.receive("seated");
    const std::string token = seated.at("token");
    const json me = seated.at("player");
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.send(json{{"type", "start"}, {"token", token}});
    std::vector<std::string> lines;
    json state = my_turn(ann, me, lines);

    std::uint32_t turn = 0;
    {
        SQLite::Database other(config.database, SQLite::OPEN_READWRITE);
        other.exec("BEGIN IMMEDIATE");  // held while ann plays three turns
        for (int i = 0; i < 3; ++i) {
            ann.send(json{{"type", "give"}, {"token", token}, {"to", me}, {"turn", state.at("turn")}});
            state = my_turn(ann, me, lines);
        }
        turn = state.at("turn").get<std::uint32_t>();
        CHECK(count(lines, "This game cannot be stored in the database just now") == 1);  // once, not per turn
        other.exec("ROLLBACK");
    }
    // A second later (on the server's clock) the retry stores every turn missed, and the players
    // hear it once.
    clock->advance(std::chrono::seconds(1));
    server.wake();
    for (int i = 0; i < 40 && count(lines, "The database works again") == 0; ++i) {
        const json m = ann.receive();
        for (auto& line : event_lines(m)) lines.push_back(std::move(line));
    }
    CHECK(count(lines, "The database works again: the game is stored, nothing was lost.") == 1);
    SQLite::Database db(config.database, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT group_concat(line, char(10)) FROM record_lines");
    REQUIRE(q.executeStep());
    const std::string stored = q.getColumn(0).getString();
    CHECK(stored.find("[\"draw\"," + std::to_string(turn) + ",\"ann\"") != std::string::npos);
}

TEST_CASE("a table gone from the server still tells where its game is kept", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.close_finished_after = std::chrono::minutes(2);
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::string id = new_table(server.port());
    CHECK(http_request(server.port(), "GET", "/api/tables/" + id + "/game").status == 404);  // nothing stored yet
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const std::string token = ann.receive("seated").at("token");
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "random"}});
    ann.send(json{{"type", "start"}, {"token", token}});
    ann.send(json{{"type", "leave"}, {"token", token}});  // the game stops: no person is left
    json stopped;
    for (int i = 0; i < 100 && stopped.is_null(); ++i)
        if (const json m = ann.receive(); m.at("type") == "state" && m.at("table").at("phase") == "stopped") stopped = m;
    REQUIRE_FALSE(stopped.is_null());
    CHECK(http_request(server.port(), "GET", "/api/tables/" + id + "/game").status == 200);
    // Two minutes later on the server's clock the sweep closes the table.
    clock->advance(std::chrono::minutes(2));
    server.wake();
    json where;
    if (const HttpAnswer a = http_request(server.port(), "GET", "/api/tables/" + id + "/game"); a.status == 200) where = json::parse(a.body);
    REQUIRE_FALSE(where.is_null());
    CHECK(where.at("open") == false);
    CHECK(where.at("status") == "stopped");
    const std::string record = where.at("record");
    const HttpAnswer stored = http_request(server.port(), "GET", record);
    CHECK(stored.status == 200);
    CHECK_THAT(stored.body, Catch::Contains("\"reason\":\"no human player is left\""));
}

TEST_CASE("a full disk for some turns, then room again: told once, nothing lost (docs/web.md, \"Nothing is lost\")", "[web]") {
    fault_then_clear("database or disk is full");
}

TEST_CASE("a read-only database for some turns, then writable: told once, nothing lost", "[web]") {
    fault_then_clear("attempt to write a readonly database");
}

TEST_CASE("the database file deleted mid-game: written anew with everything so far; a restart would find every turn", "[web]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    StoredTable t(config);
    t.keep(2);
    const std::string before = stored_lines(config.database);
    REQUIRE(std::filesystem::remove(config.database));
    std::filesystem::remove(config.database + "-wal");
    std::filesystem::remove(config.database + "-shm");
    const std::uint32_t turn = t.keep(2);
    REQUIRE(std::filesystem::exists(config.database));
    const std::string after = stored_lines(config.database);
    CHECK(after.rfind(before, 0) == 0);  // every line stored before the deletion, in order
    CHECK(after.find(draw_of(turn)) != std::string::npos);
    CHECK(count(t.lines, "cannot be stored") == 0);  // nothing was lost, so the players hear nothing
}
