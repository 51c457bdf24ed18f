// Subcommands of the `cherries` executable. Each add_*_command registers its options on `app`
// and, when that subcommand is chosen, its body becomes `run` (returns the exit status).
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace cherries::host {

using Command = std::function<int()>;

void add_play_command(CLI::App& app, Command& run);  ///< host/cli/play_command.cpp
void add_sim_command(CLI::App& app, Command& run);   ///< host/batch/sim.cpp
void add_plugins_command(CLI::App& app, Command& run);  ///< host/cli/plugins.cpp
void add_check_command(CLI::App& app, Command& run);    ///< host/cli/check.cpp
void add_new_command(CLI::App& app, Command& run);  ///< host/cli/new.cpp
void add_replay_command(CLI::App& app, Command& run);   ///< host/cli/replay_command.cpp
void add_ladder_command(CLI::App& app, Command& run);   ///< host/cli/ladder_command.cpp
void add_merge_command(CLI::App& app, Command& run);    ///< host/cli/merge_command.cpp
void add_report_command(CLI::App& app, Command& run);   ///< host/cli/report_command.cpp
void add_tune_command(CLI::App& app, Command& run);     ///< host/cli/tune_command.cpp
/// `list` and `export` under `cherries irc` (host/cli/irc_store_command.cpp).
void add_irc_store_commands(CLI::App& irc, Command& run);
void add_graph_command(CLI::App& app, Command& run);    ///< host/cli/graph_command.cpp
void add_cards_command(CLI::App& app, Command& run);    ///< host/cli/cards_command.cpp
void add_irc_command(CLI::App& app, Command& run);      ///< host/cli/irc_command.cpp
void add_schema_command(CLI::App& app, Command& run);   ///< host/cli/schema_command.cpp
void add_serve_command(CLI::App& app, Command& run);    ///< host/cli/serve_command.cpp
void add_ratings_command(CLI::App& app, Command& run);  ///< host/cli/ratings_command.cpp

}  // namespace cherries::host
