// Save files (docs/records.md, "Save files"): everything `cherries play --resume` needs to go on
// exactly where a game stopped — the game's snapshot with its generator, the seats with their
// bots' generators, the plugins' fingerprints, and how far the record had got.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/snapshot.hpp"
#include "host/records/record.hpp"

namespace cherries::host {

/// The save format this build writes and reads.
inline constexpr int kSaveFormat = 1;

/// A seated player's seat: a human (bot empty) or a bot with its generator state.
struct SavedSeat {
    PlayerId id = kNoPlayer;
    std::string bot;              ///< bot kind; empty for a human
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

/// The save file's JSON (every field in docs/records.md).
nlohmann::json save_json(const SaveState& save);

/// Reads a save file's JSON. Throws UsageError "FILE: malformed save: ..." naming the field.
SaveState parse_save(const nlohmann::json& j, const std::string& file);

/// Checks that `play --resume` can go on from `save` (read from `file`): it was made between
/// turns, as play --save makes them, and every bot plugin seated is among its plugins (whose
/// fingerprints the resume then checks). Throws UsageError "FILE: malformed save: ..." otherwise.
void check_resumable(const SaveState& save, const std::string& file);

/// Reads and parses a save file. Throws UsageError for a missing, unreadable or malformed file.
SaveState read_save(const std::string& file);

/// Checks, before `--resume` cuts `record` back to `save.record_bytes` and goes on writing it,
/// that it is this game's record: it starts with a Cherries record header whose seed and plugins
/// are the save's, and byte record_bytes-1 ends a line after that header. Throws UsageError
/// "SAVE: malformed save: record "RECORD" is not this game's record: expected ...; ..." (reads
/// only; the record is untouched).
void check_saved_record(const SaveState& save, const std::string& save_file, const std::string& record);

/// Replaces `file` with `bytes` so that a crash at any instant leaves the old or the new
/// contents, never a mix: writes FILE.tmp, fsyncs it, renames it over FILE, fsyncs the folder.
/// Throws UsageError if any step fails.
void write_atomically(const std::string& file, const std::string& bytes);

}  // namespace cherries::host
