// Gametypes: the score change distribution, the winning score and house rules (GDD §3.3.1, §3.6).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.hpp"

namespace cherries {

/// House rules on the change in players (GDD §3.6). Before the first turn anyone may join
/// or leave; these say whether they still may once the game is in progress.
struct HouseRules {
    bool join_in_progress = true;
    bool leave_in_progress = true;
};

/// A gametype (GDD §3.3.1). The score change distribution (§3.3.1.1) is held as a dense table
/// for cherry counts 0 .. distribution.size()-1; beyond it the change is what
/// `distribution_function(cherries)` returns when the distribution is a function, else 0. A
/// plugin whose distribution is a function tabulates it at load (sdk/plugins/bundle).
struct Gametype {
    std::string id;
    std::string name;
    std::string version;
    std::vector<std::int64_t> distribution;   ///< score change for cherry count = index
    std::optional<FunctionId> distribution_function;  ///< a function distribution: the change past the table
    std::int64_t winning_score = 10;          ///< positive integer (GDD §3.3.1.2)
    HouseRules house_rules;
};

}  // namespace cherries
