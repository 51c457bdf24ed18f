// The expert bot: determinized Monte Carlo search over the give decision. It never sees the
// deck order: it samples orders of the unseen cards with its own generator (host/bots/rollout).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/random.hpp"
#include "host/bots/bot.hpp"
#include "host/bots/rollout.hpp"

namespace cherries::host {

/// How hard the expert thinks.
struct ExpertSettings {
    /// Deck orders sampled per decision (`--think N`); each is played out once for every
    /// candidate receiver (common random numbers: the candidates are compared on the same decks).
    std::uint32_t samples = 128;
    /// Turns a rollout plays after the give before the table is judged by expert_leaf_value;
    /// 0: 2 × players + 1, so the rollout ends after the bot's second next turn (its score
    /// changes count). At 32 samples a round less was as good; at 128 the longer one is better.
    std::uint32_t horizon = 0;
};

/// Decides a give by Monte Carlo over imagined deck orders:
/// 1. a give that wins now is taken, and gives that make another player win now are dropped
///    (the greedy bot's one-turn plan, exact: no hidden card matters);
/// 2. for each of `samples` deck orders drawn from unseen_cards() with the bot's generator, every
///    remaining candidate receiver is tried: the give, then `horizon` turns of greedy players
///    (Rollout), then expert_leaf_value. The bot leaves greedy's choice only for the receiver
///    with the highest mean gain over it, and only when that gain, paired over the same deck
///    orders, is more than one standard error above 0: with few samples, noise would otherwise
///    make it a near-random player. Every 32 samples, a receiver whose mean is 3 standard
///    errors below the best one's (paired) is dropped from the search, to save time.
/// The rollouts ask modifier and distribution functions through a MemoEvaluator (one plugin
/// call per function and argument per decision). Deterministic for a seed; the generator
/// advances one draw per decision that searches (the order of the strata) and one per sample.
class ExpertBot final : public Bot {
public:
    explicit ExpertBot(std::uint64_t seed, ExpertSettings settings = {}) : generator_(seed), settings_(settings) {}
    PlayerId choose_receiver(const PlayerView& view) override;
    std::uint64_t state() const override { return generator_.state(); }
    void restore(std::uint64_t state) override { generator_ = SplitMix64(state); }

    /// The mean rollout value of each receiver at the last decision, by turn-order index; -1 for a
    /// receiver that was not searched (decided by step 1). For tests and the benchmark.
    const std::vector<double>& last_values() const { return values_; }

private:
    SplitMix64 generator_;
    ExpertSettings settings_;
    std::vector<double> values_;
    std::vector<double> leaf_;  // this sample's value per receiver
    std::vector<CardId> pool_, picks_;  // a sample's deck being built
    ImaginedTable base_, scratch_;  // kept between decisions: their buffers are reused
};

/// The expected end-of-turn score change, by cherry count (0 to the distribution's size + 3), of a
/// player who starts a turn there and draws one of `unseen`: they keep a cherry card that ends
/// on a better count and give anything else away (modifiers are left out). Under the official
/// gametype: 1 at 5 cherries, at 4 the share of +1 cherry cards, and so on.
std::vector<double> expected_changes(const Catalog& catalog, const Gametype& gametype,
                                     const std::vector<CardId>& unseen);

/// How good `table` is for players[me], in [0, 1]: 1 won, 0 lost, 1/K ended without a winner;
/// else a softmax over the players' progress (score plus half the expected score change of
/// their cherry count, `expected` from expected_changes, over the winning score).
double expert_leaf_value(const ImaginedTable& table, std::size_t me, const Gametype& gametype,
                         const std::vector<double>& expected);

}  // namespace cherries::host
