// Scenario expectations: `expect` tables in a scenario file ([[turn]] and the file's own) that
// `play --scenario` and `check` assert against the game's state (docs/scenarios.md).
//
//   [[turn]]
//   give = "bob"
//   expect.status = "in_progress"       # in_progress, won, suspended, ended, aborted
//   expect.bob = { cherries = 2, score = 0, modifiers = ["cherry-halver"], received = ["cherry"] }
//
//   [expect]                             # checked when the run ends
//   winner = "ann"
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "sdk/toml/config_reader.hpp"

namespace cherries::host {

/// One expected value: `what` names it in messages ("status", "ann's cherries"); `player` is
/// empty for status and winner; `key` is the state_json key it is compared with.
struct ExpectedValue {
    std::string player;
    std::string key;
    nlohmann::json value;  ///< an integer, a string, or an array of card ids
    int line = 0;
    int column = 0;
};

/// An `expect` table: every value it gives, in file order.
struct ScenarioExpect {
    std::vector<ExpectedValue> values;
    int line = 0;  ///< where the table is
    int column = 0;
};

/// Parses an `expect` table. Keys: `status` (string), `winner` (a name), and a player's name
/// holding `cherries`, `score` (integers), `modifiers`, `received` (arrays of card ids, bottom
/// first). Anything else is a problem recorded in `reader` (every one, at its line), and the
/// values that could not be read are left out; nullopt when `node` is not a table.
std::optional<ScenarioExpect> parse_expect(const sdk::TomlValue& node, sdk::ConfigReader& reader);

/// A mismatch: where the expected value is written and what differs.
struct ExpectMismatch {
    int line = 0;
    int column = 0;
    std::string message;  ///< "ann's cherries: expected 5, got 4"
};

/// Compares `expect` with `game`'s state (state_json); the first value that differs, in file
/// order. A player name or card id the game does not know is a mismatch that says "did you
/// mean" when a close name exists.
std::optional<ExpectMismatch> check_expect(const ScenarioExpect& expect, const Game& game);

}  // namespace cherries::host
