// Every way a stored IRC game can end leaves a record that `cherries replay` verifies to its end
// line (docs/irc-storage.md, "How a game ends, and what its record holds then"): a won game, a
// gametype that fails, a `!stop` during a turn, between turns (the lobby, a suspension), after a
// crash and resume, the last human leaving, and a game set aside as unresumable. Each record goes
// out by `cherries irc export` and is replayed by `cherries replay`, the binary, as a user would.
#include <catch2/catch.hpp>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;
using nlohmann::json;

namespace {

struct Replayed {
    std::string record;  // what `irc export` printed
    cherries::test::CliRun replay;
};

// `cherries irc export ID`, then `cherries replay` of what it printed (`replay_options` added).
Replayed export_and_replay(const TempFolder& tmp, const std::string& db, std::int64_t id,
                           const std::string& replay_options = "") {
    const auto exported = cherries::test::run_cli(fmt::format("irc export {} --database '{}'", id, db));
    REQUIRE(exported.status == 0);
    const std::string file = tmp.file("game.jsonl");
    std::ofstream(file, std::ios::binary) << exported.out;
    return {exported.out, cherries::test::run_cli("replay '" + file + "'" + replay_options)};
}

// The record's end line as JSON.
json end_of(const std::string& record) { return json::parse(lines_of(record).back()); }

// The only stored game's id; its status must be `status`.
std::int64_t only_game(StoredChannel& c, const std::string& status) {
    const auto games = c.store->games();
    REQUIRE(games.size() == 1);
    CHECK(games.front().status == status);
    return games.front().id;
}

// ann, bob and a greedy bot, started.
void start_three(StoredChannel& c) {
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!bot");
    c.say("ann", "!start");
    REQUIRE(c.game->open());
}

// Checks a stopped game's replay: status 0, every line matched, the end line's reason said, and
// `outcome` (the game's status: "in progress", "suspended").
void check_stopped(const Replayed& r, std::uint32_t turn, const std::string& why, const std::string& outcome) {
    INFO(r.record << r.replay.err);
    CHECK(r.replay.status == 0);
    CHECK(r.replay.err.empty());
    const json end = end_of(r.record);
    CHECK(end.at("turns") == turn);
    CHECK(end.at("reason") == why);
    CHECK(r.replay.out.find(fmt::format("events in {} turns match the record; the game was stopped at turn {}: {} ({})\n",
                                        turn, turn, why, outcome)) != std::string::npos);
}

}  // namespace

TEST_CASE("A won IRC game's record replays to its end: the control for the stopped ones") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    start_three(c);
    for (int step = 0; c.game->open() && step < 3000; ++step) c.move();
    REQUIRE_FALSE(c.game->open());
    const Replayed r = export_and_replay(tmp, db, only_game(c, "won"));
    CHECK(r.replay.status == 0);
    CHECK(end_of(r.record).at("end") == "won");
    CHECK_FALSE(end_of(r.record).contains("reason"));  // only a stopped game says why it stopped
    CHECK(r.replay.out.find("match the record; ") != std::string::npos);
    CHECK(r.replay.out.find(" won\n") != std::string::npos);
}

TEST_CASE("A game the gametype's distribution aborts (GDD §3.5): its record ends in the fault and replays") {
    // A cherry card worth 256 cherries: the distribution is asked for a count past the 0 to 255
    // checked at load, and fails there.
    cherries::test::TempFolder plugins;
    plugins.write("sets/big/set.toml", cherries::test::set_header("big") +
                                            "[[card]]\nid = \"cherry\"\nname = \"Cherry\"\ntype = \"cherry\"\nchange = 256\ncount = 8\n");
    plugins.write("gametypes/fails/gametype.toml",
                  "[gametype]\nid = \"fails\"\nname = \"Fails\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 10\n\n"
                  "[distribution]\nfunction = \"score_change\"\n");
    plugins.write("gametypes/fails/gametype.lua",
                  "local M = {}\nfunction M.score_change(c) if c > 255 then error('too many cherries') end return 0 end\nreturn M\n");
    GameLibrary lib({plugins.path()});
    REQUIRE(lib.has("gametype", "fails"));
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db, {}, &lib);
    c.say("ann", "!cherries fails big");
    c.say("bob", "!join");
    c.say("ann", "!start");
    for (int step = 0; c.game->open() && step < 20; ++step) c.move();
    REQUIRE_FALSE(c.game->open());
    const Replayed r = export_and_replay(tmp, db, only_game(c, "aborted"), " --plugin-path '" + plugins.path().string() + "'");
    INFO(r.record << r.replay.err);
    CHECK(r.replay.status == 0);
    CHECK(json::parse(lines_of(r.record).end()[-2]).at(0) == "fault");
    CHECK(end_of(r.record).at("end") == "aborted");
    CHECK_FALSE(end_of(r.record).contains("reason"));  // the rules ended it: nobody stopped it
    CHECK(r.replay.out.find("match the record; aborted (the gametype failed)\n") != std::string::npos);
}

TEST_CASE("!stop during a turn that awaits a give: the record holds the turn's draw and replays to the stop") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    start_three(c);
    for (int step = 0; step < 7; ++step) c.move();
    REQUIRE(c.game->game()->phase() == cherries::Phase::awaiting_give);
    const std::uint32_t turn = c.game->game()->turn();
    CHECK(has(c.say("ann", "!stop"), "The game is over: stopped by ann."));
    const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
    // The last event is the draw of the turn that was never given (GDD §3.4.2.3.1).
    const auto lines = lines_of(r.record);
    REQUIRE(lines.size() >= 3);
    CHECK(json::parse(lines[lines.size() - 2]).at(0) == "draw");
    CHECK(end_of(r.record).at("end") == "in_progress");
    check_stopped(r, turn, "!stop by ann", "in progress");
    // replay --json says why too, next to the state.
    const auto as_json = cherries::test::run_cli("replay '" + tmp.file("game.jsonl") + "' --json");
    REQUIRE(as_json.status == 0);
    CHECK(json::parse(as_json.out).at("reason") == "!stop by ann");

    // A reason that is not a string is a malformed end line, said with its line number.
    std::string broken = r.record;
    const std::string reason = "\"reason\":\"!stop by ann\"";
    broken.replace(broken.find(reason), reason.size(), "\"reason\":7");
    const std::string file = tmp.file("broken.jsonl");
    std::ofstream(file, std::ios::binary) << broken;
    const auto replay = cherries::test::run_cli("replay '" + file + "'");
    CHECK(replay.status == 2);
    CHECK(replay.err == fmt::format("cherries: error: {}:{}: malformed record: end line: reason: expected a string, saw 7\n",
                                    file, lines.size()));
}

TEST_CASE("!stop between turns: in the lobby, and while the game is suspended (GDD §3.4.2.1)") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    SECTION("in the lobby, before !start") {
        StoredChannel c(db);
        c.say("ann", "!cherries");
        c.say("bob", "!join");
        c.say("ann", "!stop");
        const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
        CHECK(r.record.find("[\"join\",0,\"bob\"]") != std::string::npos);
        check_stopped(r, 0, "!stop by ann", "in progress");
    }
    SECTION("suspended: bob left, ann is alone") {
        StoredChannel c(db);
        c.say("ann", "!cherries");
        c.say("bob", "!join");
        c.say("ann", "!start");
        c.move();
        c.depart("bob");  // after this turn
        while (c.game->open() && c.game->game()->phase() != cherries::Phase::suspended) c.move();
        REQUIRE(c.game->open());
        const std::uint32_t turn = c.game->game()->turn();
        c.say("ann", "!stop");
        const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
        CHECK(end_of(r.record).at("end") == "suspended");
        check_stopped(r, turn, "!stop by ann", "suspended");
    }
}

TEST_CASE("!stop after a crash and resume: the turn played again is recorded once and the record replays") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    start_three(c);
    for (int step = 0; step < 5; ++step) c.move();
    REQUIRE(has(c.crash(), "Cherries resumed after turn"));
    c.move();
    const std::uint32_t turn = c.game->game()->turn();
    c.say("ann", "!stop");
    check_stopped(export_and_replay(tmp, db, only_game(c, "stopped")), turn, "!stop by ann", "in progress");
}

TEST_CASE("The last human leaves: the game is stopped and its record, leave included, replays") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    SECTION("by !leave on their own turn: the greedy bot plays it, then the seat is given up") {
        StoredChannel c(db);
        c.say("ann", "!cherries");
        c.say("ann", "!bot");
        c.say("ann", "!start");
        for (int step = 0; step < 4; ++step) c.move();
        REQUIRE(c.game->to_play() == "ann");
        const std::uint32_t turn = c.game->game()->turn();
        CHECK(has(c.say("ann", "!leave"), "The game is over: no human player is left."));
        const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
        CHECK(r.record.find(fmt::format("[\"leave\",{},\"ann\"]", turn)) != std::string::npos);
        check_stopped(r, turn, "no human player is left", "suspended");
    }
    SECTION("in the lobby: the only seated player leaves") {
        StoredChannel c(db);
        c.say("ann", "!cherries");
        CHECK(has(c.say("ann", "!leave"), "The game is over: nobody is seated."));
        const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
        CHECK(r.record.find("[\"leave\",0,\"ann\"]") != std::string::npos);
        // With nobody left the engine ends the game (no winner) as it is stopped.
        CHECK(lines_of(r.record).end()[-2] == "[\"ended\",0]");
        check_stopped(r, 0, "nobody is seated", "ended without a winner");
    }
    SECTION("by leaving the channel while another player's turn awaits a give: after that turn") {
        StoredChannel c(db);
        start_three(c);
        while (c.game->to_play() != "bob") c.move();
        const std::uint32_t turn = c.game->game()->turn();
        c.depart("ann");  // leaves after bob's turn
        c.depart("bob");  // bob's own turn: the greedy bot plays it
        REQUIRE_FALSE(c.game->open());
        const Replayed r = export_and_replay(tmp, db, only_game(c, "stopped"));
        CHECK(r.record.find(fmt::format("[\"leave\",{},\"bob\"]", turn)) != std::string::npos);
        check_stopped(r, turn, "no human player is left", "suspended");
    }
}

TEST_CASE("A stored game set aside as unresumable: its record is closed where it stops and says why") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    std::uint32_t stored_turns = 0;
    {
        StoredChannel c(db);
        start_three(c);
        for (int step = 0; step < 4; ++step) c.move();
        stored_turns = c.game->game()->turn();  // the turn awaiting a give is stored too: its draw is the last event
    }
    // Another fingerprint for the standard set in the state, as if its files had been edited
    // (the record's header keeps the real one, so the replay below can load the plugins).
    edit_stored_fingerprint(db);
    StoredChannel c(db);
    REQUIRE(has(c.log, "cannot resume: plugin set 'standard' differs from the record"));
    const Replayed r = export_and_replay(tmp, db, only_game(c, "unresumable"));
    CHECK(end_of(r.record).at("end") == "in_progress");
    check_stopped(r, stored_turns, "unresumable: plugin set 'standard' differs from the record", "in progress");
}
