// Which finished games are rated and in what places (host/hosted/rated_game.hpp; issue 42 item 4,
// docs/ratings.md "Rated tables"): the one rule of CherryBot's channels and the web's tables.
// The places follow the game's end: the winner first (GDD §3.4.3), then the final scores; a
// person who left the game (GDD §3.4.2.1) ranks last.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "engine/game.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/hosted/rated_game.hpp"
#include "host/session/bot_source.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
using namespace std::chrono_literals;

namespace {

struct Quiet final : TableListener {
    void notice(const std::string&) override {}
};

// A hosted Standard Set table: ann, bob, carl and dave sit down, then two greedy bots; carl
// leaves after his second turn; everyone else keeps every card until the game ends.
struct PlayedTable {
    explicit PlayedTable(bool bot_takes_over) {
        setup.bundle = std::shared_ptr<const sdk::Bundle>(&test::standard_bundle(), [](const sdk::Bundle*) {});
        setup.options.bot_takes_over = bot_takes_over;
        setup.clock = {.turn_timeout = 60s, .turn_warning = 10s, .pause_limit = 300s};
        hosted = std::make_unique<HostedTable>(setup, bots, quiet, 7);
        Table& t = hosted->table();
        for (const char* name : {"ann", "bob", "carl", "dave"}) REQUIRE(t.join(name));
        REQUIRE(t.add_bot("greedy"));
        REQUIRE(t.add_bot("greedy"));
        REQUIRE(t.start());
        const PlayerId carl = t.find("carl");
        int carl_turns = 0;
        for (int i = 0; i < 5000 && !t.game()->over(); ++i) {
            if (t.advance() != SessionStop::human) break;
            const PlayerId current = t.game()->current_player();
            REQUIRE(t.give(current, current, t.game()->turn()));
            if (current == carl && ++carl_turns == 2) REQUIRE(t.leave(carl));
        }
        t.advance();
        REQUIRE(t.game()->over());
    }
    HostedSetup setup;
    InstalledBots bots;
    Quiet quiet;
    std::unique_ptr<HostedTable> hosted;
};

// ann, bob and carl proved their names; dave did not.
std::string claimed_three(const std::string& name) { return name == "dave" ? "" : "claimed:" + name; }

std::vector<std::string> keys(const std::vector<RatedPlayer>& place) {
    std::vector<std::string> out;
    for (const auto& p : place) out.push_back(p.key);
    return out;
}

// Checks the places of `rating` against `table`'s end: the finishers by (won, score), ties together.
void check_order(const GameRating& rating, const Table& table, std::size_t finisher_places) {
    const Game& game = *table.game();
    const auto end_of = [&](const RatedPlayer& p) {
        if (p.key == "bot:greedy") {  // the kind's best seat (every bot here is greedy)
            std::optional<std::pair<bool, std::int64_t>> best;
            for (const Player& seat : game.players())
                if (table.is_bot(seat.id) && !table.held().count(seat.id))
                    best = std::max(best.value_or(std::pair<bool, std::int64_t>{false, -1}),
                                    std::pair<bool, std::int64_t>{game.winner() == seat.id, seat.score});
            if (best) return *best;
        }
        for (const Player& seat : game.players()) {
            const auto held = table.held().find(seat.id);
            const std::string name = held != table.held().end() ? held->second : table.name(seat.id);
            if (name == p.name) return std::pair<bool, std::int64_t>{game.winner() == seat.id, seat.score};
        }
        FAIL("no seat for " << p.name);
        return std::pair<bool, std::int64_t>{};
    };
    for (std::size_t i = 0; i < finisher_places; ++i) {
        for (const RatedPlayer& p : rating.places[i]) CHECK(end_of(p) == end_of(rating.places[i].front()));  // a place is a tie
        if (i + 1 < finisher_places) CHECK(end_of(rating.places[i].front()) > end_of(rating.places[i + 1].front()));
    }
}

}  // namespace

TEST_CASE("a rated game: claimed people and bots by the end (winner, then score), a bot kind once, the leaver last", "[hosted][ratings]") {
    PlayedTable played(false);  // carl's seat is gone when he leaves (GDD §3.4.2.1)
    const auto rating = rated_game(*played.hosted, claimed_three);
    REQUIRE(rating);
    CHECK(rating->gametype == "official");
    std::multiset<std::string> all;
    for (const auto& place : rating->places)
        for (const auto& p : place) all.insert(p.key);
    // dave's name is not proven: left out; the two greedy bots are one player, rated once.
    CHECK(all == std::multiset<std::string>{"bot:greedy", "claimed:ann", "claimed:bob", "claimed:carl"});
    CHECK(keys(rating->places.back()) == std::vector<std::string>{"claimed:carl"});
    check_order(*rating, played.hosted->table(), rating->places.size() - 1);
    // The winner is first and alone: a person by their key, a bot by its kind.
    const Table& t = played.hosted->table();
    const PlayerId winner = t.game()->winner();
    REQUIRE(winner != kNoPlayer);  // the Standard Set's game is won
    const std::string winner_key = t.is_bot(winner) ? "bot:greedy" : claimed_three(t.name(winner));
    if (!winner_key.empty() && winner_key != "claimed:dave") CHECK(keys(rating->places.front()) == std::vector<std::string>{winner_key});
}

TEST_CASE("a seat taken over by a bot for good: its person ranks last and that bot is not rated", "[hosted][ratings]") {
    PlayedTable played(true);
    const Table& t = played.hosted->table();
    REQUIRE(t.held_seat("carl") != kNoPlayer);
    const auto rating = rated_game(*played.hosted, claimed_three);
    REQUIRE(rating);
    CHECK(keys(rating->places.back()) == std::vector<std::string>{"claimed:carl"});
    std::size_t bots = 0;
    for (const auto& place : rating->places)
        for (const auto& p : place)
            if (p.key == "bot:greedy") {
                ++bots;
                CHECK(p.name == "greedy");  // named by its kind, not by one table's seat ("greedy-5")
            }
    CHECK(bots == 1);  // the two seated greedy bots, once; the take-over bot's seat is carl's, not a bot's
    check_order(*rating, t, rating->places.size() - 1);
}

TEST_CASE("not rated: fewer than two rated people, or a game that did not end by the rules", "[hosted][ratings]") {
    PlayedTable played(false);
    CHECK_FALSE(rated_game(*played.hosted, [](const std::string& name) { return name == "ann" ? "claimed:ann" : ""; }));
    CHECK_FALSE(rated_game(*played.hosted, [](const std::string&) { return std::string(); }));

    HostedSetup setup;
    setup.bundle = std::shared_ptr<const sdk::Bundle>(&test::standard_bundle(), [](const sdk::Bundle*) {});
    InstalledBots bots;
    Quiet quiet;
    HostedTable open(setup, bots, quiet, 3);
    REQUIRE(open.table().join("ann"));
    REQUIRE(open.table().join("bob"));
    REQUIRE(open.table().start());
    CHECK(open.status() == "in_progress");
    CHECK_FALSE(rated_game(open, claimed_three));
}
