// Subcommands of the `cherries` executable. Each add_*_command registers its options on `app`
// and, when that subcommand is chosen, its body becomes `run` (returns the exit status).
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace cherries::host {

using Command = std::function<int()>;

void add_play_command(CLI::App& app, Command& run);  ///< host/play.cpp
void add_sim_command(CLI::App& app, Command& run);   ///< host/sim.cpp
void add_plugins_command(CLI::App& app, Command& run);  ///< host/plugins.cpp
void add_check_command(CLI::App& app, Command& run);    ///< host/check.cpp
void add_new_command(CLI::App& app, Command& run);  ///< host/new.cpp
void add_replay_command(CLI::App& app, Command& run);   ///< host/replay_command.cpp
void add_ladder_command(CLI::App& app, Command& run);   ///< host/ladder_command.cpp

}  // namespace cherries::host
