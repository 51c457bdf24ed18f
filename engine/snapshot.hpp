// A game's whole state as plain data, for save and resume (host/records/save.hpp). Restoring a snapshot
// and playing on gives exactly the game that never stopped (GDD §3.5 note 6: determinism).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/player.hpp"

namespace cherries {

enum class Phase : std::uint8_t;

/// Everything a Game holds except its references to the catalog, gametype and evaluator.
/// Card ids index the Catalog the game was made with; a snapshot only restores against the
/// same catalog (the host checks plugin fingerprints for that).
struct GameSnapshot {
    std::vector<Player> players;   ///< turn order, first player first
    std::vector<CardId> deck;      ///< bottom first (back() is the top)
    std::vector<CardId> removed;   ///< removed from the game by conflict resolution (GDD §3.5)
    std::vector<CardId> set_aside; ///< leavers' cards, for the next deck renewal (Game::set_aside)
    Phase phase{};
    std::uint32_t next = 0;        ///< players who have had their turn this round: the index of whose
                                   ///< turn it is or is next; == players.size() only between turns
    CardId drawn = kNoCard;        ///< the card awaiting a give, or kNoCard
    PlayerId winner = kNoPlayer;
    PlayerId next_id = 0;          ///< id the next joiner gets
    std::uint32_t turn = 0;        ///< turns started so far
    bool started = false;          ///< the first turn has started (house rules, GDD §3.6)
    std::string random;            ///< the mt19937_64 state in the standard's text form

    bool operator==(const GameSnapshot&) const = default;
};

}  // namespace cherries
