// Past one machine: `--shard K/N` partial results ("parts") and merging them back into exactly
// the result one run would give (docs/cluster.md).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/sim.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// One part file as read: its name (for errors) and its JSON.
struct Part {
    std::string file;
    nlohmann::json json;
};

/// Reads `files` as parts of format `format` ("cherries-sim-part", "cherries-report-part") and
/// checks they belong together: each one is JSON with that format, the same "setup" object (plugins
/// with their fingerprints, seed, games, options), the same shard count N, and shards 1..N each
/// exactly once. Returns the parts in shard order. Throws InputError naming the file and what is
/// wrong (unreadable, not a part, a different setup field, a repeated or missing shard).
std::vector<Part> read_parts(const std::vector<std::string>& files, const std::string& format);

/// The part JSON of a sharded sim run: format, shard [K, N], setup (plugins, seed, games, players,
/// bots, max_turns, think), the seconds it took, and the games compactly: "games" is a flat array
/// [turns, result, turns, result, ...] where result is the winner's seat (0-based), -1 for
/// unfinished (GameEnd::turn_cap), -2 for ended without a winner, -3 for aborted.
nlohmann::json sim_part(const SimResults& results, const sdk::Bundle& bundle);

/// Merges sim parts (read_parts) into the results one run of all the games would give, and the
/// set ids and gametype id for sim_summary / sim_report. Seconds are summed over the parts.
/// Throws InputError naming the file of a malformed part.
SimResults merge_sim_parts(const std::vector<Part>& parts, std::vector<std::string>& sets, std::string& gametype);

}  // namespace cherries::host
