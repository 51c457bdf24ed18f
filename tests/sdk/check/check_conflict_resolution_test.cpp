// Conflict resolution at run time (GDD §3.5) with real Lua: a card whose function faults mid-game
// is removed from the game, a `fault` event names the card and the reason, and the game then
// goes on and finishes normally with a winner. The engine's own tests use fake evaluators
// (tests/engine/conflict_resolution_test.cpp); this one goes through Bundle and LuaRuntime, the
// faults that `cherries check` warns designers about before play.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

namespace {

struct Fault {
    CardId card;
    std::string message;
};

struct FaultLog : EventSink {
    void on_event(const Event& event) override {
        if (event.type == EventType::fault) faults.push_back({event.card, std::string(event.message)});
    }
    std::vector<Fault> faults;
};

}  // namespace

TEST_CASE("a Lua function that faults mid-game: its card is removed, the fault is reported, the game is won (GDD §3.5)") {
    test::TempFolder dir;
    // Traps work until the cherry change reaches 2, then fail: a fault in the middle of a game.
    dir.write("traps/set.toml", test::set_header("traps") +
                                    "[[card]]\nid = \"trap\"\nname = \"Trap\"\ntype = \"modifier\"\nlifetime = 3\n"
                                    "cherry = \"spring\"\ncount = 4\n");
    dir.write("traps/set.lua", "local M = {}\nfunction M.spring(last)\n  if last >= 2 then error('trap sprung') end\n"
                               "  return last\nend\nreturn M\n");
    const std::filesystem::path source(CHERRIES_SOURCE_DIR);
    const sdk::Bundle bundle = sdk::Bundle::load({source / "sets/standard", dir.path() / "traps"}, source / "gametypes/official");
    const KindId trap = bundle.catalog().find_kind("trap");

    std::size_t games_with_faults = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto runtime = bundle.make_runtime();
        Game game(bundle.catalog(), bundle.gametype(), *runtime, seed, {"ann", "bob", "cy"});
        FaultLog log;
        game.set_event_sink(&log);
        std::vector<std::unique_ptr<host::Bot>> bots;
        for (std::uint64_t seat = 0; seat < 3; ++seat) bots.push_back(host::make_bot("random", seed * 7 + seat));
        const PlayerView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 10000) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) game.give(bots[game.current_player()]->choose_receiver(view));
        }
        INFO("seed " << seed);
        CHECK(game.phase() == Phase::won);  // the game finishes normally
        for (const Fault& f : log.faults) {
            CHECK(bundle.catalog().kind_id_of(f.card) == trap);  // the event names the card that failed
            CHECK(f.message.find("card 'trap' cherry function") != std::string::npos);
            CHECK(f.message.find("set.lua:3: trap sprung") != std::string::npos);  // and why, where
            CHECK(std::count(game.removed().begin(), game.removed().end(), f.card) == 1);  // removed from the game
        }
        CHECK(game.removed().size() == log.faults.size());
        games_with_faults += !log.faults.empty();
    }
    CHECK(games_with_faults >= 5);  // the traps do spring
}
