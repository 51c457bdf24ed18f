// `cherries ratings RESULTS.jsonl [--tau T]`: the command line of host/ratings (docs/ratings.md):
// OpenSkill ratings per gametype from a file of finished games, as JSON on standard output.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>

#include "host/cli/commands.hpp"
#include "host/ratings/results_file.hpp"
#include "host/ratings/standings.hpp"

namespace cherries::host {

void add_ratings_command(CLI::App& app, Command& run) {
    struct State {
        std::string results;
        openskill::Options options;
    };
    auto state = std::make_shared<State>();
    CLI::App* ratings = app.add_subcommand(
        "ratings", "Rate players from a file of finished games (OpenSkill, per gametype); JSON on standard output (docs/ratings.md)");
    ratings->add_option("results", state->results,
                        "Results file: one game per line, {\"gametype\": NAME, \"order\": [[FIRST], [TIED, TIED], ...]}, 2 to 6 players")
        ->required();
    ratings->add_option("--tau", state->options.tau,
                        "Added to each sigma before a game, sqrt(sigma^2 + tau^2), so ratings keep moving (openskill.py uses 0.0833)")
        ->check(CLI::Range(0.0, 25.0))
        ->capture_default_str();
    ratings->callback([&run, state] {
        run = [state] {
            const auto games = read_results_file(state->results);
            fmt::print("{}\n", standings_json(rate_games(games, state->options), state->options).dump(2));
            return 0;
        };
    });
}

}  // namespace cherries::host
