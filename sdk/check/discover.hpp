// Which plugins `cherries check PATH...` means: plugin folders found under the paths given.
#pragma once

#include <filesystem>
#include <vector>

namespace cherries::sdk::check {

/// How many levels of subfolders below a given path are searched for plugin folders:
/// `cherries check .` in a project finds sets/x and gametypes/y.
inline constexpr int kSearchDepth = 2;

/// Plugin folders, each once, in the order found.
struct PluginFolders {
    std::vector<std::filesystem::path> sets;       ///< folders holding set.toml
    std::vector<std::filesystem::path> gametypes;  ///< folders holding gametype.toml
};

/// Finds the plugins `paths` name: a folder with set.toml is a set, one with gametype.toml a
/// gametype (a manifest file itself names its folder); any other folder is searched kSearchDepth
/// levels down, skipping hidden folders (".git") and not looking inside plugin folders.
/// Subfolders are visited in name order; a folder named twice is checked once. Paths are
/// shown as given, lexically normalized ("./sets/x" -> "sets/x"). Throws LoadError when a path
/// does not exist or holds no plugin within kSearchDepth levels.
PluginFolders find_plugin_folders(const std::vector<std::filesystem::path>& paths);

}  // namespace cherries::sdk::check
