#include "host/cli/plugin_options.hpp"

#include <CLI/CLI.hpp>

namespace cherries::host {

void add_plugin_path_option(CLI::App& command, sdk::PluginSelection& options) {
    // One folder per flag: a vector option would take every word after it, so `check
    // --plugin-path . sets/x` swallowed the folder to check (repeat the flag for more paths).
    command.add_option("--plugin-path", options.plugin_path,
                       "A folder holding sets/ and gametypes/, searched before the others (one per flag; repeatable)")
        ->allow_extra_args(false);
}

void add_plugin_options(CLI::App& command, sdk::PluginSelection& options) {
    add_plugin_path_option(command, options);
    command.add_option("--set", options.sets,
                       "Card set to play with, by name or folder (one per flag; repeatable; default: standard)")
        ->allow_extra_args(false);
    command.add_option("--gametype", options.gametype, "Gametype, by name or folder")->capture_default_str();
}

}  // namespace cherries::host
