// Behaviour probes: every modifier function and distribution function is called over a spread
// of inputs to show that it is a function Z -> Z as the GDD needs (§3.3.2.1.1.3 modifier
// functions, §3.3.1.1 the score change distribution): it returns an integer, within its budget,
// and the same input always gives the same output (no state kept between calls).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sdk/check/plugin_code.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// Inputs at or beyond this magnitude are "large": a result there may lie outside ±(2^53 - 1)
/// (e.g. 2 * last at 2^53 - 1), also as a float too large for an integer (last * 2048.0); the
/// engine faults on it during play (GDD §3.5), check does not report it. Below, such a result
/// is an error.
inline constexpr std::int64_t kLargeInput = std::int64_t{1} << 31;

/// Every input from -kDenseProbeLimit to kDenseProbeLimit is probed: the changes cards make
/// (GDD §3.3.2.1.1) are small, so a modifier that only acts on one of them (4, say) is seen.
inline constexpr std::int64_t kDenseProbeLimit = 16;

/// What a modifier function is called with (`last`): 0, ±1, ±2, ..., ±16, ±100, ±1000,
/// ±2^31, ±2^52, ±(2^53 - 1); in this order.
const std::vector<std::int64_t>& modifier_probe_inputs();

/// What a distribution function is called with (the cherry count, never negative): 0 to 255
/// (the counts Bundle::load tabulates), 1000, 2^31, 2^52, 2^53 - 1.
const std::vector<std::int64_t>& distribution_probe_inputs();

/// One function to probe: its id in the program, how messages name it, and its argument's name
/// in messages ("last" for modifier functions, "cherries" for distributions).
struct ProbeTarget {
    FunctionId function = kIdentity;
    std::string label;
    std::string argument = "last";
    std::string rule = "GDD §3.3.2.1.1.3";  ///< cited when the function keeps state
    const std::vector<std::int64_t>* inputs = &modifier_probe_inputs();
    std::string manifest_file;    ///< where the function is named (a note of every report); empty: no note
    SourcePosition manifest_where;  ///< the name's string in the manifest (its first use)
};

/// What the probes found out about one target.
struct ProbeResult {
    bool faulted = false;   ///< an error was reported for it
    bool identity = false;  ///< returned its input on every probe
    bool positive = false;  ///< returned a value > 0 on some probe
};

/// Probes `targets` of `code`: three passes, (1) every target over its inputs in order on
/// `runtime`, (2) again on `runtime` with targets and inputs in reverse order, (3) on a fresh
/// runtime, targets in reverse order, inputs in order; any difference between the passes is
/// state kept between calls. Reports to `out` (file: the Lua file, with the line where Lua gives
/// one, else the line where the function starts; a note at the manifest key that names it; hints
/// from fault_hints) naming the target and the input: a fault (error, not an integer, instruction budget,
/// memory), a result outside ±(2^53 - 1) for an input below kLargeInput, impurity. A target is
/// reported once, at its first problem. Returns one ProbeResult per target.
std::vector<ProbeResult> probe(const PluginCode& code, LuaRuntime& runtime, const std::vector<ProbeTarget>& targets,
                               std::vector<Diagnostic>& out);

/// Turns a LuaRuntime fault message of `label` into a Diagnostic in `lua_file`:
/// "<label>: <context>: <reason>", with the line when the reason starts with "<lua_file>:<line>:".

/// Diagnostic `d` about function `function` (named by `target`): its line, when `d` has none,
/// becomes the line where the function starts (runtime.line_defined); a note points at
/// target.manifest_where; hints for `fault_message` are added.
void locate(Diagnostic& d, const ProbeTarget& target, int line_defined, const std::string& fault_message);

Diagnostic fault_diagnostic(const std::string& lua_file, const std::string& label, const std::string& context,
                            const std::string& fault_message);

}  // namespace cherries::sdk::check
