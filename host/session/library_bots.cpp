#include "host/session/library_bots.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <stdexcept>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/bots/lua_bot.hpp"

namespace cherries::host {

MadeBot LibraryBots::make(const std::string& kind, std::uint64_t seed) {
    if (is_builtin_bot(kind)) return {make_bot(kind, seed), std::nullopt};
    const std::shared_ptr<const sdk::BotPlugin> p = plugin(kind);
    MadeBot made;
    try {
        made.bot = std::make_unique<LuaBot>(p);  // a Lua state of its own; its faults are logged on stderr
    } catch (const std::exception& e) {
        does_not_load(kind, e.what());
    }
    made.plugin = RecordedPlugin{"bot", p->id, p->version, p->fingerprint};
    return made;
}

std::shared_ptr<const sdk::BotPlugin> LibraryBots::plugin(const std::string& id) {
    if (!library_.has("bot", id))
        throw std::runtime_error(fmt::format("bot plugin '{}' is not installed here (bots here: {})", excerpt(id, 24), list()));
    std::shared_ptr<const sdk::BotPlugin> p;
    try {
        p = library_.bot_plugin(id);
    } catch (const std::exception& e) {
        does_not_load(id, e.what());  // names the server's files: for the operator, not the players
    }
    if (p->id != id) does_not_load(id, fmt::format("{}: bot plugin id '{}' is not its folder's name '{}'", p->folder.string(), p->id, id));
    return p;
}

std::string LibraryBots::list() const {
    std::string out = fmt::format("{}", fmt::join(builtin_bots(), ", "));
    for (const auto& id : library_.ids("bot")) out += ", " + id;
    constexpr std::size_t kMax = 300;  // one IRC line with the words around it
    if (out.size() > kMax) out = std::string(cut_utf8(out, kMax)) + " ...";  // plugin ids: printable already
    return out;
}

void LibraryBots::does_not_load(const std::string& id, const std::string& detail) {
    if (tell_operator_) {
        tell_operator_(detail);
        throw std::runtime_error(fmt::format("bot plugin '{}' does not load (the operator can see why)", id));
    }
    throw std::runtime_error(fmt::format("bot plugin '{}' does not load (the operator can see why with `cherries check`)", id));
}

}  // namespace cherries::host
