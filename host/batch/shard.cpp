#include "host/batch/shard.hpp"
#include "host/base/file_io.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "host/base/input_error.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

namespace {

nlohmann::json read_json_file(const std::string& file) {
    const std::string text = read_text_file(file, "the file");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(fmt::format("{}: not a part file: invalid JSON ({})", file, e.what()));
    }
}

// The first key of `a` or `b` whose values differ ("" if none).
std::string first_difference(const nlohmann::json& a, const nlohmann::json& b) {
    for (const auto& [key, value] : a.items())
        if (!b.contains(key) || b[key] != value) return key;
    for (const auto& [key, value] : b.items())
        if (!a.contains(key)) return key;
    return "";
}

}  // namespace

std::vector<Part> read_parts(const std::vector<std::string>& files, const std::string& format) {
    if (files.empty()) throw InputError("no part files given");
    std::vector<Part> parts;
    std::uint32_t shards = 0;
    for (const auto& file : files) {
        Part part{file, read_json_file(file)};
        const auto& j = part.json;
        if (!j.is_object() || !j.contains("format") || j["format"] != format) {
            const std::string got = j.is_object() && j.contains("format") ? j["format"].dump() : std::string("none");
            throw InputError(fmt::format("{}: not a {} file (format {}); {}", file, format, got,
                                         format == "cherries-sim-part" ? "write one with `cherries sim --shard K/N`"
                                                                       : "write one with `cherries report --shard K/N`"));
        }
        if (!j.contains("shard") || !j["shard"].is_array() || j["shard"].size() != 2 ||
            !j["shard"][0].is_number_unsigned() || !j["shard"][1].is_number_unsigned() || !j.contains("setup") ||
            !j["setup"].is_object())
            throw InputError(fmt::format("{}: malformed part: expected \"shard\": [K, N] and a \"setup\" object", file));
        const auto k = j["shard"][0].get<std::uint64_t>();
        const auto n = j["shard"][1].get<std::uint64_t>();
        if (k < 1 || k > n) throw InputError(fmt::format("{}: malformed part: shard {}/{}", file, k, n));
        if (!parts.empty()) {
            const Part& first = parts.front();
            if (n != shards)
                throw InputError(fmt::format("{}: shard {}/{} is one of {} slices, but {} is one of {}", file, k, n, n,
                                             first.file, shards));
            if (j["setup"] != first.json["setup"]) {
                const std::string key = first_difference(first.json["setup"], j["setup"]);
                throw InputError(fmt::format("{}: not part of the same run as {}: \"{}\" differs ({} here, {} there)",
                                             file, first.file, key, j["setup"].value(key, nlohmann::json()).dump(),
                                             first.json["setup"].value(key, nlohmann::json()).dump()));
            }
        }
        shards = static_cast<std::uint32_t>(n);
        for (const Part& other : parts)
            if (other.json["shard"][0] == k)
                throw InputError(fmt::format("{}: shard {}/{} given twice (also {})", file, k, n, other.file));
        parts.push_back(std::move(part));
    }
    if (parts.size() != shards) {
        std::string missing;
        for (std::uint32_t k = 1; k <= shards && missing.size() < 60; ++k) {
            bool found = false;
            for (const Part& p : parts) found = found || p.json["shard"][0] == k;
            if (!found) missing += (missing.empty() ? "" : ", ") + fmt::format("{}/{}", k, shards);
        }
        throw InputError(fmt::format("{} of {} parts given: missing shard {}", parts.size(), shards, missing));
    }
    std::sort(parts.begin(), parts.end(), [](const Part& a, const Part& b) {
        return a.json["shard"][0].get<std::uint64_t>() < b.json["shard"][0].get<std::uint64_t>();
    });
    return parts;
}

nlohmann::json sim_part(const SimResults& results, const sdk::Bundle& bundle) {
    const SimOptions& o = results.options;
    std::vector<std::string> sets;
    std::string gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") sets.push_back(p.id);
        if (p.type == "gametype") gametype = p.id;
    }
    nlohmann::json games = nlohmann::json::array();
    for (const SimGame& g : results.games) {
        games.push_back(g.turns);
        games.push_back(g.outcome == GameEnd::won ? g.winner : g.outcome == GameEnd::turn_cap ? -1 : g.outcome == GameEnd::aborted ? -3 : -2);
    }
    return {{"format", "cherries-sim-part"},
            {"shard", {o.shard, o.shards}},
            {"setup",
             {{"plugins", plugins_json(recorded_plugins(bundle, results.seat_bots))},
              {"sets", sets},
              {"gametype", gametype},
              {"seed", o.seed},
              {"games", o.games},
              {"players", o.players},
              {"bots", results.seat_bots},
              {"max_turns", o.max_turns},
              {"think", o.bot_settings.think}}},
            {"first", results.first},
            {"seconds", results.seconds},
            {"games", std::move(games)}};
}

SimResults merge_sim_parts(const std::vector<Part>& parts, std::vector<std::string>& sets, std::string& gametype) {
    SimResults results;
    const nlohmann::json& setup = parts.front().json["setup"];
    try {
        results.options.games = setup.at("games").get<std::uint64_t>();
        results.options.players = setup.at("players").get<std::uint32_t>();
        results.options.seed = setup.at("seed").get<std::uint64_t>();
        results.options.max_turns = setup.at("max_turns").get<std::uint32_t>();
        results.options.bot_settings.think = setup.at("think").get<std::uint32_t>();
        results.seat_bots = setup.at("bots").get<std::vector<std::string>>();
        results.options.bots = results.seat_bots;
        sets = setup.at("sets").get<std::vector<std::string>>();
        gametype = setup.at("gametype").get<std::string>();
    } catch (const nlohmann::json::exception& e) {
        throw InputError(fmt::format("{}: malformed part setup: {}", parts.front().file, e.what()));
    }
    if (results.seat_bots.size() != results.options.players || sets.empty())
        throw InputError(fmt::format("{}: malformed part setup: bots do not match players", parts.front().file));
    const auto shards = static_cast<std::uint32_t>(parts.size());
    for (const Part& part : parts) {
        const auto k = part.json["shard"][0].get<std::uint32_t>();
        const ShardRange range = sim_shard_range(results.options.games, k, shards);
        const auto& games = part.json.value("games", nlohmann::json());
        if (!games.is_array() || games.size() != 2 * (range.end - range.first) || part.json.value("first", ~0ULL) != range.first)
            throw InputError(fmt::format("{}: malformed part: expected games {} to {} as [turns, result] pairs", part.file,
                                         range.first, range.end));
        results.seconds += part.json.value("seconds", 0.0);
        for (std::size_t i = 0; i < games.size(); i += 2) {
            SimGame g;
            if (!games[i].is_number_unsigned() || !games[i + 1].is_number_integer())
                throw InputError(fmt::format("{}: malformed part: game {} is not [turns, result]", part.file,
                                             range.first + i / 2));
            g.turns = games[i].get<std::uint32_t>();
            const auto r = games[i + 1].get<std::int64_t>();
            if (r < -3 || r >= static_cast<std::int64_t>(results.options.players))
                throw InputError(fmt::format("{}: malformed part: game {} has result {}", part.file, range.first + i / 2, r));
            g.outcome = r >= 0 ? GameEnd::won : r == -1 ? GameEnd::turn_cap : r == -3 ? GameEnd::aborted : GameEnd::ended;
            g.winner = r >= 0 ? static_cast<std::int32_t>(r) : -1;
            results.games.push_back(g);
        }
    }
    return results;
}

}  // namespace cherries::host
