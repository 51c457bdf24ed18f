// A results file (docs/ratings.md): one finished game per line, JSON, e.g.
//   {"gametype": "official", "order": [["ann"], ["bob", "carl"], ["dan"]]}
// the finishing order best first, players tied at a place grouped; blank lines are skipped.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::host {

/// The fewest and most players a rated game has.
inline constexpr std::size_t kMinRatedPlayers = 2;
inline constexpr std::size_t kMaxRatedPlayers = 6;

/// One game of a results file.
struct RatedGame {
    std::string gametype;                          ///< ratings are kept per gametype
    std::vector<std::vector<std::string>> order;   ///< places, best first: the names tied at each
    std::size_t line = 0;                          ///< 1-based line of the file
};

/// The games of a results file's `text`, in file order. `file` names it in messages. Throws
/// InputError with one line per bad line of the file (at most 20, then how many more), each
/// "FILE:LINE: what was wrong; expected ...": not JSON, not an object, no non-empty "gametype"
/// string, no "order" array of places, a place that is not a non-empty array of non-empty name
/// strings, a name twice, fewer than 2 or more than 6 players. Other keys are ignored.
std::vector<RatedGame> parse_results(std::string_view text, const std::string& file);

/// parse_results of the file at `path` (read with read_text_file: a missing, unreadable or
/// non-regular file is an InputError too).
std::vector<RatedGame> read_results_file(const std::filesystem::path& path);

}  // namespace cherries::host
