// What `cherries check` says of one plugin folder on its own, for tests of the plugins we ship,
// scaffold and show in the docs. Calls the real checks (sdk/check): the manifest schema, Lua
// loading, behaviour probes, the designer-written tests and the lints of one set.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sdk/check/check.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::test {

/// Every diagnostic `cherries check FOLDER` gives, as printed ("file:line:col: error: ..."),
/// errors first. Empty: no error and no warning.
inline std::vector<std::string> check_plugin(const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> out;
    if (std::filesystem::is_regular_file(folder / "set.toml")) sdk::check::check_set(folder, out);
    else sdk::check::check_gametype(folder, out);
    sdk::check::sort_diagnostics(out);
    std::vector<std::string> lines;
    for (const auto& d : out) lines.push_back(d.to_string());
    return lines;
}

/// The errors among check_plugin(folder).
inline std::vector<std::string> check_errors(const std::filesystem::path& folder) {
    std::vector<std::string> errors;
    for (auto& line : check_plugin(folder))
        if (line.find(": error: ") != std::string::npos || line.rfind("error: ", 0) == 0) errors.push_back(line);
    return errors;
}

/// How many designer-written [input, expected] pairs the plugin's manifest gives.
inline std::size_t designer_test_count(const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> ignored;
    if (!std::filesystem::is_regular_file(folder / "set.toml"))
        return sdk::read_gametype_manifest(folder, ignored).distribution_tests.size();
    const auto m = sdk::read_set_manifest(folder, ignored);
    std::size_t n = 0;
    for (const auto& card : m.cards) n += card.cherry_tests.size() + card.score_tests.size();
    return n;
}

}  // namespace cherries::test
