#include "host/ratings/results_file.hpp"

#include <nlohmann/json.hpp>

#include <set>

#include "host/base/file_io.hpp"
#include "host/base/input_error.hpp"
#include "host/base/json_fields.hpp"
#include "host/base/printable.hpp"

namespace cherries::host {

namespace {

constexpr std::size_t kMaxReported = 20;  // bad lines named in one error; the rest are counted
constexpr const char* kShape = R"({"gametype": "NAME", "order": [["FIRST"], ["TIED", "TIED"], ...]})";

std::string seen(const nlohmann::json& j) { return excerpt(j.dump()); }

std::vector<std::string> place_names(const nlohmann::json& place, std::size_t number) {
    const std::string where = "place " + std::to_string(number) + ": ";
    if (!place.is_array() || place.empty())
        throw InputError(where + "expected an array of one or more names (the players tied there), saw " + seen(place));
    std::vector<std::string> names;
    for (const auto& name : place) {
        if (!name.is_string() || name.get_ref<const std::string&>().empty())
            throw InputError(where + "expected a name, a non-empty string, saw " + seen(name));
        names.push_back(name.get<std::string>());
    }
    return names;
}

RatedGame parse_game(std::string_view line) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError("malformed JSON at column " + std::to_string(e.byte) + "; expected one game as " + kShape);
    } catch (const nlohmann::json::exception& e) {  // out_of_range: a number past a double ("1e999")
        std::string what = e.what();
        if (const std::size_t end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && end != std::string::npos) what.erase(0, end + 2);
        throw InputError("malformed JSON: " + excerpt(what) + "; expected one game as " + kShape);
    }
    const JsonFields fields(j, "", "one game as a JSON object " + std::string(kShape));
    RatedGame game;
    game.gametype = fields.text("gametype", "the gametype's name, a non-empty string");
    if (game.gametype.empty()) fields.fail("gametype", "is empty; expected the gametype's name, a non-empty string");
    const nlohmann::json& order = fields.array("order", "the places, best first, each an array of the names tied there");
    std::set<std::string> players;
    for (std::size_t i = 0; i < order.size(); ++i) {
        game.order.push_back(place_names(order[i], i + 1));
        for (const auto& name : game.order.back())
            if (!players.insert(name).second)
                throw InputError("\"" + excerpt(name) + "\" is in the game twice; expected each player once");
    }
    if (players.size() < kMinRatedPlayers || players.size() > kMaxRatedPlayers)
        throw InputError(std::to_string(players.size()) + " player" + (players.size() == 1 ? "" : "s") + "; expected " +
                      std::to_string(kMinRatedPlayers) + " to " + std::to_string(kMaxRatedPlayers));
    return game;
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

std::vector<RatedGame> parse_results(std::string_view text, const std::string& file) {
    std::vector<RatedGame> games;
    std::string problems;
    std::size_t bad = 0;
    std::size_t number = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++number;
        if (blank(line)) continue;
        try {
            games.push_back(parse_game(line));
            games.back().line = number;
        } catch (const InputError& e) {
            if (++bad <= kMaxReported) problems += (problems.empty() ? "" : "\n") + file + ":" + std::to_string(number) + ": " + e.what();
        }
    }
    if (bad > kMaxReported) problems += "\n" + file + ": " + std::to_string(bad - kMaxReported) + " more bad lines";
    if (bad > 0) throw InputError(problems);
    return games;
}

std::vector<RatedGame> read_results_file(const std::filesystem::path& path) {
    return parse_results(read_text_file(path, "the results file"), path.string());
}

}  // namespace cherries::host
