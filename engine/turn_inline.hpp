// The turn's arithmetic (GDD §3.4.2.3.3 – §3.4.2.3.4) as inline code, so that plan_turn (bots'
// look-ahead) and Game::give (the turn itself) share one implementation and the game's quiet
// give (nobody listens: a simulation) compiles it without the steps and the call overhead.
// Include turn.hpp for the public interface; this header is for engine/ only.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/turn.hpp"

namespace cherries::turn_detail {

inline bool in_range(std::int64_t v) { return v >= -kMaxMagnitude && v <= kMaxMagnitude; }

/// A fault's message: which card, which of its functions, why (off the hot path).
[[gnu::cold, gnu::noinline]] std::string fault_text(const Catalog& catalog, Evaluator& evaluator, CardId card,
                                                    CardType type, bool called, std::int64_t next);

/// The message of a distribution past the gametype's table, or its change (off the hot path).
[[gnu::noinline]] bool distribution_change_past_table(const Gametype& gametype, Evaluator& evaluator,
                                                      std::int64_t cherries, std::int64_t& change,
                                                      std::string& message);

// Applies one modifier's function; false on fault.
[[gnu::always_inline]] inline bool apply(const Catalog& catalog, Evaluator& evaluator, CardId card, CardType type,
                                         std::int64_t& value, std::string& fault_message) {
    const CardKind& kind = catalog.kind_of(card);
    const FunctionId fn = type == CardType::cherry ? kind.cherry_function : kind.score_function;
    if (fn == kIdentity) return true;
    std::int64_t next = 0;
    const bool called = evaluator.call(fn, value, next);
    if (!called || !in_range(next)) [[unlikely]] {
        fault_message = fault_text(catalog, evaluator, card, type, called, next);
        return false;
    }
    value = next;
    return true;
}

/// run_modifier_stack's body (turn.hpp).
[[gnu::always_inline]] inline CardId run_stack(const Catalog& catalog, Evaluator& evaluator,
                                               std::span<const ActiveModifier> stack, CardId extra_top, CardType type,
                                               std::int64_t change, std::int64_t& result, std::string& fault_message,
                                               std::vector<ModifierStep>* steps) {
    std::int64_t value = change;
    if (steps) steps->reserve(steps->size() + stack.size() + (extra_top != kNoCard ? 1 : 0));  // one allocation
    for (const ActiveModifier& m : stack) {  // bottom first (GDD §3.4.2.3.4.1)
        if (!apply(catalog, evaluator, m.card, type, value, fault_message)) return m.card;
        if (steps) steps->push_back({m.card, value});
    }
    if (extra_top != kNoCard) {
        if (!apply(catalog, evaluator, extra_top, type, value, fault_message)) return extra_top;
        if (steps) steps->push_back({extra_top, value});
    }
    result = value;
    return kNoCard;
}

/// distribution_change's body: the table's counts inline (every turn of a simulation).
[[gnu::always_inline]] inline bool table_or_function(const Gametype& gametype, Evaluator& evaluator,
                                                     std::int64_t cherries, std::int64_t& change,
                                                     std::string& message) {
    const auto& table = gametype.distribution;
    if (cherries < static_cast<std::int64_t>(table.size())) {
        change = table[static_cast<std::size_t>(cherries)];
        return true;
    }
    return distribution_change_past_table(gametype, evaluator, cherries, change, message);
}

/// plan_turn's body, filling `plan`, which must be default-constructed or reset() (turn.hpp).
[[gnu::always_inline]] inline void plan_into(TurnPlan& plan, const Catalog& catalog, const Gametype& gametype,
                                             Evaluator& evaluator, const Player& player, const Player* receiver,
                                             CardId card, TurnSteps* steps) {
    plan.player = player.id;
    plan.card = card;
    CardId kept_modifier = kNoCard;
    std::int64_t end_cherries = player.cherries;
    std::int64_t end_score = player.score;

    if (card != kNoCard) {
        plan.receiver = receiver->id;
        plan.kept = receiver->id == player.id;
        plan.receiver_cherries = receiver->cherries;
        plan.receiver_score = receiver->score;
        const CardKind& kind = catalog.kind_of(card);
        if (kind.type == CardType::modifier) {
            plan.lifetime = kind.lifetime + (plan.kept ? 1 : 0);  // GDD §3.4.2.3.3.3
            if (plan.kept) kept_modifier = card;
        } else {
            plan.change_before = kind.change;
            plan.change_after = kind.change;  // an empty modifier card stack changes nothing
            if (!receiver->modifiers.empty())
                plan.fault_card = run_stack(catalog, evaluator, receiver->modifiers, kNoCard, kind.type, kind.change,
                                            plan.change_after, plan.fault_message, steps ? &steps->handle : nullptr);
            if (plan.fault_card != kNoCard) {
                plan.faulted = true;
                return;
            }
            if (kind.type == CardType::cherry)
                plan.receiver_cherries = add_clamped(receiver->cherries, plan.change_after);
            else
                plan.receiver_score = add_clamped(receiver->score, plan.change_after);
        }
        plan.receiver_wins = plan.receiver_score >= gametype.winning_score;  // GDD §3.4.3
        if (plan.receiver_wins) return;
        if (plan.kept) {
            end_cherries = plan.receiver_cherries;
            end_score = plan.receiver_score;
        }
    }

    plan.end_cherries = end_cherries;
    if (!table_or_function(gametype, evaluator, end_cherries, plan.distribution_change, plan.fault_message)) {
        plan.faulted = true;  // fault_card stays kNoCard: the gametype failed
        return;
    }
    plan.end_change = plan.distribution_change;  // an empty stack and nothing kept: unchanged
    if (!player.modifiers.empty() || kept_modifier != kNoCard)
        plan.fault_card = run_stack(catalog, evaluator, player.modifiers, kept_modifier, CardType::score,
                                    plan.distribution_change, plan.end_change, plan.fault_message,
                                    steps ? &steps->end : nullptr);
    if (plan.fault_card != kNoCard) {
        plan.faulted = true;
        return;
    }
    plan.player_score = add_clamped(end_score, plan.end_change);
    plan.player_wins = plan.player_score >= gametype.winning_score;
}

}  // namespace cherries::turn_detail
