#include "host/cli/plugin_options.hpp"

#include <CLI/CLI.hpp>

namespace cherries::host {

void add_plugin_path_option(CLI::App& command, sdk::PluginSelection& options) {
    command.add_option("--plugin-path", options.plugin_path,
                       "A folder holding sets/ and gametypes/, searched before the others (repeatable)");
}

void add_plugin_options(CLI::App& command, sdk::PluginSelection& options) {
    add_plugin_path_option(command, options);
    command.add_option("--set", options.sets, "Card set to play with, by name or folder (repeatable; default: standard)");
    command.add_option("--gametype", options.gametype, "Gametype, by name or folder")->capture_default_str();
}

}  // namespace cherries::host
