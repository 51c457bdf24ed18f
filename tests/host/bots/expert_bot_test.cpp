// The expert bot: it sees no hidden card (GDD §3.4.2.3.1 shows a player only the drawn card), its
// imagined games follow the rules as Game does, and it is deterministic for a seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/expert_bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/bots/memo_evaluator.hpp"
#include "host/bots/rollout.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "tests/support/fake_plugins.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

const std::vector<std::string> kFour{"a", "b", "c", "d"};

// Plays `turns` turns with greedy players.
void play_greedy(Game& game, std::uint32_t turns) {
    GreedyBot greedy;
    const PlayerView view(game);
    while (game.phase() == Phase::between_turns && game.turn() < turns) {
        game.start_turn();
        while (game.phase() == Phase::awaiting_give) game.give(greedy.choose_receiver(view));
    }
}

// The same game with the deck below its top card in another order.
GameSnapshot reorder_below_top(GameSnapshot s) {
    REQUIRE(s.deck.size() >= 3);
    std::reverse(s.deck.begin(), s.deck.end() - 1);  // back() is the top: it stays
    return s;
}

}  // namespace

TEST_CASE("the expert's first decision does not depend on the deck below the top card (GDD §3.4.2.3.1)",
          "[host][bots][expert]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        INFO("game seed " << seed);
        Game one(bundle.catalog(), bundle.gametype(), *runtime, seed, kFour);
        const GameSnapshot reordered = reorder_below_top(one.snapshot());
        Game two(bundle.catalog(), bundle.gametype(), *runtime, reordered);
        REQUIRE(one.deck() != two.deck());
        REQUIRE(one.deck().back() == two.deck().back());
        one.start_turn();
        two.start_turn();
        REQUIRE(one.drawn_card() == two.drawn_card());
        ExpertBot first(99), second(99);
        CHECK(first.choose_receiver(PlayerView(one)) == second.choose_receiver(PlayerView(two)));
        CHECK(first.last_values() == second.last_values());  // every rollout value, not just the pick
        CHECK(first.state() == second.state());
    }
}

TEST_CASE("mid-game, after deck renewals, the expert still sees no deck order (GDD §3.4.2.2)",
          "[host][bots][expert]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    bool searched = false;
    for (std::uint32_t turns : {9u, 30u, 90u, 160u}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            INFO("seed " << seed << ", after " << turns << " turns");
            Game one(bundle.catalog(), bundle.gametype(), *runtime, seed, kFour);
            play_greedy(one, turns);
            if (one.phase() != Phase::between_turns) continue;  // won already
            one.start_turn();
            if (one.phase() != Phase::awaiting_give || one.deck().size() < 3) continue;
            Game two(bundle.catalog(), bundle.gametype(), *runtime, reorder_below_top(one.snapshot()));
            REQUIRE(one.deck() != two.deck());
            ExpertBot first(7), second(7);
            CHECK(first.choose_receiver(PlayerView(one)) == second.choose_receiver(PlayerView(two)));
            CHECK(first.last_values() == second.last_values());
            searched = searched || std::any_of(first.last_values().begin(), first.last_values().end(),
                                               [](double v) { return v >= 0; });
        }
    }
    CHECK(searched);  // at least one decision went to the Monte Carlo search, not the one-turn rule
}

TEST_CASE("the expert's values depend on the deck orders it samples", "[host][bots][expert]") {
    // The control for the tests above: a bot whose values did not depend on deck orders at all
    // would pass them trivially. Two generators sample different orders and get different values.
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    Game game(bundle.catalog(), bundle.gametype(), *runtime, 3, kFour);
    play_greedy(game, 20);
    game.start_turn();
    REQUIRE(game.phase() == Phase::awaiting_give);
    ExpertBot first(1), second(2);
    first.choose_receiver(PlayerView(game));
    second.choose_receiver(PlayerView(game));
    CHECK(first.last_values() != second.last_values());
}

TEST_CASE("the unseen cards are exactly the deck's cards, before and after a renewal (GDD §3.4.2.2)",
          "[host][bots][expert]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    Game game(bundle.catalog(), bundle.gametype(), *runtime, 11, {"a", "b"});
    GreedyBot greedy;
    const PlayerView view(game);
    std::size_t checked = 0;
    std::size_t previous_deck = 0;
    bool renewed = false;
    while (game.phase() == Phase::between_turns && game.turn() < 400) {
        game.start_turn();
        while (game.phase() == Phase::awaiting_give) {
            if (game.deck().size() > previous_deck) renewed = renewed || game.turn() > 1;
            previous_deck = game.deck().size();
            std::vector<CardId> deck = game.deck();  // the test may look; the bot may not
            std::sort(deck.begin(), deck.end());
            REQUIRE(unseen_cards(view) == deck);
            ++checked;
            game.give(greedy.choose_receiver(view));
        }
    }
    CHECK(checked > 50);
    CHECK(renewed);
}

TEST_CASE("a rollout plays the turns Game plays, given the same deck (GDD §3.4.2.3)", "[host][bots][expert]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        INFO("seed " << seed);
        Game game(bundle.catalog(), bundle.gametype(), *runtime, seed, kFour);
        game.start_turn();
        ImaginedTable table;
        table.players = game.players();
        table.deck = game.deck();  // a test's privilege: the real order
        table.drawn = game.drawn_card();
        Rollout rollout(bundle.catalog(), bundle.gametype(), *runtime);
        SplitMix64 random(seed);
        GreedyBot greedy;
        const PlayerView view(game);
        // Until the deck runs out: a renewal shuffles with a different generator.
        while (!game.over() && !game.deck().empty()) {
            const std::size_t choice = rollout.greedy_choice(table);
            REQUIRE(game.players()[choice].id == greedy.choose_receiver(view));
            game.give(game.players()[choice].id);
            rollout.give(table, choice, random);
            if (game.phase() == Phase::between_turns) {
                game.start_turn();
                rollout.start_turn(table, random);
            }
            REQUIRE(table.players == game.players());
            REQUIRE(table.deck == game.deck());
            REQUIRE(table.drawn == game.drawn_card());
            REQUIRE(table.over == game.over());
        }
    }
}

TEST_CASE("the expert takes a winning give and is deterministic for a seed", "[host][bots][expert]") {
    const auto& bundle = standard_bundle();
    auto runtime = bundle.make_runtime();
    auto decisions = [&](std::uint64_t bot_seed) {
        Game game(bundle.catalog(), bundle.gametype(), *runtime, 5, kFour);
        std::vector<std::unique_ptr<Bot>> bots;
        for (std::uint32_t s = 0; s < 4; ++s) bots.push_back(make_bot(s == 0 ? "expert" : "greedy", bot_seed + s, {.think = 4}));
        std::vector<PlayerId> out;
        const PlayerView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 60) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) {
                const PlayerId me = game.current_player();
                const PlayerId r = bots[me]->choose_receiver(view);
                if (me == 0) {
                    const TurnPlan plan = game.plan(r);
                    bool can_win = false;
                    for (const Player& p : game.players()) {
                        const TurnPlan other = game.plan(p.id);
                        can_win = can_win || (!other.faulted && ((other.receiver_wins && p.id == me) || other.player_wins));
                    }
                    if (can_win) CHECK((plan.player_wins || (plan.receiver_wins && r == me)));  // GDD §3.4.3
                    out.push_back(r);
                }
                game.give(r);
            }
        }
        return out;
    };
    const auto a = decisions(3);
    CHECK(a.size() > 5);
    CHECK(a == decisions(3));
}

TEST_CASE("the rollouts' memo answers as the plugin does, asks it once per argument, and keeps no fault (GDD §3.5)",
          "[host][bots][expert]") {
    test::FakeEvaluator inner;
    const FunctionId twice = inner.add([](std::int64_t x) { return 2 * x; });
    const FunctionId faulty = inner.add([](std::int64_t x) -> std::int64_t {
        if (x == 3) throw test::Fault{"three is not allowed"};
        return x;
    });
    MemoEvaluator memo(inner);
    std::int64_t result = 0;
    for (int round = 0; round < 3; ++round) {
        for (std::int64_t x : {-5, 0, 7, 1000000}) {  // small ones in the flat table, a large one in the map
            REQUIRE(memo.call(twice, x, result));
            CHECK(result == 2 * x);
        }
        CHECK_FALSE(memo.call(faulty, 3, result));
        CHECK(memo.fault_message() == "three is not allowed");
    }
    CHECK(inner.calls(twice) == 4);   // each argument asked once
    CHECK(inner.calls(faulty) == 3);  // a fault is asked again every time
    memo.clear();
    REQUIRE(memo.call(twice, 7, result));
    CHECK(result == 14);
    CHECK(inner.calls(twice) == 5);
}
