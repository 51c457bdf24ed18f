// Bot plugins at the IRC table (issue 12; docs/irc.md, "Bots"): `!bot leader` seats a bot
// plugin, the stored record names it by a plugin line before its join (docs/records.md, "Plugin
// lines") and `cherries replay` verifies the game; its faults are told once; a stored game whose
// bot plugin changed or vanished resumes with the greedy bot in that seat.
#include <catch2/catch.hpp>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/support/run_cli.hpp"
#include "host/bots/lua_bot.hpp"
#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;
using nlohmann::json;

namespace {

const fs::path kLeader = fs::path(CHERRIES_SOURCE_DIR) / "bots" / "leader";

// The indices of a record's plugin lines.
std::vector<std::size_t> plugin_lines(const std::vector<std::string>& lines) {
    std::vector<std::size_t> out;
    for (std::size_t i = 1; i < lines.size(); ++i)
        if (lines[i].starts_with("[\"plugin\"")) out.push_back(i);
    return out;
}

// Plays the open game to its end by StoredChannel::move (bots play at once).
void play_out(StoredChannel& c) {
    for (int step = 0; c.game->open() && step < 3000; ++step) c.move();
    REQUIRE_FALSE(c.game->open());
}

// The bot plugins named by the stored game's state ("plugins" of its table's session).
std::vector<std::string> saved_bot_plugins(StoredChannel& c) {
    const auto stored = c.store->in_progress("#cherries");
    REQUIRE(stored);
    std::vector<std::string> out;
    const json state = json::parse(stored->state);
    for (const json& p : state.at("table").at("session").at("plugins"))
        if (p.at("kind") == "bot") out.push_back(p.at("id").get<std::string>() + " " + p.at("fingerprint").get<std::string>());
    return out;
}

// `cherries irc export ID`, then `cherries replay` of it: the replay's output (status 0 checked).
std::string export_and_replay(const TempFolder& tmp, const std::string& db, std::int64_t id) {
    const auto exported = cherries::test::run_cli(fmt::format("irc export {} --database '{}'", id, db));
    REQUIRE(exported.status == 0);
    const std::string record = tmp.file("game.jsonl");
    std::ofstream(record, std::ios::binary) << exported.out;
    const auto replay = cherries::test::run_cli("replay '" + record + "'");
    CHECK(replay.status == 0);
    return replay.out;
}

}  // namespace

TEST_CASE("!bot leader seats the bot plugin, the game plays to a win, the record names leader and replay verifies it") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    c.say("ann", "!cherries");
    // An unknown kind is refused in one line that lists what can be seated.
    CHECK(c.say("ann", "!bot nosuch") == Replies{"There is no bot 'nosuch'; bots here: random, greedy, expert, strategic, leader."});
    CHECK(c.say("ann", "!bots") == Replies{"Bots: random, greedy, expert, strategic, leader. !bot KIND seats one."});
    CHECK(c.say("ann", "!bot leader") == Replies{"leader-2 joins, last in the turn order."});
    const std::string fingerprint = cherries::sdk::read_bot_plugin(kLeader).fingerprint;
    CHECK(saved_bot_plugins(c) == std::vector<std::string>{"leader " + fingerprint});
    c.say("ann", "!start");
    play_out(c);
    CHECK(has(c.log, "reaches the winning score and wins!"));
    CHECK(has(c.log, ": leader-2 drew "));  // the plugin played its turns...
    CHECK_FALSE(has(c.log, "bot plugin failed"));  // ...itself: no fault made greedy decide
    const auto games = c.store->games();
    REQUIRE(games.size() == 1);
    CHECK(games.front().status == "won");

    // The header (written at !cherries, ann alone) names no bot; leader's plugin line comes
    // just before its join line, with its fingerprint.
    const std::vector<std::string> lines = lines_of(c.store->record(games.front().id));
    const json header = json::parse(lines.at(0));
    for (const json& p : header.at("plugins")) CHECK(p.at("kind") != "bot");
    const auto at = plugin_lines(lines);
    REQUIRE(at.size() == 1);
    const json plugin = json::parse(lines.at(at[0]));
    CHECK(plugin == json::array({"plugin", 0, {{"fingerprint", fingerprint}, {"id", "leader"}, {"kind", "bot"}, {"version", "1.0.0"}}}));
    CHECK(lines.at(at[0] + 1) == "[\"join\",0,\"leader-2\"]");
    CHECK(export_and_replay(tmp, db, games.front().id).find("match the record") != std::string::npos);
}

TEST_CASE("A bot plugin seated mid-game gets one plugin line before its first join; a second seat of it adds none") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    c.move();  // turn 1
    CHECK(c.say("bob", "!bot leader") == Replies{"leader-3 joins after this turn."});
    c.move();
    CHECK(has(c.log, "leader-3 joins, last in the turn order."));
    c.move();
    CHECK(c.say("ann", "!bot leader").size() <= 1);  // leader-4: at once, or after this turn
    play_out(c);
    CHECK(has(c.log, "leader-4 joins, last in the turn order."));
    const std::int64_t id = c.store->games().front().id;
    const std::vector<std::string> lines = lines_of(c.store->record(id));
    const auto at = plugin_lines(lines);
    REQUIRE(at.size() == 1);
    const json plugin = json::parse(lines.at(at[0]));
    CHECK(plugin.at(1).get<int>() >= 1);  // mid-game: after turn 1
    CHECK(plugin.at(2).at("id") == "leader");
    CHECK(json::parse(lines.at(at[0] + 1)) == json::array({"join", plugin.at(1), "leader-3"}));
    CHECK(export_and_replay(tmp, db, id).find("match the record") != std::string::npos);
}

TEST_CASE("A stored game with a bot plugin resumes after a crash with that bot plugin in its seat") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    c.say("ann", "!cherries");
    c.say("ann", "!bot leader");
    c.say("ann", "!start");
    for (int i = 0; i < 3 && c.game->open(); ++i) c.move();
    REQUIRE(c.game->open());
    const Replies resumed = c.crash();
    CHECK(has(resumed, "Cherries resumed after turn "));
    CHECK_FALSE(has(resumed, "greedy bot plays that seat"));
    std::vector<std::string> bots;  // the seats' bots as stored (format 2: the table's session)
    const json stored = json::parse(c.store->in_progress("#cherries")->state);
    for (const json& p : stored.at("table").at("session").at("game").at("players"))
        if (!p.at("bot").is_null()) bots.push_back(p.at("bot"));
    CHECK(bots == std::vector<std::string>{"leader"});
    play_out(c);
    CHECK(export_and_replay(tmp, db, c.store->games().front().id).find("match the record") != std::string::npos);
}

TEST_CASE("A stored game whose bot plugin changed or vanished resumes with the greedy bot in that seat, and says so") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    const fs::path bots = tmp.path / "plugins" / "bots";
    fs::create_directories(bots / "hunter");
    // The shipped leader under another id, on the library's plugin path only.
    fs::copy_file(kLeader / "bot.lua", bots / "hunter" / "bot.lua");
    std::ofstream(bots / "hunter" / "bot.toml")
        << "[bot]\nid = \"hunter\"\nname = \"Hunter\"\nversion = \"1.0.0\"\napi = 1\ndescription = \"leader, renamed\"\n";
    auto first = std::make_unique<GameLibrary>(std::vector<fs::path>{tmp.path / "plugins"});
    StoredChannel c(db, {}, first.get());
    c.say("ann", "!cherries");
    CHECK(c.say("ann", "!bot hunter") == Replies{"hunter-2 joins, last in the turn order."});
    c.say("ann", "!start");
    c.move();
    REQUIRE(c.game->open());

    std::unique_ptr<GameLibrary> now;
    SECTION("changed: the seat is the greedy bot's from now on, and hunter cannot be seated again in this game") {
        std::ofstream(bots / "hunter" / "bot.lua", std::ios::app) << "-- changed\n";
        now = std::make_unique<GameLibrary>(std::vector<fs::path>{tmp.path / "plugins"});
        c.lib = now.get();
        const Replies resumed = c.crash();
        CHECK(has(resumed, "Cherries resumed after turn "));
        CHECK(has(resumed, "hunter-2: bot plugin 'hunter' changed since this game recorded it; the greedy bot plays "
                           "that seat from now on."));
        CHECK(c.say("ann", "!bot hunter") ==
              Replies{"Cannot seat hunter: bot plugin 'hunter' changed since this game recorded it; try !bot greedy."});
    }
    SECTION("vanished: the same, in its own words") {
        fs::remove_all(bots / "hunter");
        now = std::make_unique<GameLibrary>(std::vector<fs::path>{tmp.path / "plugins"});
        c.lib = now.get();
        const Replies resumed = c.crash();
        CHECK(has(resumed, "hunter-2: bot plugin 'hunter' is not installed here (bots here: random, greedy, expert, strategic"));
        CHECK(has(resumed, "); the greedy bot plays that seat from now on."));
    }
    // Stored again as the greedy bot's seat: a later restart says nothing more.
    c.move();
    REQUIRE(c.game->open());
    CHECK_FALSE(has(c.crash(), "greedy bot plays that seat"));
    play_out(c);
    CHECK(has(c.log, "reaches the winning score and wins!"));
    // The record holds hunter's decisions, then the greedy bot's: replay needs no bot.
    const std::string record = c.store->record(c.store->games().front().id);
    CHECK(plugin_lines(lines_of(record)).size() == 1);
    CHECK(replay_verifies(record));
}

TEST_CASE("A bot plugin that fails: the greedy bot decides, the channel is told once per seat, the game goes on") {
    TempFolder tmp;
    const fs::path folder = tmp.path / "plugins" / "bots" / "boom";
    fs::create_directories(folder);
    std::ofstream(folder / "bot.toml") << "[bot]\nid = \"boom\"\nname = \"Boom\"\nversion = \"1.0.0\"\napi = 1\n"
                                          "description = \"fails every decision\"\n";
    std::ofstream(folder / "bot.lua") << "return { decide = function(view) error('kaboom') end }\n";
    GameLibrary plugins({tmp.path / "plugins"});
    StoredChannel c(tmp.file("bot.db"), {}, &plugins);
    c.say("ann", "!cherries");
    c.say("ann", "!bot boom");
    c.say("ann", "!start");
    play_out(c);
    std::size_t told = 0, turns = 0;
    for (const auto& line : c.log) {
        told += line == "boom-2's bot plugin failed (kaboom): the greedy bot decides for it; its later failures are not "
                        "told here.";
        turns += line.find(": boom-2 drew ") != std::string::npos;
    }
    CHECK(turns > 1);
    CHECK(told == 1);
    CHECK(has(c.log, "reaches the winning score and wins!"));
    CHECK(replay_verifies(c.store->record(c.store->games().front().id)));
}

TEST_CASE("Many bot plugins: the list in a refusal is cut so that it stays one IRC line") {
    TempFolder tmp;
    for (int i = 0; i < 60; ++i) {
        const fs::path folder = tmp.path / "plugins" / "bots" / fmt::format("bot-number-{:02}", i);
        fs::create_directories(folder);
        std::ofstream(folder / "bot.toml") << "[bot]\n";  // listed by folder; never loaded here
    }
    GameLibrary plugins({tmp.path / "plugins"});
    REQUIRE(plugins.ids("bot").size() >= 60);
    StoredChannel c(tmp.file("bot.db"), {}, &plugins);
    c.say("ann", "!cherries");
    const Replies refused = c.say("ann", "!bot nosuch");
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].starts_with("There is no bot 'nosuch'; bots here: random, greedy, expert, strategic, bot-number-00, "));
    CHECK(refused[0].ends_with(" ...."));
    CHECK(split_privmsg("#cherries", refused[0], relay_prefix_bytes(30, 10, 63)).size() == 1);
    // One that does not load is refused without the server's paths.
    CHECK(c.say("ann", "!bot bot-number-07") ==
          Replies{"Cannot seat bot-number-07: bot plugin 'bot-number-07' does not load (the operator can see why); try "
                  "!bot greedy."});
    CHECK(c.game->load_error().find("bot.toml") != std::string::npos);
}
