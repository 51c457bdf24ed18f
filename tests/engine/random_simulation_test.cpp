// Random simulation (OpenSpiel style): thousands of games on the Standard Set with random
// receivers and random joins and leaves between turns, the invariants checked inside every
// event and after every move. Some games run with broken modifier functions (GDD §3.5) or a
// broken distribution, so conflict resolution and aborts are exercised under the same checks.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

struct Stats {
    std::size_t games = 0, won = 0, ended = 0, aborted = 0, capped = 0;
    std::size_t events = 0, turns = 0, faults = 0, renewals = 0, passes = 0;
    std::size_t joins = 0, leaves = 0, suspends = 0, resumes = 0, expires = 0;
};

// Checks every event against the game: invariants, turn numbers, and that steps 4 and 5 (score
// change, aging) only ever concern the player whose turn it is (GDD §3.4.2.3 note 3).
class SimulationSink : public EventSink {
public:
    SimulationSink(const Game& game, Stats& stats) : game_(game), stats_(stats) {}

    void on_event(const Event& e) override {
        ++stats_.events;
        check_invariants(game_, Moment::inside_event);
        if (e.turn != game_.turn()) FAIL("event " << to_string(e.type) << " has turn " << e.turn << ", game is at " << game_.turn());
        switch (e.type) {
            case EventType::draw:
            case EventType::pass:
                turn_player_ = e.player;
                if (e.player != game_.current_player()) FAIL("turn " << e.turn << ": " << to_string(e.type) << " by a player whose turn it is not");
                if (e.type == EventType::pass) ++stats_.passes;
                break;
            case EventType::give:
                if (e.player != turn_player_) FAIL("turn " << e.turn << ": give by a player who did not draw");
                break;
            case EventType::score_change:
            case EventType::age:
            case EventType::expire:
                if (e.player != turn_player_)
                    FAIL("turn " << e.turn << ": " << to_string(e.type) << " for player " << e.player << ", but it is the turn of "
                                 << turn_player_);
                if (e.type == EventType::expire) ++stats_.expires;
                break;
            case EventType::fault: ++stats_.faults; break;
            case EventType::deck_renewal: ++stats_.renewals; break;
            case EventType::join: ++stats_.joins; break;
            case EventType::leave: ++stats_.leaves; break;
            case EventType::suspend: ++stats_.suspends; break;
            case EventType::resume: ++stats_.resumes; break;
            default: break;
        }
    }

private:
    const Game& game_;
    Stats& stats_;
    PlayerId turn_player_ = kNoPlayer;
};

// Broken plugins: functions that fault on some arguments or return values out of range.
void break_some_functions(Kit& kit) {
    kit.evaluator.set(kit.cherry_function("cherry-doubler"), [](std::int64_t last) -> std::int64_t {
        if (last >= 4 || last <= -4) throw Fault{"doubler: too big"};
        return 2 * last;
    });
    kit.evaluator.set(kit.score_function("score-halver"), [](std::int64_t last) -> std::int64_t {
        if (last % 2 != 0) throw Fault{"halver: odd"};
        return last >> 1;
    });
    kit.evaluator.set(kit.cherry_function("hat-of-unfruit"), [](std::int64_t last) -> std::int64_t {
        return last == -2 ? kMaxMagnitude + 1 : last - 1;
    });
}

void simulate(Game& g, std::mt19937_64& rng, std::uint32_t turn_cap, Stats& stats) {
    int next_name = static_cast<int>(g.players().size());
    while (!g.over() && g.turn() < turn_cap) {
        // The change in players, between turns (GDD §3.4.2.1).
        if (g.phase() == Phase::suspended) {
            if (rng() % 4 != 0)
                g.join("p" + std::to_string(next_name++));
            else
                g.leave(g.players().front().id);
            check_invariants(g);
            continue;
        }
        const auto roll = rng() % 100;
        if (roll < 2 && g.players().size() < 8) {
            g.join("p" + std::to_string(next_name++));
            check_invariants(g);
        } else if (roll < 4) {
            g.leave(g.players()[rng() % g.players().size()].id);
            check_invariants(g);
            continue;  // maybe suspended or ended
        }
        const std::uint32_t turn = g.turn();
        g.start_turn();
        ++stats.turns;
        if (g.turn() != turn + 1) FAIL("start_turn moved the turn from " << turn << " to " << g.turn());
        while (g.phase() == Phase::awaiting_give) g.give(random_receiver(g, rng));
        check_invariants(g);
    }
    ++stats.games;
    switch (g.phase()) {
        case Phase::won: ++stats.won; break;
        case Phase::ended: ++stats.ended; break;
        case Phase::aborted: ++stats.aborted; break;
        default: ++stats.capped; break;
    }
}

}  // namespace

TEST_CASE("random simulation - 2000 Standard Set games with random gives, joins and leaves keep every invariant after every event (GDD §3.3, §3.4, §3.5)", "[simulation]") {
    StandardKit clean;
    StandardKit faulty;
    break_some_functions(faulty);
    // A gametype whose distribution function fails past 11 cherries: such a game aborts.
    StandardKit fragile(gametype_with({0, 0, 0, 0, 0, 1}, 10, "fragile"));
    fragile.gametype.distribution_function = fragile.evaluator.add([](std::int64_t c) -> std::int64_t {
        if (c >= 12) throw Fault{"distribution: too many cherries"};
        return 0;
    });

    Stats stats;
    std::mt19937_64 rng(0xC0FFEE);
    constexpr int kGames = 2000;
    for (int i = 0; i < kGames; ++i) {
        Kit& kit = i % 10 == 9 ? static_cast<Kit&>(faulty) : (i % 25 == 13 ? static_cast<Kit&>(fragile) : static_cast<Kit&>(clean));
        const int players = 2 + static_cast<int>(rng() % 5);  // 2 .. 6
        std::vector<std::string> names;
        for (int p = 0; p < players; ++p) names.push_back("p" + std::to_string(p));
        Game g = kit.game(names, {}, mix_seed(static_cast<std::uint64_t>(i)));
        SimulationSink sink(g, stats);
        g.set_event_sink(&sink);
        check_invariants(g);
        simulate(g, rng, 300, stats);
        check_invariants(g);
    }

    INFO("games " << stats.games << ": won " << stats.won << ", ended " << stats.ended << ", aborted " << stats.aborted
                  << ", capped " << stats.capped << "; turns " << stats.turns << ", events " << stats.events << ", faults "
                  << stats.faults << ", renewals " << stats.renewals << ", passes " << stats.passes << ", joins " << stats.joins
                  << ", leaves " << stats.leaves << ", suspends " << stats.suspends << ", resumes " << stats.resumes);
    CHECK(stats.games == kGames);
    // The simulation must reach every part of the flow, or it proves little.
    CHECK(stats.won > kGames / 10);
    CHECK(stats.ended > 0);  // by leaves
    CHECK(stats.faults > 0);
    CHECK(stats.renewals > 0);
    CHECK(stats.expires > 0);
    CHECK(stats.joins > 0);
    CHECK(stats.leaves > 0);
    CHECK(stats.suspends > 0);
    CHECK(stats.resumes > 0);
    CHECK(clean.evaluator.bad_calls() == 0);
    CHECK(faulty.evaluator.bad_calls() == 0);
}

TEST_CASE("random simulation - greedy games on the Standard Set always finish, with a winner, within 2000 turns (GDD §3.4.3)", "[simulation]") {
    StandardKit kit;
    int won = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        Game g = kit.game({"ann", "bob", "cid"}, {}, mix_seed(seed));
        InvariantChecker checker(g);
        g.set_event_sink(&checker);
        play_out(g, 2000, [](const Game& game) { return greedy_receiver(game); });
        check_invariants(g);
        won += g.phase() == Phase::won;
    }
    CHECK(won == 40);
}
