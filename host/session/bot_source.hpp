// Where a session's bots come from: the built-in kinds, and bot plugins found on the plugin path
// (cherries play, sim, ladder) or in the CherryBot's GameLibrary (host/irc/channel_bots.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "host/bots/bot.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

/// A bot made for a seat, and for a bot plugin the plugin as a record names it (kind "bot");
/// nullopt for a built-in kind.
struct MadeBot {
    std::unique_ptr<Bot> bot;
    std::optional<RecordedPlugin> plugin;
};

/// Makes the bots a Session seats.
class BotSource {
public:
    virtual ~BotSource() = default;
    /// A bot of `kind` whose chance comes from `seed` (never the game's generator). Throws an
    /// exception whose what() is one line, fit to show a player, when there is no such bot or
    /// its plugin does not load.
    virtual MadeBot make(const std::string& kind, std::uint64_t seed) = 0;
};

/// The bots of the command line: make_bot's kinds and the bot plugins along the plugin search
/// path (sdk::find_bot_plugin). Throws what make_bot throws: InputError for an unknown kind,
/// sdk::LoadError for a broken bot plugin.
class InstalledBots final : public BotSource {
public:
    explicit InstalledBots(BotSettings settings = {}) : settings_(settings) {}
    MadeBot make(const std::string& kind, std::uint64_t seed) override;

private:
    BotSettings settings_;
};

}  // namespace cherries::host
