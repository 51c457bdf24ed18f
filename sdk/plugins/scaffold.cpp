// Scaffolding for plugin authors: a new plugin folder whose manifest and Lua file are commented
// for a newcomer and load at once (the text is in sdk/plugins/scaffold_templates.hpp).
#include "sdk/plugins/scaffold.hpp"

#include <fmt/core.h>

#include <cctype>
#include <fstream>
#include <set>
#include <system_error>

#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/plugins/manifest.hpp"
#include "sdk/plugins/scaffold_templates.hpp"

namespace cherries::sdk {

namespace fs = std::filesystem;

namespace {

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// Replaces every {{key}} in `text`.
std::string substitute(std::string text, const std::string& key, const std::string& value) {
    const std::string placeholder = "{{" + key + "}}";
    for (std::size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size()))
        text.replace(at, placeholder.size(), value);
    return text;
}

// The symbols of the card sets found along the search path and in `dir` (GDD §3.3.2.2).
std::set<std::string> known_symbols(const fs::path& dir) {
    std::set<std::string> symbols;
    std::vector<fs::path> folders = list_plugins("set");
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (fs::is_regular_file(entry.path() / "set.toml", ec)) folders.push_back(entry.path());
    for (const auto& folder : folders) {
        std::vector<Diagnostic> ignored;  // a broken set still tells its symbol, or nothing
        symbols.insert(read_set_manifest(folder, ignored).info.symbol);
    }
    return symbols;
}

// The id's first two letters or digits in capitals, short enough for the badge a printed card
// shows it in (a longer one breaks between letters: `check`'s print lint), with a number added
// if a set found already has that symbol: "mine" -> "MI"; "s" -> "S2" next to the Standard Set.
std::string new_symbol(const std::string& id, const fs::path& dir) {
    const auto taken = known_symbols(dir);
    std::string base;
    for (char c : id)
        if (base.size() < 2 && std::isalnum(static_cast<unsigned char>(c))) base += c;
    base = upper(base);
    std::string symbol = base;
    for (int n = 2; taken.count(symbol); ++n) symbol = base + std::to_string(n);
    return symbol;
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

std::vector<fs::path> create_plugin(const std::string& type, const std::string& id, const fs::path& dir) {
    if (type != "set" && type != "gametype" && type != "bot")
        throw ScaffoldError(fmt::format("cannot make a '{}'; expected 'set', 'gametype' or 'bot'", type));
    if (!is_valid_id(id))
        throw ScaffoldError(fmt::format("'{}' is not a valid {} id; expected lowercase letters, digits and '-', "
                                     "starting with a letter or digit (like \"my-{}\")",
                                     id, type, type));
    const fs::path folder = dir / id;
    std::error_code ec;
    if (fs::exists(folder, ec) || fs::is_symlink(folder, ec))
        throw ScaffoldError(fmt::format("{} already exists; nothing was written (choose another name, or --dir)",
                                     folder.generic_string()));
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        throw ScaffoldError(fmt::format("{} is not a folder; nothing was written", dir.generic_string()));

    struct File {
        const char* name;
        const char* text;
    };
    const std::vector<File> files = type == "set"
        ? std::vector<File>{{"set.toml", templates::kSetToml}, {"set.lua", templates::kSetLua}}
        : type == "bot" ? std::vector<File>{{"bot.toml", templates::kBotToml}, {"bot.lua", templates::kBotLua}}
        : std::vector<File>{{"gametype.toml", templates::kGametypeToml}, {"gametype.lua", templates::kGametypeLua}};

    // The symbol (GDD §3.3.2.2) must be unique among sets: found once, before anything is written.
    const std::string symbol = type == "set" ? new_symbol(id, dir) : "";
    fs::create_directories(folder, ec);
    if (ec) throw ScaffoldError(fmt::format("cannot create {}: {}", folder.generic_string(), ec.message()));
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
            throw ScaffoldError(fmt::format("cannot write {}; nothing was written", path.generic_string()));
        }
        written.push_back(path);
    }
    return written;
}

}  // namespace cherries::sdk
