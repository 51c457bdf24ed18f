// The bots of a server's tables (CherryBot's channels, the web tables): the built-in kinds and the
// bot plugins its GameLibrary found, as a BotSource (docs/irc.md, "Bots"; docs/web.md).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "host/session/bot_source.hpp"
#include "host/session/game_library.hpp"

namespace cherries::host {

/// A server's bots: make_bot's built-in kinds and the bot plugins of a GameLibrary. What a
/// player may be told of a plugin that does not load is one line; the details (the server's
/// files) go to the operator through `tell_operator`.
class LibraryBots final : public BotSource {
public:
    /// `library` must outlive this object. `tell_operator`: where the details of a plugin that
    /// does not load go (unset: nowhere; `cherries check` shows them).
    explicit LibraryBots(GameLibrary& library, std::function<void(const std::string&)> tell_operator = {})
        : library_(library), tell_operator_(std::move(tell_operator)) {}

    /// A built-in bot, or bot plugin `kind` in a Lua state of its own. Throws std::runtime_error
    /// "bot plugin 'X' is not installed here (bots here: ...)" or "bot plugin 'X' does not load
    /// (...)": one line, fit to show a player.
    MadeBot make(const std::string& kind, std::uint64_t seed) override;
    /// Bot plugin `id` from the library; throws as make() does.
    std::shared_ptr<const sdk::BotPlugin> plugin(const std::string& id);
    /// "random, greedy, expert, strategic, hunter": the built-in bots, then the bot plugins.
    std::string list() const;

private:
    [[noreturn]] void does_not_load(const std::string& id, const std::string& detail);

    GameLibrary& library_;
    std::function<void(const std::string&)> tell_operator_;
};

}  // namespace cherries::host
