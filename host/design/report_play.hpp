// How the game plays, for the balance report (docs/report.md, "How the game plays"): per game,
// the changes of the lead, how far behind the eventual winner was at their worst (drama), from
// which share of the game the winner led for good (decisiveness), and the length; and the skill
// gap, one strong bot among weaker ones. Integer sums only, so tallies of disjoint games add up
// exactly (threads, shards).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cherries {
class Game;
}

namespace cherries::host {

/// Sums of one per-game number x for its mean and a 95% interval: n, Σx, Σx².
struct MomentSums {
    std::uint64_t n = 0;
    std::int64_t sum = 0;
    std::uint64_t sq = 0;

    void add(std::int64_t x);
    void add(const MomentSums& other);
    double mean() const;  ///< 0 without values
    /// mean ± 1.96 s/√n (s the sample standard deviation); {mean, mean} with fewer than two values.
    std::pair<double, double> ci95() const;
    double sd() const;  ///< the sample standard deviation (0 with fewer than two values)
    nlohmann::json to_json() const;                           ///< [n, sum, sq]
    static MomentSums from_json(const nlohmann::json& j);  ///< throws std::invalid_argument
};

/// Decisiveness is kept in millionths of the game.
inline constexpr std::int64_t kShareScale = 1'000'000;
/// Per-game means of points (DramaAverage, ScoreDifferenceAverage) are kept in thousandths, so
/// their squares add up over millions of games without overflow.
inline constexpr std::int64_t kPointScale = 1'000;

/// One configuration's per-game sums, over the games with a winner.
struct PlayTally {
    MomentSums lead_changes;  ///< times the sole leader changed to another player
    MomentSums drama;         ///< the winner's worst deficit to the highest score, in points
    MomentSums decided;       ///< the turn from which the winner led for good, over the game's turns (×kShareScale)
    // Ludii's metrics (docs/report.md, "Under their field's names"), per game, on the scores:
    MomentSums drama_average;  ///< DramaAverage: the winner's mean deficit to the highest score after each turn (×kPointScale; games with a winner)
    MomentSums lead_change;    ///< LeadChange: lead changes over the game's turns (×kShareScale; every game)
    MomentSums score_difference_average;  ///< ScoreDifferenceAverage: the mean of (highest − lowest score) over the states (×kPointScale; every game)
    MomentSums score_difference_max;      ///< ScoreDifferenceMax: its largest value (points; every game)
    MomentSums score_difference_changes;  ///< ScoreDifferenceChangeNumTimes: its changes of direction over the turns (×kShareScale; every game)
    MomentSums decision_moves;  ///< DecisionMoves: the turns whose drawer had more than one receiver to choose, over the turns (×kShareScale; every game)

    void add(const PlayTally& other);
    nlohmann::json to_json() const;
    /// Reads to_json(); throws InputError "WHERE: ..." when malformed.
    static PlayTally from_json(const nlohmann::json& j, const std::string& where);
};

/// Follows one game's scores turn by turn for a PlayTally.
class LeadTracker {
public:
    void begin(std::size_t players);
    /// After turn `game.turn()`; players are seats 0..K-1 (a simulation).
    void after_turn(const Game& game);
    /// After turn `turn`: `scores[s]` is seat s's score, every seat playing (so the drawer had
    /// `scores.size()` receivers to choose from). after_turn(Game) calls it; tests feed it by hand.
    void after_scores(const std::vector<std::int64_t>& scores, std::uint32_t turn);
    /// The game ended after `turns` turns; `winner` is the winning seat or -1 (then only the
    /// figures of every game are counted: LeadChange, the score differences, DecisionMoves).
    void end(std::int32_t winner, std::uint32_t turns, PlayTally& into) const;

private:
    std::vector<std::int64_t> worst_;       // per seat: the largest deficit to the highest score
    std::vector<std::uint32_t> not_ahead_;  // per seat: the last turn it was not the sole leader
    std::int32_t leader_ = -1;              // the last sole leader, or -1
    std::uint64_t changes_ = 0;
    std::vector<std::int64_t> behind_;      // per seat: the sum of its deficits to the highest score
    std::uint64_t states_ = 0;              // turns seen
    std::uint64_t choices_ = 0;             // turns with more than one receiver
    std::int64_t gap_sum_ = 0, gap_max_ = 0, gap_last_ = 0;  // highest − lowest score (0 at the start)
    int direction_ = 0;                     // of the last change of the gap: 1, −1 or 0 (none)
    std::uint64_t gap_changes_ = 0;        // its changes of direction (Ludii's ChangeNumTimes)
};

/// The skill gap of one player count: one `strong` bot among `weak` ones, its seat turning with the
/// game index (game i: seat i mod players), so that no seat's advantage counts as skill.
struct SkillTally {
    std::uint32_t players = 0;
    std::string strong, weak;
    std::uint64_t games = 0, decided = 0, strong_wins = 0;

    void add(const SkillTally& other);  ///< throws std::invalid_argument for another pairing
    nlohmann::json to_json() const;
    static SkillTally from_json(const nlohmann::json& j, const std::string& where);  ///< throws InputError
};

/// The "how the game plays" figures of one configuration (report_json's "configurations" entry
/// `c`, with its tally's `play`): first player and seat advantages, lead changes, drama,
/// decisiveness, length and its spread, each {"value", "ci95"} (shares 0..1, turns or points).
nlohmann::json play_json(const nlohmann::json& c, const PlayTally& play);

/// One skill pairing as JSON: the strong bot's win share, the fair share, and the gap with its 95%
/// interval (Wilson).
nlohmann::json skill_json(const SkillTally& s);

}  // namespace cherries::host
