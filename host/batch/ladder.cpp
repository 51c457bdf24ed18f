#include "host/batch/ladder.hpp"
#include "host/batch/progress.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <set>
#include <thread>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/session/session.hpp"
#include "host/batch/sim.hpp"
#include "host/batch/sim_stats.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

void check_ladder_options(const LadderOptions& options) {
    if (options.bots.size() < 2) throw InputError("ladder needs at least two bots, e.g. 'cherries ladder greedy expert'");
    std::set<std::string> seen;
    for (const auto& kind : options.bots) {
        if (!seen.insert(kind).second) throw InputError("ladder: bot '" + kind + "' given twice");
        make_bot(kind, 0, options.bot_settings);  // throws InputError naming the known kinds
    }
    if (options.players < 2) throw InputError(fmt::format("--players must be at least 2, got {}", options.players));
    if (options.games < 1) throw InputError("--games must be at least 1");
    if (options.jobs < 1) throw InputError("--jobs must be at least 1");
    if (options.max_turns < 1) throw InputError("--max-turns must be at least 1");
}

namespace {

struct GameResult {
    std::int32_t winner_bot = -1;  // index into options.bots, or -1
    bool first_seat_won = false;   // the first seat (turn order) won
    std::uint32_t turns = 0;
};

std::vector<LadderPair> schedule(std::size_t bots) {
    std::vector<LadderPair> pairs;
    for (std::size_t a = 0; a < bots; ++a)
        for (std::size_t b = 0; b < bots; ++b)
            if (a != b) pairs.push_back({a, b});
    return pairs;
}

// Plays game `g` of `pair`; adds each decision's time (ms) to times[bot] when timing.
GameResult play(const sdk::Bundle& bundle, Evaluator& evaluator, const LadderOptions& options,
                const LadderPair& pair, std::uint64_t index, std::uint64_t g,
                std::vector<std::vector<double>>* times) {
    const std::uint32_t lone_seat = static_cast<std::uint32_t>(g % options.players);
    std::vector<std::string> names;
    std::vector<std::size_t> seat_bot;
    for (std::uint32_t s = 0; s < options.players; ++s) {
        seat_bot.push_back(s == lone_seat ? pair.lone : pair.rest);
        names.push_back(fmt::format("{}-{}", options.bots[seat_bot.back()], s + 1));
    }
    const std::uint64_t seed = sim_game_seed(options.seed, index);
    // The session's hooks: the turn cap, and each decision's time when timing.
    struct Hooks final : SessionHooks {
        const Game* game = nullptr;
        std::uint32_t max_turns = 0;
        const std::vector<std::size_t>* seat_bot = nullptr;
        std::vector<std::vector<double>>* times = nullptr;
        bool may_start_turn() override { return game->turn() < max_turns; }
        PlayerId bot_decides(PlayerId seat, Bot& bot, const PlayerView& view) override {
            if (!times) return bot.choose_receiver(view);
            const auto start = std::chrono::steady_clock::now();
            const PlayerId receiver = bot.choose_receiver(view);
            // ids are seats: nobody joins or leaves
            (*times)[(*seat_bot)[seat]].push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            return receiver;
        }
    } hooks;
    std::vector<Seat> seats;
    for (std::uint32_t s = 0; s < options.players; ++s) seats.push_back({names[s], options.bots[seat_bot[s]]});
    InstalledBots bot_source(options.bot_settings);
    Session session(bundle, evaluator, seed, seats, bot_source, hooks, {});
    const Game& game = session.game();
    hooks.game = &game;
    hooks.max_turns = options.max_turns;
    hooks.seat_bot = &seat_bot;
    hooks.times = times;
    session.advance();  // bots only: it stops when the game is over or at the turn cap
    GameResult result;
    result.turns = game.turn();
    if (game.phase() == Phase::won) {
        result.winner_bot = static_cast<std::int32_t>(seat_bot[game.winner()]);
        result.first_seat_won = game.winner() == 0;
    }
    return result;
}

DecisionTimes summarise(std::vector<double> t) {
    DecisionTimes d;
    d.decisions = t.size();
    if (t.empty()) return d;
    std::sort(t.begin(), t.end());
    const auto at = [&](double q) { return t[std::min(t.size() - 1, static_cast<std::size_t>(q * static_cast<double>(t.size())))]; };
    d.median = at(0.5);
    d.p99 = at(0.99);
    d.max = t.back();
    return d;
}

}  // namespace

LadderResults run_ladder(const sdk::Bundle& bundle, const LadderOptions& options) {
    check_ladder_options(options);
    LadderResults results;
    results.options = options;
    results.pairs = schedule(options.bots.size());
    const std::uint64_t total = results.pairs.size() * options.games;
    std::vector<GameResult> games(total);
    const auto workers = static_cast<unsigned>(std::min<std::uint64_t>(options.jobs, total));
    std::vector<std::exception_ptr> errors(workers);
    std::vector<std::vector<std::vector<double>>> times(workers, std::vector<std::vector<double>>(options.bots.size()));
    ProgressMeter progress("cherries ladder", total, options.progress);
    auto work = [&](unsigned w) {
        try {
            auto runtime = bundle.make_runtime();
            for (std::uint64_t i = w; i < total; i += workers) {
                games[i] = play(bundle, *runtime, options, results.pairs[i / options.games], i, i % options.games,
                                options.timing ? &times[w] : nullptr);
                ++progress.done;
            }
        } catch (...) {
            errors[w] = std::current_exception();
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work, w);
    work(0);
    for (auto& t : threads) t.join();
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    results.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<Lineup> lineups;
    for (std::size_t p = 0; p < results.pairs.size(); ++p) {
        LadderPair& pair = results.pairs[p];
        Lineup lineup{std::vector<std::uint32_t>(options.bots.size(), 0), std::vector<std::uint64_t>(options.bots.size(), 0)};
        lineup.seats[pair.lone] = 1;
        lineup.seats[pair.rest] = options.players - 1;
        for (std::uint64_t g = 0; g < options.games; ++g) {
            const GameResult& r = games[p * options.games + g];
            ++pair.games;
            results.turns += r.turns;
            if (r.winner_bot < 0) continue;
            if (r.first_seat_won) ++pair.first_seat_wins;
            ++lineup.wins[static_cast<std::size_t>(r.winner_bot)];
            if (static_cast<std::size_t>(r.winner_bot) == pair.lone) ++pair.lone_wins;
            else ++pair.rest_wins;
        }
        lineups.push_back(std::move(lineup));
    }
    results.ratings = rate_bots(lineups, options.bots.size(), 0, mix_seed(options.seed));
    if (options.timing) {
        for (std::size_t b = 0; b < options.bots.size(); ++b) {
            std::vector<double> all;
            for (const auto& worker : times) all.insert(all.end(), worker[b].begin(), worker[b].end());
            results.times.push_back(summarise(std::move(all)));
        }
    }
    return results;
}

std::string ladder_report(const LadderResults& results, const sdk::Bundle& bundle) {
    const LadderOptions& o = results.options;
    const std::size_t k = o.bots.size();
    std::string sets, gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") sets += (sets.empty() ? "" : ", ") + p.id;
        if (p.type == "gametype") gametype = p.id;
    }
    std::string out = fmt::format("ladder: {} players, {} games per line-up (1 bot against {} of another, seats "
                                  "rotated), seed {}\nsets: {}; gametype: {}\n\n",
                                  o.players, o.games, o.players - 1, o.seed, sets, gametype);
    std::vector<std::size_t> order(k);
    for (std::size_t i = 0; i < k; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return results.ratings[a].value > results.ratings[b].value; });
    std::size_t width = 6;
    for (const auto& b : o.bots) width = std::max(width, b.size());
    out += fmt::format("rank  {:<{}}  rating  95% interval\n", "bot", width);
    for (std::size_t r = 0; r < k; ++r) {
        const Rating& rating = results.ratings[order[r]];
        out += fmt::format("{:>4}  {:<{}}  {:>6.0f}  [{:.0f}, {:.0f}]\n", r + 1, o.bots[order[r]], width, rating.value,
                           rating.low, rating.high);
    }
    out += fmt::format("\nwin share of the row bot alone against {} of the column bot (chance {:.0f}%):\n",
                       o.players - 1, 100.0 / o.players);
    out += fmt::format("{:<{}}", "", width);
    for (std::size_t c : order) out += fmt::format("  {:>{}}", o.bots[c], std::max<std::size_t>(width, 15));
    out += "\n";
    for (std::size_t r : order) {
        out += fmt::format("{:<{}}", o.bots[r], width);
        for (std::size_t c : order) {
            std::string cell = "-";
            for (const LadderPair& p : results.pairs) {
                if (p.lone != r || p.rest != c) continue;
                const Interval ci = wilson_interval(p.lone_wins, p.games);
                cell = fmt::format("{:.1f}% [{:.0f}-{:.0f}]", 100.0 * static_cast<double>(p.lone_wins) / p.games,
                                   100 * ci.low, 100 * ci.high);
            }
            out += fmt::format("  {:>{}}", cell, std::max<std::size_t>(width, 15));
        }
        out += "\n";
    }
    if (!results.times.empty()) {
        out += "\nms per decision (one thread per job; wall clock):\n";
        for (std::size_t b = 0; b < k; ++b)
            out += fmt::format("  {:<{}}  decisions {:>8}  median {:.3f}  p99 {:.3f}  max {:.3f}\n", o.bots[b], width,
                               results.times[b].decisions, results.times[b].median, results.times[b].p99,
                               results.times[b].max);
    }
    if (o.timing)
        out += fmt::format("turns per second: {:.0f} ({} turns in {:.3f} s, {} job{})\n",
                           results.seconds > 0 ? static_cast<double>(results.turns) / results.seconds : 0.0,
                           results.turns, results.seconds, o.jobs, o.jobs == 1 ? "" : "s");
    return out;
}

}  // namespace cherries::host
