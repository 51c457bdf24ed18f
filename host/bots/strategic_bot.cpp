#include "host/bots/strategic_bot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cherries::host {

namespace {

// The opponents' part of a rating: the best opponent's value and their mean.
constexpr double kBestOpponent = 0.7;
constexpr double kMeanOpponent = 0.3;
// Ratings closer than this are equal (the tie-break decides).
constexpr double kTie = 1e-9;

}  // namespace

double StrategicBot::distribution_at(std::int64_t cherries) {
    if (cherries < 0) cherries = 0;
    if (cherries < static_cast<std::int64_t>(dist_.size())) return dist_[static_cast<std::size_t>(cherries)];
    const double win = static_cast<double>(gametype_->winning_score);
    std::int64_t change = 0;
    if (gametype_->distribution_function && !memo_->call(*gametype_->distribution_function, cherries, change)) change = 0;
    return std::clamp(static_cast<double>(change), -win, win);
}

double StrategicBot::count_value(std::int64_t cherries) const {
    if (cherries < 0) cherries = 0;
    if (cherries < static_cast<std::int64_t>(expected_.size())) return expected_[static_cast<std::size_t>(cherries)];
    return 0.0;  // far past the table: as the tail's own count (rare); no expectation kept
}

void StrategicBot::prepare(const PlayerView& view) {
    if (&view.evaluator() != inner_) {
        inner_ = &view.evaluator();
        memo_ = std::make_unique<MemoEvaluator>(*inner_);
    }
    const Catalog& catalog = view.catalog();
    if (catalog_ != &catalog) {
        catalog_ = &catalog;
        copies_.assign(catalog.kinds().size(), 0);
        for (std::size_t c = 0; c < catalog.card_count(); ++c) ++copies_[catalog.kind_id_of(static_cast<CardId>(c))];
    }
    if (gametype_ != &view.gametype()) {
        gametype_ = &view.gametype();
        const auto& table = gametype_->distribution;
        const double win = static_cast<double>(gametype_->winning_score);
        dist_.assign(table.size(), 0.0);
        for (std::size_t c = 0; c < table.size(); ++c) dist_[c] = std::clamp(static_cast<double>(table[c]), -win, win);
        if (!gametype_->distribution_function) dist_.resize(table.size() + 64, 0.0);  // past the table: 0
    }
    // What nobody has seen: the deck's cards, in no order (as unseen_cards, by kind): every copy
    // but the drawn card, the removed and set-aside cards and those in the players' stacks.
    unseen_ = copies_;
    unseen_total_ = static_cast<std::uint32_t>(catalog.card_count());
    const auto see = [&](CardId c) {
        if (c >= catalog.card_count()) return;
        --unseen_[catalog.kind_id_of(c)];
        --unseen_total_;
    };
    see(view.drawn_card());
    for (CardId c : view.removed()) see(c);
    for (CardId c : view.set_aside()) see(c);
    for (const Player& p : view.players()) {
        for (CardId c : p.received) see(c);
        for (const ActiveModifier& m : p.modifiers) see(m.card);
    }
    live_kinds_.clear();
    for (std::size_t k = 0; k < unseen_.size(); ++k)
        if (unseen_[k] && catalog.kinds()[k].type != CardType::modifier) live_kinds_.push_back(static_cast<KindId>(k));
    ++decision_;
    // The expected end-of-turn change by cherry count (as expected_changes): draw one unseen card,
    // keep a cherry card that ends on a better count, give anything else away.
    const std::size_t size = gametype_->distribution.size() + 4;
    expected_.assign(size, 0.0);
    for (std::size_t c = 0; c < size; ++c) {
        const auto count = static_cast<std::int64_t>(c);
        const double away = distribution_at(count);
        if (unseen_total_ == 0) {
            expected_[c] = away;
            continue;
        }
        double sum = 0;
        std::uint32_t counted = 0;
        for (KindId k : live_kinds_) {
            const CardKind& kind = catalog.kinds()[k];
            if (kind.type != CardType::cherry) continue;  // counted as `away` below
            sum += std::max(away, distribution_at(count + kind.change)) * unseen_[k];
            counted += unseen_[k];
        }
        expected_[c] = (sum + away * (unseen_total_ - counted)) / unseen_total_;
    }
    const std::size_t cells = catalog.kinds().size() * size;
    if (stamp_.size() != cells) {
        stamp_.assign(cells, 0);
        first_.assign(cells, 0.0);
        rate_.assign(cells, 0.0);
        decision_ = 1;
    }
}

double StrategicBot::modifier_value(const Player& holder, CardId card, std::int32_t lifetime) {
    if (lifetime <= 0) return 0.0;
    if (unseen_total_ == 0 && catalog_->kind_of(card).score_function == kIdentity) return 0.0;
    const KindId kind_id = catalog_->kind_id_of(card);
    const std::size_t span = expected_.size();
    const bool cached = holder.cherries >= 0 && holder.cherries < static_cast<std::int64_t>(span);
    const std::size_t at = kind_id * span + static_cast<std::size_t>(cached ? holder.cherries : 0);
    if (cached && stamp_[at] == decision_) return lifetime * (first_[at] + rate_[at]);
    const CardKind& kind = catalog_->kinds()[kind_id];
    double first = 0;
    if (kind.score_function != kIdentity) {
        // The holder's next end-of-turn score change through the modifier, as expected_changes
        // expects it: it draws an unseen card and keeps a cherry card that ends on a better count.
        const auto delta = [&](std::int64_t cherries) {
            const double d = distribution_at(cherries);
            std::int64_t out = 0;
            const auto arg = static_cast<std::int64_t>(d);
            return memo_->call(kind.score_function, arg, out) ? static_cast<double>(out) - d : 0.0;
        };
        const double away = distribution_at(holder.cherries);
        const double stay = delta(holder.cherries);
        if (unseen_total_ == 0) {
            first = stay;
        } else {
            double sum = 0;
            std::uint32_t counted = 0;
            for (KindId k : live_kinds_) {
                const CardKind& c = catalog_->kinds()[k];
                if (c.type != CardType::cherry) continue;
                const std::int64_t to = holder.cherries + c.change;
                sum += (distribution_at(to) > away ? delta(to) : stay) * unseen_[k];
                counted += unseen_[k];
            }
            first = (sum + stay * (unseen_total_ - counted)) / unseen_total_;
        }
    }
    // The cards the holder receives over its lifetime: about one a round, each kind in proportion.
    double per_round = 0;
    for (KindId k : live_kinds_) {
        const CardKind& c = catalog_->kinds()[k];
        const FunctionId f = c.type == CardType::cherry ? kind.cherry_function : kind.score_function;
        if (f == kIdentity) continue;
        std::int64_t out = 0;
        if (!memo_->call(f, c.change, out)) continue;  // a fault removes the modifier: no effect
        const double share = static_cast<double>(unseen_[k]) / unseen_total_;
        if (c.type == CardType::cherry)
            per_round += share * (count_value(holder.cherries + out) - count_value(holder.cherries + c.change));
        else
            per_round += share * static_cast<double>(out - c.change);
    }
    if (cached) {
        first_[at] = first;
        rate_[at] = per_round;
        stamp_[at] = decision_;
    }
    return lifetime * (first + per_round);
}

double StrategicBot::value_of(const PlayerView& view, const Player& player) {
    if (catalog_ != &view.catalog()) prepare(view);
    double v = static_cast<double>(player.score) + count_value(player.cherries);
    for (const ActiveModifier& m : player.modifiers) v += modifier_value(player, m.card, m.lifetime);
    return v;
}

PlayerId StrategicBot::choose_receiver(const PlayerView& view) {
    prepare(view);
    const auto& players = view.players();
    const std::size_t n = players.size();
    const PlayerId me = view.current_player();
    const CardId card = view.drawn_card();
    std::size_t mine = 0;
    std::vector<double> base(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (players[i].id == me) mine = i;
        base[i] = value_of(view, players[i]);
    }
    const CardKind& kind = catalog_->kind_of(card);
    double best_rating = -std::numeric_limits<double>::infinity();
    std::size_t best = mine;
    std::uint64_t ties = 0;
    Player after;  // the receiver or the drawer after the turn (buffers reused)
    for (std::size_t r = 0; r < n; ++r) {
        const TurnPlan plan = plan_turn(*catalog_, *gametype_, *memo_, players[mine], &players[r], card);
        double rating;
        if (plan.faulted) {
            rating = 0;  // the card is removed, nothing changes (GDD §3.5): as the table is now
            double own = base[mine], top = -std::numeric_limits<double>::infinity(), sum = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (i != mine) {
                    top = std::max(top, base[i]);
                    sum += base[i];
                }
            rating = own - kBestOpponent * top - kMeanOpponent * sum / static_cast<double>(n - 1);
        } else if (plan.receiver_wins) {
            if (r == mine) return me;  // it wins now
            rating = -std::numeric_limits<double>::max();
        } else if (plan.player_wins) {
            rating = std::numeric_limits<double>::max();
        } else {
            double own = 0, top = -std::numeric_limits<double>::infinity(), sum = 0;
            for (std::size_t i = 0; i < n; ++i) {
                double v = base[i];
                if (i == r || i == mine) {
                    after.cherries = players[i].cherries;
                    after.score = players[i].score;
                    after.modifiers = players[i].modifiers;
                    if (i == r) {
                        after.cherries = plan.receiver_cherries;
                        after.score = plan.receiver_score;
                        if (kind.type == CardType::modifier)
                            after.modifiers.push_back({card, plan.lifetime - (r == mine ? 1 : 0)});
                    }
                    if (i == mine) {  // its end-of-turn change is made, its modifiers age
                        after.cherries = plan.end_cherries;
                        after.score = plan.player_score;
                        const bool kept_modifier = r == mine && kind.type == CardType::modifier;
                        for (std::size_t m = 0; m + (kept_modifier ? 1 : 0) < after.modifiers.size(); ++m)
                            --after.modifiers[m].lifetime;
                    }
                    v = static_cast<double>(after.score) + count_value(after.cherries);
                    for (const ActiveModifier& m : after.modifiers) v += modifier_value(after, m.card, m.lifetime);
                }
                if (i == mine) {
                    own = v;
                } else {
                    top = std::max(top, v);
                    sum += v;
                }
            }
            rating = own - kBestOpponent * top - kMeanOpponent * sum / static_cast<double>(n - 1);
        }
        if (rating > best_rating + kTie) {
            best_rating = rating;
            best = r;
            ties = 1;
        } else if (rating >= best_rating - kTie && uniform_below(generator_, ++ties) == 0) {
            best = r;  // reservoir sampling over the equally rated receivers
        }
    }
    return players[best].id;
}

}  // namespace cherries::host
