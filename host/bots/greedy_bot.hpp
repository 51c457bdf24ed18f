// The greedy bot: looks one turn ahead with the engine's own turn plan and takes the best give.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/random.hpp"
#include "host/bots/bot.hpp"

namespace cherries::host {

/// How the greedy bot rates one give, compared lexicographically (greater is better).
struct GreedyRating {
    int outcome = 0;                ///< 1: this bot wins; 0: nobody wins; -1: another player wins
    std::int64_t lead = 0;          ///< own score − best opponent score, after the turn
    std::int64_t cherry_value = 0;  ///< own cherry value − opponents' cherry values, after the turn
    int keep = 0;                   ///< 1 when the card is kept

    auto operator<=>(const GreedyRating&) const = default;
};

/// For every possible receiver, plans the turn with PlayerView::plan (the real modifier
/// functions, nothing committed) and gives to the best-rated one (GreedyRating). Equal ratings
/// are broken uniformly at random with the bot's own generator (SplitMix64, seeded at
/// construction), never by seat: a tie-break by turn order hands the first seats most of the
/// cards that hurt nobody else and biases every seat figure of a simulation. A plan that faults
/// rates as the table as it is now (GDD §3.5: the card is removed and nothing else changes).
/// Deterministic for a seed; the generator advances one draw per tied receiver.
class GreedyBot final : public Bot {
public:
    explicit GreedyBot(std::uint64_t seed = 0) : generator_(seed) {}
    PlayerId choose_receiver(const PlayerView& view) override;
    std::uint64_t state() const override { return generator_.state(); }
    void restore(std::uint64_t state) override { generator_ = SplitMix64(state); }
    bool reseed(std::uint64_t seed) override {
        generator_ = SplitMix64(seed);  // as the constructor; the cache depends on the gametype only
        return true;
    }

    /// Rates giving the drawn card to `receiver` for the player whose turn it is.
    GreedyRating rate(const PlayerView& view, PlayerId receiver);

    /// Rates `plan` (a give to `receiver` by `me`) against `players` as they are before it: the
    /// same rating as rate(), for tables a bot imagines (the expert's rollouts).
    GreedyRating rate_plan(const Gametype& gametype, std::span<const Player> players, PlayerId me,
                           PlayerId receiver, const TurnPlan& plan);

    /// How good holding `cherries` is under `gametype`'s distribution (greater is better): the
    /// score change it gives at the end of a turn, then nearness to the closest cherry count
    /// that scores (counts past the distribution's table count as scoring 0).
    static std::int64_t cherry_value(const Gametype& gametype, std::int64_t cherries);

    /// Uniform integer in [0, bound), bound >= 1, from the bot's generator (for tie-breaks).
    std::uint64_t below(std::uint64_t bound) { return uniform_below(generator_, bound); }

private:
    std::int64_t cached_value(const Gametype& gametype, std::int64_t cherries);

    SplitMix64 generator_;
    const Gametype* gametype_ = nullptr;  // whose values are cached
    std::vector<std::int64_t> values_;    // cherry_value by cherry count, for the table's range
};

}  // namespace cherries::host
