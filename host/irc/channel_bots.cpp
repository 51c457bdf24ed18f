// ChannelGame and its bots (docs/irc.md, "Bots"): the built-in kinds and the bot plugins the
// GameLibrary found, seated by !bot; a bot plugin's faults, told once per seat; a stored game's
// bot plugins, checked again when it resumes.
#include <fmt/core.h>

#include <algorithm>

#include "host/bots/lua_bot.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_table.hpp"
#include "host/irc/turn_text.hpp"
#include "host/records/save.hpp"

namespace cherries::irc {

namespace {

// The record's entry for bot plugin `id`, or nullptr.
const host::RecordedPlugin* recorded(const std::vector<host::RecordedPlugin>& plugins, const std::string& id) {
    const auto it = std::find_if(plugins.begin(), plugins.end(),
                                 [&](const host::RecordedPlugin& p) { return p.kind == "bot" && p.id == id; });
    return it == plugins.end() ? nullptr : &*it;
}

}  // namespace

std::string ChannelGame::bot_list() const {
    std::string out;
    for (const auto& k : host::bot_kinds()) out += (out.empty() ? "" : ", ") + k;
    for (const auto& id : library_.ids("bot")) out += ", " + id;
    constexpr std::size_t kMax = 300;  // one IRC line with the words around it
    if (out.size() > kMax) out = clean_echo(out, kMax) + " ...";
    return out;
}

std::string ChannelGame::bot_plugin_problem(const std::string& id, std::shared_ptr<const host::BotPlugin>& plugin) {
    try {
        plugin = library_.bot_plugin(id);
    } catch (const std::exception& e) {
        load_error_ = e.what();  // names the server's files: for the operator, not the channel
        return fmt::format("bot plugin '{}' does not load (the operator can see why)", id);
    }
    if (plugin->id != id) {
        load_error_ = fmt::format("{}: bot plugin id '{}' is not its folder's name '{}'", plugin->folder.string(),
                                  plugin->id, id);
        return fmt::format("bot plugin '{}' does not load (the operator can see why)", id);
    }
    if (table_)
        if (const host::RecordedPlugin* r = recorded(table_->plugins, id); r && r->fingerprint != plugin->fingerprint)
            return fmt::format("bot plugin '{}' changed since this game recorded it", id);
    return "";
}

std::string ChannelGame::bot_refusal(const std::string& kind) {
    if (host::is_builtin_bot(kind)) return "";
    if (!library_.has("bot", kind))
        return fmt::format("There is no bot '{}'; bots here: {}.", clean_echo(kind, 24), bot_list());
    std::shared_ptr<const host::BotPlugin> plugin;
    const std::string why = bot_plugin_problem(kind, plugin);
    return why.empty() ? "" : fmt::format("Cannot seat {}: {}; try !bot greedy.", kind, why);
}

std::unique_ptr<host::Bot> ChannelGame::make_seat_bot(const std::string& kind, std::uint64_t seed,
                                                      std::optional<host::RecordedPlugin>& plugin, std::string& why) {
    plugin.reset();
    if (host::is_builtin_bot(kind)) return host::make_bot(kind, seed);
    std::shared_ptr<const host::BotPlugin> p;
    if (!library_.has("bot", kind)) {
        why = fmt::format("bot plugin '{}' is not installed any more", clean_echo(kind, 24));
        return nullptr;
    }
    why = bot_plugin_problem(kind, p);
    if (!why.empty()) return nullptr;
    std::unique_ptr<host::Bot> bot;
    try {
        bot = std::make_unique<host::LuaBot>(p);  // a Lua state of its own; its faults are logged on stderr
    } catch (const std::exception& e) {
        load_error_ = e.what();
        why = fmt::format("bot plugin '{}' does not load (the operator can see why)", kind);
        return nullptr;
    }
    if (!recorded(table_->plugins, p->id)) plugin = host::RecordedPlugin{"bot", p->id, p->version, p->fingerprint};
    return bot;
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

void ChannelGame::resume_bots(const std::vector<host::SavedSeat>& seats, Replies& out) {
    Table& t = *table_;
    for (auto& [id, kind] : t.bot_kinds) {
        std::optional<host::RecordedPlugin> unused;
        std::string why;
        t.bots[id] = make_seat_bot(kind, 0, unused, why);
        if (!t.bots[id]) {
            // The humans' game goes on; the record needs no bot (it holds the decisions).
            out.push_back(fmt::format("{}: {}; the greedy bot plays that seat from now on.", t.nick(id), why));
            kind = "greedy";
            t.bots[id] = host::make_bot(kind, 0);
            continue;
        }
        for (const host::SavedSeat& s : seats)
            if (s.id == id && s.bot == kind) t.bots[id]->restore(s.bot_state);
    }
}

}  // namespace cherries::irc
