// `cherries ladder BOT...`: the command line of host/batch/ladder.hpp.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>

#include "host/cli/commands.hpp"
#include "host/batch/ladder.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/batch_options.hpp"
#include "host/cli/plugin_options.hpp"

namespace cherries::host {

void add_ladder_command(CLI::App& app, Command& run) {
    struct State {
        LadderOptions ladder;
        sdk::PluginSelection plugins;
        bool quiet = false;
    };
    auto state = std::make_shared<State>();
    CLI::App* ladder = app.add_subcommand(
        "ladder", "Rate bots: every bot alone against the others, seats rotated; ratings and win shares");
    ladder->add_option("bots", state->ladder.bots, "Bots (random, greedy, expert, strategic, or bot plugins), at least two")->required();
    add_integer_option<std::uint64_t>(*ladder, "--games", state->ladder.games, 1, UINT64_MAX,
                                      "Games per line-up (one bot against the others of one kind)")
        ->capture_default_str();
    add_batch_options(*ladder, state->ladder);
    ladder->add_flag("--timing", state->ladder.timing, "Also print ms per decision by bot, and turns per second");
    ladder->add_flag("--quiet", state->quiet, "No progress meter on standard error (it is drawn only on a terminal)");
    add_plugin_options(*ladder, state->plugins);
    ladder->callback([&run, state] {
        run = [state] {
            for (auto& b : state->ladder.bots)
                if (b.starts_with("bot:")) b.erase(0, 4);  // as in --player bot:KIND
            check_ladder_options(state->ladder);  // bad arguments fail before the plugins load
            const sdk::Bundle bundle = sdk::load_bundle(state->plugins);
            state->ladder.progress = !state->quiet;
            fmt::print("{}", ladder_report(run_ladder(bundle, state->ladder), bundle));
            return 0;
        };
    });
}

}  // namespace cherries::host
