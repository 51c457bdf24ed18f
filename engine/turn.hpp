// The arithmetic of one turn as a pure computation (GDD §3.4.2.3.3 – §3.4.2.3.4): a plan is
// computed from the state without touching it, then Game commits it. Bots use the same plan
// to look ahead, and a fault found while planning leaves nothing to undo (GDD §3.5).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/event.hpp"
#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"
#include "engine/player.hpp"

namespace cherries {

/// Runs `change` through `stack` bottom to top, then through `extra_top` if it is a card
/// (a modifier about to be placed on top). `type` picks each modifier's cherry or score
/// function (GDD §3.4.2.3.4.1). A change of 0 is run too. Returns kNoCard and sets `result`;
/// or, when a function fails or returns a value beyond ±kMaxMagnitude, returns that card and
/// sets `fault_message`. With `steps`, appends each modifier's card and result, bottom first.
CardId run_modifier_stack(const Catalog& catalog, Evaluator& evaluator,
                          std::span<const ActiveModifier> stack, CardId extra_top, CardType type,
                          std::int64_t change, std::int64_t& result, std::string& fault_message,
                          std::vector<ModifierStep>* steps = nullptr);

/// Score change for `cherries` from the gametype's distribution (GDD §3.4.2.3.4 step 1).
/// Returns false with `message` set when a distribution function fails.
bool distribution_change(const Gametype& gametype, Evaluator& evaluator, std::int64_t cherries,
                         std::int64_t& change, std::string& message);

/// Adds a change to a cherry count or score: never below 0 (GDD §3.4.2.3.3.1, §3.4.2.3.4),
/// never above kMaxMagnitude.
inline std::int64_t add_clamped(std::int64_t value, std::int64_t change) {
    const std::int64_t sum = value + change;  // both within ±2^53: no overflow
    return sum < 0 ? 0 : (sum > kMaxMagnitude ? kMaxMagnitude : sum);
}

/// Everything one turn would do if the drawn card went to `receiver`.
struct TurnPlan {
    PlayerId player = kNoPlayer;    ///< whose turn it is
    PlayerId receiver = kNoPlayer;  ///< kNoPlayer for a pass (no card to draw)
    CardId card = kNoCard;
    bool kept = false;

    // Step 3, handling (GDD §3.4.2.3.3)
    std::int64_t change_before = 0;      ///< card's change (cherry/score cards)
    std::int64_t change_after = 0;       ///< after the receiver's modifier card stack
    std::int64_t receiver_cherries = 0;  ///< receiver's cherry count after handling
    std::int64_t receiver_score = 0;     ///< receiver's score after handling
    std::int32_t lifetime = 0;           ///< modifier cards: lifetime placed (kept: + 1)
    bool receiver_wins = false;

    // Step 4, end-of-turn score change (GDD §3.4.2.3.4); only when !receiver_wins
    std::int64_t end_cherries = 0;        ///< the player's cherry count it is based on
    std::int64_t distribution_change = 0; ///< from the gametype
    std::int64_t end_change = 0;          ///< after the player's modifier card stack
    std::int64_t player_score = 0;        ///< the player's score afterwards
    bool player_wins = false;

    // A fault stops planning (GDD §3.5).
    bool faulted = false;
    CardId fault_card = kNoCard;  ///< kNoCard with faulted: the gametype's distribution failed
    std::string fault_message;

    bool wins() const { return receiver_wins || player_wins; }
};

/// Each modifier's result in the two runs through a modifier card stack of a turn, for the
/// events (Event::steps); only filled when asked for, so that look-ahead pays nothing.
struct TurnSteps {
    std::vector<ModifierStep> handle;  ///< step 3: the receiver's stack on the card's change
    std::vector<ModifierStep> end;     ///< step 4: the player's stack on the end-of-turn change
};

/// How a turn committed by commit_turn ended.
enum class TurnEnd : std::uint8_t {
    next_player,   ///< nobody won: the next player's turn comes
    receiver_won,  ///< the receiver reached the winning score when handling the card (GDD §3.4.3)
    player_won,    ///< the player reached it with the end-of-turn score change
};

/// Step 5, aging, with no events (GDD §3.4.2.3.5): every modifier on `player`'s modifier card
/// stack loses one turn of lifetime; the survivors keep their order, and the expired cards go on
/// top of the received card stack in theirs.
inline void age_modifiers(Player& player) {
    std::size_t kept = 0;
    for (ActiveModifier& m : player.modifiers) {
        if (--m.lifetime > 0) player.modifiers[kept++] = m;
        else player.received.push_back(m.card);
    }
    player.modifiers.resize(kept);
}

/// Commits `plan`, which did not fault, to the players with no events: step 3, handling (GDD
/// §3.4.2.3.3: a modifier card goes on `receiver`'s modifier card stack with the plan's lifetime,
/// any other card changes their cherry count or score and goes on their received card stack);
/// step 4, `player`'s end-of-turn score (§3.4.2.3.4); step 5, aging. A win (§3.4.3) stops it
/// where it happens. For a pass (plan.card is kNoCard) `receiver` is not touched and may be null.
/// What Game::give does when nobody listens, and what a bot's imagined games do.
inline TurnEnd commit_turn(const Catalog& catalog, const TurnPlan& plan, Player& player, Player* receiver) {
    if (plan.card != kNoCard) {
        if (catalog.kind_of(plan.card).type == CardType::modifier) {
            receiver->modifiers.push_back({plan.card, plan.lifetime});
        } else {
            receiver->cherries = plan.receiver_cherries;
            receiver->score = plan.receiver_score;
            receiver->received.push_back(plan.card);
        }
        if (plan.receiver_wins) return TurnEnd::receiver_won;
    }
    player.score = plan.player_score;
    if (plan.player_wins) return TurnEnd::player_won;
    age_modifiers(player);
    return TurnEnd::next_player;
}

/// Plans the turn of `player` who drew `card` (kNoCard: a pass) and gives it to `receiver`.
/// With `steps`, records each modifier's result there.
TurnPlan plan_turn(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator,
                   const Player& player, const Player* receiver, CardId card, TurnSteps* steps = nullptr);

}  // namespace cherries
