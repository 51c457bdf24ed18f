// The ratings table of the store (schema 6): a finished game's rating applied, the ratings read
// by gametype. Private to host/store/ (GameStore's ratings and finish call it).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// Moves the rating of every player of `game` by OpenSkill's update (openskill::rate, default
/// options), each from their stored rating in game.gametype (a new player: mu 25, sigma 25/3),
/// and stores the results with one more game each. Runs inside the caller's transaction.
/// Throws std::invalid_argument for a player twice, fewer than 2 places or a place without
/// players (openskill::rate), SqlError when the database fails.
void apply_rating(SqlConnection& db, const GameRating& game);

/// The ratings of `gametype` by ordinal descending, then key: `limit` rows after `offset`.
std::vector<PlayerRating> read_ratings(SqlConnection& db, const std::string& gametype, std::size_t limit, std::size_t offset);

/// The gametypes with ratings, in byte order: one index seek each (no walk of every rating).
std::vector<std::string> read_rated_gametypes(SqlConnection& db);

/// The rating stored for (gametype, key), key already folded (stats_key), if any.
std::optional<PlayerRating> read_rating(SqlConnection& db, const std::string& gametype, const std::string& key);

}  // namespace cherries::host
