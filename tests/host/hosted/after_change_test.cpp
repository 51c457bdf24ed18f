// The after-change pipeline every hosted table runs (host/hosted/after_change.hpp): collect, store,
// send, arm, in that order; while the store fails a checkpoint waits for the retry, a game's end
// is always tried; the table's next wake-up is the earlier of its turn clock and its store retry.
// Time is a ManualClock the test steps.
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "host/hosted/after_change.hpp"
#include "host/session/bot_source.hpp"
#include "host/store/game_store.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
using namespace std::chrono_literals;

namespace {

struct Quiet final : TableListener {
    void notice(const std::string&) override {}
};

/// A front end that writes down what the pipeline asked of it, in order.
struct Front final : HostedFront {
    std::vector<std::string> calls;
    std::vector<StoreNews> news;
    std::optional<Clock::Time> woken_at;
    bool stores() const override { return true; }
    std::string store_key() const override { return "test:1"; }
    nlohmann::json front_state() const override { return {{"front", "test"}}; }
    StoredEnd stored_end() const override { return {.status = "stopped", .winner = {}, .turns = 0, .stats = {}, .final_front = {}}; }
    void store_news(const StoreNews& n) override {
        calls.push_back("store");
        news.push_back(n);
    }
    void send_changes() override { calls.push_back("send"); }
    void arm_clock() override { calls.push_back("arm"); }
    void wake_at(std::optional<Clock::Time> at) override {
        calls.push_back("wake");
        woken_at = at;
    }
};

struct Fixture {
    Fixture() : store(file()), writer(store, clock) {
        TableOptions options;
        options.record_lobby = true;  // the record begins at the first seat, as at a hosted table
        setup.bundle = std::shared_ptr<const sdk::Bundle>(&test::standard_bundle(), [](const sdk::Bundle*) {});
        setup.options = options;
        setup.clock = {.turn_timeout = 60s, .turn_warning = 10s, .pause_limit = 300s};
        setup.store_retry = 1000ms;
        table = std::make_unique<HostedTable>(setup, bots, quiet, 42);
    }
    static std::string file() {
        const auto path = std::filesystem::temp_directory_path() / "cherries-after-change-test.sqlite";
        std::filesystem::remove(path);
        return path.string();
    }
    ManualClock clock;
    GameStore store;
    HostedStore writer;
    HostedSetup setup;
    InstalledBots bots;
    Quiet quiet;
    std::unique_ptr<HostedTable> table;
    Front front;
};

}  // namespace

TEST_CASE("after a change: the record's lines collected and stored, then sent, then the clock armed and the wake-up set", "[after_change]") {
    Fixture f;
    REQUIRE(f.table->table().join("ann"));
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    CHECK(f.front.calls == std::vector<std::string>{"store", "send", "arm", "wake"});
    REQUIRE(f.table->stored_id != 0);
    CHECK(f.table->unstored_record_lines().empty());  // the header and the seat line are in the store
    CHECK_FALSE(f.front.woken_at);                    // nothing timed: no turn waits, the store works
    // Without a store the lines are collected all the same and the rest goes on.
    Front bare;
    REQUIRE(f.table->table().join("bob"));
    after_change(*f.table, nullptr, bare, f.clock.now());
    CHECK(bare.calls == std::vector<std::string>{"send", "arm", "wake"});
    const auto unstored = f.table->unstored_record_lines();
    REQUIRE_FALSE(unstored.empty());
    INFO(unstored.front());
    CHECK(unstored.front().find("\"bob\"") != std::string::npos);
}

TEST_CASE("while the store fails a checkpoint waits for the retry, which the wake-up names; the end is always tried", "[after_change]") {
    Fixture f;
    REQUIRE(f.table->table().join("ann"));
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    REQUIRE(f.table->stored_id != 0);
    bool failing = true;
    f.store.set_write_fault([&] {
        if (failing) throw StoreError("database or disk is full");
    });
    REQUIRE(f.table->table().join("bob"));
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    REQUIRE(f.front.news.size() == 2);
    CHECK(f.front.news.back().players == StoreHealth::kStopped);  // told once
    CHECK(f.front.news.back().failure == "database or disk is full");
    REQUIRE(f.front.woken_at);
    CHECK(*f.front.woken_at == f.clock.now() + 1000ms);  // the retry
    CHECK(next_due(*f.table) == f.front.woken_at);
    CHECK_FALSE(store_retry_due(*f.table, f.clock.now()));

    // Another change before the retry: not tried (no news), still in memory.
    REQUIRE(f.table->table().join("cid"));
    f.clock.advance(400ms);
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    CHECK(f.front.news.size() == 2);
    const auto unstored = f.table->unstored_record_lines();
    REQUIRE_FALSE(unstored.empty());
    CHECK(unstored.front().find("\"bob\"") != std::string::npos);
    CHECK(unstored.back().find("\"cid\"") != std::string::npos);

    // The retry comes; the store works again: everything is written, said once.
    f.clock.advance(600ms);
    CHECK(store_retry_due(*f.table, f.clock.now()));
    failing = false;
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    REQUIRE(f.front.news.size() == 3);
    CHECK(f.front.news.back().players == StoreHealth::kWorksAgain);
    CHECK(f.table->unstored_record_lines().empty());
    CHECK_FALSE(f.front.woken_at);

    // The end is tried at once, retry or not: a front end may forget a finished table.
    failing = true;
    REQUIRE(f.table->table().join("dan"));
    after_change(*f.table, &f.writer, f.front, f.clock.now());  // fails: the retry is 1 s away
    f.table->table().stop("stopped by the test");
    failing = false;
    after_change(*f.table, &f.writer, f.front, f.clock.now());
    CHECK(f.table->stored_end);
    const std::string record = f.store.record(f.table->stored_id);
    CHECK(record.find("stopped by the test") != std::string::npos);
    CHECK(record.find("\"dan\"") != std::string::npos);
}

TEST_CASE("the wake-up is the earlier of the turn clock's next moment and the store retry", "[after_change]") {
    Fixture f;
    CHECK_FALSE(next_due(*f.table));
    f.table->clock().start(f.clock.now());
    REQUIRE(next_due(*f.table) == f.clock.now() + 50s);  // the warning, 10 s before the 60 s timeout
    f.table->store_health().failed(f.clock.now());
    CHECK(next_due(*f.table) == f.clock.now() + 1s);
    CHECK(store_retry_due(*f.table, f.clock.now() + 1s));
}
