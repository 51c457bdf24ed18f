// Events: everything that happens in a game, for front ends, records and tests.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/card.hpp"
#include "engine/player.hpp"

namespace cherries {

/// What happened. Field use per kind is listed on Event.
enum class EventKind : std::uint8_t {
    join,          ///< player joined (GDD §3.4.2.1)
    leave,         ///< player left; their cards were shuffled into the deck
    suspend,       ///< one player left: the game is suspended
    resume,        ///< a join ended the suspension
    deck_renewal,  ///< total = cards in the new deck (GDD §3.4.2.2)
    draw,          ///< player drew card (GDD §3.4.2.3.1)
    give,          ///< player gave card to receiver; receiver == player means kept (§3.4.2.3.2)
    handle,        ///< receiver handled card; before/after = change before/after the modifier
                   ///< card stack, total = new cherry count or score; modifiers: lifetime
    score_change,  ///< end-of-turn: value = cherry count, before = distribution change,
                   ///< after = change after the modifier card stack, total = new score (§3.4.2.3.4)
    age,           ///< player's modifier card aged to lifetime (GDD §3.4.2.3.5)
    expire,        ///< player's modifier card reached lifetime 0, now on the received card stack
    fault,         ///< card's function failed: card removed from the game (GDD §3.5); message;
                   ///< receiver: whom the give that faulted was to (kNoPlayer in a pass)
    pass,          ///< no card anywhere to draw: player's turn ran steps 4 and 5 only
    won,           ///< player won (GDD §3.4.3)
    ended,         ///< the game ended without a winner (no players, or no cards left in play)
};

/// Lowercase name of an event kind, as used in JSON ("deck_renewal", ...).
std::string_view to_string(EventKind kind);

/// One modifier of a modifier card stack and the change it returned (GDD §3.4.2.3.4.1).
struct ModifierStep {
    CardId card = kNoCard;
    std::int64_t value = 0;
};

/// One event. Unused fields keep their defaults.
struct Event {
    EventKind kind;
    std::uint32_t turn = 0;         ///< turn number, 1-based (0 before the first turn)
    PlayerId player = kNoPlayer;    ///< who acted (the turn's player; handler for `handle`)
    PlayerId receiver = kNoPlayer;  ///< give: who received the card
    CardId card = kNoCard;
    std::int64_t before = 0;
    std::int64_t after = 0;
    std::int64_t total = 0;
    std::int64_t value = 0;
    std::int32_t lifetime = 0;
    std::string_view message;       ///< fault: why; valid only during the callback
    /// handle (cherry or score card) and score_change: the change after each modifier that ran,
    /// bottom of the modifier card stack first (the last value is `after`); empty when the stack
    /// is. Valid only during the callback; not part of records (docs/records.md).
    std::span<const ModifierStep> steps;
};

/// Receives events as they happen. Called synchronously from inside Game.
class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void on_event(const Event& event) = 0;
};

}  // namespace cherries
