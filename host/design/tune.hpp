// `cherries tune` (docs/tune.md): searches for variants of a set and gametype (card counts,
// lifetimes, the winning score, a distribution value) that meet a designer's targets, with NTBEA
// (ntbea.hpp) over variants each played on the same seeds (paired with the set as it is), then
// plays the best again with more games and says how far each meets each target.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/bots/bot.hpp"
#include "host/design/ntbea.hpp"
#include "host/design/tune_targets.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// How much to play. Every variant plays games 0..games-1 of `seed` (sim_game_seed) at each of the
/// tune file's player counts: the same seeds for all, so their figures differ by the variant, not by luck.
struct TuneOptions {
    std::uint64_t games = 200;         ///< per player count, each variant the search tries
    std::uint64_t final_games = 1000;  ///< per player count, the best variants and the set as it is, again
    std::uint32_t evaluations = 60;    ///< variants the search plays (over all shards)
    std::uint32_t top = 5;             ///< best variants shown
    std::uint64_t seed = 1;
    unsigned jobs = 1;
    std::uint32_t max_turns = 10000;
    BotSettings bot_settings;
    std::uint32_t fork_every = 8;       ///< card forks (by rarity), with a card_effect target
    std::uint32_t decision_every = 40;  ///< sampled decisions, with a decisions target
    std::uint32_t shard = 1, shards = 1;  ///< this shard runs its own search of its share of `evaluations`
    std::vector<std::string> plugin_path;  ///< as given (--plugin-path), for the reproduce commands
    NtbeaSettings search;
    /// Each play of a variant (search, final, confirmation) stops after this many seconds and is
    /// reported as stopped, not played (0: no limit). Its game budget is `games` (or final_games).
    double variant_seconds = 300;
    /// The best variants that meet every target in the final games are played again on fresh
    /// seeds (master seed tune_confirm_seed(seed)): confirm_games games per player count, and with
    /// a card_effect target until every card's handling interval is within ± confirm_precision (a
    /// share; 0: exactly confirm_games), at most 20 × confirm_games. 0 games: no confirmation.
    std::uint64_t confirm_games = 1000;
    double confirm_precision = 0.03;
};

/// The master seed of the confirmation games: a hash of `seed`, so they share no game with the
/// search's or the final games (sim_game_seed: two master seeds share no game).
std::uint64_t tune_confirm_seed(std::uint64_t seed);

/// Called after each variant the search plays: evaluations done (this shard), its budget, the
/// variant's label ("" for the set as it is), its fitness, and the best fitness so far.
using TuneProgress = std::function<void(std::uint32_t done, std::uint32_t budget, const std::string& label,
                                        double fitness, double best)>;

/// Checks `options` (games >= 1, final_games >= games, evaluations >= 1, top >= 1, shard in
/// range, jobs 1..kMaxJobs). Throws InputError.
void check_tune_options(const TuneOptions& options);

/// Runs the search and the final games. Returns format "cherries-tune" (or "cherries-tune-part" with
/// shards): "setup" (plugins with fingerprints, the tune file's content, the options), "evaluated",
/// "seconds", "baseline" and "best" (variants, best first): each with "label" (the report flags),
/// "changes", "notes" (edits no flag makes), "fitness", "met", "targets" (TargetCheck), per player
/// count "configurations" (median and mean turns, unfinished share, and "paired": the paired
/// differences from the set as it is) and "reproduce" (a `cherries report` command); a variant that met
/// every target has "confirmation" (its figures on fresh seeds: "seed", "games", "met", "targets",
/// "fitness", "reproduce", or "problem" when it was stopped) and "confirmed" (every target met there
/// too). "stopped" lists the variants the time budget stopped. Throws InputError for a card,
/// lifetime or distribution entry the plugins do not have.
nlohmann::json run_tune(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& options,
                        const TuneProgress& progress = {});

/// Merges the parts of a sharded tune (read_parts: the same setup, shards 1..N once each): the best
/// variants of all, best first, the evaluations and seconds summed. Throws InputError.
nlohmann::json merge_tune_parts(const std::vector<std::string>& files);

/// The result as text for the terminal: the targets, the set as it is, each best variant with how
/// far it meets each target, its paired figures and the command that reproduces it (tune_text.cpp).
std::string tune_text(const nlohmann::json& result);

}  // namespace cherries::host
