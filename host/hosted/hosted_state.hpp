// A hosted table's state as the store keeps it, one format for every front end (docs/irc-storage.md,
// "What is stored"; docs/web.md, "Nothing is lost"): written by HostedTable::checkpoint_json and
// read by read_hosted_state, each once. Format 2:
//
//   {"state": "hosted", "format": 2, "table": host::Table::save_json(),
//    "turns_taken": host::SeatTally::to_json(), "front": {the front end's own part},
//    "turn_clock": host::TurnClock::to_json() (a correspondence table's only: banks, vacation,
//    an agreed pause), with HostedTable's votes beside ("out_of_time", "pause_asked")}
//
// The table's part holds everything the table has (the game with its generator, mid-turn too:
// a card drawn and awaiting its give; seats, names, held seats, timeouts, pending changes, the
// deal's salt); the front end's part only what it alone has (IRC: the opener and services
// accounts; the web: its id, plugins, seat tokens, notices, the history's sentences). Older
// formats are migrated by their front end, each read once (host/irc/channel_state_v1.cpp,
// host/web/web_state.cpp).
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// The format a hosted table's state is written in.
inline constexpr int kHostedStateFormat = 2;

/// A stored state that cannot be read: "WHERE: what is wrong; what was expected".
class HostedStateError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A hosted table's state, in its parts.
struct HostedState {
    nlohmann::json table;  ///< host::Table::save_json()
    nlohmann::json tally;  ///< host::SeatTally::to_json(); null: none yet
    nlohmann::json front;  ///< the front end's own part (an object)
    nlohmann::json clock;  ///< a correspondence table's TurnClock::to_json() ("turn_clock"); null: none
};

/// The stored form of `state`: {"state": "hosted", "format": 2, "table", "turns_taken", "front"}.
nlohmann::json hosted_state_json(const HostedState& state);

/// Whether `j` says it is a hosted table's state of any format ("state": "hosted").
bool is_hosted_state(const nlohmann::json& j);

/// Reads a stored state of format 2 (parsed JSON). Throws HostedStateError naming `where` when it
/// is not one: not an object, another "state" or "format", a part missing or of the wrong type.
HostedState read_hosted_state(const nlohmann::json& j, const std::string& where);

}  // namespace cherries::host
