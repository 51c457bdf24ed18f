// A rematch: the table of a game that ended, as a new game (same gametype and sets, the same
// seats in the same order: each person, each bot of the same kind), one rule for every front end
// (IRC's !rematch; the web's to come). The new game gets its own seed and fair-deal commitment.
#pragma once

#include <string>
#include <vector>

namespace cherries::sdk {
class Bundle;
}  // namespace cherries::sdk

namespace cherries::host {

class Table;

/// What a new game like `table`'s last one needs.
struct Rematch {
    struct Seat {
        std::string person;  ///< a person's name (a seat a stand-in bot kept: its person's); or ""
        std::string bot;     ///< a bot's kind ("greedy", a bot plugin's id); or ""
    };
    std::string gametype;        ///< gametype id
    std::vector<std::string> sets;  ///< set ids, in the bundle's order
    std::vector<Seat> seats;     ///< in turn order
    /// The people, in turn order.
    std::vector<std::string> people() const;
};

/// The rematch of `table` (its game, which should have ended) with plugins `bundle`. A seat a bot
/// took over for good is that bot's; an empty table gives no seats.
Rematch rematch_of(const Table& table, const sdk::Bundle& bundle);

}  // namespace cherries::host
