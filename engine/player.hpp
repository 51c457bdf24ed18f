// A player's state (GDD §3.3.4.1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/card.hpp"

namespace cherries {

/// Stable id of a player for the whole game; indices in the turn order shift on join/leave.
using PlayerId = std::uint32_t;
inline constexpr PlayerId kNoPlayer = 0xFFFFFFFFu;

/// At most this many players at a table at once: every join looks the name up among them, and
/// each player's stacks reserve room for every card, so a table's cost grows with its size.
inline constexpr std::size_t kMaxPlayers = 1000;

/// A modifier card in a modifier card stack with its remaining lifetime (>= 1).
struct ActiveModifier {
    CardId card;
    std::int32_t lifetime;
    bool operator==(const ActiveModifier&) const = default;
};

/// One player: received card stack, modifier card stack, cherry stockpile and score.
/// Stacks are stored bottom first (back() is the top).
struct Player {
    PlayerId id = kNoPlayer;
    std::string name;
    std::int64_t cherries = 0;                ///< cherry count, >= 0 (GDD §3.3.4.1.3)
    std::int64_t score = 0;                   ///< >= 0 (GDD §3.3.4.1.4)
    std::vector<CardId> received;             ///< received card stack (GDD §3.3.4.1.1)
    std::vector<ActiveModifier> modifiers;    ///< modifier card stack (GDD §3.3.4.1.2)
    bool operator==(const Player&) const = default;
};

}  // namespace cherries
