// libFuzzer target: `cherries ratings`' reader of a results file (host::parse_results,
// docs/ratings.md), then the ratings of what it took (host::rate_games, standings_json). A file
// taken must hold only games of 2 to 6 distinct, non-empty names in non-empty places, and every
// rating it gives must be finite with sigma > 0. Bad input must end in a host::InputError with
// words; any other exception, a crash or a sanitizer report is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "host/base/input_error.hpp"
#include "host/ratings/results_file.hpp"
#include "host/ratings/standings.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries::host;
    try {
        const auto games = parse_results(std::string_view(reinterpret_cast<const char*>(data), size), "results.jsonl");
        for (const RatedGame& g : games) {
            std::set<std::string> names;
            std::size_t players = 0;
            if (g.gametype.empty() || g.order.empty()) __builtin_trap();
            for (const auto& place : g.order) {
                if (place.empty()) __builtin_trap();
                for (const std::string& name : place) {
                    if (name.empty() || !names.insert(name).second) __builtin_trap();
                    ++players;
                }
            }
            if (players < kMinRatedPlayers || players > kMaxRatedPlayers) __builtin_trap();
        }
        const auto standings = rate_games(games);
        for (const auto& [gametype, table] : standings)
            for (const Standing& s : table.players)
                if (!std::isfinite(s.rating.mu) || !std::isfinite(s.rating.sigma) || !(s.rating.sigma > 0)) __builtin_trap();
        (void)standings_json(standings, {}).dump();
    } catch (const InputError& e) {
        if (std::string(e.what()).empty()) __builtin_trap();  // a refusal must say what was wrong
    }
    return 0;
}
