#include "host/session/game_end.hpp"

namespace cherries::host {

std::string_view to_string(GameEnd end) {
    switch (end) {
        case GameEnd::won: return "won";
        case GameEnd::ended: return "ended";
        case GameEnd::aborted: return "aborted";
        case GameEnd::suspended: return "suspended";
        case GameEnd::turn_cap: return "turn_cap";
        case GameEnd::quit: return "quit";
        case GameEnd::end_of_input: return "end_of_input";
        case GameEnd::scenario_done: return "scenario_done";
        case GameEnd::refused: return "refused";
        case GameEnd::expect_failed: return "expect_failed";
    }
    return "?";
}

std::optional<GameEnd> end_by_rules(const Game& game) {
    switch (game.phase()) {
        case Phase::won: return GameEnd::won;
        case Phase::ended: return GameEnd::ended;
        case Phase::aborted: return GameEnd::aborted;
        case Phase::suspended: return GameEnd::suspended;
        case Phase::between_turns:
        case Phase::awaiting_give: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace cherries::host
