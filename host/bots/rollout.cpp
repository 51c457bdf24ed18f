#include "host/bots/rollout.hpp"

#include <algorithm>

namespace cherries::host {

namespace {

template <class T>
void shuffle(std::vector<T>& items, SplitMix64& random) {
    for (std::size_t i = items.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(uniform_below(random, i));
        std::swap(items[i - 1], items[j]);
    }
}

}  // namespace

void Rollout::start_turn(ImaginedTable& table, SplitMix64& random) {
    ++table.turns;
    draw_or_pass(table, random);
}

void Rollout::draw_or_pass(ImaginedTable& table, SplitMix64& random) {
    if (table.deck.empty()) {  // deck renewal (GDD §3.4.2.2)
        for (Player& p : table.players) {
            table.deck.insert(table.deck.end(), p.received.begin(), p.received.end());
            p.received.clear();
        }
        shuffle(table.deck, random);
    }
    if (table.deck.empty()) {
        pass(table);
        return;
    }
    table.drawn = table.deck.back();
    table.deck.pop_back();
}

void Rollout::pass(ImaginedTable& table) {
    const bool any_modifier = std::any_of(table.players.begin(), table.players.end(),
                                          [](const Player& p) { return !p.modifiers.empty(); });
    if (!any_modifier) {
        table.over = true;
        return;
    }
    Player& player = table.players[table.next];
    for (;;) {
        const TurnPlan plan = plan_turn(catalog_, gametype_, evaluator_, player, nullptr, kNoCard);
        if (plan.faulted) {
            if (!resolve_fault(table, plan)) return;
            continue;
        }
        end_turn(table, commit_turn(catalog_, plan, player, nullptr), table.next);
        return;
    }
}

bool Rollout::resolve_fault(ImaginedTable& table, const TurnPlan& plan) {
    if (plan.fault_card == kNoCard) {  // the gametype failed: the game is aborted
        table.over = true;
        table.drawn = kNoCard;
        return false;
    }
    for (Player& p : table.players) {  // GDD §3.5: the faulting card leaves the game
        auto it = std::find_if(p.modifiers.begin(), p.modifiers.end(),
                               [&](const ActiveModifier& m) { return m.card == plan.fault_card; });
        if (it != p.modifiers.end()) {
            p.modifiers.erase(it);
            break;
        }
    }
    if (table.drawn != kNoCard && table.drawn != plan.fault_card) table.deck.push_back(table.drawn);
    table.drawn = kNoCard;
    return true;
}

void Rollout::give(ImaginedTable& table, std::size_t receiver_index, SplitMix64& random) {
    Player& player = table.players[table.next];
    Player& receiver = table.players[receiver_index];
    const TurnPlan p = plan_turn(catalog_, gametype_, evaluator_, player, &receiver, table.drawn);
    if (p.faulted) {
        if (resolve_fault(table, p)) draw_or_pass(table, random);
        return;
    }
    table.drawn = kNoCard;
    end_turn(table, commit_turn(catalog_, p, player, &receiver), receiver_index);
}

void Rollout::end_turn(ImaginedTable& table, TurnEnd end, std::size_t receiver_index) {
    switch (end) {
        case TurnEnd::receiver_won:
            table.over = true;
            table.winner = receiver_index;
            return;
        case TurnEnd::player_won:
            table.over = true;
            table.winner = table.next;
            return;
        case TurnEnd::next_player:
            if (++table.next >= table.players.size()) table.next = 0;
            return;
    }
}

std::size_t Rollout::greedy_choice(const ImaginedTable& table) {
    const Player& player = table.players[table.next];
    std::size_t best = 0;
    GreedyRating best_rating;
    std::uint64_t ties = 0;
    for (std::size_t r = 0; r < table.players.size(); ++r) {
        const TurnPlan plan = plan_turn(catalog_, gametype_, evaluator_, player, &table.players[r], table.drawn);
        const GreedyRating rating = greedy_.rate_plan(gametype_, table.players, player.id, table.players[r].id, plan);
        if (r == 0 || rating > best_rating) {
            best = r;
            best_rating = rating;
            ties = 1;
        } else if (rating == best_rating && uniform_below(ties_, ++ties) == 0) {
            best = r;
        }
    }
    return best;
}

void Rollout::play(ImaginedTable& table, std::uint32_t turns, SplitMix64& random) {
    while (!table.over) {
        while (!table.over && table.drawn != kNoCard) give(table, greedy_choice(table), random);
        if (table.over || table.turns >= turns) return;
        start_turn(table, random);
    }
}

}  // namespace cherries::host
