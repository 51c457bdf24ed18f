// Helpers for the tests of `cherries check` (sdk/check): write a plugin from source text, check
// it, and look for a diagnostic in toml++'s style: "this source should fail at line L, column C,
// with a message containing M".
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sdk/check/check.hpp"
#include "sdk/base/diagnostic.hpp"
#include "tests/sdk/temp_plugin.hpp"

namespace cherries::test {

/// Checks a set written from `set_toml` (and `set_lua` as set.lua when not empty).
inline std::vector<sdk::Diagnostic> check_set_source(const std::string& set_toml, const std::string& set_lua = "") {
    TempFolder dir;
    dir.write("s/set.toml", set_toml);
    if (!set_lua.empty()) dir.write("s/set.lua", set_lua);
    std::vector<sdk::Diagnostic> out;
    sdk::check::check_set(dir.path() / "s", out);
    return out;
}

/// Checks a gametype written from `gametype_toml` (and `lua` as gametype.lua when not empty).
inline std::vector<sdk::Diagnostic> check_gametype_source(const std::string& gametype_toml, const std::string& lua = "") {
    TempFolder dir;
    dir.write("g/gametype.toml", gametype_toml);
    if (!lua.empty()) dir.write("g/gametype.lua", lua);
    std::vector<sdk::Diagnostic> out;
    sdk::check::check_gametype(dir.path() / "g", out);
    return out;
}

inline std::string listing(const std::vector<sdk::Diagnostic>& ds) {
    std::string all;
    for (const auto& d : ds) all += d.to_string() + "\n";
    return all;
}

/// Some diagnostic of `severity` whose file ends with `file`, at `line` (and `column`, when not
/// negative), has a message containing every one of `fragments`.
inline bool reported(const std::vector<sdk::Diagnostic>& ds, sdk::Diagnostic::Severity severity, const std::string& file,
                     int line, int column, const std::vector<std::string>& fragments) {
    for (const auto& d : ds) {
        if (d.severity != severity || d.line != line || (column >= 0 && d.column != column)) continue;
        if (d.file.size() < file.size() || d.file.compare(d.file.size() - file.size(), file.size(), file) != 0) continue;
        bool all = true;
        for (const auto& f : fragments) all = all && d.message.find(f) != std::string::npos;
        if (all) return true;
    }
    return false;
}

/// The toml++ idiom: this source should fail at line L, column C with a message containing M.
inline void should_fail(const std::vector<sdk::Diagnostic>& ds, int line, int column, const std::string& message,
                        const std::string& file = ".toml") {
    INFO("diagnostics:\n" << listing(ds));
    CHECK(reported(ds, sdk::Diagnostic::Severity::error, file, line, column, {message}));
}

/// A Lua probe should fail in `file` (set.lua / gametype.lua) at `line` (0: no line), naming the
/// function's use and the input.
inline void probe_should_fail(const std::vector<sdk::Diagnostic>& ds, const std::string& file, int line,
                              const std::vector<std::string>& fragments) {
    INFO("diagnostics:\n" << listing(ds));
    CHECK(reported(ds, sdk::Diagnostic::Severity::error, file, line, -1, fragments));
}

/// This source should warn at line L, column C with a message containing M.
inline void should_warn(const std::vector<sdk::Diagnostic>& ds, int line, int column, const std::string& message) {
    INFO("diagnostics:\n" << listing(ds));
    CHECK(reported(ds, sdk::Diagnostic::Severity::warning, ".toml", line, column, {message}));
}

/// Number of errors in `ds`.
inline std::size_t errors(const std::vector<sdk::Diagnostic>& ds) {
    std::size_t n = 0;
    for (const auto& d : ds) n += d.severity == sdk::Diagnostic::Severity::error;
    return n;
}

/// A cherry card kind with `count` copies, to keep the cherry-share lint quiet.
inline std::string cherry_card(const std::string& id = "apple", int count = 10) {
    return "[[card]]\nid = \"" + id + "\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = " +
           std::to_string(count) + "\n";
}

/// A modifier card naming cherry function `cherry` (lines 7-12 when it follows set_header()).
inline std::string modifier_card(const std::string& cherry, const std::string& id = "m") {
    return "[[card]]\nid = \"" + id + "\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\ncherry = \"" + cherry + "\"\n";
}

}  // namespace cherries::test
