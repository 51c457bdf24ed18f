#include "host/bots/greedy_bot.hpp"

#include <algorithm>

namespace cherries::host {

namespace {

// Distribution values are clamped before they are summed over players and scaled, so no
// gametype (changes up to ±(2^53 - 1)) can overflow a rating.
constexpr std::int64_t kValueLimit = std::int64_t{1} << 40;
// Nearness counts for less than one point of score change: value = change * kScale - distance.
constexpr std::int64_t kScale = 1 << 12;
constexpr std::int64_t kMaxDistance = kScale - 1;

std::int64_t table_change(const std::vector<std::int64_t>& table, std::int64_t cherries) {
    if (cherries < 0 || cherries >= static_cast<std::int64_t>(table.size())) return 0;
    return std::clamp(table[static_cast<std::size_t>(cherries)], -kValueLimit, kValueLimit);
}

}  // namespace

std::int64_t GreedyBot::cherry_value(const Gametype& gametype, std::int64_t cherries) {
    const auto& table = gametype.distribution;
    std::int64_t distance = 0;  // to the nearest cherry count that scores; 0 when none does
    bool found = false;
    for (std::size_t c = 0; c < table.size(); ++c) {
        if (table[c] <= 0) continue;
        const std::int64_t d = cherries > static_cast<std::int64_t>(c) ? cherries - static_cast<std::int64_t>(c)
                                                                       : static_cast<std::int64_t>(c) - cherries;
        if (!found || d < distance) distance = d;
        found = true;
    }
    return table_change(table, cherries) * kScale - std::min(distance, kMaxDistance);
}

std::int64_t GreedyBot::cached_value(const Gametype& gametype, std::int64_t cherries) {
    if (gametype_ != &gametype) {  // first call, or a bot reused for another gametype
        gametype_ = &gametype;
        values_.resize(gametype.distribution.size() + 1);
        for (std::size_t c = 0; c < values_.size(); ++c)
            values_[c] = cherry_value(gametype, static_cast<std::int64_t>(c));
    }
    if (cherries >= 0 && cherries < static_cast<std::int64_t>(values_.size()))
        return values_[static_cast<std::size_t>(cherries)];
    return cherry_value(gametype, cherries);
}

GreedyRating GreedyBot::rate(const PlayerView& view, PlayerId receiver) {
    return rate_plan(view.gametype(), view.players(), view.current_player(), receiver, view.plan(receiver));
}

GreedyRating GreedyBot::rate_plan(const Gametype& gametype, std::span<const Player> players, PlayerId me,
                                  PlayerId receiver, const TurnPlan& plan) {
    GreedyRating rating;
    rating.keep = receiver == me ? 1 : 0;
    if (!plan.faulted) {
        if (plan.receiver_wins) {
            rating.outcome = receiver == me ? 1 : -1;
            return rating;
        }
        if (plan.player_wins) {
            rating.outcome = 1;
            return rating;
        }
    }
    // The table after the turn; a faulted plan changes nothing (GDD §3.5), so it is the table now.
    std::int64_t own_score = 0;
    std::int64_t best_opponent = 0;
    for (const Player& p : players) {
        std::int64_t cherries = p.cherries;
        std::int64_t score = p.score;
        if (!plan.faulted) {
            if (p.id == plan.receiver) {
                cherries = plan.receiver_cherries;
                score = plan.receiver_score;
            }
            if (p.id == me) {
                cherries = plan.end_cherries;
                score = plan.player_score;
            }
        }
        const std::int64_t value = cached_value(gametype, cherries);
        if (p.id == me) {
            own_score = score;
            rating.cherry_value += value;
        } else {
            best_opponent = std::max(best_opponent, score);
            rating.cherry_value -= value;
        }
    }
    rating.lead = own_score - best_opponent;
    return rating;
}

PlayerId GreedyBot::choose_receiver(const PlayerView& view) {
    PlayerId best = kNoPlayer;
    GreedyRating best_rating;
    std::uint64_t ties = 0;  // receivers rated best so far: each is kept with chance 1/ties
    for (const Player& p : view.players()) {
        const GreedyRating rating = rate(view, p.id);
        if (best == kNoPlayer || rating > best_rating) {
            best = p.id;
            best_rating = rating;
            ties = 1;
        } else if (rating == best_rating && below(++ties) == 0) {
            best = p.id;  // reservoir sampling: uniform over the equally rated receivers
        }
    }
    return best;
}

}  // namespace cherries::host
