// A bundle: the card sets and the gametype of one game configuration, loaded from their
// plugin folders, with the Lua code to run their functions.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"
#include "sdk/lua_runtime.hpp"

namespace cherries::sdk {

/// Where a plugin came from: its id, version and folder.
struct PluginInfo {
    std::string kind;  ///< "set" or "gametype"
    std::string id;
    std::string version;
    std::filesystem::path folder;
};

/// The loaded, validated plugins of one game configuration. Immutable after load; share it
/// read-only between threads and make one runtime per thread with make_runtime().
class Bundle {
public:
    /// Loads card-set folders (each with set.toml) and one gametype folder (gametype.toml).
    /// Throws LoadError listing every problem found (file, line, what was expected).
    static Bundle load(const std::vector<std::filesystem::path>& set_folders,
                       const std::filesystem::path& gametype_folder);

    const Catalog& catalog() const { return *catalog_; }
    const Gametype& gametype() const { return *gametype_; }
    const std::vector<PluginInfo>& plugins() const { return plugins_; }
    /// The name a manifest gives a function ("halve"), by FunctionId; "" for kIdentity.
    std::string function_name(FunctionId id) const {
        return id == kIdentity || id > program_->functions.size() ? std::string() : program_->functions[id - 1].name;
    }

    /// A fresh Lua state with every plugin's code loaded: the Evaluator for the games of one
    /// thread. Throws LoadError if the code no longer loads.
    std::unique_ptr<LuaRuntime> make_runtime() const;

private:
    std::shared_ptr<const Catalog> catalog_;
    std::shared_ptr<const Gametype> gametype_;
    std::vector<PluginInfo> plugins_;
    std::shared_ptr<const LuaProgram> program_;
};

/// Finds a plugin folder by name: a path that exists as given, else `<dir>/<kind>s/<name>` for
/// each search directory: the current directory, then the directories in CHERRIES_PATH
/// (colon-separated), then the installed data directory. Throws LoadError naming the places
/// looked in and the plugins found there.
std::filesystem::path find_plugin(const std::string& kind, const std::string& name);

}  // namespace cherries::sdk
