// Ratings kept per gametype over the games of a results file, applied in file order with
// OpenSkill (docs/ratings.md), and their JSON.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "host/ratings/openskill.hpp"
#include "host/ratings/results_file.hpp"

namespace cherries::host {

/// One player's rating in one gametype.
struct Standing {
    std::string player;
    openskill::Rating rating;  ///< mu and sigma; a player starts at openskill::Rating{} (25, 25/3)
    std::uint64_t games = 0;   ///< games of this gametype rated
};

/// One gametype's table: its players best first (ordinal descending; equal ordinals by name).
struct GametypeStandings {
    std::uint64_t games = 0;
    std::vector<Standing> players;
};

/// Rates `games` in order, each against the ratings the games before it left: a game's places
/// are its ranks (tied players share one). Keyed by gametype.
std::map<std::string, GametypeStandings> rate_games(const std::vector<RatedGame>& games, const openskill::Options& options = {});

/// {"model": {"name", "mu", "sigma", "beta", "kappa", "tau", "ordinal"}, "games": N,
///  "gametypes": {NAME: {"games": N, "players": [{"name", "mu", "sigma", "ordinal", "games"}, ...]}}}
/// in that order (docs/ratings.md, "Output").
nlohmann::ordered_json standings_json(const std::map<std::string, GametypeStandings>& standings, const openskill::Options& options);

}  // namespace cherries::host
