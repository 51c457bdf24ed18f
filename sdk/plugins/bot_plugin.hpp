// Bot plugins as a plugin type beside sets and gametypes: a folder bots/NAME/ with bot.toml and
// bot.lua, whose `decide(view)` names the receiver of the drawn card (docs/bots.md). Reading the
// manifest (the one TOML reader), fingerprinting, and running `decide` in the plugins' sandbox
// with their budgets live here; what a seat does with a failed decision is the host's choice.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "engine/player_view.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

namespace cherries::sdk {

/// A bot plugin as read from its folder: manifest fields and the Lua program (not yet run).
struct BotPlugin {
    std::string id, name, version, description;
    std::int64_t api = 1;
    std::filesystem::path folder;
    std::string fingerprint;  ///< SHA-256 over bot.toml and bot.lua (sdk/base/fingerprint.hpp)
    std::shared_ptr<const LuaProgram> program;  ///< one chunk (bot.lua), one function (decide)
};

/// Reads bot.toml and bot.lua from `folder`. Throws LoadError with every problem at once
/// (file:line:column: message) for a missing or malformed manifest or Lua file.
BotPlugin read_bot_plugin(const std::filesystem::path& folder);

/// Finds bot plugin `name` along the plugin search path (find_plugin("bot", ...)) and reads it
/// once per process (later calls share it). Throws LoadError when there is none.
std::shared_ptr<const BotPlugin> find_bot_plugin(const std::string& name);

/// What one call of `decide` gave: the name it returned, or why it failed (fault non-empty).
struct BotAnswer {
    std::string name;
    std::string fault;  ///< "bot 'x' decide: ..." when decide errored, ran over its budget or returned no string
};

/// A bot plugin's code loaded in its own sandboxed Lua state, ready to decide.
class BotRuntime {
public:
    /// Loads the plugin's code into a fresh state. Throws LoadError when it does not load or has
    /// no `decide` function.
    explicit BotRuntime(std::shared_ptr<const BotPlugin> plugin);
    ~BotRuntime();
    BotRuntime(const BotRuntime&) = delete;
    BotRuntime& operator=(const BotRuntime&) = delete;

    /// Calls decide(view) with the view table of docs/bots.md (what a player at the table sees,
    /// never the deck's order) and `view.plan(name)` for the engine's TurnPlan of a give.
    BotAnswer decide(const PlayerView& view);

    /// One decision in progress: what view.plan may look at (nullptr outside decide()), and the
    /// answer. Its address is in the state's view.plan closures, so it lives as long as the state.
    struct Decision {
        const PlayerView* view = nullptr;
        std::string answer;
    };

private:
    std::shared_ptr<const BotPlugin> plugin_;
    std::unique_ptr<LuaRuntime> runtime_;
    std::unique_ptr<Decision> decision_;
};

}  // namespace cherries::sdk
