// A bundle: the card sets and the gametype of one game configuration, loaded from their
// plugin folders, with the Lua code to run their functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

namespace cherries::sdk {

/// Where a plugin came from and what exactly it was: id, version, API, folder and the content
/// fingerprint (sdk/base/fingerprint.hpp) of the bytes that were loaded.
struct PluginInfo {
    std::string type;  ///< "set" or "gametype"
    std::string id;
    std::string version;
    std::int64_t api = 0;
    std::filesystem::path folder;
    std::string fingerprint;  ///< SHA-256, 64 hex digits, over the manifest and its Lua file
};

/// Largest Lua file a plugin may have, in bytes; a larger one is an error at load.
inline constexpr std::size_t kMaxLuaFileBytes = 1u << 20;
/// Cherry counts 0 .. kTabulatedCherryCounts - 1 for which Bundle::load calls a function-form
/// distribution once and keeps the table (GDD §3.3.1.1); beyond, it is called during play.
inline constexpr std::int64_t kTabulatedCherryCounts = 256;

/// Reads a plugin's Lua file, at most kMaxLuaFileBytes; "" and a Diagnostic in `problems` when
/// it cannot (missing, unreadable, too large).
std::string read_lua_file(const std::filesystem::path& file, std::vector<Diagnostic>& problems);

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

    /// The same plugins' code with another catalog and gametype: a what-if variant of the balance
    /// report (docs/report.md), e.g. a card's count or lifetime or the winning score changed.
    /// Their FunctionIds must be this bundle's (change counts and numbers, not functions).
    Bundle with(Catalog catalog, Gametype gametype) const {
        Bundle copy = *this;
        copy.catalog_ = std::make_shared<const Catalog>(std::move(catalog));
        copy.gametype_ = std::make_shared<const Gametype>(std::move(gametype));
        return copy;
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

/// Reads a plugin folder's manifest and Lua file (without running any code) and describes it.
/// Problems go to `out`; the fingerprint is computed over whatever could be read.
PluginInfo inspect_plugin(const std::string& type, const std::filesystem::path& folder, std::vector<Diagnostic>& out);

}  // namespace cherries::sdk
