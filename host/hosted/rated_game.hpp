// Whether a hosted table's finished game is rated, and its places: one rule for CherryBot's
// channels and the web's tables (docs/ratings.md, "Rated tables").
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "host/store/game_store.hpp"

namespace cherries::host {

class HostedTable;

/// The rating key of the person called `name` at a table: "claimed:NAME" for a web seat proven
/// by its player key, "account:NAME" for an IRC nick identified to services; "" when the name
/// is not rated (anyone may type it).
using RatingKeyOf = std::function<std::string(const std::string& name)>;

/// The rating of `table`'s game, or nullopt when it is not rated. Rated: a game that ended by
/// the rules (status "won" or "ended"; not "aborted" by a fault, nor "stopped"). Its places,
/// best first: the seats at the end by the winner first, then by final score (equal scores tie),
/// each played for the rating by its person (`key_of`; a seat the stand-in bot holds for them
/// is theirs) or its bot ("bot:KIND": bots are rated players too, so a bot kind is a fixed
/// point of the scale; a kind seated twice is rated at its best place only); then, tied last,
/// every person who left: from a seat that is gone (SeatTally::left) or taken over by a bot
/// for good (that bot is not rated). Names `key_of` gives "" are left out. At least 2 rated
/// people (names with a key, not bots) and at most kMaxRatedPlayers players in all, else nullopt.
std::optional<GameRating> rated_game(const HostedTable& table, const RatingKeyOf& key_of);

}  // namespace cherries::host
