// The strategic bot: one turn of look-ahead like greedy, but a modifier card is valued over its
// whole lifetime, from the cards the player has not seen (docs/bots.md, "strategic"). Fast: no
// rollouts, a few plans and sums per decision, the plugins' functions asked through a memo.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/random.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/memo_evaluator.hpp"

namespace cherries::host {

/// Rates every give by the table it leaves, in points: for each player, the score, plus the
/// expected end-of-turn score change of the cherry count (expected_changes over the unseen
/// cards), plus each held modifier's expected effect over the turns it has left:
/// - on the holder's end-of-turn score changes (GDD §3.4.2.3.4), one per turn it has left: the
///   distribution's change through the modifier's score function against the change itself, at
///   the count the holder is expected to hold (it draws an unseen card and keeps a cherry card
///   that ends on a better count, as expected_changes);
/// - on the cherry and score cards the holder receives (GDD §3.4.2.3.3): per round, each unseen
///   kind in proportion to its count (a player receives one card a round on average), the change
///   through the modifier's functions against the change itself.
/// The give rated best maximises own value − (0.7 × the best opponent's + 0.3 × the opponents'
/// mean); a give that wins now is taken, one that makes another player win now is last. Equal
/// ratings are broken uniformly with the bot's own generator (SplitMix64), never by seat.
/// Sees only what a player sees (PlayerView; never the deck order). Functions are asked through a
/// MemoEvaluator kept for the bot's life (they are Z → Z, GDD §3.3.2.1.1.3; a fault is never
/// remembered).
class StrategicBot final : public Bot {
public:
    explicit StrategicBot(std::uint64_t seed) : generator_(seed) {}
    PlayerId choose_receiver(const PlayerView& view) override;
    std::uint64_t state() const override { return generator_.state(); }
    void restore(std::uint64_t state) override { generator_ = SplitMix64(state); }

    /// The value in points of `player` (score, cherry count, modifiers) at the last decision's
    /// table; for tests. Call after choose_receiver with the same view.
    double value_of(const PlayerView& view, const Player& player);

private:
    void prepare(const PlayerView& view);
    double modifier_value(const Player& holder, CardId card, std::int32_t lifetime);
    double count_value(std::int64_t cherries) const;
    double distribution_at(std::int64_t cherries);

    SplitMix64 generator_;
    Evaluator* inner_ = nullptr;            // the evaluator the memo is for
    std::unique_ptr<MemoEvaluator> memo_;
    const Catalog* catalog_ = nullptr;
    const Gametype* gametype_ = nullptr;
    std::vector<std::uint32_t> copies_;     // by kind id: physical cards (once per catalog)
    std::vector<double> dist_;              // the distribution by cherry count, clamped (once per gametype)
    std::vector<std::uint32_t> unseen_;     // by kind id: unseen copies
    std::uint32_t unseen_total_ = 0;
    std::vector<KindId> live_kinds_;        // cherry and score kinds with unseen copies
    std::vector<double> expected_;          // expected end-of-turn change by cherry count
    // A modifier kind's value at a cherry count is lifetime × (first + rate): (first, rate)
    // by [kind * expected_.size() + cherries], valid when stamp_ == the decision's stamp.
    std::vector<double> first_, rate_;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t decision_ = 0;
};

}  // namespace cherries::host
