// Who sits at the table: `--player` specs (humans and bots), and the names of every player a
// game has seated, kept after they leave so that events can still name them.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"

namespace cherries::host {

/// One seat: a human (bot empty) or a bot of kind `bot`.
struct Seat {
    std::string name;
    std::string bot;  ///< bot ("random", "greedy", a bot plugin's id); empty for a human

    bool is_bot() const { return !bot.empty(); }
};

/// Parses one `--player` spec: `NAME` is a human, `bot:KIND` a bot named `KIND-N` (N = the
/// 1-based `seat`), `bot:KIND=NAME` a bot with a name. Throws InputError for an empty name, a
/// name with whitespace, or an unknown bot (naming the known ones).
Seat parse_seat(std::string_view spec, std::size_t seat);

/// Parses `--player` specs in turn order, first player first. Throws InputError as parse_seat,
/// for no specs at all, and for a name used twice.
std::vector<Seat> parse_seats(const std::vector<std::string>& specs);

/// Names of every player a game has seated, by id. Departed players can no longer be looked
/// up in the Game, but events about them still need their names.
class PlayerNames {
public:
    /// Everyone seated in `game` now.
    explicit PlayerNames(const Game& game);

    /// Call for every event, before using the names: remembers joiners.
    void record(const Game& game, const Event& event);

    /// The name of `id`; "?" for an id never seen (kNoPlayer, or a bug).
    const std::string& operator[](PlayerId id) const;

private:
    std::map<PlayerId, std::string> names_;
};

/// "ann, bob, cid": the names of the players in `game`, in turn order.
std::string player_list(const Game& game);

}  // namespace cherries::host
