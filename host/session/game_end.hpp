// How a game stopped being played: one vocabulary for every front end, the records, `sim`, the
// balance report and scenarios (docs/architecture.md, "How a game stops"). The rules end a game
// (won, ended, aborted) or suspend it (GDD §3.4.2.1, §3.4.3, §3.5); everything else is why the
// playing stopped before that.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/game.hpp"

namespace cherries::host {

/// How a game stopped.
enum class GameEnd : std::uint8_t {
    won,            ///< a player reached the winning score (GDD §3.4.3)
    ended,          ///< over without a winner: nobody left, or no card left in play
    aborted,        ///< over: the gametype's score change distribution failed (GDD §3.5)
    suspended,      ///< one player is left and nobody joins (GDD §3.4.2.1)
    turn_cap,       ///< a turn limit was reached (`--max-turns`, sim's max_turns): unfinished
    quit,           ///< a person stopped it (quit at the terminal)
    end_of_input,   ///< the terminal's standard input ended
    scenario_done,  ///< a scenario's [[turn]] tables ran out
    refused,        ///< a scenario's join or leave was refused by the rules
    expect_failed,  ///< a scenario's `expect` did not hold
};

/// Its name in output and files: "won", "ended", "aborted", "suspended", "turn_cap", "quit",
/// "end_of_input", "scenario_done", "refused", "expect_failed".
std::string_view to_string(GameEnd end);

/// How the rules have ended or suspended `game` (won, ended, aborted, suspended), or nullopt
/// while it can go on.
std::optional<GameEnd> end_by_rules(const Game& game);

/// Over by the rules: won, ended or aborted (not suspended: a join resumes that).
inline bool is_over(GameEnd end) { return end == GameEnd::won || end == GameEnd::ended || end == GameEnd::aborted; }

}  // namespace cherries::host
