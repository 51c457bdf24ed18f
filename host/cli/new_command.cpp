// `cherries new set NAME` / `cherries new gametype NAME`: writes a commented plugin folder
// that loads at once, and says what to run next.
#include "sdk/plugins/scaffold.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <system_error>

#include "host/cli/commands.hpp"
#include "host/base/input_error.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::host {

namespace fs = std::filesystem;

namespace {

// A name that needs quoting in a shell command is shown quoted.
std::string shell_word(const std::string& s) {
    const bool plain = !s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == std::string::npos;
    return plain ? s : "'" + s + "'";
}

struct NewOptions {
    std::string type;  // the plugin type: set, gametype or bot
    std::string name;
    std::string dir;  // empty: sets/ or gametypes/ under the current directory
};

int run_new(const NewOptions& o) {
    const bool default_dir = o.dir.empty();
    const fs::path dir = default_dir ? fs::path(o.type + "s") : fs::path(o.dir);
    // A plugin of that name found elsewhere: say which one the new folder shadows from here.
    std::vector<fs::path> same_name;
    for (const auto& folder : sdk::list_plugins(o.type == "gametype" || o.type == "bot" ? o.type : "set"))
        if (folder.filename() == o.name) same_name.push_back(folder);
    std::vector<fs::path> files;
    try {
        files = sdk::create_plugin(o.type, o.name, dir);
    } catch (const sdk::ScaffoldError& e) {
        throw InputError(e.what());
    }
    for (const auto& file : files) std::cout << "created " << file.generic_string() << '\n';
    // With the default folder the plugin is found by name (sdk::find_plugin); otherwise by path.
    const std::string folder = (dir / o.name).generic_string();
    const std::string ref = shell_word(default_dir ? o.name : folder);
    std::cout << "\nnext:\n";
    if (o.type == "bot") {
        std::cout << fmt::format("  cherries play --player ann --player bot:{}\n", o.name);
        std::cout << fmt::format("  cherries ladder greedy {} --games 100\n", o.name);
        std::cout << "see docs/bots.md\n";
        return 0;
    }
    std::cout << fmt::format("  cherries check {}\n", shell_word(folder));
    if (o.type == "set") {
        std::cout << fmt::format("  cherries play --set {} --player ann --player bot:greedy\n", ref);
        std::cout << fmt::format("  cherries sim --set {} --games 1000\n", ref);
        std::cout << fmt::format("  cherries sim --set standard --set {} --games 1000\n", ref);
    } else {
        std::cout << fmt::format("  cherries play --gametype {} --player ann --player bot:greedy\n", ref);
        std::cout << fmt::format("  cherries sim --gametype {} --games 1000\n", ref);
    }
    std::cout << "see docs/guide.md\n";
    for (const auto& other : same_name)
        std::cout << fmt::format("note: there is also a {} '{}' in {}; ids must be unique among the plugins of a "
                                 "game, so the two cannot be played together\n",
                                 o.type, o.name, other.generic_string());
    return 0;
}

}  // namespace

void add_new_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<NewOptions>();
    CLI::App* cmd = app.add_subcommand("new", "Create a new card set, gametype or bot folder to edit, commented, that loads at once");
    cmd->add_option("type", options->type, "What to create: set, gametype or bot")->required();
    cmd->add_option("name", options->name, "Its id: lowercase letters, digits and '-' (also the folder's name)")->required();
    cmd->add_option("--dir", options->dir, "Folder to create it in (default: sets/ or gametypes/ under the current directory)");
    cmd->callback([options, &run] { run = [options] { return run_new(*options); }; });
}

}  // namespace cherries::host
