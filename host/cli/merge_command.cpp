// `cherries merge PARTS... [--json]`: the parts of a sharded `cherries sim` (docs/cluster.md)
// combined into the output one run of all the games prints.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>

#include "host/cli/commands.hpp"
#include "host/batch/shard.hpp"
#include "host/batch/sim.hpp"

namespace cherries::host {

void add_merge_command(CLI::App& app, Command& run) {
    struct State {
        std::vector<std::string> parts;
        bool json = false;
    };
    auto state = std::make_shared<State>();
    CLI::App* merge = app.add_subcommand("merge", "Combine the parts of `cherries sim --shard K/N` into one result");
    merge->add_option("parts", state->parts, "Part files, one per shard (any order)")->required();
    merge->add_flag("--json", state->json, "Print the results as one JSON object, as `cherries sim --json` does");
    merge->callback([&run, state] {
        run = [state] {
            std::vector<std::string> sets;
            std::string gametype;
            const SimResults results = merge_sim_parts(read_parts(state->parts, "cherries-sim-part"), sets, gametype);
            if (state->json) {
                fmt::print("{}\n", sim_summary(results, sets, gametype).dump(2));
            } else {
                // The throughput of a cluster is not one machine's: the summed time of the parts instead.
                fmt::print("{}", sim_report(results, sets, gametype, false));
                fmt::print("time: {:.3f} s summed over {} parts\n", results.seconds, state->parts.size());
            }
            return 0;
        };
    });
}

}  // namespace cherries::host
