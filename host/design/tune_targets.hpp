// `cherries tune`'s file (docs/tune.md): what a designer wants of the game (targets) and what
// the search may change (dimensions), read from TOML; and how far one variant's figures are from
// each target.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// The targets; each is optional (at least one is required). Shares are 0..1.
struct TuneTargets {
    std::optional<std::pair<double, double>> length;  ///< median game length in turns, low..high
    std::optional<double> seat_margin;                ///< every seat's win share within fair ± this
    std::optional<double> card_effect;                ///< no card's handling effect beyond ± this
    std::optional<double> decisions;                  ///< at least this share of sampled decisions matter
};

/// One thing the search may change, over the whole values low..high.
struct TuneDimension {
    /// Which value of the plugins it changes.
    enum class Value { count, lifetime, winning_score, distribution };
    Value value = Value::count;
    std::string card;           ///< count and lifetime: the card id as written
    std::int64_t cherries = 0;  ///< distribution: the cherry count whose score change varies
    std::int64_t low = 0, high = 0;

    std::uint32_t size() const { return static_cast<std::uint32_t>(high - low + 1); }
    /// "count of minus-five", "winning score", "score change at 5 cherries".
    std::string name() const;
};

/// A tune file: the player counts and bot each variant is played with, the targets, the dimensions.
struct TuneSpec {
    std::vector<std::uint32_t> players{3, 4};
    std::string bot = "strategic";
    TuneTargets targets;
    std::vector<TuneDimension> dimensions;
    nlohmann::json to_json() const;  ///< for the setup of the output and the parts
};

/// Reads a tune file (docs/tune.md): [play] players, bot; [targets] length = [LOW, HIGH] (turns),
/// seat_margin (points), card_effect (points), decisions (percent); [vary] winning_score = [LOW,
/// HIGH] and the tables count, lifetime (CARD = [LOW, HIGH]) and distribution ("CHERRIES" =
/// [LOW, HIGH]). The cards are checked against the plugins later (tune.hpp). Throws
/// sdk::LoadError with every problem at its file:line:column.
TuneSpec read_tune_file(const std::filesystem::path& file);
/// The same from the file's text; `shown` names it in messages.
TuneSpec parse_tune_file(const std::string& text, const std::string& shown);

/// How one target fares for one variant (the worst over its player counts, seats or cards).
struct TargetCheck {
    std::string target;  ///< "length", "seat_margin", "card_effect", "decisions"
    std::string wanted;  ///< "median 40 to 80 turns", "every seat within fair ± 5 points", ...
    std::string got;     ///< "median 212 turns (4 players)", "seat 1 +7.2 points (3 players)", ...
    bool met = false;
    /// How far from met, 0 when met, growing towards 1 with the shortfall: s / (1 + s), s the
    /// shortfall divided by the target's own size (the range's middle, the margin, the bound, the share).
    double miss = 0;
};

/// Checks `targets` on one variant's report (report_stats.hpp: report_json with one bot). A target
/// the report could not measure at some player count (no finished card fork for card_effect, no
/// sampled decision for decisions) is missed with the worst miss (1) and says so in `got`: never
/// an error, so one such variant cannot end a search.
std::vector<TargetCheck> check_targets(const TuneTargets& targets, const nlohmann::json& report);

/// The fitness NTBEA maximises: minus the mean miss, from -1 (every target far off) to 0 (all met).
double tune_fitness(const std::vector<TargetCheck>& checks);

}  // namespace cherries::host
