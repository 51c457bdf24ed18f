#include "host/session/bot_source.hpp"

#include "host/bots/lua_bot.hpp"

namespace cherries::host {

MadeBot InstalledBots::make(const std::string& kind, std::uint64_t seed) {
    MadeBot made{make_bot(kind, seed, settings_), std::nullopt};
    if (!is_builtin_bot(kind)) {
        const auto plugin = sdk::find_bot_plugin(kind);  // make_bot found it: cached, not read again
        made.plugin = RecordedPlugin{"bot", plugin->id, plugin->version, plugin->fingerprint};
    }
    return made;
}

}  // namespace cherries::host
