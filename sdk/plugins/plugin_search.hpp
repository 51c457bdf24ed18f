// The plugin search, in one place: the plugin search path (search_directories), a plugin found
// by name along it (find_plugin) or listed (list_plugins), and which plugins a game is played
// with: the card sets and the gametype by name or folder, found and loaded as one Bundle.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sdk/plugins/bundle.hpp"

namespace cherries::sdk {

/// The plugin search path, in the order it is searched: `extra` (from --plugin-path), the
/// current directory, each directory in CHERRIES_PATH (colon-separated); then, run from its
/// build tree, the source tree and PREFIX/share/cherries; else (installed, or copied)
/// share/cherries beside its bin/ (where a package or `cmake --install` put it), then
/// PREFIX/share/cherries, and the source tree it was built from last. A plugin
/// named NAME of type T (set, gametype, bot) is the folder `<dir>/<T>s/<NAME>` holding `<T>.toml`.
std::vector<std::filesystem::path> search_directories(const std::vector<std::filesystem::path>& extra = {});

/// Finds a plugin folder by name: a path that exists as given, else the first match along
/// search_directories(extra). Throws LoadError naming the places looked in and the plugins
/// found there.
std::filesystem::path find_plugin(const std::string& type, const std::string& name,
                                  const std::vector<std::filesystem::path>& extra = {});

/// Every plugin folder of type `type` ("set", "gametype" or "bot") along search_directories(extra), each
/// id once (the first found shadows later ones), sorted by id.
std::vector<std::filesystem::path> list_plugins(const std::string& type,
                                                const std::vector<std::filesystem::path>& extra = {});

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
