// ChannelGame and its bots (docs/irc.md, "Bots"): the built-in kinds and the bot plugins the
// GameLibrary found (host::LibraryBots, the channel's BotSource), seated by !bot; a bot plugin's
// faults, told once per seat. A stored game's bots are checked again by Session::restore_bots.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/bots/lua_bot.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"
#include "host/irc/turn_text.hpp"
#include "host/session/library_bots.hpp"

namespace cherries::irc {

std::string ChannelGame::bot_list() const { return bots_->list(); }

std::string ChannelGame::bot_refusal(const std::string& kind) {
    if (host::is_builtin_bot(kind)) return "";
    if (!library_.has("bot", kind))
        return fmt::format("There is no bot '{}'; bots here: {}.", clean_echo(kind, 24), bot_list());
    std::string why;
    try {
        const auto plugin = bots_->plugin(kind);
        if (const host::RecordedPlugin* r = host::find_recorded(open_->session().plugins(), "bot", kind);
            r && r->fingerprint != plugin->fingerprint)
            why = fmt::format("bot plugin '{}' changed since this game recorded it", kind);
    } catch (const std::exception& e) {
        why = e.what();
    }
    return why.empty() ? "" : fmt::format("Cannot seat {}: {}; try !bot greedy.", kind, why);
}

PlayerId ChannelGame::bot_decision(PlayerId id, host::Bot& bot, const PlayerView& view, Replies& out) {
    OpenGame& t = *open_;
    auto* plugin = dynamic_cast<host::LuaBot*>(&bot);
    const std::uint64_t before = plugin ? plugin->faults() : 0;
    const PlayerId receiver = bot.choose_receiver(view);  // a LuaBot's fault: the greedy bot's answer
    if (plugin && plugin->faults() > before && t.faults_told.insert(id).second)
        out.push_back(fmt::format("{}'s bot plugin failed ({}): the greedy bot decides for it; its later failures are "
                                  "not told here.",
                                  t.nick(id), host::public_fault(plugin->last_fault())));
    return receiver;
}

}  // namespace cherries::irc
