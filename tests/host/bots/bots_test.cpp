// Bots: the random bot's spread and seeding, the greedy bot's one-turn look-ahead (on the real
// Standard Set and official gametype, so modifier and distribution code run as in play).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/bots/random_bot.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

// A game of the Standard Set whose deck starts with `top` (card ids, top first).
struct Table {
    std::unique_ptr<sdk::LuaRuntime> runtime = standard_bundle().make_runtime();
    std::vector<KindId> top;
    Game game;

    Table(const std::vector<std::string>& players, const std::vector<std::string>& deck_top)
        : top(kinds(deck_top)),
          game(standard_bundle().catalog(), standard_bundle().gametype(), *runtime, 7, players, top) {}

    static std::vector<KindId> kinds(const std::vector<std::string>& names) {
        std::vector<KindId> out;
        for (const auto& n : names) out.push_back(standard_bundle().catalog().find_kind(n));
        return out;
    }

    PlayerId id(const std::string& name) const { return game.find_player(name)->id; }

    // Plays one turn by hand: draw, then give to `receiver`.
    void turn(const std::string& receiver) {
        game.start_turn();
        REQUIRE(game.phase() == Phase::awaiting_give);
        game.give(id(receiver));
    }

    std::string drawn() const { return game.catalog().kind_of(game.drawn_card()).id; }
};

}  // namespace

TEST_CASE("make_bot makes the known kinds and rejects others", "[host][bots]") {
    CHECK(builtin_bots() == std::vector<std::string>{"random", "greedy", "expert", "strategic"});
    CHECK(make_bot("random", 1) != nullptr);
    CHECK(make_bot("greedy", 1) != nullptr);
    CHECK(make_bot("expert", 1) != nullptr);
    try {
        make_bot("x", 1);
        FAIL("make_bot accepted an unknown kind");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == "unknown bot 'x'; expected one of: random, greedy, expert, strategic, or a bot plugin in bots/");
    }
    CHECK_THROWS_AS(make_bot("Random", 1), InputError);
    CHECK_THROWS_AS(make_bot("", 1), InputError);
}

TEST_CASE("random bot covers every receiver, about evenly", "[host][bots]") {
    Table t({"a", "b", "c", "d"}, {});
    t.game.start_turn();
    const PlayerView view(t.game);
    RandomBot bot(42);
    std::map<PlayerId, int> counts;
    constexpr int kDraws = 4000;
    for (int i = 0; i < kDraws; ++i) ++counts[bot.choose_receiver(view)];
    REQUIRE(counts.size() == 4);
    for (const auto& p : t.game.players()) {
        INFO("player " << p.name);
        CHECK(counts[p.id] > kDraws / 4 - 200);  // expected 1000, standard deviation about 27
        CHECK(counts[p.id] < kDraws / 4 + 200);
    }
}

TEST_CASE("random bot draws from its own seed, not the game's", "[host][bots]") {
    Table t({"a", "b", "c"}, {});
    t.game.start_turn();
    const PlayerView view(t.game);
    auto sequence = [&](std::uint64_t seed) {
        RandomBot bot(seed);
        std::vector<PlayerId> out;
        for (int i = 0; i < 64; ++i) out.push_back(bot.choose_receiver(view));
        return out;
    };
    const auto game_state = t.game.random().engine();
    CHECK(sequence(5) == sequence(5));
    CHECK(sequence(5) != sequence(6));
    CHECK(t.game.random().engine() == game_state);  // the game's generator is untouched
}

TEST_CASE("random bot's bounded draw stays in range and hits both ends", "[host][bots]") {
    RandomBot bot(3);
    bool low = false, high = false;
    for (int i = 0; i < 1000; ++i) {
        const auto v = bot.below(7);
        REQUIRE(v < 7);
        low = low || v == 0;
        high = high || v == 6;
    }
    CHECK(low);
    CHECK(high);
}

TEST_CASE("greedy keeps a Triple Cherry that brings it to exactly the scoring count", "[host][bots]") {
    // Official gametype: 5 cherries score 1 at the end of the turn.
    Table t({"greedy", "other"}, {"double-cherry", "cherry", "triple-cherry"});
    t.turn("greedy");  // greedy: 2 cherries
    t.turn("other");   // other: 1 cherry
    t.game.start_turn();
    REQUIRE(t.drawn() == "triple-cherry");
    REQUIRE(t.game.player(t.id("greedy")).cherries == 2);
    const PlayerView view(t.game);
    GreedyBot bot;
    CHECK(bot.choose_receiver(view) == t.id("greedy"));
    CHECK(bot.rate(view, t.id("greedy")).lead == 1);   // 1 - 0 after the end-of-turn score change
    CHECK(bot.rate(view, t.id("other")).lead == 0);
}

TEST_CASE("greedy gives away a Triple Cherry that would take it past the scoring count", "[host][bots]") {
    Table t({"greedy", "other"}, {"double-cherry", "cherry", "triple-cherry", "anticherry", "triple-cherry"});
    t.turn("greedy");  // greedy: 2
    t.turn("other");   // other: 1
    t.turn("greedy");  // greedy: 5, scores 1
    t.turn("other");   // other: 0
    t.game.start_turn();
    REQUIRE(t.drawn() == "triple-cherry");
    REQUIRE(t.game.player(t.id("greedy")).cherries == 5);
    const PlayerView view(t.game);
    GreedyBot bot;
    CHECK(bot.choose_receiver(view) == t.id("other"));  // keeping: 8 cherries, no point this turn
}

TEST_CASE("greedy gives a -3 Points card to the leader", "[host][bots]") {
    // The leader sits last in turn order, so neither keeping nor turn order can pick it by chance.
    Table t({"greedy", "second", "leader"}, {"three-points", "point", "cherry", "minus-three-points"});
    t.turn("leader");  // greedy gives 3 Points: leader 3
    t.turn("second");  // second keeps 1 Point: 1
    t.turn("leader");  // leader keeps a Cherry
    t.game.start_turn();
    REQUIRE(t.drawn() == "minus-three-points");
    REQUIRE(t.game.player(t.id("leader")).score == 3);
    const PlayerView view(t.game);
    GreedyBot bot;
    CHECK(bot.choose_receiver(view) == t.id("leader"));
    CHECK(bot.rate(view, t.id("leader")).lead == -1);   // 0 - max(1, 0)
    CHECK(bot.rate(view, t.id("greedy")).lead == -3);   // score stays 0
}

TEST_CASE("greedy rates cherry counts by the gametype's distribution", "[host][bots]") {
    const Gametype& official = standard_bundle().gametype();  // 5 cherries score 1
    CHECK(GreedyBot::cherry_value(official, 5) > GreedyBot::cherry_value(official, 4));
    CHECK(GreedyBot::cherry_value(official, 4) == GreedyBot::cherry_value(official, 6));
    CHECK(GreedyBot::cherry_value(official, 4) > GreedyBot::cherry_value(official, 2));
    CHECK(GreedyBot::cherry_value(official, 2) > GreedyBot::cherry_value(official, 500));
    Gametype flat = official;
    flat.distribution.assign(8, 0);  // nothing scores: every count is alike
    CHECK(GreedyBot::cherry_value(flat, 0) == GreedyBot::cherry_value(flat, 5));
}

TEST_CASE("greedy beats random bots over many games", "[host][bots]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    int greedy_wins = 0;
    constexpr int kGames = 200;
    for (int g = 0; g < kGames; ++g) {
        Game game(bundle.catalog(), bundle.gametype(), *runtime, mix_seed(g), {"greedy", "r1", "r2", "r3"});
        std::vector<std::unique_ptr<Bot>> bots;
        bots.push_back(make_bot("greedy", 0));
        for (int s = 1; s < 4; ++s) bots.push_back(make_bot("random", mix_seed(g * 4 + s)));
        const PlayerView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 10000) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) game.give(bots[game.current_player()]->choose_receiver(view));
        }
        REQUIRE(game.phase() == Phase::won);
        if (game.winner() == 0) ++greedy_wins;
    }
    CHECK(greedy_wins > kGames / 2);  // a random seat wins a quarter
}
