#include "host/bots/check_bot.hpp"

#include <set>

#include "engine/game.hpp"
#include "engine/table_view.hpp"
#include "host/bots/lua_bot.hpp"
#include "sdk/plugin_search.hpp"
#include "sdk/lua_runtime.hpp"

namespace cherries::host {

namespace fs = std::filesystem;

std::vector<fs::path> find_bot_folders(const std::vector<fs::path>& paths) {
    std::vector<fs::path> out;
    std::set<fs::path> seen;
    std::error_code ec;
    auto add = [&](const fs::path& folder) {
        if (fs::is_regular_file(folder / "bot.toml", ec) && seen.insert(fs::weakly_canonical(folder, ec)).second)
            out.push_back(folder);
    };
    for (const auto& path : paths) {
        add(path);
        if (!fs::is_directory(path, ec)) continue;
        for (const auto& one : fs::directory_iterator(path, ec)) {
            add(one.path());
            if (!fs::is_directory(one.path(), ec)) continue;
            for (const auto& two : fs::directory_iterator(one.path(), ec)) add(two.path());
        }
    }
    return out;
}

bool holds_only_bots(const fs::path& path) {
    if (find_bot_folders({path}).empty()) return false;
    std::error_code ec;
    auto plugin = [&](const fs::path& f) {
        return fs::is_regular_file(f / "set.toml", ec) || fs::is_regular_file(f / "gametype.toml", ec);
    };
    if (plugin(path)) return false;
    for (const auto& one : fs::directory_iterator(path, ec)) {
        if (plugin(one.path())) return false;
        if (!fs::is_directory(one.path(), ec)) continue;
        for (const auto& two : fs::directory_iterator(one.path(), ec))
            if (plugin(two.path())) return false;
    }
    return true;
}

std::vector<sdk::Diagnostic> check_bot(const fs::path& folder) {
    std::shared_ptr<const sdk::BotPlugin> plugin;
    try {
        plugin = std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(folder));
        LuaBot probe(plugin);  // loads the code: a syntax error or no decide() fails here
    } catch (const sdk::LoadError& e) {
        return e.diagnostics();
    }
    std::vector<sdk::Diagnostic> out;
    std::set<std::string> messages;
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    auto runtime = bundle.make_runtime();
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        Game game(bundle.catalog(), bundle.gametype(), *runtime, seed, {plugin->id, "greedy-2", "greedy-3", "greedy-4"});
        LuaBot bot(plugin);
        bot.set_reporting(false);  // its faults are diagnostics here
        GreedyBot greedy;
        const TableView view(game);
        while (game.phase() == Phase::between_turns && game.turn() < 2000) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) {
                if (game.current_player() != 0) {
                    game.give(greedy.choose_receiver(view));
                    continue;
                }
                const std::uint64_t before = bot.faults();
                game.give(bot.choose_receiver(view));
                if (bot.faults() > before && messages.insert(bot.last_fault()).second)
                    out.push_back({sdk::Diagnostic::Severity::error, (folder / "bot.lua").string(), 0, 0,
                                   "probe game (seed " + std::to_string(seed) + ", turn " + std::to_string(game.turn()) +
                                       "): " + bot.last_fault()});
            }
        }
    }
    return out;
}

}  // namespace cherries::host
