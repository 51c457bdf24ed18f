// Where a session's bots come from: the built-in bots, and bot plugins found on the plugin path
// (cherries play, sim, ladder) or in a server's GameLibrary (host/session/library_bots.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "host/bots/bot.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

/// A bot made for a seat, and for a bot plugin the plugin as a record names it (type "bot");
/// nullopt for a built-in bot.
struct MadeBot {
    std::unique_ptr<Bot> bot;
    std::optional<RecordedPlugin> plugin;
};

/// Makes the bots a Session seats.
class BotSource {
public:
    virtual ~BotSource() = default;
    /// The bot `bot` ("greedy", a bot plugin's id) whose chance comes from `seed` (never the game's generator). Throws an
    /// exception whose what() is one line, fit to show a player, when there is no such bot or
    /// its plugin does not load.
    virtual MadeBot make(const std::string& bot, std::uint64_t seed) = 0;
};

/// The bots of the command line: make_bot's built-in bots and the bot plugins along the plugin search
/// path (sdk::find_bot_plugin). Throws what make_bot throws: InputError for an unknown bot,
/// sdk::LoadError for a broken bot plugin.
class InstalledBots final : public BotSource {
public:
    explicit InstalledBots(BotSettings settings = {}) : settings_(settings) {}
    MadeBot make(const std::string& bot, std::uint64_t seed) override;

private:
    BotSettings settings_;
};

}  // namespace cherries::host
