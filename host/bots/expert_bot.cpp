#include "host/bots/expert_bot.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cherries::host {

namespace {

// Softmax sharpness of the leaf value: a lead of a whole winning score is worth e^6 to 1.
constexpr double kSharpness = 6.0;
// A cherry count that scores now counts half its score change: it is likely, not sure, to score.
constexpr double kScoringCount = 0.5;
// How many standard errors a receiver's mean gain over greedy's choice must clear.
constexpr double kConfidence = 1.0;

double progress(const Player& p, const Gametype& gametype) {
    const auto& table = gametype.distribution;
    const double win = static_cast<double>(gametype.winning_score);
    double change = 0;
    if (p.cherries >= 0 && p.cherries < static_cast<std::int64_t>(table.size()))
        change = std::clamp(static_cast<double>(table[static_cast<std::size_t>(p.cherries)]), -win, win);
    return (std::min(static_cast<double>(p.score), win) + kScoringCount * change) / win;
}

std::size_t index_of(const std::vector<Player>& players, PlayerId id) {
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].id == id) return i;
    return 0;
}

}  // namespace

double expert_leaf_value(const ImaginedTable& table, std::size_t me, const Gametype& gametype) {
    const std::size_t n = table.players.size();
    if (table.over) {
        if (table.winner == SIZE_MAX) return 1.0 / static_cast<double>(n);
        return table.winner == me ? 1.0 : 0.0;
    }
    const double own = progress(table.players[me], gametype);
    double sum = 0;
    for (const Player& p : table.players) sum += std::exp(kSharpness * (progress(p, gametype) - own));
    return 1.0 / sum;  // exp(own) / sum of exp(each), shifted by own for range
}

PlayerId ExpertBot::choose_receiver(const TableView& view) {
    const auto& players = view.players();
    const std::size_t n = players.size();
    const PlayerId me = view.current_player();
    values_.assign(n, -1.0);
    leaf_.assign(n, 0.0);

    // Step 1: what one turn decides exactly, from the greedy bot's rating of each give.
    GreedyBot greedy;
    std::vector<GreedyRating> ratings(n);
    for (std::size_t r = 0; r < n; ++r) ratings[r] = greedy.rate(view, players[r].id);
    std::vector<std::size_t> candidates(n);
    std::iota(candidates.begin(), candidates.end(), std::size_t{0});
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](std::size_t a, std::size_t b) { return ratings[a] > ratings[b]; });
    if (ratings[candidates.front()].outcome == 1) return players[candidates.front()].id;
    std::erase_if(candidates, [&](std::size_t r) { return ratings[r].outcome == -1; });
    if (candidates.empty()) return players[0].id;  // every give hands someone the win
    if (candidates.size() == 1 || settings_.samples == 0) return players[candidates.front()].id;

    // Step 2: Monte Carlo over deck orders of the unseen cards.
    base_.players = players;
    base_.next = index_of(players, me);
    base_.drawn = view.drawn_card();
    base_.winner = SIZE_MAX;
    base_.over = false;
    base_.turns = 0;
    const std::vector<CardId> unseen = unseen_cards(view);
    Rollout rollout(view.catalog(), view.gametype(), view.evaluator());
    std::vector<double> sums(n, 0.0), squares(n, 0.0);
    const std::size_t prior = candidates.front();  // greedy's choice
    const std::uint32_t horizon = settings_.horizon ? settings_.horizon : static_cast<std::uint32_t>(n + 1);
    for (std::uint32_t s = 0; s < settings_.samples; ++s) {
        const std::uint64_t sample_seed = generator_();
        SplitMix64 deal(sample_seed);
        base_.deck = unseen;
        for (std::size_t i = base_.deck.size(); i > 1; --i)
            std::swap(base_.deck[i - 1], base_.deck[static_cast<std::size_t>(uniform_below(deal, i))]);
        for (std::size_t r : candidates) {
            scratch_.players = base_.players;  // assignment reuses the buffers
            scratch_.deck = base_.deck;
            scratch_.next = base_.next;
            scratch_.drawn = base_.drawn;
            scratch_.winner = SIZE_MAX;
            scratch_.over = false;
            scratch_.turns = 0;
            SplitMix64 play(mix_seed(sample_seed));  // the same renewals for every candidate
            rollout.give(scratch_, r, play);
            rollout.play(scratch_, horizon, play);
            leaf_[r] = expert_leaf_value(scratch_, base_.next, view.gametype());
        }
        for (std::size_t r : candidates) {
            sums[r] += leaf_[r];
            squares[r] += (leaf_[r] - leaf_[prior]) * (leaf_[r] - leaf_[prior]);
        }
    }
    std::size_t best = prior;
    double best_gain = 0;
    const double k = settings_.samples;
    for (std::size_t r : candidates) {
        values_[r] = sums[r] / k;
        // Paired over the same deck orders: leave greedy's choice only for a gain that is
        // kConfidence standard errors above 0 (noise otherwise makes a near-random player).
        const double gain = (sums[r] - sums[prior]) / k;
        const double variance = std::max(0.0, squares[r] / k - gain * gain);
        if (gain > kConfidence * std::sqrt(variance / k) && gain > best_gain) {
            best = r;
            best_gain = gain;
        }
    }
    return players[best].id;
}

}  // namespace cherries::host
