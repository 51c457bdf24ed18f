#include "host/scenario/scenario.hpp"
#include <fmt/ranges.h>
#include "host/base/file_io.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "host/session/seats.hpp"
#include "host/records/state_json.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/toml/config_reader.hpp"
#include "host/base/join.hpp"

namespace cherries::host {

namespace {

Located located(std::string value, const sdk::TomlValue& where) { return {std::move(value), where.line(), where.column()}; }

// Messages are one line: whatever a library hands us, newlines become spaces.
std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
}

// Reads a scenario's tables, recording every problem in the reader and going on, so that one
// run of `play --scenario` names them all.
class Parser {
public:
    Parser(Scenario& scenario, sdk::ConfigReader& reader) : s_(scenario), r_(reader) {}

    void problem(const sdk::TomlValue& where, const std::string& message) { r_.error(where, one_line(message)); }
    void problem(const Located& where, const std::string& message) { r_.error(where.line, where.column, one_line(message)); }

    void unknown_keys(const sdk::TomlValue& t, std::initializer_list<std::string_view> known, const std::string& context) {
        r_.unknown_keys(t, known, context);
    }

    std::optional<Located> string(const sdk::TomlValue& node, std::string_view what) {
        if (!node.is_string()) {
            problem(node, fmt::format("{}: expected a string, saw {}", what, node.describe()));
            return std::nullopt;
        }
        const std::string value = *node.as_string();
        if (value.empty()) {
            problem(node, fmt::format("{}: expected a name, saw an empty string", what));
            return std::nullopt;
        }
        return located(value, node);
    }

    // A player's name: printable, one word (name_problem).
    std::optional<Located> name(const sdk::TomlValue& node, std::string_view what) {
        auto n = string(node, what);
        if (!n) return n;
        if (const std::string bad = name_problem(n->value); !bad.empty()) {
            problem(node, fmt::format("{}: {} in '{}'", what, bad, excerpt(n->value)));
            return std::nullopt;
        }
        return n;
    }

    // The array's strings (or names) that are good; each bad one is a problem.
    std::vector<Located> strings(const sdk::TomlValue& node, std::string_view what, bool names = false) {
        std::vector<Located> out;
        if (!node.is_array()) {
            problem(node, fmt::format("{}: expected an array of strings, saw {}", what, node.describe()));
            return out;
        }
        for (const auto& element : node.elements())
            if (auto v = names ? name(element, what) : string(element, what)) out.push_back(std::move(*v));
        return out;
    }

    void parse(const sdk::TomlValue& root) {
        unknown_keys(root, {"sets", "gametype", "players", "seed", "deck", "turn", "expect"}, "");
        if (const auto node = root.get("sets"))
            for (auto& set : strings(*node, "'sets'")) s_.sets.push_back(std::move(set.value));
        if (const auto node = root.get("gametype"))
            if (auto g = string(*node, "'gametype'")) s_.gametype = g->value;
        parse_players(root);
        if (const auto node = root.get("seed")) {
            // as_integer() is empty for a float (1e308 would overflow an integer).
            if (!node->as_integer() || *node->as_integer() < 0)
                problem(*node, fmt::format("'seed': expected an integer >= 0, saw {}", node->describe()));
            else
                s_.seed = static_cast<std::uint64_t>(*node->as_integer());
        }
        if (const auto node = root.get("deck")) s_.deck = strings(*node, "'deck'");

        if (const auto node = root.get("turn")) {
            if (!node->is_array()) problem(*node, "'turn': expected [[turn]] tables, saw " + node->describe());
            const auto turns = node->elements();
            for (std::size_t i = 0; i < turns.size(); ++i) {
                if (turns[i].is_table())
                    s_.turns.push_back(parse_turn(turns[i], i + 1));
                else
                    problem(turns[i], "'turn': expected [[turn]] tables, saw " + turns[i].describe());
            }
        }
        if (const auto node = root.get("expect")) s_.expect = parse_expect(*node, r_);
    }

    void parse_players(const sdk::TomlValue& root) {
        const auto players = root.get("players");
        if (!players) {
            problem(root, "missing 'players'; expected players = [\"NAME\", ...] in turn order");
            return;
        }
        if (players->is_array() && players->size() > kMaxPlayers) {
            problem(*players, fmt::format("'players': expected at most {} names, saw {}", kMaxPlayers, players->size()));
            return;
        }
        std::set<std::string> names;
        for (auto& p : strings(*players, "'players'", true)) {
            const Located where = p;
            if (p.value.rfind("bot:", 0) == 0)
                problem(where, "'players': '" + excerpt(p.value) + "' is a bot; a scenario's seats are its decisions, "
                               "written in [[turn]] give = \"NAME\", not bots: name the player instead");
            else if (!names.insert(p.value).second)
                problem(where, "player '" + excerpt(p.value) + "' is listed twice; names must differ");
            else
                s_.players.push_back(std::move(p.value));
        }
        if (players->is_array() && players->size() == 0)
            problem(*players, "'players': expected at least one name, saw an empty array");
    }

    ScenarioTurn parse_turn(const sdk::TomlValue& t, std::size_t number) {
        unknown_keys(t, {"give", "join", "leave", "expect"}, fmt::format("[[turn]] {}: ", number));
        ScenarioTurn turn;
        turn.table = located({}, t);
        if (const auto node = t.get("give")) turn.give = string(*node, "'give'");
        if (const auto node = t.get("join")) turn.join = strings(*node, "'join'", true);
        if (const auto node = t.get("leave")) turn.leave = strings(*node, "'leave'");
        if (const auto node = t.get("expect")) turn.expect = parse_expect(*node, r_);
        if (t.size() == 0)
            problem(t, fmt::format("[[turn]] {} is empty; expected give = \"NAME\" (the drawer's own name keeps "
                                            "the card), join = [...], leave = [...] or expect = {{...}}", number));
        return turn;
    }

private:
    Scenario& s_;
    sdk::ConfigReader& r_;
};

std::string plugin_path(const Scenario& scenario, const std::string& name) {
    if (name.find('/') == std::string::npos) return name;
    const std::filesystem::path p(name);
    return p.is_absolute() || scenario.dir.empty() ? name : (scenario.dir / p).lexically_normal().string();
}

const Player* find(const Game& game, const Located& name) { return game.find_player(name.value); }

// The game stopped before [[turn]] table `index` could play its turn: why, and what is left.
ScenarioEnd early(const Scenario& scenario, std::size_t index, const Game& game) {
    const std::string why = game.phase() == Phase::won      ? "the game is won"
                            : game.phase() == Phase::suspended ? "the game is suspended (one player left; a join resumes it)"
                                                               : "the game is over";
    const std::size_t left = scenario.turns.size() - index;
    return {end_by_rules(game).value_or(GameEnd::ended),
            fmt::format("{}the scenario ends early after turn {}: {}; {} [[turn]] table{} not applied, from [[turn]] {} on",
                        scenario.at(scenario.turns[index].table), game.turn(), why, left, left == 1 ? " was" : "s were",
                        index + 1)};
}

// The end of a run whose `expect` differs from the game's state; nullopt when it holds.
std::optional<ScenarioEnd> expect_end(const Scenario& scenario, const ScenarioExpect& expect, const Game& game,
                                      const std::string& when) {
    const auto mismatch = check_expect(expect, game);
    if (!mismatch) return std::nullopt;
    const Located where{"", mismatch->line, mismatch->column};
    const std::string reason = one_line(when + ": " + mismatch->message);
    return ScenarioEnd{GameEnd::expect_failed, scenario.at(where) + reason, where, reason};
}

}  // namespace

std::string Scenario::at(const Located& where) const {
    if (where.line <= 0) return file + ": ";
    return fmt::format("{}:{}:{}: ", file, where.line, where.column);
}

Scenario parse_scenario(std::string_view text, const std::string& file) {
    Scenario scenario;
    scenario.file = file;
    std::vector<sdk::Diagnostic> problems;
    sdk::ConfigReader reader(file, problems);
    if (const auto root = reader.parse(text)) Parser(scenario, reader).parse(*root);
    if (problems.empty()) return scenario;
    // Every problem, one line each, "file:line:column: what" (the format of every scenario message).
    std::string message;
    for (const auto& p : problems)
        message += (message.empty() ? "" : "\n") + scenario.at(Located{"", p.line, p.column}) + one_line(p.message);
    throw InputError(message);
}

Scenario read_scenario(const std::filesystem::path& path) {
    Scenario scenario = parse_scenario(read_text_file(path, "the scenario file"), path.string());
    scenario.dir = path.parent_path();
    return scenario;
}

std::vector<std::string> scenario_sets(const Scenario& scenario) {
    std::vector<std::string> sets;
    for (const auto& s : scenario.sets) sets.push_back(plugin_path(scenario, s));
    return sets;
}

std::optional<std::string> scenario_gametype(const Scenario& scenario) {
    if (!scenario.gametype) return std::nullopt;
    return plugin_path(scenario, *scenario.gametype);
}

std::vector<KindId> scenario_deck(const Scenario& scenario, const Catalog& catalog) {
    std::vector<KindId> kinds;
    std::map<KindId, std::int32_t> asked;
    for (const auto& card : scenario.deck) {
        KindId kind = 0;
        try {
            kind = catalog.find_kind(card.value);
        } catch (const std::invalid_argument& e) {
            std::vector<std::string> known;
            for (std::size_t k = 0; k < catalog.kinds().size(); ++k) known.push_back(catalog.display_id(static_cast<KindId>(k)));
            const std::string close = sdk::closest_name(card.value, known);
            // The deck is drawn from the scenario's sets: a card of another set needs that set in `sets`.
            const std::string sets = join_each(catalog.sets(), &CardSetInfo::id, ", ");
            const std::string hint = fmt::format(" (the deck holds the cards of {}: a card of another set needs it in "
                                                 "sets = [...])", sets);
            throw InputError(one_line(scenario.at(card) + (close.empty() ? excerpt(e.what(), 4096) + hint
                                                                         : "unknown card '" + excerpt(card.value) +
                                                                               "'; did you mean '" + close + "'?")));
        }
        const std::int32_t copies = catalog.kinds()[kind].count;
        if (++asked[kind] > copies)
            throw InputError(fmt::format("{}'deck' asks for {} copies of '{}'; the sets have {}", scenario.at(card),
                                         asked[kind], excerpt(card.value), copies));
        kinds.push_back(kind);
    }
    return kinds;
}

namespace {

std::vector<Seat> people(const std::vector<std::string>& names) {
    std::vector<Seat> seats;
    for (const std::string& n : names) seats.push_back(Seat{.name = n, .bot = {}});
    return seats;
}

}  // namespace

ScenarioGame::ScenarioGame(const Scenario& scenario, const sdk::Bundle& bundle, Evaluator& evaluator)
    : session_(bundle, evaluator, scenario.seed, people(scenario.players), *this, *this, recorded_plugins(bundle),
               scenario_deck(scenario, bundle.catalog())) {}

MadeBot ScenarioGame::make(const std::string& kind, std::uint64_t /*seed*/) {
    throw InputError("a scenario seats no bots ('" + kind + "')");
}

namespace {

ScenarioEnd play_turns(const Scenario& scenario, ScenarioGame& played, const std::function<void()>& after_turn) {
    Game& game = played.game();
    Session& session = played.session();
    auto unknown = [&](const Located& name, std::string_view role) {
        std::vector<std::string> names;
        for (const Player& p : game.players()) names.push_back(p.name);
        const std::string close = sdk::closest_name(name.value, names);
        return InputError(fmt::format("{}unknown player '{}' in {}; {}", scenario.at(name), excerpt(name.value), role,
                                      close.empty() ? "players: " + player_list(game) : "did you mean '" + close + "'?"));
    };
    auto refused = [&](const Located& name, std::string_view what, const RuleError& e) {
        const std::string reason = one_line(fmt::format("cannot {} '{}': {}; the scenario stops here, after turn {}", what,
                                                        name.value, e.what(), game.turn()));
        return ScenarioEnd{GameEnd::refused, scenario.at(name) + reason, name, reason};
    };
    for (std::size_t i = 0; i < scenario.turns.size(); ++i) {
        const ScenarioTurn& turn = scenario.turns[i];
        if (game.over()) return early(scenario, i, game);
        for (const auto& name : turn.join) {
            try {
                session.join(Seat{.name = name.value, .bot = {}});
            } catch (const RuleError& e) {
                return refused(name, "join", e);
            }
        }
        for (const auto& name : turn.leave) {
            const Player* p = find(game, name);
            if (!p) throw unknown(name, "'leave'");
            try {
                session.leave(p->id);
            } catch (const RuleError& e) {
                return refused(name, "leave", e);
            }
        }
        if (turn.give) {
            if (game.over() || game.phase() == Phase::suspended) return early(scenario, i, game);
            const Player* receiver = find(game, *turn.give);
            if (!receiver) throw unknown(*turn.give, "'give'");
            const PlayerId receiver_id = receiver->id;  // the pointer does not survive the turn
            if (session.advance() == SessionStop::human)  // starts the turn: every seat is the scenario's
                while (game.phase() == Phase::awaiting_give) session.give(receiver_id);  // a fault redraws
            if (after_turn) after_turn();
        }
        if (turn.expect)
            if (auto end = expect_end(scenario, *turn.expect, game, fmt::format("expect after turn {}", game.turn())))
                return *end;
    }
    return {};
}

}  // namespace

ScenarioEnd play_scenario(const Scenario& scenario, ScenarioGame& played, const std::function<void()>& after_turn) {
    Game& game = played.game();
    ScenarioEnd end = play_turns(scenario, played, after_turn);
    if (!end.failed() && scenario.expect)
        if (auto failed = expect_end(scenario, *scenario.expect, game, fmt::format("expect at the end, after turn {}", game.turn())))
            return *failed;
    return end;
}

nlohmann::json scenario_json(const Scenario& scenario, const sdk::Bundle& bundle, ScenarioEnd* end) {
    auto runtime = bundle.make_runtime();
    ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    JsonEventLog log(game);
    game.set_event_sink(&log);
    ScenarioEnd stopped = play_scenario(scenario, played);
    if (end) *end = std::move(stopped);
    nlohmann::json out = state_json(game);
    out["events"] = log.events();
    return out;
}

}  // namespace cherries::host
