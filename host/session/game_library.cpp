#include "host/session/game_library.hpp"

#include <algorithm>
#include <stdexcept>

#include "sdk/plugins/plugin_search.hpp"

namespace cherries::host {

GameLibrary::GameLibrary(std::vector<std::filesystem::path> plugin_path) : plugin_path_(std::move(plugin_path)) {
    for (const std::string kind : {"set", "gametype", "bot"}) {
        auto& ids = ids_[kind];
        for (const auto& folder : sdk::list_plugins(kind, plugin_path_)) {
            const std::string id = folder.filename().string();
            if (kind == "bot" && is_builtin_bot(id)) continue;
            ids.push_back(id);
            folders_[kind + "/" + id] = folder;
        }
        std::sort(ids.begin(), ids.end());
    }
}

const std::vector<std::string>& GameLibrary::ids(const std::string& kind) const {
    static const std::vector<std::string> none;
    const auto it = ids_.find(kind);
    return it == ids_.end() ? none : it->second;
}

bool GameLibrary::has(const std::string& kind, const std::string& id) const { return folders_.count(kind + "/" + id) > 0; }

std::shared_ptr<const sdk::BotPlugin> GameLibrary::bot_plugin(const std::string& id) {
    if (!has("bot", id)) throw std::invalid_argument("unknown bot plugin '" + id + "'");
    const std::lock_guard lock(loaded_);
    if (const auto it = bots_.find(id); it != bots_.end()) return it->second;
    auto plugin = std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(folders_.at("bot/" + id)));
    bots_[id] = plugin;
    return plugin;
}

std::shared_ptr<const sdk::Bundle> GameLibrary::bundle(const std::vector<std::string>& sets, const std::string& gametype) {
    std::string key = gametype;
    std::vector<std::filesystem::path> set_folders;
    for (const auto& s : sets) {
        if (!has("set", s)) throw std::invalid_argument("unknown set '" + s + "'");
        key += "|" + s;
        set_folders.push_back(folders_.at("set/" + s));
    }
    if (!has("gametype", gametype)) throw std::invalid_argument("unknown gametype '" + gametype + "'");
    const std::lock_guard lock(loaded_);
    if (const auto it = bundles_.find(key); it != bundles_.end()) return it->second;
    auto bundle = std::make_shared<const sdk::Bundle>(sdk::Bundle::load(set_folders, folders_.at("gametype/" + gametype)));
    bundles_[key] = bundle;
    return bundle;
}

}  // namespace cherries::host
