// Seats follow people, and records tell the truth (issue 23, point 2): a bot that takes over a
// leaver's seat, a seat the house rules keep, a player back in their seat, a nick change, and
// timeouts in a row. Each record is exported with `cherries irc export` and replayed with
// `cherries replay`, which must name the winner the channel announced (docs/records.md, "Seat
// lines").
#include <catch2/catch.hpp>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

#include "tests/host/irc/irc_store_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace irc_test;
using nlohmann::json;

namespace {

struct Replayed {
    std::string record;
    cherries::test::CliRun replay;
};

Replayed export_and_replay(const TempFolder& tmp, const std::string& db, std::int64_t id) {
    const auto exported = cherries::test::run_cli(fmt::format("irc export {} --database '{}'", id, db));
    REQUIRE(exported.status == 0);
    const std::string file = tmp.file("game.jsonl");
    std::ofstream(file, std::ios::binary) << exported.out;
    return {exported.out, cherries::test::run_cli("replay '" + file + "'")};
}

// The seat lines of a record, as JSON.
std::vector<json> seat_lines(const std::string& record) {
    std::vector<json> out;
    for (const auto& line : lines_of(record)) {
        const json j = json::parse(line);
        if (j.is_array() && j.at(0) == "seat") out.push_back(j);
    }
    return out;
}

// "X reaches the winning score and wins!" in the channel: X.
std::string channel_winner(const std::vector<std::string>& log) {
    static const std::regex re(R"(^(.*) reaches the winning score and wins!)");
    std::smatch m;
    for (const auto& line : log)
        if (std::regex_search(line, m, re)) return m[1].str();
    return "";
}

std::int64_t only_game(StoredChannel& c) {
    const auto games = c.store->games();
    REQUIRE(games.size() == 1);
    return games.front().id;
}

}  // namespace

TEST_CASE("A bot takes over a leaver's seat and wins: the replay names the bot, as the channel did") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    ChannelOptions o;
    o.bot_takes_over = true;
    StoredChannel c(db, o);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    REQUIRE(c.game->to_play() == "ann");
    CHECK(has(c.depart("cid"), "cid leaves; the bot greedy-4 takes over their seat, so the game goes on."));
    // ann and bob hand every card to the bot, which keeps the good ones: it wins.
    for (int step = 0; c.game->open() && step < 3000; ++step) c.say(c.game->to_play(), "!give greedy-4");
    REQUIRE_FALSE(c.game->open());
    REQUIRE(channel_winner(c.log) == "greedy-4");
    const Replayed r = export_and_replay(tmp, db, only_game(c));
    INFO(r.record << r.replay.err);
    REQUIRE(r.replay.status == 0);
    CHECK(r.replay.out.find("; greedy-4 won (in the seat cid joined as)\n") != std::string::npos);
    const auto seats = seat_lines(r.record);
    REQUIRE(seats.size() == 1);
    CHECK(seats[0][2] == "cid");
    CHECK(seats[0][3] == json{{"name", "greedy-4"}, {"bot", "greedy"}, {"why", "take-over"}});
    CHECK(json::parse(lines_of(r.record).front()).at("format") == 4);
    // replay --json names who plays each seat at the end, and the winner as the channel did.
    const auto json_run = cherries::test::run_cli("replay --json '" + tmp.file("game.jsonl") + "'");
    REQUIRE(json_run.status == 0);
    const json state = json::parse(json_run.out);
    CHECK(state.at("winner_occupant") == "greedy-4");
    for (const json& p : state.at("players"))
        CHECK(p.at("occupant") == (p.at("name") == "cid" ? "greedy-4" : p.at("name").get<std::string>()));
}

TEST_CASE("The player comes back: the seat returns from the stand-in bot, told once, and the record says so") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    ChannelOptions o;
    o.bot_takes_over = true;
    StoredChannel c(db, o);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    c.depart("cid");
    c.move();  // ann
    c.move();  // bob; greedy-4 plays cid's seat at once
    REQUIRE(c.game->to_play() == "ann");
    const Replies back = c.keep(c.game->on_join("cid", c.now));
    REQUIRE_FALSE(back.empty());
    CHECK(back[0] == "cid is back and takes their seat again from greedy-4.");
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob", "cid"});
    CHECK(c.say("cid", "!join") == Replies{"cid, you are playing already."});  // no contradiction
    c.crash();  // the seat's owner is stored
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob", "cid"});
    for (int step = 0; c.game->open() && step < 3000; ++step) c.move();
    REQUIRE_FALSE(c.game->open());
    const std::string winner = channel_winner(c.log);
    REQUIRE_FALSE(winner.empty());
    const Replayed r = export_and_replay(tmp, db, only_game(c));
    INFO(r.record << r.replay.err);
    REQUIRE(r.replay.status == 0);
    CHECK(r.replay.out.find("; " + winner + " won") != std::string::npos);
    const auto seats = seat_lines(r.record);
    REQUIRE(seats.size() == 2);
    CHECK(seats[0][3].at("why") == "take-over");
    CHECK(seats[1][2] == "cid");
    CHECK(seats[1][3] == json{{"name", "cid"}, {"why", "back"}});
}

TEST_CASE("A closed table keeps bob's seat while he is away; back, he plays it again (no contradicting replies)") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    c.say("ann", "!cherries closed-table");
    c.say("bob", "!join");
    c.say("ann", "!start");
    c.move();  // ann
    REQUIRE(c.game->to_play() == "bob");
    CHECK(has(c.depart("bob"), "bob is gone, and the house rules hold the seat: the greedy bot plays it until they are back."));
    REQUIRE(c.game->to_play() == "ann");
    // bob asks to leave or join from elsewhere before his JOIN is seen: one consistent answer each.
    CHECK(c.say("bob", "!leave") == Replies{"bob, the greedy bot plays your seat while you are away; !join takes it back."});
    const Replies back = c.say("bob", "!join");
    CHECK(back == Replies{"bob is back and plays their seat again."});
    c.move();  // ann
    CHECK(c.game->to_play() == "bob");  // a person plays the seat again
    c.say("ann", "!stop");
    const Replayed r = export_and_replay(tmp, db, only_game(c));
    INFO(r.record << r.replay.err);
    CHECK(r.replay.status == 0);
    const auto seats = seat_lines(r.record);
    REQUIRE(seats.size() == 2);
    CHECK(seats[0][3] == json{{"name", "bob"}, {"bot", "greedy"}, {"why", "house rules"}});
    CHECK(seats[1][3] == json{{"name", "bob"}, {"why", "back"}});
}

TEST_CASE("A nick change is a seat line: the record names the player as the channel does") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    StoredChannel c(db);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    c.game->on_nick("bob", "bobby");
    for (int step = 0; c.game->open() && step < 3000; ++step) c.say(c.game->to_play(), c.game->to_play() == "ann" ? "!give bobby" : "!keep");
    REQUIRE_FALSE(c.game->open());
    const std::string winner = channel_winner(c.log);
    REQUIRE_FALSE(winner.empty());
    const Replayed r = export_and_replay(tmp, db, only_game(c));
    INFO(r.record << r.replay.err);
    REQUIRE(r.replay.status == 0);
    const auto seats = seat_lines(r.record);
    REQUIRE(seats.size() == 1);
    CHECK(seats[0][2] == "bob");
    CHECK(seats[0][3] == json{{"name", "bobby"}, {"why", "nick"}});
    CHECK(r.replay.out.find("; " + winner + " won") != std::string::npos);
}

TEST_CASE("Timeouts in a row end a player's game; the record and the channel agree on the winner") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    ChannelOptions o;
    o.turn_timeout = 500ms;
    o.max_timeouts = 2;
    StoredChannel c(db, o);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    for (int step = 0; c.game->open() && step < 3000; ++step) {
        if (c.game->to_play() == "ann") {
            c.now += 500ms;  // ann never answers: the greedy bot decides, twice, then she leaves
            c.keep(c.game->tick(c.now));
        } else {
            c.move();
        }
    }
    REQUIRE(has(c.log, "ann timed out 2 turns in a row."));
    const std::string winner = channel_winner(c.log);
    REQUIRE_FALSE(winner.empty());
    const Replayed r = export_and_replay(tmp, db, only_game(c));
    INFO(r.record << r.replay.err);
    REQUIRE(r.replay.status == 0);
    CHECK(r.replay.out.find("; " + winner + " won\n") != std::string::npos);
}

TEST_CASE("A seat kept for a services account is taken back under another nick (host::Table::reclaim), and survives a crash") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    ChannelOptions o;
    o.bot_takes_over = true;
    StoredChannel c(db, o);
    c.accounts["cid"] = "CidAccount";
    c.accounts["cid_away"] = "CidAccount";
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    c.depart("cid");
    c.move();  // ann
    c.move();  // bob; greedy-4 plays cid's seat at once
    REQUIRE(c.game->seated() == std::vector<std::string>{"ann", "bob", "greedy-4"});
    c.crash();  // the kept seat's account is stored with it
    CHECK(c.say("someone", "!join") == Replies{"someone joins after this turn."});  // another account: a seat of their own
    CHECK(c.say("someone", "!leave") == Replies{"someone will not join after all."});
    const Replies back = c.say("cid_away", "!join");
    CHECK(back == Replies{"cid_away is back and takes their seat again from greedy-4."});
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob", "cid_away"});
}
