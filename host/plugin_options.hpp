// The options every game-running subcommand shares: which sets and which gametype.
#pragma once

#include <string>
#include <vector>

#include "sdk/bundle.hpp"

namespace CLI {
class App;
}

namespace cherries::host {

struct PluginOptions {
    std::vector<std::string> sets;    ///< names or folders; empty means {"standard"}
    std::string gametype = "official";
};

/// Adds --set (repeatable) and --gametype to `command`.
void add_plugin_options(CLI::App& command, PluginOptions& options);

/// Finds and loads the plugins named. Throws sdk::LoadError.
sdk::Bundle load_bundle(const PluginOptions& options);
/// Same, from explicit names.
sdk::Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype);

}  // namespace cherries::host
