// The one rule of every hosted table's statistics (host/table/seat_tally.hpp): a turn counts for
// its seat while a person plays it; at the end a seat a stand-in bot keeps is its person's game,
// a bot's own seat nobody's. CherryBot and `cherries serve` both count this way.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>

#include "host/session/bot_source.hpp"
#include "host/table/seat_tally.hpp"
#include "host/table/table.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

struct TallyListener final : TableListener {
    const Table* table = nullptr;
    SeatTally tally;
    void on_event(const Event& e) override { tally.on_event(e, *table); }
};

const sdk::Bundle& tally_closed_table() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "closed-table");
    return bundle;
}

}  // namespace

TEST_CASE("statistics: a person's turns are theirs, a kept seat is its person's game, a bot's seat nobody's (GDD §3.6)", "[table]") {
    const sdk::Bundle& bundle = tally_closed_table();
    auto runtime = bundle.make_runtime();
    InstalledBots bots;
    TallyListener listener;
    Table table(bundle, *runtime, 11, bots, listener, TableOptions{}, recorded_plugins(bundle));
    listener.table = &table;
    REQUIRE(table.join("ann"));
    REQUIRE(table.join("bob"));
    const Reply bot = table.add_bot("greedy");
    REQUIRE(bot);
    REQUIRE(table.start());
    const PlayerId ann = table.find("ann"), bob = table.find("bob");

    std::map<PlayerId, std::uint32_t> played;  // turns each person decided, counted here
    for (int i = 0; i < 5000 && !table.game()->over(); ++i) {
        if (table.advance() != SessionStop::human) break;
        const PlayerId current = table.game()->current_player();
        ++played[current];
        REQUIRE(table.give(current, current, table.game()->turn()));
        if (current == bob && played[bob] == 3) REQUIRE(table.leave(bob, true));  // gone: the house rules hold the seat
    }
    table.advance();
    REQUIRE(table.game()->over());
    REQUIRE(table.held_seat("bob") == bob);
    CHECK(played[bob] == 3);

    const std::vector<PersonResult> results = listener.tally.results(table);
    REQUIRE(results.size() == 2);  // ann and bob; the greedy bot's seat is nobody's
    CHECK(std::none_of(results.begin(), results.end(), [&](const PersonResult& r) { return r.seat == bot.id; }));
    for (const PersonResult& r : results) {
        const Player& p = table.game()->player(r.seat);
        CHECK(r.name == (r.seat == ann ? "ann" : "bob"));
        CHECK(r.turns == played[r.seat]);  // bob's turns after he left are the stand-in's, not his
        CHECK(r.score == p.score);
        CHECK(r.won == (table.game()->winner() == r.seat));
    }
    CHECK(listener.tally.turns(bot.id) == 0);  // a bot's turns never count
}

TEST_CASE("statistics: a tally is saved and read back, also in the older [[seat, turns]] form", "[table]") {
    const nlohmann::json pairs = nlohmann::json::parse("[[0, 4], [2, 7]]");
    const SeatTally old = SeatTally::from_json(pairs);
    CHECK(old.turns(0) == 4);
    CHECK(old.turns(2) == 7);
    CHECK(old.turns(1) == 0);
    const SeatTally again = SeatTally::from_json(old.to_json());
    CHECK(again.to_json() == nlohmann::json::parse(R"({"0": 4, "2": 7})"));
    CHECK_THROWS(SeatTally::from_json(nlohmann::json::parse("[[\"x\"]]")));
}

TEST_CASE("statistics: a person who leaves a started game is remembered as gone, and a saved tally keeps it (GDD §3.4.2.1)", "[table]") {
    const sdk::Bundle& bundle = test::standard_bundle();  // official: a leaver's seat is gone
    auto runtime = bundle.make_runtime();
    InstalledBots bots;
    TallyListener listener;
    Table table(bundle, *runtime, 5, bots, listener, TableOptions{}, recorded_plugins(bundle));
    listener.table = &table;
    REQUIRE(table.join("ann"));
    REQUIRE(table.join("bob"));
    REQUIRE(table.join("cid"));
    REQUIRE(table.add_bot("greedy"));
    REQUIRE(table.start());
    CHECK(listener.tally.left().empty());
    const PlayerId cid = table.find("cid");
    for (int i = 0; i < 5000 && !table.game()->over() && listener.tally.left().empty(); ++i) {
        if (table.advance() != SessionStop::human) break;
        const PlayerId current = table.game()->current_player();
        REQUIRE(table.give(current, current, table.game()->turn()));
        if (current == cid) REQUIRE(table.leave(cid));  // asked for on his turn: he leaves after it
    }
    table.advance();
    CHECK(listener.tally.left() == std::vector<std::string>{"cid"});

    const nlohmann::json saved = listener.tally.to_json();
    CHECK(saved.at("left") == nlohmann::json::array({"cid"}));
    CHECK(SeatTally::from_json(saved).left() == std::vector<std::string>{"cid"});
    CHECK(SeatTally::from_json(saved).turns(cid) == listener.tally.turns(cid));
    CHECK_THROWS_AS(SeatTally::from_json(nlohmann::json::parse(R"({"0": 3, "x": 1})")), nlohmann::json::exception);
}
