// What a paused game is made of — the game's snapshot, the seats with their bots' generators,
// the joins and leaves held for after the turn, the plugins the record names — as plain data:
// the Session builds it (Session::save_state) and is made again from it; host/records/save.hpp
// writes and reads it as a save file (docs/records.md, "Save files").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/snapshot.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

/// A seated player's seat: a human (bot empty) or a bot with its generator state.
struct SavedSeat {
    PlayerId id = kNoPlayer;
    std::string bot;              ///< bot ("random", a bot plugin's id); empty for a human
    std::uint64_t bot_state = 0;  ///< Bot::state()
};

/// A join or leave asked for during a turn, applied after it (GDD §3.4.2.1); a save made during
/// the turn keeps it, so that a resumed game applies it after the replayed turn.
struct PendingChange {
    bool join = false;  ///< true: `name` joins; false: `name` leaves
    std::string name;
    std::string bot;    ///< join of a bot: its kind; else empty
};

/// What a save file holds.
struct SaveState {
    GameSnapshot game;
    std::uint64_t seed = 0;          ///< the game's seed (later bots are seeded from it)
    std::uint32_t max_turns = 0;
    std::uint32_t seats_taken = 0;   ///< seats ever taken: the next bot's seed index
    bool humans = false;             ///< a human has sat at the table
    std::vector<SavedSeat> seats;    ///< one per player in game.players, same order
    std::vector<RecordedPlugin> plugins;
    std::string record_file;         ///< the record being written, or empty
    std::uint64_t record_bytes = 0;  ///< its length at this save point
    std::vector<PendingChange> pending;  ///< joins and leaves queued for after the next turn, in order
};

}  // namespace cherries::host
