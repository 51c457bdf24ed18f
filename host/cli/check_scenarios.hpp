// `cherries check` runs a set's scenarios as its designer tests: every `scenarios/*.toml` in a
// set folder is played (docs/scenarios.md), and an `expect` that does not hold is an error at
// its line, like a failed `tests.cherry` pair.
#pragma once

#include <filesystem>
#include <vector>

#include "sdk/base/diagnostic.hpp"

namespace cherries::host {

/// The scenario files of set folder `set`: `set`/scenarios/*.toml, in name order.
std::vector<std::filesystem::path> set_scenarios(const std::filesystem::path& set);

/// Plays scenario file `file` of set folder `set`: with the scenario's own `sets` when it names
/// some, else with `set` alone; with its gametype, else "official" (`plugin_path` searched
/// first). Returns its problems: a mistake in the file, plugins that do not load, a refused join
/// or leave, an `expect` that differs (at the expected value: "expect after turn 2: ann's
/// cherries: expected 3, got 2"). An early end is not a problem.
std::vector<sdk::Diagnostic> run_set_scenario(const std::filesystem::path& set, const std::filesystem::path& file,
                                              const std::vector<std::filesystem::path>& plugin_path);

}  // namespace cherries::host
