// The plugins a server's games may use (CherryBot's channels, the web tables): which sets, gametypes
// and bot plugins exist; bundles, loaded once and shared (read-only) by every game that uses the
// same combination; bot plugins, read once and shared by every seat that plays one.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <vector>

#include "host/bots/lua_bot.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// Sets, gametypes and bot plugins by plugin id, found along sdk::search_directories(plugin_path)
/// once at construction. Only those ids can be asked for: a player's words never reach the file
/// system. A bot plugin named like a built-in bot (host::builtin_bots()) is left out: `!bot
/// greedy` is always the built-in one. Thread-safe: `cherries serve`'s tables seat bots on
/// their workers (a mutex guards what is loaded on first request).
class GameLibrary {
public:
    explicit GameLibrary(std::vector<std::filesystem::path> plugin_path = {});

    /// Plugin ids of `kind` ("set", "gametype" or "bot"), sorted.
    const std::vector<std::string>& ids(const std::string& kind) const;
    bool has(const std::string& kind, const std::string& id) const;

    /// The bundle of `sets` and `gametype` (ids from ids()), loaded at the first request and
    /// kept. Throws sdk::LoadError for a plugin that fails to load, std::invalid_argument for an
    /// id that is not in ids().
    std::shared_ptr<const sdk::Bundle> bundle(const std::vector<std::string>& sets, const std::string& gametype);

    /// Bot plugin `id` (an id from ids("bot")), read from its folder at the first request and
    /// kept: a seat seated later in this process plays the same code. Throws sdk::LoadError for
    /// a bot plugin that does not load (now missing or malformed), std::invalid_argument for an
    /// id that is not in ids("bot").
    std::shared_ptr<const sdk::BotPlugin> bot_plugin(const std::string& id);

private:
    std::vector<std::filesystem::path> plugin_path_;
    std::map<std::string, std::vector<std::string>> ids_;
    std::map<std::string, std::filesystem::path> folders_;  // "kind/id" -> folder
    std::mutex loaded_;  // guards bundles_ and bots_
    std::map<std::string, std::shared_ptr<const sdk::Bundle>> bundles_;  // "gametype|set|set" -> bundle
    std::map<std::string, std::shared_ptr<const sdk::BotPlugin>> bots_;  // by id
};

}  // namespace cherries::host
