// The options every game-running subcommand shares: which sets and which gametype.
#pragma once

#include <filesystem>
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
    std::vector<std::filesystem::path> plugin_path;  ///< --plugin-path: searched first (sdk::search_directories)
};

/// Adds --plugin-path (repeatable) to `command`.
void add_plugin_path_option(CLI::App& command, PluginOptions& options);
/// Adds --set (repeatable), --gametype and --plugin-path to `command`.
void add_plugin_options(CLI::App& command, PluginOptions& options);

/// The plugin folders of one game configuration.
struct GamePluginFolders {
    std::vector<std::filesystem::path> sets;
    std::filesystem::path gametype;
};

/// Finds the folders of `sets` (empty: the Standard Set) and `gametype` (empty: "official"),
/// searching `plugin_path` first (sdk::find_plugin). Throws sdk::LoadError naming what is missing.
GamePluginFolders find_plugins(const std::vector<std::string>& sets, const std::string& gametype,
                           const std::vector<std::filesystem::path>& plugin_path);

/// Finds and loads the plugins named. Throws sdk::LoadError.
sdk::Bundle load_bundle(const PluginOptions& options);
/// Same, from explicit names, searching `plugin_path` first.
sdk::Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype,
                        const std::vector<std::filesystem::path>& plugin_path = {});

}  // namespace cherries::host
