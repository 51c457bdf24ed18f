// Which plugins a game is played with: the card sets and the gametype by name or folder, found
// along the plugin search path (search_directories) and loaded as one Bundle.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sdk/bundle.hpp"

namespace cherries::sdk {

/// The plugins one game configuration names (what --set, --gametype and --plugin-path say).
struct PluginSelection {
    std::vector<std::string> sets;    ///< names or folders; empty means {"standard"}
    std::string gametype = "official";
    std::vector<std::filesystem::path> plugin_path;  ///< searched first (search_directories)
};

/// The plugin folders of one game configuration.
struct GamePluginFolders {
    std::vector<std::filesystem::path> sets;
    std::filesystem::path gametype;
};

/// Finds the folders of `sets` (empty: the Standard Set) and `gametype` (empty: "official"),
/// searching `plugin_path` first (find_plugin). Throws LoadError naming what is missing.
GamePluginFolders find_plugins(const std::vector<std::string>& sets, const std::string& gametype,
                               const std::vector<std::filesystem::path>& plugin_path);

/// Finds and loads the plugins named. Throws LoadError.
Bundle load_bundle(const PluginSelection& selection);
/// Same, from explicit names, searching `plugin_path` first.
Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype,
                   const std::vector<std::filesystem::path>& plugin_path = {});

}  // namespace cherries::sdk
