// Save files (docs/records.md, "Save files"): everything `cherries play --resume` needs to go on
// exactly where a game stopped — the game's snapshot with its generator, the seats with their
// bots' generators, the plugins' fingerprints, and how far the record had got.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/records/record.hpp"
#include "host/session/saved_state.hpp"

namespace cherries::host {

/// The save format this build writes and reads.
inline constexpr int kSaveFormat = 1;

/// The save file's JSON (every field in docs/records.md).
nlohmann::json save_json(const SaveState& save);

/// Reads a save file's JSON. Throws InputError "FILE: malformed save: ..." naming the field.
SaveState parse_save(const nlohmann::json& j, const std::string& file);

/// Checks that `play --resume` can go on from `save` (read from `file`): it was made between
/// turns, as play --save makes them, and every bot plugin seated is among its plugins (whose
/// fingerprints the resume then checks). Throws InputError "FILE: malformed save: ..." otherwise.
void check_resumable(const SaveState& save, const std::string& file);

/// Reads and parses a save file. Throws InputError for a missing, unreadable or malformed file.
SaveState read_save(const std::string& file);

/// Checks, before `--resume` cuts `record` back to `save.record_bytes` and goes on writing it,
/// that it is this game's record: it starts with a Cherries record header whose seed and plugins
/// are the save's, and byte record_bytes-1 ends a line after that header. Throws InputError
/// "SAVE: malformed save: record "RECORD" is not this game's record: expected ...; ..." (reads
/// only; the record is untouched).
void check_saved_record(const SaveState& save, const std::string& save_file, const std::string& record);

/// Replaces `file` with `bytes` so that a crash at any instant leaves the old or the new
/// contents, never a mix: writes FILE.tmp, fsyncs it, renames it over FILE, fsyncs the folder.
/// Throws InputError if any step fails.
void write_atomically(const std::string& file, const std::string& bytes);

}  // namespace cherries::host
