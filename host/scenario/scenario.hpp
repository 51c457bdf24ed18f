// Scenario mode: a TOML file that fixes the players, the seed, the top of the deck and every
// decision, so that a situation of the game can be reproduced exactly (`play --scenario`).
//
//   sets = ["standard"]              # optional; names, or folders relative to the file
//   gametype = "official"            # optional
//   players = ["ann", "bob"]         # turn order, first player first
//   seed = 1                         # optional, default 1
//   deck = ["triple-cherry", "point"]# optional; card ids, top first; the rest follows shuffled
//
//   [[turn]]                         # one per turn, in order (docs/scenarios.md)
//   join = ["cid"]                   # optional: joins, then leaves, before the turn
//   leave = ["bob"]
//   give = "ann"                     # whom the drawer gives to; the drawer's own name = keep;
//                                    # without it the table is a gap with no turn after it
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/session/game_end.hpp"
#include "host/session/session.hpp"
#include "host/scenario/scenario_expect.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// A string from the file and where it was: for messages like "file:5:8: unknown card 'x'".
struct Located {
    std::string value;
    int line = 0;    ///< 1-based; 0 = unknown
    int column = 0;
};

/// One [[turn]] table: the changes in players of one gap between turns (GDD §3.4.2.1), then
/// the turn that follows it, if `give` is there.
struct ScenarioTurn {
    Located table;                ///< where the [[turn]] table starts (value empty)
    std::vector<Located> join;    ///< applied first, in order
    std::vector<Located> leave;   ///< then these
    std::optional<Located> give;  ///< the receiver's name; none: only the gap, no turn
    std::optional<ScenarioExpect> expect;  ///< checked after the turn (or the gap) (scenario_expect.hpp)
};

/// How a scenario run stopped. `message` is empty when every [[turn]] table was applied;
/// otherwise one line, "file:line:column: what happened", for stderr.
struct ScenarioEnd {
    /// scenario_done: every [[turn]] table was applied; won, ended, aborted, suspended: the rules
    /// stopped the game with [[turn]] tables left that play a turn; refused: the rules refused a
    /// join or leave (house rules, a taken name); expect_failed: an `expect` did not hold.
    GameEnd end = GameEnd::scenario_done;
    std::string message;
    Located where;               ///< where `message` points (line 0: nowhere in particular)
    std::string reason;          ///< `message` without its "file:line:column: "
    /// Refused or an expect failed: `play --scenario` exits 1, `check` reports an error.
    bool failed() const { return end == GameEnd::refused || end == GameEnd::expect_failed; }
};

/// A parsed scenario file. Names and card ids are checked when the scenario runs, against
/// the plugins and the players of that moment.
struct Scenario {
    std::string file;                    ///< as shown in messages
    std::filesystem::path dir;           ///< the file's folder: relative set/gametype folders start here
    std::vector<std::string> sets;       ///< empty: not given
    std::optional<std::string> gametype; ///< not given: the command line's (default official)
    std::vector<std::string> players;
    std::uint64_t seed = 1;
    std::vector<Located> deck;           ///< top first
    std::vector<ScenarioTurn> turns;
    std::optional<ScenarioExpect> expect;  ///< the file's own [expect]: checked when the run ends

    /// "file:line:column: " for `where` (without line and column when unknown).
    std::string at(const Located& where) const;
};

/// Parses scenario text. `file` names it in messages. Throws InputError (one line,
/// "file:line:column: what was expected, what was seen") for malformed TOML, unknown keys, wrong
/// types, missing players or give, repeated player names, and bot seats ("bot:greedy": a
/// scenario's seats are its decisions, not bots).
Scenario parse_scenario(std::string_view text, const std::string& file);

/// Reads and parses a scenario file. Throws InputError, also when it cannot be read.
Scenario read_scenario(const std::filesystem::path& path);

/// The scenario's set and gametype plugins: a name as given; a name that contains '/' is a
/// folder relative to the scenario file.
std::vector<std::string> scenario_sets(const Scenario& scenario);
/// As scenario_sets, for the gametype; nullopt when the file does not name one.
std::optional<std::string> scenario_gametype(const Scenario& scenario);

/// The deck's top cards as kinds, top first. Throws InputError naming the position of an unknown
/// or ambiguous card id, or of a card asked for more often than the sets have copies.
std::vector<KindId> scenario_deck(const Scenario& scenario, const Catalog& catalog);

/// The scenario's game, played through a Session like every game (the same seating, plugin
/// memo and turn loop): every seat is the scenario's, which decides for all of them; no bots.
class ScenarioGame final : private BotSource, private SessionHooks {
public:
    /// Sets up the scenario's game (players, seed, deck top). Throws InputError as
    /// scenario_deck, and for players the engine refuses.
    ScenarioGame(const Scenario& scenario, const sdk::Bundle& bundle, Evaluator& evaluator);
    Game& game() { return session_.game(); }
    Session& session() { return session_; }

private:
    MadeBot make(const std::string& kind, std::uint64_t seed) override;  // never: no bot seats
    Session session_;
};

/// Plays the scenario's turns on `game`: for each [[turn]], its joins, then its leaves (one gap
/// between turns, GDD §3.4.2 d.i), then the turn with its give, if it has one (a give whose card
/// faults is applied again to the redrawn card, GDD §3.5). A suspended game takes the next
/// tables' joins and goes on. Stops, and says why in the result, when a give finds the game over
/// or suspended, when the rules refuse a join or leave, or when an `expect` (of a [[turn]], after
/// it; the file's own, at the end, also an early end) differs from the state ("file:line:column:
/// expect after turn 3: ann's cherries: expected 5, got 4"); the game keeps the state it had then.
/// `after_turn` (may be empty) is called after each turn played. Throws InputError with the file
/// position for an unknown player in give or leave ("did you mean" when a name is close).
ScenarioEnd play_scenario(const Scenario& scenario, ScenarioGame& game, const std::function<void()>& after_turn = {});

/// Runs the scenario and returns state_json of the end state plus `events`: everything the
/// `--json` output holds. How the run stopped goes to `end` when given.
nlohmann::json scenario_json(const Scenario& scenario, const sdk::Bundle& bundle, ScenarioEnd* end = nullptr);

}  // namespace cherries::host
