// The options every game-running subcommand shares: which sets and which gametype
// (sdk::PluginSelection, loaded by sdk::load_bundle).
#pragma once

#include "sdk/plugins/plugin_search.hpp"

namespace CLI {
class App;
}

namespace cherries::host {

/// Adds --plugin-path (repeatable) to `command`.
void add_plugin_path_option(CLI::App& command, sdk::PluginSelection& options);
/// Adds --set (repeatable), --gametype and --plugin-path to `command`.
void add_plugin_options(CLI::App& command, sdk::PluginSelection& options);

}  // namespace cherries::host
