// What a hosted game adds to its people's statistics: one rule for every front end that keeps
// them (CherryBot's channels, `cherries serve`'s tables), so a person's record does not depend
// on where they played.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/event.hpp"

namespace cherries::host {

class Table;

/// One person's part in a finished game.
struct PersonResult {
    PlayerId seat = kNoPlayer;
    std::string name;         ///< the person's name at the table now (a kept seat: the person's)
    bool won = false;
    std::uint32_t turns = 0;  ///< turns begun in this seat while a person played it
    std::int64_t score = 0;   ///< the seat's final score
};

/// Counts the turns each seat took, and says what a game's end adds to each person's statistics.
/// The rule: a turn counts for its seat when it begins (its draw, or its pass when the deck and
/// the discard pile are both empty: GDD §3.4.2.2), once, and only while a person plays the
/// seat (a stand-in bot's turns are not the person's). At the end every seat a person plays,
/// and every seat a stand-in bot holds for a person who may come back, is that person's game; a
/// bot's own seat and a seat a bot took over for good are nobody's.
class SeatTally {
public:
    /// Feed every event of the table, in order (before the game starts none counts).
    void on_event(const Event& event, const Table& table);
    /// The people's results at the end of `table`'s game (in turn order); empty before a game.
    std::vector<PersonResult> results(const Table& table) const;
    /// Turns counted for `seat` so far.
    std::uint32_t turns(PlayerId seat) const;
    /// The people who left the started game from a seat of their own (GDD §3.4.2.1: their seat
    /// is gone), in the order they left, by the name the table knew them by. A rated game ranks
    /// them last (host/hosted/rated_game.hpp).
    const std::vector<std::string>& left() const { return left_; }

    /// {"SEAT": TURNS, ..., "left": [NAME, ...]} ("left" only when someone left): what a saved
    /// table keeps (the web's and the channel's state).
    nlohmann::json to_json() const;
    /// A tally saved with to_json(); also the older `[[SEAT, TURNS], ...]` pairs. Throws
    /// nlohmann::json::exception for anything else.
    static SeatTally from_json(const nlohmann::json& j);

private:
    std::map<PlayerId, std::uint32_t> turns_;
    std::vector<std::string> left_;
    std::map<PlayerId, std::uint32_t> last_turn_;  // the turn counted last, per seat
};

}  // namespace cherries::host
