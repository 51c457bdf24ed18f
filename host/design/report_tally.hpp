// The balance report's raw numbers for one configuration (player count × bot): integer
// counts only, so tallies of disjoint games add up exactly, in any order (threads, shards).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/sim.hpp"
#include "host/design/report_causal.hpp"
#include "host/design/report_decisions.hpp"
#include "host/design/report_play.hpp"

namespace cherries::host {

/// How a give went (GDD §3.4.2.3.2), judged by the scores when the card is given.
enum class GiveTarget : std::uint8_t {
    kept,    ///< the drawer kept the card
    leader,  ///< to a player with the highest score (not everyone tied)
    last,    ///< to a player with the lowest score (not everyone tied)
    other,   ///< to anyone else (or everyone tied)
};
inline constexpr std::size_t kGiveTargets = 4;

/// Per turn, the players' cherry counts and scores after the turn are summed over every player
/// of every game still going; turns past this many are not followed.
inline constexpr std::uint32_t kFollowedTurns = 1000;

/// Counts for one configuration. Games are grouped into `blocks` blocks by index (block b holds games
/// [b G / blocks, (b + 1) G / blocks), rounded down) for the block bootstrap of card impacts (docs/report.md).
struct ReportTally {
    std::uint32_t players = 0;
    std::string bot;
    std::size_t kinds = 0;   ///< card kinds in the catalog
    std::uint32_t blocks = 0;

    std::uint64_t games = 0, unfinished = 0, no_winner = 0;
    std::vector<std::uint64_t> wins;               ///< per seat
    std::map<std::uint32_t, std::uint64_t> length;  ///< turns -> games that lasted that long
    /// Per turn t (index t - 1): player-turns counted, and sums of cherries, cherries², score, score².
    std::vector<std::uint64_t> turn_n, cherries_sum, cherries_sq, score_sum, score_sq;
    std::vector<std::array<std::uint64_t, kGiveTargets>> gives;  ///< per kind
    /// Per block and seat ([block * players + seat]): games, and games that seat won.
    std::vector<std::uint64_t> seat_games, seat_wins;
    /// Per block, seat and kind ([(block * players + seat) * kinds + kind]): games in which the seat
    /// received at least one copy of the kind, and of those, games it won.
    std::vector<std::uint64_t> received, received_wins;
    /// The causal card strength's forks (report_causal.hpp), per kind.
    CausalTally causal;
    /// How the game plays: leads, drama, decisiveness (report_play.hpp), and decisions that matter
    /// (report_decisions.hpp).
    PlayTally play;
    DecisionTally decisions;

    /// An empty tally.
    ReportTally(std::uint32_t players, std::string bot, std::size_t kinds, std::uint32_t blocks);
    ReportTally() = default;

    /// Adds `other` (same configuration and sizes). Throws std::invalid_argument if they differ.
    void add(const ReportTally& other);

    /// As JSON (plain integer arrays) and back. from_json throws InputError "WHERE: ..." when a
    /// field is missing or has the wrong size.
    nlohmann::json to_json() const;
    static ReportTally from_json(const nlohmann::json& j, const std::string& where);
};

/// The block of game `index` out of `games` split into `blocks` blocks (see ReportTally).
std::uint32_t report_block(std::uint64_t index, std::uint64_t games, std::uint32_t blocks);

/// Collects one worker's games into a ReportTally: the sim observer (play_sim_game) plus the
/// game's outcome.
class ReportCollector final : public SimObserver {
public:
    /// `forks`, when given, forks sampled gives for the causal card strength (into tally.causal);
    /// `decisions` samples decisions that matter (into tally.decisions). The caller starts each
    /// game with forks->begin_game(seed) and decisions->begin_game(seed).
    explicit ReportCollector(ReportTally& tally, CausalForks* forks = nullptr, DecisionForks* decisions = nullptr)
        : tally_(tally), forks_(forks), decisions_(decisions) {}
    void begin_game(const Game& game) override;
    void decided(const Game& game, PlayerId receiver, const Session& session) override;
    void on_event(const Event& event) override;
    void after_turn(const Game& game) override;
    /// The game just played, game `index` of `total`, ended as `result`.
    void end_game(const SimGame& result, std::uint64_t index, std::uint64_t total);

private:
    ReportTally& tally_;
    CausalForks* forks_ = nullptr;
    DecisionForks* decisions_ = nullptr;
    LeadTracker lead_;
    const Game* game_ = nullptr;
    std::vector<std::uint8_t> got_;  // [seat * kinds + kind]: received at least one copy this game
};

}  // namespace cherries::host
