// Bot plugins (bots/NAME/bot.toml + bot.lua): the view they get, and that a bot that errors,
// runs over its budget or names no player is replaced for that decision by greedy (GDD §3.5's
// spirit: a plugin's fault never stops the game).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/batch/check_bot.hpp"
#include "host/bots/lua_bot.hpp"
#include "sdk/plugins/scaffold.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "tests/support/record_support.hpp"
#include "tests/support/run_cli.hpp"
#include "sdk/base/diagnostic.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

using test::standard_bundle;

// A bot plugin folder with `lua` as bot.lua, in a fresh temporary folder.
fs::path bot_folder(const std::string& name, const std::string& lua) {
    const fs::path folder = fs::temp_directory_path() / ("cherries-lua-bot-test-" + std::to_string(::getpid())) / name;
    fs::create_directories(folder);
    std::ofstream(folder / "bot.toml") << "[bot]\nid = \"" << name
                                       << "\"\nname = \"T\"\nversion = \"1.0.0\"\napi = 1\ndescription = \"test\"\n";
    std::ofstream(folder / "bot.lua") << lua;
    return folder;
}

LuaBot lua_bot(const std::string& name, const std::string& lua) {
    return LuaBot(std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(bot_folder(name, lua))));
}

struct Table {
    std::unique_ptr<sdk::LuaRuntime> runtime = standard_bundle().make_runtime();
    Game game{standard_bundle().catalog(), standard_bundle().gametype(), *runtime, 3, {"ann", "bob", "cid"}};
    Table() { game.start_turn(); }
};

}  // namespace

TEST_CASE("a Lua bot sees the drawn card, the players, the gametype and the unseen counts", "[host][bots][lua]") {
    Table t;
    LuaBot bot = lua_bot("view", R"(
        local M = {}
        function M.decide(view)
          assert(view.me == "ann")
          assert(type(view.card.id) == "string" and view.card.type ~= nil)
          assert(#view.players == 3 and view.players[2].name == "bob" and view.players[1].score == 0)
          assert(view.gametype.winning_score == 10 and view.gametype.distribution[5] == 1)
          local unseen = 0
          for _, n in pairs(view.unseen) do unseen = unseen + n end
          assert(unseen == 73 and view.deck_size == 73)
          local plan = view.plan("bob")
          assert(plan.receiver == "bob" and plan.kept == false)
          return "cid"
        end
        return M)");
    const PlayerView view(t.game);
    CHECK(bot.choose_receiver(view) == t.game.find_player("cid")->id);
    CHECK(bot.faults() == 0);
}

TEST_CASE("a Lua bot that errors, overruns or names no player is replaced by greedy", "[host][bots][lua]") {
    Table t;
    const PlayerView view(t.game);
    const PlayerId greedy = GreedyBot().choose_receiver(view);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"error", "return { decide = function(view) error('boom') end }"},
        {"loop", "return { decide = function(view) while true do end end }"},
        {"nobody", "return { decide = function(view) return 'zed' end }"},
        {"number", "return { decide = function(view) return 1 end }"},
        {"memory", "return { decide = function(view) local t = {} for i = 1, 1e9 do t[i] = i end end }"},
        {"badplan", "return { decide = function(view) return view.plan('zed') end }"},
    };
    for (const auto& [name, lua] : cases) {
        INFO(name);
        LuaBot bot = lua_bot(name, lua);
        CHECK(bot.choose_receiver(view) == greedy);
        CHECK(bot.faults() == 1);
        CHECK_THAT(bot.last_fault(), Catch::Contains("bot '" + name + "' decide"));
    }
}

TEST_CASE("a view.plan kept past decide() refuses instead of reading a gone table", "[host][bots][lua]") {
    Table t;
    LuaBot bot = lua_bot("keeper", R"(
        local M = {}
        local kept
        function M.decide(view)
          if kept then kept(view.me) end  -- the plan of the last decision: refused
          kept = view.plan
          return view.me
        end
        return M)");
    const PlayerView view(t.game);
    CHECK(bot.choose_receiver(view) == t.game.current_player());
    CHECK(bot.faults() == 0);
    // The second call's `kept` is the first call's closure; it sees this call's view, which is
    // alive: allowed. Only a call outside decide() is refused, which Lua cannot make here.
    CHECK(bot.choose_receiver(view) == t.game.current_player());
}

TEST_CASE("a bot plugin is selectable as bot:NAME: the shipped leader bot plays whole games", "[host][bots][lua]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Game game(bundle.catalog(), bundle.gametype(), *runtime, seed, {"a", "b", "c", "d"});
        std::vector<std::unique_ptr<Bot>> bots;
        bots.push_back(make_bot("leader", seed));
        for (int s = 1; s < 4; ++s) bots.push_back(make_bot("greedy", seed));
        const PlayerView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 2000) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) game.give(bots[game.current_player()]->choose_receiver(view));
        }
        CHECK(game.phase() == Phase::won);
        CHECK(static_cast<LuaBot&>(*bots[0]).faults() == 0);
    }
}

TEST_CASE("a broken bot manifest is a load error naming the file", "[host][bots][lua]") {
    const fs::path folder = bot_folder("broken", "return {}");
    std::ofstream(folder / "bot.toml") << "[bot]\nid = 3\n";
    try {
        sdk::read_bot_plugin(folder);
        FAIL("loaded");
    } catch (const sdk::LoadError& e) {
        CHECK_THAT(e.diagnostics().front().to_string(), Catch::Contains("bot.toml"));
    }
    CHECK_THROWS_AS(LuaBot(std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(bot_folder("nodecide", "return {}")))),
                    sdk::LoadError);
}

TEST_CASE("bot.toml is read like the other manifests: every problem at once, at its line, with suggestions",
          "[host][bots][lua]") {
    const fs::path folder = bot_folder("lines", "function decide(view) return view.me end");
    std::ofstream(folder / "bot.toml") << "[bot]\nid = \"lines\"\nname = \"L\"\nversoin = \"1.0.0\"\napi = 2\n"
                                          "description = \"d\"\n";
    try {
        sdk::read_bot_plugin(folder);
        FAIL("loaded");
    } catch (const sdk::LoadError& e) {
        std::string all;
        for (const auto& d : e.diagnostics()) all += d.to_string() + "\n";
        INFO(all);
        CHECK_THAT(all, Catch::Contains("bot.toml:4:1: error: [bot] unknown field 'versoin'; did you mean 'version'?"));
        CHECK_THAT(all, Catch::Contains("bot.toml:5:7: error: [bot] field 'api': this host speaks plugin API 1, saw 2"));
        CHECK_THAT(all, Catch::Contains("missing field 'version'"));
    }
}

TEST_CASE("cherries new bot writes a bot that loads and decides without a fault", "[host][bots][lua]") {
    const fs::path dir = fs::temp_directory_path() / ("cherries-new-bot-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const auto files = sdk::create_plugin("bot", "mine", dir);
    REQUIRE(files.size() == 2);
    LuaBot bot(std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(dir / "mine")));
    Table t;
    const PlayerView view(t.game);
    bot.choose_receiver(view);
    CHECK(bot.faults() == 0);
    fs::remove_all(dir);
    fs::remove_all(fs::temp_directory_path() / ("cherries-lua-bot-test-" + std::to_string(::getpid())));
}

TEST_CASE("cherries check finds a bot plugin's faults in probe games", "[host][bots][lua]") {
    CHECK(check_bot(fs::path(CHERRIES_SOURCE_DIR) / "bots" / "leader").empty());
    const fs::path late = bot_folder(
        "late", "return { decide = function(view) if view.players[1].score > 0 then error('late') end return view.me end }");
    const auto problems = check_bot(late);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].to_string(), Catch::Contains("bot.lua: error: probe game (seed 1"));
    CHECK_THAT(problems[0].to_string(), Catch::Contains("late"));
    CHECK(holds_only_bots(late));
    CHECK(!holds_only_bots(fs::path(CHERRIES_SOURCE_DIR) / "sets"));
    std::ofstream(late / "bot.lua") << "return {";
    CHECK(!check_bot(late).empty());  // a syntax error is a load error
    fs::remove_all(late.parent_path());
}

TEST_CASE("records and saves carry the bot plugins seated, with fingerprints; a resume refuses a changed one", "[host][bots][lua]") {
    test::TempFolder dir;
    fs::create_directories(dir.path() / "bots");
    fs::copy(fs::path(CHERRIES_SOURCE_DIR) / "bots" / "leader", dir.path() / "bots" / "leader");
    const std::string here = "cd '" + dir.path().string() + "' &&";  // bots/leader here is found first

    // sim: the header names the bot plugin once, after the gametype; replay needs no bot.
    const auto sim = test::run_cli("sim --games 2 --players 3 --bot leader --bot greedy --bot leader --seed 3 --record sim.jsonl", "", here);
    REQUIRE(sim.status == 0);
    const nlohmann::json header = nlohmann::json::parse(test::read_lines((dir.path() / "sim.jsonl").string()).at(0));
    const auto& plugins = header["plugins"];
    REQUIRE(plugins.size() == 3);
    CHECK(plugins[1]["kind"] == "gametype");
    CHECK(plugins[2]["kind"] == "bot");
    CHECK(plugins[2]["id"] == "leader");
    CHECK(plugins[2]["fingerprint"] == sdk::find_bot_plugin("leader")->fingerprint);  // the shipped one: copied byte for byte
    CHECK(test::run_cli("replay sim.jsonl", "", here).status == 0);

    // play --save: the save names it too; a changed bot.lua is refused at --resume.
    const auto play = test::run_cli("play --player bot:leader --player bot:greedy --seed 4 --max-turns 3 --save g.save", "", here);
    REQUIRE(play.status == 0);
    const nlohmann::json save = nlohmann::json::parse(test::read_text(dir.path() / "g.save"));
    REQUIRE(save["plugins"].size() == 3);
    CHECK(save["plugins"][2]["id"] == "leader");
    std::ofstream(dir.path() / "bots" / "leader" / "bot.lua", std::ios::app) << "-- changed\n";
    const auto resumed = test::run_cli("play --resume g.save", "", here);
    CHECK(resumed.status == 2);
    CHECK_THAT(resumed.err, Catch::Contains("g.save: plugin bot 'leader' differs from the record") &&
                                Catch::Contains("the game cannot go on with other plugins than it started with"));
    CHECK(test::run_cli("replay sim.jsonl", "", here).status == 0);  // a replay still needs no bot
}
