#include "host/scenario/scenario_expect.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/records/state_json.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/toml/config_reader.hpp"

namespace cherries::host {

namespace {

constexpr const char* kStatuses[] = {"in_progress", "won", "suspended", "ended", "aborted"};

void problem(sdk::ConfigReader& r, const sdk::TomlValue& node, const std::string& message) { r.error(node, message); }

ExpectedValue at(const sdk::TomlValue& node, std::string player, std::string key, nlohmann::json value) {
    return {std::move(player), std::move(key), std::move(value), node.line(), node.column()};
}

std::optional<std::string> string_value(sdk::ConfigReader& r, const sdk::TomlValue& node, const std::string& what) {
    if (auto s = node.as_string()) return s;
    problem(r, node, fmt::format("expect {}: expected a string, saw {}", what, node.describe()));
    return std::nullopt;
}

void parse_player(sdk::ConfigReader& r, const std::string& name, const sdk::TomlValue& node, ScenarioExpect& out) {
    if (!node.is_table()) {
        problem(r, node, fmt::format("expect '{}': expected a table of cherries, score, modifiers, received for player '{}', "
                                     "saw {}", excerpt(name), excerpt(name), node.describe()));
        return;
    }
    for (const auto& [k, value] : node.entries()) {
        const std::string what = fmt::format("{}'s {}", excerpt(name), excerpt(k));
        if (k == "cherries" || k == "score") {
            if (auto v = value.as_integer()) out.values.push_back(at(value, name, k, *v));
            else problem(r, value, fmt::format("expect {}: expected an integer, saw {}", what, value.describe()));
        } else if (k == "modifiers" || k == "received") {
            if (!value.is_array()) {
                problem(r, value, fmt::format("expect {}: expected an array of card ids, bottom first, saw {}", what,
                                              value.describe()));
                continue;
            }
            nlohmann::json ids = nlohmann::json::array();
            bool ok = true;
            for (const auto& element : value.elements()) {
                if (auto id = string_value(r, element, what)) ids.push_back(*id);
                else ok = false;
            }
            if (ok) out.values.push_back(at(value, name, k, std::move(ids)));
        } else {
            const std::string close = sdk::closest_name(k, {"cherries", "score", "modifiers", "received"});
            problem(r, value, fmt::format("unknown key '{}' in expect for player '{}'; {}", excerpt(k), excerpt(name),
                                          close.empty() ? "expected one of: cherries, score, modifiers, received"
                                                        : "did you mean '" + close + "'?"));
        }
    }
}

std::string shown(const nlohmann::json& value) {
    if (value.is_string()) return "\"" + excerpt(value.get<std::string>()) + "\"";
    if (value.is_null()) return "none";
    return excerpt(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

// The player names of `game`, for "did you mean".
std::vector<std::string> names_of(const Game& game) {
    std::vector<std::string> names;
    for (const Player& p : game.players()) names.push_back(p.name);
    return names;
}

std::string unknown_player(const std::string& name, const Game& game) {
    const std::string close = sdk::closest_name(name, names_of(game));
    const std::string list = fmt::format("{}", fmt::join(names_of(game), ", "));
    return fmt::format("unknown player '{}'{}", excerpt(name),
                       close.empty() ? "; players: " + list : "; did you mean '" + close + "'?");
}

// A card id in an expected list that the game does not know, said with "did you mean".
std::string unknown_card(const nlohmann::json& ids, const Game& game) {
    std::vector<std::string> known;
    for (std::size_t k = 0; k < game.catalog().kinds().size(); ++k)
        known.push_back(game.catalog().display_id(static_cast<KindId>(k)));
    for (const auto& id : ids) {
        const std::string s = id.get<std::string>();
        if (std::find(known.begin(), known.end(), s) != known.end()) continue;
        const std::string close = sdk::closest_name(s, known);
        return fmt::format("unknown card '{}'{}", excerpt(s), close.empty() ? "" : "; did you mean '" + close + "'?");
    }
    return "";
}

}  // namespace

std::optional<ScenarioExpect> parse_expect(const sdk::TomlValue& node, sdk::ConfigReader& r) {
    if (!node.is_table()) {
        problem(r, node, "'expect': expected a table (status, winner, or a player's name), saw " + node.describe());
        return std::nullopt;
    }
    ScenarioExpect out;
    out.line = node.line();
    out.column = node.column();
    for (const auto& [k, value] : node.entries()) {
        if (k == "status") {
            const auto status = string_value(r, value, "status");
            if (!status) continue;
            if (std::find(std::begin(kStatuses), std::end(kStatuses), *status) == std::end(kStatuses))
                problem(r, value, fmt::format("expect status: expected one of in_progress, won, suspended, ended, aborted, "
                                              "saw \"{}\"", excerpt(*status)));
            else
                out.values.push_back(at(value, "", "status", *status));
        } else if (k == "winner") {
            if (auto winner = string_value(r, value, "winner")) out.values.push_back(at(value, "", "winner", *winner));
        } else {
            parse_player(r, k, value, out);
        }
    }
    return out;
}

std::optional<ExpectMismatch> check_expect(const ScenarioExpect& expect, const Game& game) {
    const nlohmann::json state = state_json(game);
    for (const ExpectedValue& v : expect.values) {
        auto mismatch = [&](std::string message) { return ExpectMismatch{v.line, v.column, std::move(message)}; };
        if (v.player.empty()) {
            const nlohmann::json& actual = state[v.key];
            if (v.key == "winner" && !game.find_player(v.value.get<std::string>()))
                return mismatch("winner: " + unknown_player(v.value.get<std::string>(), game));
            if (actual != v.value) return mismatch(fmt::format("{}: expected {}, got {}", v.key, shown(v.value), shown(actual)));
            continue;
        }
        const auto& players = state["players"];
        const auto p = std::find_if(players.begin(), players.end(), [&](const auto& j) { return j["name"] == v.player; });
        if (p == players.end()) return mismatch(fmt::format("expect for {}", unknown_player(v.player, game)));
        nlohmann::json actual = (*p)[v.key];
        if (v.key == "modifiers") {
            nlohmann::json ids = nlohmann::json::array();
            for (const auto& m : actual) ids.push_back(m["card"]);
            actual = std::move(ids);
        }
        if (v.value.is_array())
            if (const std::string problem = unknown_card(v.value, game); !problem.empty())
                return mismatch(fmt::format("{}'s {}: {}", excerpt(v.player), v.key, problem));
        if (actual != v.value)
            return mismatch(fmt::format("{}'s {}: expected {}, got {}", excerpt(v.player), v.key, shown(v.value), shown(actual)));
    }
    return std::nullopt;
}

}  // namespace cherries::host
