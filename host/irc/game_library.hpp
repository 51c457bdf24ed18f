// The plugins a channel game may use: which sets and gametypes exist, and their bundles,
// loaded once and shared (read-only) by every game that uses the same combination.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sdk/bundle.hpp"

namespace cherries::irc {

/// Sets and gametypes by plugin id, found along sdk::search_directories(plugin_path) once at
/// construction. Only those ids can be asked for: a player's words never reach the file system.
class GameLibrary {
public:
    explicit GameLibrary(std::vector<std::filesystem::path> plugin_path = {});

    /// Plugin ids of `kind` ("set" or "gametype"), sorted.
    const std::vector<std::string>& ids(const std::string& kind) const;
    bool has(const std::string& kind, const std::string& id) const;

    /// The bundle of `sets` and `gametype` (ids from ids()), loaded at the first request and
    /// kept. Throws sdk::LoadError for a plugin that fails to load, std::invalid_argument for an
    /// id that is not in ids().
    std::shared_ptr<const sdk::Bundle> bundle(const std::vector<std::string>& sets, const std::string& gametype);

private:
    std::vector<std::filesystem::path> plugin_path_;
    std::map<std::string, std::vector<std::string>> ids_;
    std::map<std::string, std::filesystem::path> folders_;  // "kind/id" -> folder
    std::map<std::string, std::shared_ptr<const sdk::Bundle>> bundles_;  // "gametype|set|set" -> bundle
};

}  // namespace cherries::irc
