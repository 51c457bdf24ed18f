// Tests that need a tool scripts/setup installs (tmux, ngircd, ...): on a developer's machine
// without it they warn and skip; under CI=true (where scripts/setup ran) a missing tool FAILS the
// test, so a test that cannot run never passes silently.
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

namespace cherries::test {

/// True when the environment says this is CI (CI=true, as GitHub Actions and .ci/run set).
inline bool on_ci() {
    const char* ci = std::getenv("CI");
    return ci && std::strcmp(ci, "true") == 0;
}

/// True when `tool` (a command name) is on PATH. When it is not: under CI=true the test fails
/// (FAIL: "tool is not installed: run scripts/setup"), otherwise it warns and returns false, and
/// the caller returns.
inline bool require_tool(const std::string& tool, const std::string& what_for) {
    if (std::system(("command -v '" + tool + "' >/dev/null 2>&1").c_str()) == 0) return true;
    if (on_ci()) FAIL(tool << " is not installed (" << what_for << "): scripts/setup installs it, and under CI=true a test "
                           "that needs it fails instead of skipping");
    WARN(tool << " is not installed: " << what_for << "; skipped (scripts/setup installs it)");
    return false;
}

}  // namespace cherries::test
