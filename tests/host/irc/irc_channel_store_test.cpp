// A channel game kept in SQLite (docs/irc-storage.md): stored after every turn, resumed after a
// crash at any point with no turn lost or played twice, its record exported and replayed,
// statistics by account or nick, bot_takes_over and colours.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/core.h>

#include "host/irc/turn_text.hpp"
#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;

namespace {

// ann, bob and a greedy bot, started; the game's id in the store.
std::int64_t start_three(StoredChannel& c) {
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!bot");
    c.say("ann", "!start");
    REQUIRE(c.store->games().size() == 1);
    return c.store->games().front().id;
}

// Plays to the end, crashing after every `crash_every`-th move (0: never); returns the record.
std::string play_with_crashes(const std::string& db, int crash_every) {
    StoredChannel c(db);
    const std::int64_t id = start_three(c);
    for (int step = 1; c.game->open() && step < 3000; ++step) {
        c.move();
        if (crash_every == 0 || step % crash_every != 0 || !c.game->open()) continue;
        const std::uint32_t turn = c.game->game()->turn();  // started, awaiting a human
        const std::string next = c.game->to_play();
        const Replies resumed = c.crash();
        // The turn that was awaited is played again from its start: the same player draws.
        REQUIRE(has(resumed, "Cherries resumed after turn " + std::to_string(turn - 1)));
        CHECK(c.game->game()->turn() == turn);
        CHECK(c.game->to_play() == next);
    }
    CHECK_FALSE(c.game->open());
    return cherries::host::export_record(*c.store, id);
}

}  // namespace

TEST_CASE("A stored game is written after every turn: its record grows turn by turn, its state names the turn") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    const std::int64_t id = start_three(c);
    std::size_t lines = lines_of(c.store->record(id)).size();
    for (int i = 0; i < 6 && c.game->open(); ++i) {
        const std::uint32_t turn = c.game->game()->turn();
        c.move();
        // The turn just played is stored before the next is announced (the reply is not sent yet).
        const auto stored = c.store->in_progress("#cherries");
        REQUIRE(stored);
        CHECK(stored->turns >= turn);
        const std::size_t now = lines_of(c.store->record(id)).size();
        CHECK(now > lines);
        lines = now;
    }
}

TEST_CASE("A crash at any point mid-game: the game resumes, same next player, the same game as without crashes") {
    TempFolder tmp;
    const std::string whole = play_with_crashes(tmp.file("whole.db"), 0);
    CHECK(lines_of(whole).back().find("\"end\":\"won\"") != std::string::npos);
    for (int every : {1, 2, 5}) {
        INFO("a crash after every " << every << " moves");
        CHECK(play_with_crashes(tmp.file("crash-" + std::to_string(every) + ".db"), every) == whole);
    }
}

TEST_CASE("A crash during a turn with a pending join (GDD §3.4.2.1): the join still comes after that turn") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    start_three(c);
    const std::uint32_t turn = c.game->game()->turn();
    CHECK(has(c.say("cid", "!join"), "cid joins after this turn."));
    const Replies resumed = c.crash();
    CHECK(has(resumed, "resumed after turn " + std::to_string(turn - 1)));
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob", "greedy-3"});
    CHECK(has(c.move(), "cid joins, last in the turn order."));
    CHECK(c.game->seated().back() == "cid");
}

TEST_CASE("A crash in the lobby: the seated players are still seated; a crash after the end: nothing resumes") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    CHECK(has(c.crash(), "resumed after turn 0"));
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob"});
    c.say("ann", "!start");
    while (c.game->open()) c.move();
    CHECK(c.crash().empty());
    CHECK_FALSE(c.game->open());
}

TEST_CASE("A stored game whose plugins changed is not resumed; the channel is told why, once") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    {
        StoredChannel c(db);
        start_three(c);
    }
    // Another fingerprint for the standard set, as if its files had been edited.
    edit_stored_fingerprint(db);
    StoredChannel c(db);
    REQUIRE(c.log.size() == 1);
    INFO(c.log[0]);
    CHECK(has(c.log, "cannot resume: plugin set 'standard' differs from the record"));
    CHECK(c.log[0].find('/') == std::string::npos);  // no server paths in the channel
    CHECK_FALSE(c.game->open());
    CHECK(c.crash().empty());  // told once
}

TEST_CASE("cherries::host::export_record gives the --record JSON Lines: cherries replay verifies it") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    const std::int64_t id = start_three(c);
    c.say("cid", "!join");
    while (c.game->open()) c.move();
    const auto games = c.store->games();
    REQUIRE(games.size() == 1);
    CHECK(games[0].status == "won");
    CHECK(games[0].turns > 0);
    CHECK(games[0].players.find("cid") != std::string::npos);
    const std::string record = cherries::host::export_record(*c.store, id);
    CHECK(lines_of(record).front().find("\"source\":\"irc\"") != std::string::npos);
    CHECK(replay_verifies(record));
    // A record with an event line left out does not verify.
    std::vector<std::string> lines = lines_of(record);
    lines.erase(lines.end() - 3);
    std::string broken;
    for (const auto& l : lines) broken += l + "\n";
    bool verified = false;
    try {
        verified = replay_verifies(broken);
    } catch (const std::exception&) {
    }
    CHECK_FALSE(verified);
    CHECK_THROWS_WITH(c.store->record(999), Catch::Contains("no game 999 is stored"));
}

TEST_CASE("Statistics after games: games, wins, turns, points, best; by account when the server gives one") {
    TempFolder tmp;
    ChannelOptions two;
    two.top_min_games = 2;  // !top counts these two games
    StoredChannel c(tmp.file("bot.db"), two);
    c.accounts["ann"] = "AnnAccount";
    std::int64_t best_ann = INT64_MIN;
    for (int game = 0; game < 2; ++game) {
        c.say("ann", "!cherries");
        c.say("Bob", "!join");
        c.say("ann", "!start");
        while (c.game->open()) c.move();
        // "Final scores: ann 3 (...), Bob 10 (...) after N turns.", then the deal revealed.
        REQUIRE(c.log.size() >= 2);
        CHECK(c.log.back().rfind("The deal revealed: ", 0) == 0);
        const std::string& last = c.log[c.log.size() - 2];
        REQUIRE(last.rfind("Final scores: ", 0) == 0);
        best_ann = std::max<std::int64_t>(best_ann, std::stoll(last.substr(last.find("ann ") + 4)));
    }
    const auto ann = c.store->stats("account:AnnAccount");
    const auto bob = c.store->stats("nick:bob");  // case-mapped nick
    REQUIRE(ann);
    REQUIRE(bob);
    CHECK_FALSE(c.store->stats("nick:ann"));
    CHECK(ann->games == 2);
    CHECK(bob->games == 2);
    CHECK(ann->wins + bob->wins == 2);  // a two-player game to the win: one winner each game
    CHECK(ann->best == best_ann);
    std::uint64_t turns = 0;
    for (const auto& g : c.store->games()) turns += g.turns;
    CHECK(ann->turns + bob->turns == turns);  // every turn was one of theirs
    CHECK(has(c.say("zed", "!stats ann"), fmt::format("ann: 2 games, {} win", ann->wins)));
    CHECK(has(c.say("bob", "!stats"), fmt::format("bob: 2 games, {} win", bob->wins)));
    CHECK(c.say("zed", "!stats") == Replies{"No finished games for zed yet."});
    const Replies top = c.say("zed", "!top");
    REQUIRE(top.size() == 1);
    CHECK(has(top, "Top players by win rate (at least 2 games): 1. "));
    const bool ann_first = ann->wins > bob->wins || (ann->wins == bob->wins && ann->points > bob->points);
    CHECK(has(top, ann_first ? "1. ann" : "1. Bob"));
}

TEST_CASE("!stats and !top without a database: one short refusal") {
    Channel c;
    CHECK(c.say("ann", "!stats") == Replies{"No statistics are kept here (the bot has no database)."});
    CHECK(c.say("ann", "!top") == Replies{"No statistics are kept here (the bot has no database)."});
}

TEST_CASE("A database that fails a statistics query: one line says so, and the game in progress goes on") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    c.move();
    const std::uint32_t turn = c.game->game()->turn();
    std::vector<std::string> operator_log;
    c.options.log = [&](const std::string& line) { operator_log.push_back(line); };
    c.game = nullptr;  // the bot restarts with a log: the stored game resumes
    c.open();
    REQUIRE(c.game->open());
    REQUIRE(c.game->game()->turn() == turn);
    {
        // Another process breaks the table the statistics are read from (a bad migration, a
        // hand edit): the query fails inside SQLite.
        SQLite::Database other(c.file, SQLite::OPEN_READWRITE);
        other.exec("ALTER TABLE player_stats RENAME TO gone");
    }
    for (const char* command : {"!stats", "!top"}) {
        INFO(command);
        const Replies r = c.say("ann", command);
        REQUIRE(r.size() == 1);
        CHECK(has(r, "Cannot read the statistics now"));
        CHECK_FALSE(has(r, "game is over"));
        CHECK_FALSE(has(r, tmp.path.string()));  // the server's files are for the operator
        REQUIRE(c.game->open());  // the game was not stopped
        CHECK(c.game->game()->turn() == turn);
    }
    // The operator's log has SQLite's words and the file, once per failed query.
    REQUIRE(operator_log.size() == 2);
    CHECK(operator_log[0].rfind("#cherries: ", 0) == 0);
    CHECK(operator_log[0].find("player_stats") != std::string::npos);
    CHECK(operator_log[0].find(c.file) != std::string::npos);
    c.move();  // and it plays on
    CHECK(c.game->game()->turn() > turn);
}

TEST_CASE("An internal error with no game open does not say a game is over") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    {
        SQLite::Database other(c.file, SQLite::OPEN_READWRITE);
        other.exec("ALTER TABLE player_stats RENAME TO gone");
    }
    const Replies r = c.say("ann", "!stats");
    REQUIRE(r.size() == 1);
    CHECK_FALSE(has(r, "game is over"));
    CHECK_FALSE(c.game->open());
}

TEST_CASE("bot_takes_over: a leaver's seat goes to a bot and a two-player game goes on (GDD §3.4.2.1)") {
    ChannelOptions o;
    o.bot_takes_over = true;
    Channel c(o);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    CHECK(has(c.depart("bob"), "bob leaves; the bot greedy-4 takes over their seat, so the game goes on."));
    CHECK(c.game.seated() == std::vector<std::string>{"ann", "greedy-4", "cid"});
    CHECK(has(c.say("cid", "!leave"), "cid leaves; the bot greedy-5 takes over"));
    // ann alone with two bots: the game goes on to its end rather than being suspended.
    for (int i = 0; i < 500 && c.game.open(); ++i) c.say("ann", "!keep");
    CHECK_FALSE(c.game.open());
    CHECK(has(c.log, "Final scores: "));
    CHECK_FALSE(has(c.log, "suspended"));

    Channel without;  // off: the leave happens between turns, and a lone player suspends the game
    without.say("ann", "!cherries");
    without.say("bob", "!join");
    without.say("ann", "!start");
    CHECK(has(without.depart("bob"), "bob leaves after this turn."));
    without.say("ann", "!keep");
    CHECK(without.game.seated() == std::vector<std::string>{"ann"});
    CHECK(has(without.log, "The game is suspended"));
}

TEST_CASE("Timeouts in a row and a bot that took over a seat survive a crash") {
    TempFolder tmp;
    ChannelOptions o;
    o.bot_takes_over = true;
    StoredChannel c(tmp.file("bot.db"), o);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    CHECK(has(c.depart("cid"), "the bot greedy-4 takes over"));
    CHECK(has(c.tick(91s), "(timeout 1 of 3)"));  // ann's turn: the greedy bot decides for her
    c.crash();
    CHECK(c.game->seated() == std::vector<std::string>{"ann", "bob", "greedy-4"});
    c.move();  // bob
    REQUIRE(c.game->to_play() == "ann");
    CHECK(has(c.tick(91s), "(timeout 2 of 3)"));  // the count went on across the crash
    c.crash();
    c.move();
    REQUIRE(c.game->to_play() == "ann");
    CHECK(has(c.tick(91s), "ann timed out 3 turns in a row"));
}

TEST_CASE("Colours: the public announcements (GDD §3.4.2.3.1) get mIRC codes only when configured, cherries red and scores bold") {
    ChannelOptions o;
    o.colours = true;
    o.seed = [] { return std::uint64_t{20261123}; };
    ChannelGame coloured("#cherries", library(), o);
    GameClock::time_point now{};
    coloured.on_text("ann", "!cherries", now);
    coloured.on_text("bob", "!join", now);
    const Replies started = coloured.on_text("ann", "!start", now);
    const Replies turn = coloured.on_text("ann", "!keep", now);
    std::string all;
    for (const auto& l : started) all += l + "\n";
    for (const auto& l : turn) all += l + "\n";
    CHECK(all.find("\x03" "04Cherry\x03") != std::string::npos);  // the seed's first card: Cherry, in red
    CHECK(all.find("now \x02") != std::string::npos);
    CHECK(all.find("Scores: ann \x02") != std::string::npos);
    CHECK(paint_line("Scores: ann 3 (1 cherry), bob -2 (0 cherries).", {}) ==
          "Scores: ann \x02" "3\x02 (1 cherry), bob \x02-2\x02 (0 cherries).");

    Channel plain;  // off (the default): Channel::keep checks that no line has a control code
    plain.say("ann", "!cherries");
    plain.say("bob", "!join");
    plain.say("ann", "!start");
    CHECK(has(plain.say("ann", "!keep"), "Scores: ann"));
}
