#include "host/bot.hpp"
#include "host/text.hpp"

#include <memory>

#include "host/bots/greedy_bot.hpp"
#include "host/bots/random_bot.hpp"
#include "host/usage_error.hpp"

namespace cherries::host {

std::vector<std::string> bot_kinds() { return {"random", "greedy"}; }

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed) {
    if (kind == "random") return std::make_unique<RandomBot>(seed);
    if (kind == "greedy") return std::make_unique<GreedyBot>();
    std::string known;
    for (const auto& k : bot_kinds()) known += (known.empty() ? "" : ", ") + k;
    throw UsageError("unknown bot '" + excerpt(kind) + "'; expected one of: " + known);
}

}  // namespace cherries::host
