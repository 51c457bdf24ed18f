// A seat played by a bot plugin (sdk/plugins/bot_plugin.hpp): the plugin decides; a decision that fails
// is made by the greedy bot instead and reported, never crashes the game (GDD §3.5's spirit).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "host/bots/bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "sdk/plugins/bot_plugin.hpp"

namespace cherries::host {

/// A seat played by a bot plugin. Each LuaBot has its own sandboxed Lua state.
class LuaBot final : public Bot {
public:
    /// Loads the plugin's code into a fresh state. Throws sdk::LoadError when it does not load
    /// or has no `decide` function.
    explicit LuaBot(std::shared_ptr<const sdk::BotPlugin> plugin);
    PlayerId choose_receiver(const PlayerView& view) override;
    /// The state of the greedy bot that decides when decide() fails (its tie-break generator).
    std::uint64_t state() const override { return greedy_.state(); }
    void restore(std::uint64_t state) override { greedy_.restore(state); }

    /// Decisions the greedy bot made because decide() failed (error, budget, not a player's name).
    std::uint64_t faults() const { return faults_; }
    /// Whether faults are also printed on stderr (the first few of the process); on by default.
    void set_reporting(bool on) { reporting_ = on; }
    /// Why the last failed decision failed.
    const std::string& last_fault() const { return last_fault_; }

private:
    std::shared_ptr<const sdk::BotPlugin> plugin_;
    sdk::BotRuntime runtime_;
    GreedyBot greedy_;
    std::uint64_t faults_ = 0;
    bool reporting_ = true;
    std::string last_fault_;
};

/// Faults of every LuaBot in this process, for the first few reports on stderr.
std::uint64_t lua_bot_faults();

}  // namespace cherries::host
