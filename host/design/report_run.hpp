// Plays the games of `cherries report`: every player count × bot, in parallel, into tallies.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/bots/bot.hpp"
#include "host/design/report_tally.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// What to play. Each configuration (player count, bot) plays `games` games with the same
/// seeds as `cherries sim --players P --bot B --seed S --games G` (game i: sim_game_seed(seed, i)).
struct ReportOptions {
    std::vector<std::uint32_t> players{2, 3, 4, 5};
    std::vector<std::string> bots{"random", "strategic"};  ///< every seat plays this kind, one kind at a time
    std::uint64_t games = 10000;                         ///< per configuration
    std::uint64_t seed = 1;
    unsigned jobs = 1;                                   ///< worker threads
    std::uint32_t max_turns = 10000;
    BotSettings bot_settings;
    std::uint32_t shard = 1, shards = 1;  ///< play only slice K of N (sim_shard_range)
    bool progress = false;                ///< draw a progress bar on stderr
    /// Causal card strength: fork one give in this many (docs/report.md); 0: no forks.
    std::uint32_t fork_every = kDefaultForkEvery;
    /// Also the association figures ("impact": who received a card and won), not causal.
    bool association = false;
    /// Keep every game's outcome (ReportData::games), for paired what-if comparisons.
    bool keep_games = false;
    /// Decisions that matter (report_decisions.hpp): sample one give in this many (0: none), and
    /// the spread in chance to win (a share of games) beyond which a decision matters.
    std::uint32_t decision_every = kDefaultDecisionEvery;
    double decision_threshold = kDefaultDecisionThreshold;
    /// The skill gap (report_play.hpp): with two or more bots, per player count and each bot after
    /// the first, `games` more games of one such bot among bots of the first kind.
    bool skill = true;
    /// Precision (docs/report.md): when > 0, after `games` games each configuration of the
    /// strongest bot plays more (in rounds, game indices continuing) until every card's handling
    /// effect interval in it is within ± this (a share: 0.03 = 3 points), or `max_games` per
    /// configuration or `max_seconds` (0: none) are spent; the other bots' configurations play
    /// `games`. Not with shards, --association or what-ifs.
    double precision = 0;
    std::uint64_t max_games = 1'000'000;
    double max_seconds = 0;
    /// Fork rare cards' gives more often (fork_rates, by_rarity).
    bool fork_by_rarity = false;
    /// With precision: after each round, each card kind's fork rate for the next is set from how
    /// far its interval is from the target, and a kind already within it is not forked
    /// (docs/report.md, "Precision"). The first round is forked as fork_by_rarity says.
    bool fork_by_need = false;
    /// A hard stop (tune's per-variant budget): a game about to start, or a fork about to be made,
    /// after this instant throws BudgetExceeded (report_causal.hpp). None by default.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// The games' tallies with what they were played with.
struct ReportData {
    /// The setup: plugins with fingerprints, sets, gametype, card ids and names, seed, games,
    /// players, bots, max_turns, think, blocks. Equal setups = tallies that add up.
    nlohmann::json setup;
    std::vector<ReportTally> tallies;  ///< players-major: tallies[p * bots + b]
    /// The skill games: players-major, skill[p * (bots - 1) + b - 1] for bot b among bot 0.
    std::vector<SkillTally> skill;
    /// With ReportOptions::keep_games: each configuration's games by index (as tallies).
    std::vector<std::vector<SimGame>> games;
    double seconds = 0;                ///< wall clock of the games
};

/// `cherries report`'s games per configuration without --precision, and the first round with the
/// default precision (docs/report.md, "Precision").
inline constexpr std::uint64_t kDefaultReportGames = 10000;
inline constexpr std::uint64_t kPrecisionFirstRound = 500;

/// The most bootstrap blocks (docs/report.md): min(games, this).
inline constexpr std::uint32_t kReportBlocks = 200;

/// Checks `options` (player counts 2..kMaxPlayers without repeats, known bots without repeats,
/// games >= 1, jobs 1..kMaxJobs, shard in range, a decision threshold from 0 to 1). Throws InputError.
void check_report_options(const ReportOptions& options);

/// Plays every configuration's games of the shard on `options.jobs` threads. Deterministic:
/// the tallies are integer sums, the same whatever thread plays which game. Throws InputError
/// for bad options; rethrows a worker's error.
ReportData run_report(const sdk::Bundle& bundle, const ReportOptions& options);

/// The report part of a sharded run (docs/cluster.md): format "cherries-report-part", shard,
/// setup, tallies.
nlohmann::json report_part(const ReportData& data, std::uint32_t shard, std::uint32_t shards);

/// Reads and adds up report parts (read_parts checks they belong together). Throws InputError.
ReportData merge_report_parts(const std::vector<std::string>& files);

}  // namespace cherries::host
