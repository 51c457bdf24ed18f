// Nothing one table does stalls another (docs/web.md, "One table's work"): a table's work (its
// plugins' code, its bots, the engine) runs on a table worker, one piece at a time per table,
// and never on the server's loop. The test holds one table's work on its worker, as a slow
// plugin would, and shows that every other table plays on, the lobby answers, and the held
// table's own players wait, in order, with "busy" past a bound. No timing: the held table
// cannot answer before the test lets it go.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <string>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

// Holds the work of one table on its worker until opened (or 20 s: a test never hangs).
class Gate {
public:
    void hold(const std::string& table) {
        std::lock_guard lock(m_);
        held_ = table;
    }
    void open() {
        std::lock_guard lock(m_);
        open_ = true;
        cv_.notify_all();
    }
    // The hook: runs on a table worker before each piece of a table's work.
    void before_work(const std::string& table) {
        std::unique_lock lock(m_);
        if (table != held_ || open_) return;
        ++entered_;
        cv_.notify_all();
        cv_.wait_for(lock, std::chrono::seconds(20), [this] { return open_; });
    }
    // Waits until the held table's work has reached the gate (at most 10 s).
    bool reached() {
        std::unique_lock lock(m_);
        return cv_.wait_for(lock, std::chrono::seconds(10), [this] { return entered_ > 0; });
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::string held_;
    bool open_ = false;
    int entered_ = 0;
};

std::string sit(WsClient& c, const std::string& name) {
    c.send(json{{"type", "join"}, {"name", name}});
    const json seated = c.receive("seated");
    c.receive("state");
    return seated.at("token").get<std::string>();
}

}  // namespace

TEST_CASE("while one table's work is held on its worker, other tables play on and the lobby answers; its own players wait in order", "[web]") {
    auto gate = std::make_shared<Gate>();
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server({}, {}, {}, clock, [gate](const std::string& id) { gate->before_work(id); });
    struct OpenAtEnd {  // whatever fails below, the held work is let go before the server stops
        std::shared_ptr<Gate> gate;
        ~OpenAtEnd() { gate->open(); }
    } open_at_end{gate};

    const std::string slow = new_table(server.port());
    const std::string other = new_table(server.port());
    WsClient ann(server.port(), slow);
    const std::string a = sit(ann, "ann");
    WsClient bob(server.port(), other);
    const std::string b = sit(bob, "bob");

    // ann's request reaches the worker and stays there, as a plugin's long call would.
    gate->hold(slow);
    ann.send(json{{"type", "add_bot"}, {"token", a}, {"kind", "greedy"}});
    REQUIRE(gate->reached());
    ann.send(json{{"type", "hello"}, {"token", a}});  // waits behind it
    auto events = std::async(std::launch::async, [&] { return http_request(server.port(), "GET", "/api/tables/" + slow + "/events"); });

    // The other table: a bot, the start, and bob's first turn, each answered now.
    bob.send(json{{"type", "add_bot"}, {"token", b}, {"kind", "greedy"}});
    CHECK(bob.receive("state").at("table").at("players").size() == 2);
    bob.send(json{{"type", "start"}, {"token", b}});
    const json started = bob.receive("state").at("table");
    CHECK(started.at("started") == true);
    // The lobby lists both tables, the held one as it was at its last change (one player).
    const HttpAnswer listed = http_request(server.port(), "GET", "/api/tables");
    REQUIRE(listed.status == 200);
    const json tables = json::parse(listed.body);
    REQUIRE(tables.size() == 2);
    for (const json& t : tables)
        if (t.at("id") == slow) CHECK(t.at("players").size() == 1);
    // The held table's events wait for it (the answer cannot have come: its work is held).
    CHECK(events.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);

    // Past kMaxWaiting (32) requests waiting for it, the held table's players hear it is busy.
    // A socket may send 20 messages a second: each burst ends with a message the loop refuses
    // at once (an unknown type), whose error shows the burst was read, then the clock steps.
    for (int burst = 0; burst < 2; ++burst) {
        for (int i = 0; i < 16; ++i) ann.send(json{{"type", "hello"}, {"token", a}});
        if (burst == 0) {
            ann.send(json{{"type", "no such message"}});
            CHECK_THAT(ann.receive("error").at("message").get<std::string>(), !Catch::Contains("busy"));
            clock->advance(std::chrono::seconds(1));
        }
    }
    const json busy = ann.receive("error");
    REQUIRE(busy.is_object());
    CHECK_THAT(busy.at("message").get<std::string>(), Catch::Contains("the table is busy with 32 earlier requests"));

    // Let go: ann's requests are answered in the order she sent them, the bot first.
    gate->open();
    const json after = ann.receive("state").at("table");
    CHECK(after.at("players").size() == 2);
    const HttpAnswer history = events.get();
    CHECK(history.status == 200);
}

TEST_CASE("a table being made runs its plugins on a worker: while its making is held, other tables play on and the lobby answers", "[web]") {
    // Holds the work of every table but `kept` (the one made before the gate closes).
    struct NewTableGate {
        std::mutex m;
        std::condition_variable cv;
        std::string kept;
        bool closed = false, open = false;
        int entered = 0;
    };
    auto gate = std::make_shared<NewTableGate>();
    TestServer server({}, {}, {}, std::make_shared<host::ManualClock>(), [gate](const std::string& id) {
        std::unique_lock lock(gate->m);
        if (!gate->closed || gate->open || id == gate->kept) return;
        ++gate->entered;
        gate->cv.notify_all();
        gate->cv.wait_for(lock, std::chrono::seconds(20), [&] { return gate->open; });
    });
    auto let_go = [gate] {
        std::lock_guard lock(gate->m);
        gate->open = true;
        gate->cv.notify_all();
    };
    struct AtEnd {
        std::function<void()> f;
        ~AtEnd() { f(); }
    } at_end{let_go};

    const std::string other = new_table(server.port());
    WsClient bob(server.port(), other);
    const std::string b = sit(bob, "bob");
    {
        std::lock_guard lock(gate->m);
        gate->kept = other;
        gate->closed = true;
    }
    // A new table is asked for: its making (the Lua runtime of its plugins) reaches a worker and stays there.
    auto made = std::async(std::launch::async, [&] {
        return http_request(server.port(), "POST", "/api/tables", R"({"sets": ["standard"]})", "application/json");
    });
    {
        std::unique_lock lock(gate->m);
        REQUIRE(gate->cv.wait_for(lock, std::chrono::seconds(10), [&] { return gate->entered > 0; }));
    }
    // The other table plays and the lobby answers meanwhile.
    bob.send(json{{"type", "add_bot"}, {"token", b}, {"kind", "greedy"}});
    CHECK(bob.receive("state").at("table").at("players").size() == 2);
    const HttpAnswer listed = http_request(server.port(), "GET", "/api/tables");
    REQUIRE(listed.status == 200);
    CHECK(json::parse(listed.body).size() == 1);  // the table being made is not listed yet
    CHECK(made.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);

    let_go();
    const HttpAnswer answer = made.get();
    REQUIRE(answer.status == 201);
    const std::string id = json::parse(answer.body).at("id").get<std::string>();
    CHECK(id != other);
    CHECK(json::parse(http_request(server.port(), "GET", "/api/tables").body).size() == 2);
}
