// `cherries check`: everything that can be found wrong with plugins before a game is played,
// every problem at once. The list of checks is in docs/check.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "sdk/check/discover.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// Checks one card set folder: the manifest schema, the Lua file (syntax, named functions),
/// behaviour probes of every modifier function (probe.hpp), the designer-written tests, and
/// the lints of one set (lint.hpp). Appends to `out`; returns the manifest as read (for lints
/// across sets). Never throws for anything in the plugin.
SetManifest check_set(const std::filesystem::path& folder, std::vector<Diagnostic>& out);

/// Checks one gametype folder: the manifest schema, the Lua file, probes of a function-form
/// distribution over cherry counts >= 0, and `[tests] distribution` (against the function or
/// the table). Appends to `out`. Never throws for anything in the plugin.
GametypeManifest check_gametype(const std::filesystem::path& folder, std::vector<Diagnostic>& out);

/// Orders diagnostics as check prints them: errors, then warnings; each by file, line, column
/// (stable: one place's messages keep their order).
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

/// The result of checking a number of plugins.
struct CheckReport {
    std::vector<Diagnostic> diagnostics;  ///< sorted by sort_diagnostics
    std::size_t sets = 0;
    std::size_t gametypes = 0;
    /// The set manifests as read, in the order of the folders checked (the host's lints of
    /// what a set looks like printed read them: host/design/print_lint.hpp).
    std::vector<SetManifest> set_manifests;

    std::size_t errors() const;
    std::size_t warnings() const;
    /// "checked 2 sets, 3 gametypes: 0 errors, 0 warnings"
    std::string summary() const;
};

/// Checks every plugin in `folders`, up to `jobs` plugins at a time (each in its own Lua
/// states), then the clashes between the sets (lint_set_clashes). The report is the same
/// whatever `jobs` is.
CheckReport check_plugins(const PluginFolders& folders, unsigned jobs = 1);

}  // namespace cherries::sdk::check
