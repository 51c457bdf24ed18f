#include "host/bots/expert_bot.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "host/bots/memo_evaluator.hpp"

namespace cherries::host {

namespace {

// Softmax sharpness of the leaf value: a lead of a whole winning score is worth e^6 to 1.
constexpr double kSharpness = 6.0;
// A cherry count that scores now counts half its score change: it is likely, not sure, to score.
constexpr double kScoringCount = 0.5;
// How many standard errors a receiver's mean gain over greedy's choice must clear.
constexpr double kConfidence = 1.0;
// Every kPruneEvery samples, a receiver whose mean is kPrune standard errors below the leader's
// (paired over the same decks) is searched no further: it would not be chosen, and its rollouts
// are most of a decision's time.
constexpr std::uint32_t kPruneEvery = 32;
constexpr double kPrune = 3.0;

// Draws at the top of every imagined deck that are stratified over the samples (see below).
constexpr std::size_t kStrata = 4;

double progress(const Player& p, const Gametype& gametype, const std::vector<double>& expected) {
    const double win = static_cast<double>(gametype.winning_score);
    double change = 0;
    if (p.cherries >= 0 && p.cherries < static_cast<std::int64_t>(expected.size()))
        change = expected[static_cast<std::size_t>(p.cherries)];
    return (std::min(static_cast<double>(p.score), win) + kScoringCount * change) / win;
}

double table_at(const Gametype& gametype, std::int64_t c) {
    const auto& table = gametype.distribution;
    const double win = static_cast<double>(gametype.winning_score);
    if (c < 0) c = 0;
    if (c >= static_cast<std::int64_t>(table.size())) return 0;
    return std::clamp(static_cast<double>(table[static_cast<std::size_t>(c)]), -win, win);
}

std::size_t index_of(const std::vector<Player>& players, PlayerId id) {
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].id == id) return i;
    return 0;
}

// Drops from `candidates` every receiver other than `prior` (greedy's choice, the reference of
// the final rule) whose mean value is below the leader's by more than kPrune standard errors of
// their paired difference over the `samples` deck orders so far (`pairs[a * n + b]`: the sum of
// squared differences of a's and b's values).
void prune(std::vector<std::size_t>& candidates, std::size_t prior, const std::vector<double>& sums,
           const std::vector<double>& pairs, std::uint32_t samples) {
    const std::size_t n = sums.size();
    const double k = samples;
    std::size_t leader = candidates.front();
    for (std::size_t r : candidates)
        if (sums[r] > sums[leader]) leader = r;
    std::erase_if(candidates, [&](std::size_t r) {
        if (r == leader || r == prior) return false;
        const double gap = (sums[leader] - sums[r]) / k;
        const double variance = std::max(0.0, pairs[leader * n + r] / k - gap * gap);
        return gap > kPrune * std::sqrt(variance / k);
    });
}

}  // namespace

std::vector<double> expected_changes(const Catalog& catalog, const Gametype& gametype,
                                     const std::vector<CardId>& unseen) {
    const std::size_t size = gametype.distribution.size() + 4;
    std::vector<double> expected_change(size, 0.0);
    if (unseen.empty()) {
        for (std::size_t c = 0; c < size; ++c) expected_change[c] = table_at(gametype, static_cast<std::int64_t>(c));
        return expected_change;
    }
    for (std::size_t c = 0; c < size; ++c) {
        const auto count = static_cast<std::int64_t>(c);
        const double away = table_at(gametype, count);
        double sum = 0;
        for (CardId card : unseen) {
            const CardKind& kind = catalog.kind_of(card);
            double best = away;
            if (kind.type == CardType::cherry) best = std::max(best, table_at(gametype, count + kind.change));
            sum += best;
        }
        expected_change[c] = sum / static_cast<double>(unseen.size());
    }
    return expected_change;
}

double expert_leaf_value(const ImaginedTable& table, std::size_t me, const Gametype& gametype,
                         const std::vector<double>& expected) {
    const std::size_t n = table.players.size();
    if (table.over) {
        if (table.winner == SIZE_MAX) return 1.0 / static_cast<double>(n);
        return table.winner == me ? 1.0 : 0.0;
    }
    const double own = progress(table.players[me], gametype, expected);
    double sum = 0;
    for (const Player& p : table.players) sum += std::exp(kSharpness * (progress(p, gametype, expected) - own));
    return 1.0 / sum;  // exp(own) / sum of exp(each), shifted by own for range
}

PlayerId ExpertBot::choose_receiver(const PlayerView& view) {
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
    {  // greedy's choice among equally rated receivers: uniform from the bot's generator, not by seat
        std::size_t tied = 1;
        while (tied < candidates.size() && ratings[candidates[tied]] == ratings[candidates.front()]) ++tied;
        if (tied > 1) std::swap(candidates[0], candidates[static_cast<std::size_t>(uniform_below(generator_, tied))]);
    }
    if (ratings[candidates.front()].outcome == 1) return players[candidates.front()].id;
    std::erase_if(candidates, [&](std::size_t r) { return ratings[r].outcome == -1; });
    if (candidates.empty()) return players[uniform_below(generator_, n)].id;  // every give hands someone the win
    if (candidates.size() == 1 || settings_.samples == 0) return players[candidates.front()].id;

    // Step 2: Monte Carlo over deck orders of the unseen cards.
    base_.players = players;
    base_.next = index_of(players, me);
    base_.drawn = view.drawn_card();
    base_.winner = SIZE_MAX;
    base_.over = false;
    base_.turns = 0;
    const std::vector<CardId> unseen = unseen_cards(view);
    const std::vector<double> expected = expected_changes(view.catalog(), view.gametype(), unseen);
    // Stratified sampling of the next kStrata draws (a Latin hypercube over the samples): the
    // j-th draw of sample s comes from stratum strata[j][s] of the cards left, sorted by id, so
    // every kind is drawn about in proportion to its count. Less noise than plain shuffles.
    std::vector<std::vector<std::uint32_t>> strata(kStrata);
    {
        SplitMix64 order(generator_());
        for (auto& perm : strata) {
            perm.resize(settings_.samples);
            std::iota(perm.begin(), perm.end(), 0u);
            for (std::size_t i = perm.size(); i > 1; --i)
                std::swap(perm[i - 1], perm[static_cast<std::size_t>(uniform_below(order, i))]);
        }
    }
    MemoEvaluator memo(view.evaluator());  // rollouts ask the same few functions thousands of times
    Rollout rollout(view.catalog(), view.gametype(), memo);
    std::vector<double> sums(n, 0.0), squares(n, 0.0), pairs(n * n, 0.0);
    std::vector<std::uint32_t> counts(n, 0);
    const std::vector<std::size_t> searched = candidates;
    const std::size_t prior = candidates.front();  // greedy's choice
    const std::uint32_t horizon = settings_.horizon ? settings_.horizon : static_cast<std::uint32_t>(2 * n + 1);
    for (std::uint32_t s = 0; s < settings_.samples; ++s) {
        const std::uint64_t sample_seed = generator_();
        SplitMix64 deal(sample_seed);
        // The first kStrata draws by stratum of the cards left (kept sorted by id), the rest shuffled.
        pool_ = unseen;
        picks_.clear();
        for (std::size_t j = 0; j < strata.size() && !pool_.empty(); ++j) {
            const std::size_t left = pool_.size();
            const double at = (strata[j][s] + 0.5) * static_cast<double>(left) / settings_.samples;
            const auto pick = std::min(left - 1, static_cast<std::size_t>(at));
            picks_.push_back(pool_[pick]);
            pool_.erase(pool_.begin() + static_cast<std::ptrdiff_t>(pick));
        }
        for (std::size_t i = pool_.size(); i > 1; --i)
            std::swap(pool_[i - 1], pool_[static_cast<std::size_t>(uniform_below(deal, i))]);
        base_.deck = pool_;
        base_.deck.insert(base_.deck.end(), picks_.rbegin(), picks_.rend());  // back() is the top
        for (std::size_t r : candidates) {
            scratch_.players = base_.players;  // assignment reuses the buffers
            scratch_.deck = base_.deck;
            scratch_.next = base_.next;
            scratch_.drawn = base_.drawn;
            scratch_.winner = SIZE_MAX;
            scratch_.over = false;
            scratch_.turns = 0;
            SplitMix64 play(mix_seed(sample_seed));  // the same renewals for every candidate
            rollout.seed_ties(mix_seed(sample_seed ^ 0x7469657300000000ULL));  // and the same tie-breaks
            rollout.give(scratch_, r, play);
            rollout.play(scratch_, horizon, play);
            leaf_[r] = expert_leaf_value(scratch_, base_.next, view.gametype(), expected);
        }
        for (std::size_t r : candidates) {
            sums[r] += leaf_[r];
            ++counts[r];
            squares[r] += (leaf_[r] - leaf_[prior]) * (leaf_[r] - leaf_[prior]);
            for (std::size_t q : candidates) pairs[r * n + q] += (leaf_[r] - leaf_[q]) * (leaf_[r] - leaf_[q]);
        }
        if ((s + 1) % kPruneEvery == 0 && s + 1 < settings_.samples && candidates.size() > 1)
            prune(candidates, prior, sums, pairs, s + 1);
    }
    std::size_t best = prior;
    double best_gain = 0;
    for (std::size_t r : searched) values_[r] = sums[r] / counts[r];
    const double k = settings_.samples;
    for (std::size_t r : candidates) {
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
