// Designer-written tests: the [input, expected] pairs a manifest gives for a function
// (`tests.cherry`, `tests.score` in a modifier card; `[tests] distribution` in a gametype).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sdk/check/plugin_code.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// Runs each pair of `tests` through function `name` of `code` on `runtime` ("" is the identity,
/// which returns its input). A pair whose result differs, or whose call faults, is an error in
/// `manifest_file` at the pair's line and column:
/// "card 'cherry-halver' cherry function: halve(-3): expected -1, got -2", with a note at the
/// line of the Lua file where the function starts and, for a fault, hints (probe.hpp fault_hints).
/// `label` names the function's use. With `runtime` null (the code did not load) only identity
/// tests run.
void run_function_tests(LuaRuntime* runtime, const PluginCode& code, const std::string& name, const std::string& label,
                        const std::vector<FunctionTest>& tests, const std::string& manifest_file,
                        std::vector<Diagnostic>& out);

/// Runs `[tests] distribution` pairs against a table-form distribution (GDD §3.3.1.1: a cherry
/// count the table does not name gives 0): "gametype 'g' distribution: table[4]: expected 1, got 0".
void run_table_tests(const std::map<std::int64_t, std::int64_t>& table, const std::string& label,
                     const std::vector<FunctionTest>& tests, const std::string& manifest_file,
                     std::vector<Diagnostic>& out);

}  // namespace cherries::sdk::check
