// A sim record's game replays alone even when a plugin keeps state (hostile case
// 64-state-after-100-calls): sim plays its games on one Lua state per worker, and
// LuaRuntime::start_game puts the plugin's state back before each game, so game 49 does not
// depend on games 0-48. Before, `replay --game 49` (and 30) reported a difference. Random bots
// make no look-ahead calls; with bots that do, state kept within one game can still differ
// from its replay, which makes none: such a plugin breaks the contract, and check reports it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
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

namespace {

// The games of a record file, each its header line and events, by the header's game index.
std::map<int, std::string> games_of(const fs::path& record) {
    std::map<int, std::string> games;
    std::ifstream in(record);
    std::string line;
    int game = -1;
    while (std::getline(in, line)) {
        if (line.rfind("{\"cherries\":", 0) == 0) {  // a header (a game's end is {"end":...})
            const auto at = line.find("\"game\":");
            REQUIRE(at != std::string::npos);
            game = std::stoi(line.substr(at + 7));
        }
        REQUIRE(game >= 0);
        games[game] += line + "\n";
    }
    return games;
}

}  // namespace

TEST_CASE("a plugin that counts its calls: each sim game is the same whatever was played before it, and replays alone", "[security][cli]") {
    // GameMemo keeps answers across games only for a function proven pure (no upvalue assigned:
    // sdk/sandbox/lua_bytecode). This one assigns one: each game asks it afresh, so a game is the same
    // played after 0, 20 or any other games, on one worker or two.
    TempFolder dir;
    const fs::path hostile = fs::path(CHERRIES_SOURCE_DIR) / "tests/security/plugins/34-stateful-counter";
    fs::create_directories(dir.path() / "sets");
    fs::copy(hostile, dir.path() / "sets/hostile-34", fs::copy_options::recursive);
    const std::string sim = "sim --plugin-path '" + dir.path().string() +
                            "' --set standard --set hostile-34 --games 30 --bot random --seed 4 --record ";
    const fs::path all = dir.path() / "all.jsonl", two = dir.path() / "two.jsonl", last = dir.path() / "last.jsonl";
    for (const auto& [record, options] : {std::pair{all, " --jobs 1"}, {two, " --jobs 2"}, {last, " --shard 3/3"}}) {
        const auto run = run_cli(sim + "'" + record.string() + "'" + options);
        INFO(run.err);
        REQUIRE(run.status == 0);
    }
    const auto games = games_of(all);
    REQUIRE(games.size() == 30);
    CHECK(games_of(two) == games);
    const auto shard = games_of(last);  // games 20-29, the first of them played first
    REQUIRE(shard.size() == 10);
    for (const auto& [game, text] : shard) {
        INFO("game " << game);
        CHECK(text == games.at(game));
    }
    // And each replays alone: the replay asks the plugin through the same per-game memo as the
    // game did, so it calls it as often and in the same order (random bots look nothing ahead).
    for (const char* game : {"0", "12", "29"}) {
        const auto replay = run_cli("replay '" + all.string() + "' --plugin-path '" + dir.path().string() + "' --game " + game);
        INFO("game " << game << ": " << replay.err.substr(0, 300));
        CHECK(replay.status == 0);
        CHECK(replay.out.find("match the record") != std::string::npos);
    }
}
