// `cherries sim`: its options, and printing what the simulation (host/batch/sim.hpp) found.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>

#include "host/batch/shard.hpp"
#include "host/batch/sim.hpp"
#include "host/batch/what_if.hpp"
#include "host/base/input_error.hpp"
#include "host/cli/batch_options.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/cli/what_if_options.hpp"

namespace cherries::host {

void add_sim_command(CLI::App& app, Command& run) {
    struct State {
        SimOptions sim;
        sdk::PluginSelection plugins;
        bool json = false;
        bool quiet = false;
        WhatIfOptions what_if;
    };
    auto state = std::make_shared<State>();
    state->sim.bots.clear();  // empty after parsing: every seat "random"
    CLI::App* sim = app.add_subcommand("sim", "Play many games between bots and summarise the results");
    add_integer_option<std::uint64_t>(*sim, "--games", state->sim.games, 1, UINT64_MAX, "Number of games")
        ->capture_default_str();
    sim->add_option("--bot", state->sim.bots,
                    "Bot (random, greedy, expert, strategic, or a bot plugin's name): once for every seat, or once per "
                    "seat in turn order (default: random)");
    add_batch_options(*sim, state->sim);
    sim->add_option("--record", state->sim.record,
                    "Write every game's record (docs/records.md): to FILE.jsonl one after the other, or to a folder, "
                    "one file per game (game-NNNNNN.jsonl)");
    sim->add_flag("--json", state->json, "Print the results as one JSON object (timing goes to stderr)");
    sim->add_flag("--quiet", state->quiet, "No progress meter on standard error (it is drawn only on a terminal)");
    add_shard_option(*sim, state->sim.shard, state->sim.shards,
                     "Play only the K-th of N equal slices of the games and print the partial results as JSON, "
                     "for `cherries merge` (docs/cluster.md)");
    add_what_if_options(*sim, state->what_if);
    add_plugin_options(*sim, state->plugins);
    sim->callback([&run, state] {
        run = [state] {
            seat_bots(state->sim);  // bad flags fail before the plugins load
            const bool sharded = state->sim.shards > 1 || state->sim.shard > 1;
            if (!state->what_if.empty() && sharded)
                throw InputError("sim: what-if runs (--without, --count, --lifetime, --winning-score, --sweep) go "
                                 "without --shard");
            if (!state->what_if.empty() && !state->sim.record.empty())
                throw InputError("sim: --record goes without what-if runs (--without, --count, --lifetime, "
                                 "--winning-score, --sweep): record the baseline alone");
            const sdk::Bundle bundle = sdk::load_bundle(state->plugins);
            const std::vector<WhatIf> what_ifs = parse_what_ifs(bundle, state->what_if);
            state->sim.progress = !state->quiet;
            const SimResults results = run_sim(bundle, state->sim);
            // Each variant with the baseline's options and seeds: game i of both has one seed.
            std::vector<GamesComparison> variants;
            for (const WhatIf& w : what_ifs)
                variants.push_back(compare_games(results.games, run_sim(what_if_bundle(bundle, w), state->sim).games,
                                                 state->sim.players));
            if (sharded) {
                fmt::print("{}\n", sim_part(results, bundle).dump());
            } else if (state->json) {
                nlohmann::json summary = sim_summary(results, bundle);
                if (!what_ifs.empty()) {
                    summary["what_if"] = nlohmann::json::array();
                    for (std::size_t v = 0; v < what_ifs.size(); ++v)
                        summary["what_if"].push_back(what_if_json(variants[v], what_ifs[v].label, results.seat_bots));
                }
                fmt::print("{}\n", summary.dump(2));
                std::uint64_t turns = 0;
                for (const auto& g : results.games) turns += g.turns;
                fmt::print(stderr, "cherries sim: turns per second: {}\n", sim_timing(results, turns));
                if (const std::string slow = sim_slowest_call(results); !slow.empty()) fmt::print(stderr, "cherries sim: {}", slow);
            } else {
                fmt::print("{}", sim_report(results, bundle));
                for (std::size_t v = 0; v < what_ifs.size(); ++v)
                    fmt::print("{}", what_if_text(variants[v], what_ifs[v].label, results.seat_bots));
            }
            return 0;
        };
    });
}

}  // namespace cherries::host
