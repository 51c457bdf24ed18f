// A sim record's game replays alone even when a plugin keeps state (hostile case
// 64-state-after-100-calls): sim plays its games on one Lua state per worker, and
// LuaRuntime::start_game puts the plugin's state back before each game, so game 49 does not
// depend on games 0-48. Before, `replay --game 49` (and 30) reported a difference. Random bots
// make no look-ahead calls; with bots that do, state kept within one game can still differ
// from its replay, which makes none: such a plugin breaks the contract, and check reports it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries::test;
namespace fs = std::filesystem;

TEST_CASE("sim --record, then replay --game 49 of a plugin whose result changes after 100 calls", "[security][cli]") {
    TempFolder dir;
    const fs::path hostile = fs::path(CHERRIES_SOURCE_DIR) / "tests/security/plugins/64-state-after-100-calls";
    fs::create_directories(dir.path() / "sets");
    fs::copy(hostile, dir.path() / "sets/hostile-64", fs::copy_options::recursive);  // found by its id
    const std::string common = "--plugin-path '" + dir.path().string() + "'";
    const std::string record = (dir.path() / "games.jsonl").string();
    const auto sim = run_cli("sim " + common + " --set standard --set hostile-64 --games 50 --bot random --seed 1 --record '" + record + "'");
    INFO(sim.err);
    REQUIRE(sim.status == 0);
    for (const char* game : {"49", "30", "0"}) {
        const auto replay = run_cli("replay '" + record + "' " + common + " --game " + game);
        INFO("game " << game << ": " << replay.err.substr(0, 300));
        CHECK(replay.status == 0);
        CHECK(replay.out.find("match the record") != std::string::npos);
    }
}
