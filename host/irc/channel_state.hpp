// A channel game's stored state (private to channel_*.cpp): the hosted table's state, format 2
// (host/hosted/hosted_state.hpp), whose front part is the channel's own,
// {"opener", "accounts", "held_account"} (services accounts by seat id: {"0": "AnnAccount"}).
// States CherryBot stored in its format 1 are migrated, read once (channel_state_v1.cpp).
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/player.hpp"
#include "host/hosted/hosted_state.hpp"

namespace cherries::irc {

/// The parts of a stored channel game: format 2 as it is, format 1 migrated
/// (migrate_channel_state_v1). Throws host::HostedStateError naming `where` for any other state,
/// and what the migration throws.
host::HostedState read_channel_state(const nlohmann::json& j, const std::string& where);

/// CherryBot's format 1, {"state": "cherrybot", "format": 1, "save", "turns_taken", "channel"}
/// (the save half at the end of the last complete turn, the channel half current), as format 2:
/// the table's saved form built from both halves, as CherryBot resumed it; the front part gets
/// the opener, the accounts and, as "seat_lines", the seat lines of the turn that was in play
/// (put back in the record after the table is made again: that turn is played again). Throws
/// what host::parse_save throws and nlohmann::json::exception for a channel half of the wrong shape.
host::HostedState migrate_channel_state_v1(const nlohmann::json& j, const std::string& where);

/// A map by seat id as JSON, {"ID": value}, and back (the front part's accounts).
nlohmann::json by_seat(const std::map<PlayerId, std::string>& map);
std::map<PlayerId, std::string> from_seats(const nlohmann::json& j);

}  // namespace cherries::irc
