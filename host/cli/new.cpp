// `cherries new set NAME` / `cherries new gametype NAME`: writes a commented plugin folder
// that loads at once, and says what to run next.
#include "host/cli/new.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cctype>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <system_error>

#include "host/cli/commands.hpp"
#include "host/cli/new_templates.hpp"
#include "host/cli/usage_error.hpp"
#include "sdk/bundle.hpp"
#include "sdk/manifest.hpp"

namespace cherries::host {

namespace fs = std::filesystem;

namespace {

// Replaces every {{key}} in `text`.
std::string substitute(std::string text, const std::string& key, const std::string& value) {
    const std::string placeholder = "{{" + key + "}}";
    for (std::size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size()))
        text.replace(at, placeholder.size(), value);
    return text;
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// A name that needs quoting in a shell command is shown quoted.
std::string shell_word(const std::string& s) {
    const bool plain = !s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == std::string::npos;
    return plain ? s : "'" + s + "'";
}

// The symbols of the card sets found along the search path and in `dir` (GDD §3.3.2.2).
std::set<std::string> known_symbols(const fs::path& dir) {
    std::set<std::string> symbols;
    std::vector<fs::path> folders = sdk::list_plugins("set");
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (fs::is_regular_file(entry.path() / "set.toml", ec)) folders.push_back(entry.path());
    for (const auto& folder : folders) {
        std::vector<sdk::Diagnostic> ignored;  // a broken set still tells its symbol, or nothing
        symbols.insert(sdk::read_set_manifest(folder, ignored).info.symbol);
    }
    return symbols;
}

// The id in capitals (set ids are unique, so this is too), with a number added if a set found
// already has that symbol: "s" -> "S2" next to the Standard Set.
std::string new_symbol(const std::string& id, const fs::path& dir) {
    const auto taken = known_symbols(dir);
    std::string symbol = upper(id);
    for (int n = 2; taken.count(symbol); ++n) symbol = upper(id) + std::to_string(n);
    return symbol;
}

struct NewOptions {
    std::string kind;
    std::string name;
    std::string dir;  // empty: sets/ or gametypes/ under the current directory
};

int run_new(const NewOptions& o) {
    const bool default_dir = o.dir.empty();
    const fs::path dir = default_dir ? fs::path(o.kind + "s") : fs::path(o.dir);
    // A plugin of that name found elsewhere: say which one the new folder shadows from here.
    std::vector<fs::path> same_name;
    for (const auto& folder : sdk::list_plugins(o.kind == "gametype" || o.kind == "bot" ? o.kind : "set"))
        if (folder.filename() == o.name) same_name.push_back(folder);
    const auto files = create_plugin(o.kind, o.name, dir);
    for (const auto& file : files) std::cout << "created " << file.generic_string() << '\n';
    // With the default folder the plugin is found by name (sdk::find_plugin); otherwise by path.
    const std::string folder = (dir / o.name).generic_string();
    const std::string ref = shell_word(default_dir ? o.name : folder);
    std::cout << "\nnext:\n";
    if (o.kind == "bot") {
        std::cout << fmt::format("  cherries play --player ann --player bot:{}\n", o.name);
        std::cout << fmt::format("  cherries ladder greedy {} --games 100\n", o.name);
        std::cout << "see docs/bots.md\n";
        return 0;
    }
    std::cout << fmt::format("  cherries check {}\n", shell_word(folder));
    if (o.kind == "set") {
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
                                 o.kind, o.name, other.generic_string());
    return 0;
}

}  // namespace

std::string display_name(const std::string& id) {
    std::string name;
    bool start = true;
    for (char c : id) {
        if (c == '-') {
            name += ' ';
            start = true;
        } else {
            name += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
            start = false;
        }
    }
    return name;
}

std::vector<fs::path> create_plugin(const std::string& kind, const std::string& id, const fs::path& dir) {
    if (kind != "set" && kind != "gametype" && kind != "bot")
        throw UsageError(fmt::format("cannot make a '{}'; expected 'set', 'gametype' or 'bot'", kind));
    if (!sdk::is_valid_id(id))
        throw UsageError(fmt::format("'{}' is not a valid {} id; expected lowercase letters, digits and '-', "
                                     "starting with a letter or digit (like \"my-{}\")",
                                     id, kind, kind));
    const fs::path folder = dir / id;
    std::error_code ec;
    if (fs::exists(folder, ec) || fs::is_symlink(folder, ec))
        throw UsageError(fmt::format("{} already exists; nothing was written (choose another name, or --dir)",
                                     folder.generic_string()));
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        throw UsageError(fmt::format("{} is not a folder; nothing was written", dir.generic_string()));

    struct File {
        const char* name;
        const char* text;
    };
    const std::vector<File> files = kind == "set"
        ? std::vector<File>{{"set.toml", templates::kSetToml}, {"set.lua", templates::kSetLua}}
        : kind == "bot" ? std::vector<File>{{"bot.toml", templates::kBotToml}, {"bot.lua", templates::kBotLua}}
        : std::vector<File>{{"gametype.toml", templates::kGametypeToml}, {"gametype.lua", templates::kGametypeLua}};

    // The symbol (GDD §3.3.2.2) must be unique among sets: found once, before anything is written.
    const std::string symbol = kind == "set" ? new_symbol(id, dir) : "";
    fs::create_directories(folder, ec);
    if (ec) throw UsageError(fmt::format("cannot create {}: {}", folder.generic_string(), ec.message()));
    std::vector<fs::path> written;
    for (const File& f : files) {
        std::string text = substitute(f.text, "id", id);
        text = substitute(text, "name", display_name(id));
        text = substitute(text, "symbol", symbol);
        const fs::path path = folder / f.name;
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out.flush()) {
            fs::remove_all(folder, ec);  // all or nothing
            throw UsageError(fmt::format("cannot write {}; nothing was written", path.generic_string()));
        }
        written.push_back(path);
    }
    return written;
}

void add_new_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<NewOptions>();
    CLI::App* cmd = app.add_subcommand("new", "Create a new card set, gametype or bot folder to edit, commented, that loads at once");
    cmd->add_option("kind", options->kind, "What to create: set, gametype or bot")->required();
    cmd->add_option("name", options->name, "Its id: lowercase letters, digits and '-' (also the folder's name)")->required();
    cmd->add_option("--dir", options->dir, "Folder to create it in (default: sets/ or gametypes/ under the current directory)");
    cmd->callback([options, &run] { run = [options] { return run_new(*options); }; });
}

}  // namespace cherries::host
