// A record's events as entries for the page (docs/web.md, "The events message"), by replaying it
// against the server's plugins: the replay page's words for a stored game, and a restored table's
// history, come from the same renderer as the live table's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/evaluator.hpp"
#include "host/session/game_library.hpp"
#include "host/text/card_text.hpp"
#include "host/web/event_entries.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::web {

/// What replaying a record gave: the entries of every event that matched, oldest first, and why
/// it stopped before the record's end line ("" when it reached it).
struct ReplayedEntries {
    nlohmann::json entries = nlohmann::json::array();
    std::string problem;
};

/// Replays `lines` (one record, its header first; `source` names it in messages) against `bundle`
/// and makes an entry of each event. `seed`: a sealed game still in play, whose record has no end
/// line yet (replay_seed otherwise); `hook`: called with each event and its entry. Never throws for a bad record: the problem says what stopped
/// the replay, the entries hold what matched before it.
ReplayedEntries replay_entries(const sdk::Bundle& bundle, Evaluator& evaluator, const host::CardText& words,
                               const std::vector<std::string>& lines, const std::string& source,
                               std::optional<std::uint64_t> seed = std::nullopt, const EntryHook& hook = {});

/// replay_entries for a record on its own (a stored game, a file the replay page sends): its
/// plugins by the ids its header names, from `library`. The problem names a plugin this server
/// does not have, or a header that cannot be read.
ReplayedEntries replay_record(host::GameLibrary& library, const std::vector<std::string>& lines, const std::string& source);

/// The answer of /api/games/N/events and POST /api/replay (docs/web.md): {"events": [entries],
/// "problem": where the replay stopped (only when it did)} for `record`, JSON Lines text.
nlohmann::json replayed_json(host::GameLibrary& library, const std::string& record, const std::string& source);

}  // namespace cherries::web
