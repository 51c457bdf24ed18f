// A rematch, one rule for every front end (host/table/rematch.hpp): the same gametype, sets and
// seats in turn order; a seat the stand-in bot keeps is its person's, a bot's seat its kind.
#include <catch2/catch.hpp>

#include <memory>

#include "host/session/bot_source.hpp"
#include "host/table/rematch.hpp"
#include "host/table/table.hpp"
#include "sdk/plugins/plugin_search.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

struct RematchQuiet final : TableListener {};

const sdk::Bundle& rematch_closed_table() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "closed-table");
    return bundle;
}

}  // namespace

TEST_CASE("rematch: same gametype, sets and seats; a kept seat is its person's, a bot's seat its kind (GDD §3.6)", "[table]") {
    const sdk::Bundle& bundle = rematch_closed_table();
    auto runtime = bundle.make_runtime();
    InstalledBots bots;
    RematchQuiet listener;
    Table table(bundle, *runtime, 5, bots, listener, TableOptions{}, recorded_plugins(bundle));
    REQUIRE(table.join("ann"));
    REQUIRE(table.add_bot("greedy"));
    REQUIRE(table.join("bob"));
    REQUIRE(table.start());
    for (int i = 0; i < 50 && table.game()->turn() < 3; ++i) {  // into the game: the house rules hold from here
        if (table.advance() != SessionStop::human) break;
        const PlayerId current = table.game()->current_player();
        REQUIRE(table.give(current, current, table.game()->turn()));
    }
    REQUIRE(table.held_seat("bob") == kNoPlayer);
    REQUIRE(table.leave(table.find("bob"), true));  // gone: the closed table keeps bob's seat
    REQUIRE(table.held_seat("bob") != kNoPlayer);
    const Rematch r = rematch_of(table, bundle);
    CHECK(r.gametype == "closed-table");
    CHECK(r.sets == std::vector<std::string>{"standard"});
    REQUIRE(r.seats.size() == 3);
    CHECK((r.seats[0].person == "ann" && r.seats[0].bot.empty()));
    CHECK((r.seats[1].person.empty() && r.seats[1].bot == "greedy"));
    CHECK((r.seats[2].person == "bob" && r.seats[2].bot.empty()));
    CHECK(r.people() == std::vector<std::string>{"ann", "bob"});
}
