#include "host/cli/plugin_options.hpp"

#include <CLI/CLI.hpp>

namespace cherries::host {

void add_plugin_path_option(CLI::App& command, PluginOptions& options) {
    command.add_option("--plugin-path", options.plugin_path,
                       "A folder holding sets/ and gametypes/, searched before the others (repeatable)");
}

void add_plugin_options(CLI::App& command, PluginOptions& options) {
    add_plugin_path_option(command, options);
    command.add_option("--set", options.sets, "Card set to play with, by name or folder (repeatable; default: standard)");
    command.add_option("--gametype", options.gametype, "Gametype, by name or folder")->capture_default_str();
}

GamePluginFolders find_plugins(const std::vector<std::string>& sets, const std::string& gametype,
                           const std::vector<std::filesystem::path>& plugin_path) {
    GamePluginFolders folders;
    for (const auto& name : sets.empty() ? std::vector<std::string>{"standard"} : sets)
        folders.sets.push_back(sdk::find_plugin("set", name, plugin_path));
    folders.gametype = sdk::find_plugin("gametype", gametype.empty() ? "official" : gametype, plugin_path);
    return folders;
}

sdk::Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype,
                        const std::vector<std::filesystem::path>& plugin_path) {
    const GamePluginFolders folders = find_plugins(sets, gametype, plugin_path);
    return sdk::Bundle::load(folders.sets, folders.gametype);
}

sdk::Bundle load_bundle(const PluginOptions& options) {
    return load_bundle(options.sets, options.gametype, options.plugin_path);
}

}  // namespace cherries::host
