// The Lua code of one plugin as `cherries check` runs it: the plugin's file alone in a sandboxed
// runtime, one FunctionId per distinct function name the manifest gives.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// One plugin's program. program.functions[id - 1] is FunctionId `id`; its label is how
/// messages name it ("card 'cherry-halver' cherry function", the first use in the manifest).
struct PluginCode {
    std::string lua_file;  ///< as shown in diagnostics; empty when the plugin has no Lua file
    LuaProgram program;    ///< no chunk when lua_file is empty

    /// The FunctionId of `name`, or kIdentity for "" or a name not in the program.
    FunctionId id_of(const std::string& name) const;
};

/// The program of a card set: every cherry and score function its cards name. A Lua file that
/// cannot be read is a Diagnostic in `out` (and no chunk). Names in `leave_out` (reported
/// missing already: function_names.hpp) are not in the program, so id_of gives kIdentity for them.
PluginCode set_code(const SetManifest& set, std::vector<Diagnostic>& out, const std::set<std::string>& leave_out = {});

/// The program of a gametype: its distribution function, if it names one (and not in `leave_out`).
PluginCode gametype_code(const GametypeManifest& gametype, std::vector<Diagnostic>& out,
                         const std::set<std::string>& leave_out = {});

/// Loads `code` in a fresh sandbox with `limits` (default: as in play). Syntax errors (file:line),
/// a file that fails or returns no table, and named functions that are missing or not functions
/// go to `out`; the result is then nullptr. Never throws.
std::unique_ptr<LuaRuntime> load_code(const PluginCode& code, std::vector<Diagnostic>& out, const LuaLimits& limits = {});

/// The limits of one plugin's check: the per-call budgets of play, and one plugin budget for
/// the whole check, shared by every runtime made with them (500 ms of CPU time, 50 million
/// counted instructions; faults are reported one by one, so they have no limit), so that a
/// hostile plugin cannot make check slow by failing slowly on every probe.
LuaLimits check_limits();

}  // namespace cherries::sdk::check
