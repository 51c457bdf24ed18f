// Events: everything that happens in a game, for front ends, records and tests.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/card.hpp"
#include "engine/player.hpp"

namespace cherries {

/// What happened. Field use per type is listed on Event.
enum class EventType : std::uint8_t {
    join,          ///< player joined (GDD §3.4.2.1)
    leave,         ///< player left; their cards are set aside until the next deck renewal
    suspend,       ///< one player left: the game is suspended
    resume,        ///< a join ended the suspension
    deck_renewal,  ///< cards = cards in the new deck (GDD §3.4.2.2)
    draw,          ///< player drew card (GDD §3.4.2.3.1)
    give,          ///< player gave card to receiver; receiver == player means kept (§3.4.2.3.2)
    handle,        ///< receiver handled card: change / modified_change = the card's change before /
                   ///< after the modifier card stack, cherries and score = the receiver's after it;
                   ///< a modifier card: lifetime (GDD §3.4.2.3.3)
    score_change,  ///< end of turn: cherries = the cherry count, change = the score change
                   ///< distribution's, modified_change = after the modifier card stack, score =
                   ///< the new score (GDD §3.4.2.3.4)
    age,           ///< player's modifier card aged to lifetime (GDD §3.4.2.3.5)
    expire,        ///< player's modifier card reached lifetime 0, now on the received card stack
    fault,         ///< card's function failed: card removed from the game (GDD §3.5); message;
                   ///< receiver: whom the give that faulted was to (kNoPlayer in a pass)
    pass,          ///< no card anywhere to draw: player's turn ran steps 4 and 5 only
    won,           ///< player won (GDD §3.4.3)
    ended,         ///< the game ended without a winner (no players, or no cards left in play)
};

/// Lowercase name of an event type, as used in JSON ("deck_renewal", ...).
std::string_view to_string(EventType type);

/// One modifier of a modifier card stack and the change it returned (GDD §3.4.2.3.4.1).
struct ModifierStep {
    CardId card = kNoCard;
    std::int64_t value = 0;
};

/// One event. Unused fields keep their defaults.
struct Event {
    EventType type;
    std::uint32_t turn = 0;         ///< turn number, 1-based (0 before the first turn)
    PlayerId player = kNoPlayer;    ///< who acted (the turn's player; handler for `handle`)
    PlayerId receiver = kNoPlayer;  ///< give: who received the card
    CardId card = kNoCard;
    std::int64_t change = 0;           ///< handle, score_change: the cherry or score change, before the modifier card stack
    std::int64_t modified_change = 0;  ///< handle, score_change: the change after the modifier card stack
    std::int64_t cherries = 0;         ///< handle, score_change: the player's cherry count (cherry stockpile)
    std::int64_t score = 0;            ///< handle, score_change: the player's score
    std::int64_t cards = 0;            ///< deck_renewal: cards in the new deck
    std::int32_t lifetime = 0;
    std::string_view message;       ///< fault: why; valid only during the callback
    /// handle (cherry or score card) and score_change: the change after each modifier that ran,
    /// bottom of the modifier card stack first (the last value is `modified_change`); empty when the stack
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
