// A web table's stored state (host/hosted/hosted_state.hpp, format 2), read once: its front end
// part is the web's own, {"id", "sets", "gametype", "random_sets", "tokens", "notices",
// "history_notes", "history_count", "claimed"?} and, for a finished table shown after its end,
// "finished_at" (docs/web.md, "Nothing is lost"). A state stored before format 2 is migrated here.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "host/hosted/hosted_state.hpp"

namespace cherries::web {

/// The parts of a web table's stored state (parsed JSON): format 2 as it is; a state without
/// "state"/"format" (the web's first format: {"id", "sets", "gametype", "table", "tokens",
/// "turns_taken", "notices", "random_sets", "history_notes", "history_count", "finished_at"?})
/// migrated, its "table" and "turns_taken" the table's parts and every other key the front's.
/// Throws host::HostedStateError naming `where` for anything else.
host::HostedState read_web_state(const nlohmann::json& saved, const std::string& where);

}  // namespace cherries::web
