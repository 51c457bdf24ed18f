// `cherries plugins`: every card set and gametype found along the plugin search path, with id,
// version, plugin API and content fingerprint.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "host/bots/lua_bot.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/plugin_options.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/base/fingerprint.hpp"

namespace cherries::host {

namespace {

struct PluginsOptions {
    sdk::PluginSelection plugins;
    bool json = false;
    bool full = false;
};

int run_plugins(const PluginsOptions& o) {
    nlohmann::json listing = nlohmann::json::array();
    std::vector<sdk::Diagnostic> problems;
    std::string text;
    for (const std::string kind : {"set", "gametype"}) {
        for (const auto& folder : sdk::list_plugins(kind, o.plugins.plugin_path)) {
            const std::size_t before = problems.size();
            const sdk::PluginInfo p = sdk::inspect_plugin(kind, folder, problems);
            const bool broken = problems.size() > before;
            listing.push_back({{"kind", kind}, {"id", p.id}, {"version", p.version}, {"api", p.api},
                               {"folder", folder.string()}, {"fingerprint", p.fingerprint}, {"ok", !broken}});
            const std::string shown = o.full ? p.fingerprint : std::string(sdk::short_fingerprint(p.fingerprint));
            text += fmt::format("{:<9} {:<16} {:<10} {:<4} {}  {}{}\n", kind, p.id.empty() ? "?" : p.id,
                                p.version.empty() ? "?" : p.version, p.api, shown, folder.string(),
                                broken ? "  (has errors: run cherries check)" : "");
        }
    }
    for (const auto& folder : sdk::list_plugins("bot", o.plugins.plugin_path)) {  // host/bots/lua_bot.hpp
        sdk::BotPlugin b;
        bool broken = false;
        try {
            b = sdk::read_bot_plugin(folder);
        } catch (const sdk::LoadError& e) {
            broken = true;
            b.id = folder.filename().string();
            b.version = "?";
        }
        listing.push_back({{"kind", "bot"}, {"id", b.id}, {"version", b.version}, {"api", b.api},
                           {"folder", folder.string()}, {"fingerprint", b.fingerprint}, {"ok", !broken}});
        const std::string shown = o.full ? b.fingerprint : std::string(sdk::short_fingerprint(b.fingerprint));
        text += fmt::format("{:<9} {:<16} {:<10} {:<4} {}  {}{}\n", "bot", b.id, b.version, b.api,
                            shown.empty() ? std::string(o.full ? 64 : 12, '?') : shown, folder.string(),
                            broken ? "  (has errors: it does not load)" : "");
    }
    if (o.json) {
        std::cout << listing.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return 0;
    }
    if (listing.empty()) {
        std::cout << "no plugins found; looked in:";
        for (const auto& dir : sdk::search_directories(o.plugins.plugin_path)) std::cout << ' ' << dir.string();
        std::cout << '\n';
        return 0;
    }
    std::cout << fmt::format("{:<9} {:<16} {:<10} {:<4} {:<{}}  {}\n", "kind", "id", "version", "api", "fingerprint",
                             o.full ? 64 : 12, "folder")
              << text;
    return 0;
}

}  // namespace

void add_plugins_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<PluginsOptions>();
    CLI::App* cmd = app.add_subcommand("plugins", "List the card sets, gametypes and bots found, with version, API and fingerprint");
    add_plugin_path_option(*cmd, options->plugins);
    cmd->add_flag("--json", options->json, "Print the list as JSON (full fingerprints)");
    cmd->add_flag("--full", options->full, "Show the whole SHA-256 fingerprint, not its first 12 digits");
    cmd->callback([options, &run] { run = [options] { return run_plugins(*options); }; });
}

}  // namespace cherries::host
