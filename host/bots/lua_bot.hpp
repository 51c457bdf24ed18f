// Bot plugins: a folder bots/NAME/ with bot.toml and bot.lua, whose `decide(view)` names the
// receiver of the drawn card (docs/bots.md). It runs in the plugins' sandbox with their budgets;
// a decision that fails is made by the greedy bot instead and reported, never crashes the game.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

#include "host/bots/bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "sdk/lua_runtime.hpp"

namespace cherries::host {

/// A bot plugin as read from its folder: manifest fields and the Lua program (not yet run).
struct BotPlugin {
    std::string id, name, version, description;
    std::int64_t api = 1;
    std::filesystem::path folder;
    std::string fingerprint;  ///< SHA-256 over bot.toml and bot.lua (sdk/fingerprint.hpp)
    std::shared_ptr<const sdk::LuaProgram> program;  ///< one chunk (bot.lua), one function (decide)
};

/// Reads bots/NAME/bot.toml and bot.lua from `folder`. Throws sdk::LoadError (file:line: message)
/// for a missing or malformed manifest or Lua file.
BotPlugin read_bot_plugin(const std::filesystem::path& folder);

/// Finds bot plugin `name` along the plugin search path (sdk::find_plugin("bot", ...)) and reads
/// it once per process (later calls share it). Throws sdk::LoadError when there is none.
std::shared_ptr<const BotPlugin> find_bot_plugin(const std::string& name);

/// One decision in progress: what view.plan may look at (nullptr outside decide()), and the answer.
struct LuaBotDecision {
    const TableView* view = nullptr;
    std::string answer;
};

/// A seat played by a bot plugin. Each LuaBot has its own sandboxed Lua state.
class LuaBot final : public Bot {
public:
    /// Loads the plugin's code into a fresh state. Throws sdk::LoadError when it does not load
    /// or has no `decide` function.
    explicit LuaBot(std::shared_ptr<const BotPlugin> plugin);
    PlayerId choose_receiver(const TableView& view) override;

    /// Decisions the greedy bot made because decide() failed (error, budget, not a player's name).
    std::uint64_t faults() const { return faults_; }
    /// Whether faults are also printed on stderr (the first few of the process); on by default.
    void set_reporting(bool on) { reporting_ = on; }
    /// Why the last failed decision failed.
    const std::string& last_fault() const { return last_fault_; }

private:
    std::shared_ptr<const BotPlugin> plugin_;
    std::unique_ptr<sdk::LuaRuntime> runtime_;
    std::unique_ptr<LuaBotDecision> decision_;  // its address is in the state's view.plan closures
    GreedyBot greedy_;
    std::uint64_t faults_ = 0;
    bool reporting_ = true;
    std::string last_fault_;
};

/// Faults of every LuaBot in this process, for the first few reports on stderr.
std::uint64_t lua_bot_faults();

}  // namespace cherries::host
