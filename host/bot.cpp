#include "host/bot.hpp"

#include <memory>

#include "host/bots/expert_bot.hpp"
#include "host/bots/greedy_bot.hpp"
#include "host/bots/random_bot.hpp"
#include "host/usage_error.hpp"

namespace cherries::host {

std::vector<std::string> bot_kinds() { return {"random", "greedy", "expert"}; }

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed, const BotSettings& settings) {
    if (kind == "random") return std::make_unique<RandomBot>(seed);
    if (kind == "greedy") return std::make_unique<GreedyBot>();
    if (kind == "expert") {
        ExpertSettings expert;
        if (settings.think > 0) expert.samples = settings.think;
        return std::make_unique<ExpertBot>(seed, expert);
    }
    std::string known;
    for (const auto& k : bot_kinds()) known += (known.empty() ? "" : ", ") + k;
    throw UsageError("unknown bot '" + std::string(kind) + "'; expected one of: " + known);
}

}  // namespace cherries::host
