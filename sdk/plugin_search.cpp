#include "sdk/plugin_search.hpp"

namespace cherries::sdk {

GamePluginFolders find_plugins(const std::vector<std::string>& sets, const std::string& gametype,
                               const std::vector<std::filesystem::path>& plugin_path) {
    GamePluginFolders folders;
    for (const auto& name : sets.empty() ? std::vector<std::string>{"standard"} : sets)
        folders.sets.push_back(find_plugin("set", name, plugin_path));
    folders.gametype = find_plugin("gametype", gametype.empty() ? "official" : gametype, plugin_path);
    return folders;
}

Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype,
                   const std::vector<std::filesystem::path>& plugin_path) {
    const GamePluginFolders folders = find_plugins(sets, gametype, plugin_path);
    return Bundle::load(folders.sets, folders.gametype);
}

Bundle load_bundle(const PluginSelection& selection) {
    return load_bundle(selection.sets, selection.gametype, selection.plugin_path);
}

}  // namespace cherries::sdk
