#include "host/bots/bot.hpp"

#include <fmt/ranges.h>
#include <algorithm>
#include "host/base/printable.hpp"

#include <memory>

#include "host/bots/expert_bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/bots/lua_bot.hpp"
#include "host/bots/random_bot.hpp"
#include "host/bots/strategic_bot.hpp"
#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"

namespace cherries::host {

namespace {
// Asked for every seat of every simulated game: no allocation.
constexpr std::string_view kBuiltinBots[] = {"random", "greedy", "expert", "strategic"};
}  // namespace

std::vector<std::string> builtin_bots() { return {std::begin(kBuiltinBots), std::end(kBuiltinBots)}; }

bool is_builtin_bot(std::string_view kind) {
    return std::find(std::begin(kBuiltinBots), std::end(kBuiltinBots), kind) != std::end(kBuiltinBots);
}

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed, const BotSettings& settings) {
    if (kind == "random") return std::make_unique<RandomBot>(seed);
    if (kind == "greedy") return std::make_unique<GreedyBot>(seed);
    if (kind == "strategic") return std::make_unique<StrategicBot>(seed);
    if (kind == "expert") {
        ExpertSettings expert;
        if (settings.think > 0) expert.samples = settings.think;
        return std::make_unique<ExpertBot>(seed, expert);
    }
    const std::string known = fmt::format("{}", fmt::join(builtin_bots(), ", "));
    // Any other name is a bot plugin (bots/NAME/, docs/bots.md), if there is one.
    const bool plugin_name = !kind.empty() && kind.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") == std::string_view::npos;
    if (plugin_name) {
        std::shared_ptr<const sdk::BotPlugin> plugin;
        try {
            plugin = sdk::find_bot_plugin(std::string(kind));
        } catch (const sdk::LoadError& e) {
            const std::string why = e.diagnostics().empty() ? "" : e.diagnostics().front().to_string();
            if (why.find("cannot find bot") == std::string::npos) throw;  // it exists but is broken
        }
        if (plugin) {
            auto bot = std::make_unique<LuaBot>(std::move(plugin));
            bot->restore(seed);  // the greedy stand-in breaks ties with the seat's own generator
            return bot;
        }
    }
    throw InputError("unknown bot '" + excerpt(kind) + "'; expected one of: " + known + ", or a bot plugin in bots/");
}

}  // namespace cherries::host
