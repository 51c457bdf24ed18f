// The function names a manifest gives, checked against the table its Lua file returns, and
// reported where the designer wrote them: at the manifest key (set.toml `cherry = "halv"`),
// with "did you mean" over the functions the file defines.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sdk/check/plugin_code.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// One use of a function name in a manifest: the name, how messages name the use ("card 'x'
/// cherry function") and where the name's string is.
struct NamedFunction {
    std::string name;
    std::string label;
    SourcePosition where;
};

/// Every function name `set`'s cards give (cherry, then score, card by card), each use.
std::vector<NamedFunction> set_function_names(const SetManifest& set);
/// The distribution function `gametype` names, if it names one.
std::vector<NamedFunction> gametype_function_names(const GametypeManifest& gametype);

/// Loads the Lua file of `code` alone (no function resolved) and compares every name of `uses`
/// with what the table it returns holds. Each use of a name that is missing, or holds no
/// function, is an error in `manifest_file` at the name's string:
///   "card 'x' cherry function: 'halv' is not defined in the table set.lua returns; did you
///   mean 'halve'?"
/// (without a close name: "; it defines: a, b"). When the source has `local function NAME` (or
/// `local NAME = function`), the message says the function is local and a hint at that line says
/// how to export it; the source is scanned, as Lua keeps no names of locals after loading.
/// Returns the names reported (to leave out of the program, so nothing else reports them again);
/// nullopt when the file itself does not load (reported to `out` as load_code does).
std::optional<std::set<std::string>> check_function_names(const PluginCode& code, const std::vector<NamedFunction>& uses,
                                                          const std::string& manifest_file, std::vector<Diagnostic>& out,
                                                          const LuaLimits& limits);

/// The first use of each name in `uses`, by name.
const NamedFunction* first_use(const std::vector<NamedFunction>& uses, const std::string& name);

}  // namespace cherries::sdk::check
