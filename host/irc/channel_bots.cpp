// ChannelGame and its bots (docs/irc.md, "Bots"): the built-in kinds and the bot plugins the
// GameLibrary found (LibraryBots, the channel's BotSource), seated by !bot; a bot plugin's
// faults, told once per seat. A stored game's bots are checked again by Session::restore_bots.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/bots/lua_bot.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_table.hpp"
#include "host/irc/turn_text.hpp"
#include "host/records/save.hpp"

namespace cherries::irc {

host::MadeBot LibraryBots::make(const std::string& kind, std::uint64_t seed) {
    if (host::is_builtin_bot(kind)) return {host::make_bot(kind, seed), std::nullopt};
    const std::shared_ptr<const sdk::BotPlugin> p = plugin(kind);
    host::MadeBot made;
    try {
        made.bot = std::make_unique<host::LuaBot>(p);  // a Lua state of its own; its faults are logged on stderr
    } catch (const std::exception& e) {
        tell_operator_(e.what());
        throw std::runtime_error(fmt::format("bot plugin '{}' does not load (the operator can see why)", kind));
    }
    made.plugin = host::RecordedPlugin{"bot", p->id, p->version, p->fingerprint};
    return made;
}

std::shared_ptr<const sdk::BotPlugin> LibraryBots::plugin(const std::string& id) {
    if (!library_.has("bot", id))
        throw std::runtime_error(fmt::format("bot plugin '{}' is not installed any more", clean_echo(id, 24)));
    std::shared_ptr<const sdk::BotPlugin> p;
    try {
        p = library_.bot_plugin(id);
    } catch (const std::exception& e) {
        tell_operator_(e.what());  // names the server's files: for the operator, not the channel
        throw std::runtime_error(fmt::format("bot plugin '{}' does not load (the operator can see why)", id));
    }
    if (p->id != id) {
        tell_operator_(fmt::format("{}: bot plugin id '{}' is not its folder's name '{}'", p->folder.string(), p->id, id));
        throw std::runtime_error(fmt::format("bot plugin '{}' does not load (the operator can see why)", id));
    }
    return p;
}

std::string ChannelGame::bot_list() const {
    std::string out = fmt::format("{}", fmt::join(host::builtin_bots(), ", "));
    for (const auto& id : library_.ids("bot")) out += ", " + id;
    constexpr std::size_t kMax = 300;  // one IRC line with the words around it
    if (out.size() > kMax) out = clean_echo(out, kMax) + " ...";
    return out;
}

std::string ChannelGame::bot_refusal(const std::string& kind) {
    if (host::is_builtin_bot(kind)) return "";
    if (!library_.has("bot", kind))
        return fmt::format("There is no bot '{}'; bots here: {}.", clean_echo(kind, 24), bot_list());
    std::string why;
    try {
        const auto plugin = bots_->plugin(kind);
        if (const host::RecordedPlugin* r = host::find_recorded(table_->session.plugins(), "bot", kind);
            r && r->fingerprint != plugin->fingerprint)
            why = fmt::format("bot plugin '{}' changed since this game recorded it", kind);
    } catch (const std::exception& e) {
        why = e.what();
    }
    return why.empty() ? "" : fmt::format("Cannot seat {}: {}; try !bot greedy.", kind, why);
}

PlayerId ChannelGame::bot_decision(PlayerId id, host::Bot& bot, Replies& out) {
    Table& t = *table_;
    auto* plugin = dynamic_cast<host::LuaBot*>(&bot);
    const std::uint64_t before = plugin ? plugin->faults() : 0;
    const PlayerId receiver = bot.choose_receiver(t.view);  // a LuaBot's fault: the greedy bot's answer
    if (plugin && plugin->faults() > before && t.faults_told.insert(id).second)
        out.push_back(fmt::format("{}'s bot plugin failed ({}): the greedy bot decides for it; its later failures are "
                                  "not told here.",
                                  t.nick(id), public_fault(plugin->last_fault())));
    return receiver;
}

}  // namespace cherries::irc
