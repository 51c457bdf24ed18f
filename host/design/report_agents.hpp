// The report's agent matrix and skill index (docs/report.md, "Under their field's names"): the
// ladder's line-ups (host/batch/ladder) of one bot against players − 1 of another, as a win-share
// matrix with the first seat's share per cell, and the spread of the ladder's ratings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/ladder.hpp"

namespace cherries::host {

/// The bots of the agent matrix, weakest first.
inline const std::vector<std::string> kMatrixBots{"random", "greedy", "strategic", "expert"};

/// The matrix as JSON: "players", "games" (per cell), "bots", "cells" (one per ordered pair:
/// "lone", "rest", "games", "lone_wins", "rest_wins", "no_winner", "share" (the lone bot's wins
/// over the games, with its Wilson "ci95"), "fair" (1 / players), "first_seat_share"), "ratings"
/// (per bot: "bot", "value", "ci95", Elo scale, the first bot at 0) and "skill_index" (the highest
/// rating minus the lowest, Elo points).
nlohmann::json agent_matrix_json(const LadderResults& results);

/// The page's "Agents" section for `matrix` (agent_matrix_json), or "" when it is null.
std::string agents_section(const nlohmann::json& matrix);

}  // namespace cherries::host
