#include "host/cli/check_combination.hpp"

#include <fmt/core.h>

#include <cmath>
#include <string>

#include "host/batch/sim.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

sdk::Diagnostic warning(std::string message) { return {sdk::Diagnostic::Severity::warning, "", 0, 0, std::move(message)}; }

// "sets standard, orchard with gametype official"
std::string combination(const sdk::Bundle& bundle) {
    std::string sets, gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") sets += (sets.empty() ? "" : ", ") + p.id;
        else gametype = p.id;
    }
    return "set" + std::string(sets.find(',') == std::string::npos ? " " : "s ") + sets + " with gametype " + gametype;
}

void check_games(const sdk::Bundle& bundle, const SimResults& results, bool test_seats, std::vector<sdk::Diagnostic>& out) {
    const std::string who = fmt::format("{}, {} {}-bot games of {} players", combination(bundle), results.games.size(),
                                        results.seat_bots.front(), results.options.players);
    std::uint64_t unfinished = 0, no_winner = 0, won = 0;
    std::vector<std::uint64_t> wins(results.seat_bots.size());
    for (const SimGame& g : results.games) {
        if (g.outcome == GameEnd::turn_cap) ++unfinished;
        if ((g.outcome == GameEnd::ended || g.outcome == GameEnd::aborted)) ++no_winner;
        if (g.outcome == GameEnd::won && g.winner >= 0 && static_cast<std::size_t>(g.winner) < wins.size()) {
            ++won;
            ++wins[static_cast<std::size_t>(g.winner)];
        }
    }
    if (unfinished)
        out.push_back(warning(fmt::format("{}: {} still going after {} turns: a game may never end (is the winning "
                                          "score reachable? GDD §3.3.1)",
                                          who, unfinished, results.options.max_turns)));
    if (no_winner)
        out.push_back(warning(fmt::format("{}: {} ended without a winner (no card left in play, or the distribution "
                                          "failed)", who, no_winner)));
    if (!test_seats) return;
    for (std::size_t seat = 0; seat < wins.size(); ++seat) {
        const double z = seat_bias_z(wins[seat], won, results.options.players);
        if (z > kSeatBiasZ)
            out.push_back(warning(fmt::format("{}: seat{} won {} of {} ({:.1f}%), chance is {:.1f}%: one-sided binomial "
                                              "z = {:.1f} > {:.0f}; turn order favours it",
                                              who, seat + 1, wins[seat], won, 100.0 * static_cast<double>(wins[seat]) / static_cast<double>(won),
                                              100.0 / results.options.players, z, kSeatBiasZ)));
    }
}

}  // namespace

double seat_bias_z(std::uint64_t wins, std::uint64_t games, std::uint32_t players) {
    if (games == 0 || players < 2) return 0;
    const double n = static_cast<double>(games), p = 1.0 / players;
    return (static_cast<double>(wins) - n * p) / std::sqrt(n * p * (1 - p));
}

std::vector<sdk::Diagnostic> check_combination(const sdk::Bundle& bundle, const CombinationOptions& options) {
    if (options.games < 2) throw InputError("--games must be at least 2 (half with random bots, half with strategic bots)");
    std::vector<sdk::Diagnostic> out;
    const std::uint64_t random_games = (options.games + 1) / 2;
    // Random bots, then the strong bot (strategic, docs/bots.md): turn-cap and no-winner warnings
    // under each; seat bias under both, since no built-in bot breaks a tie by seat order.
    for (const bool strong : {false, true}) {
        SimOptions sim;
        sim.games = strong ? options.games - random_games : random_games;
        sim.players = options.players;
        sim.bots = {strong ? "strategic" : "random"};
        sim.seed = options.seed + (strong ? random_games : 0);  // distinct games in the two halves
        sim.jobs = options.jobs;
        sim.max_turns = options.max_turns;
        check_games(bundle, run_sim(bundle, sim), true, out);
    }
    return out;
}

}  // namespace cherries::host
