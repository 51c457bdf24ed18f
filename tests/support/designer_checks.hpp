// What `cherries check` asks of a plugin, for tests of the plugins we ship and write: its
// designer tests pass ([input, expected] pairs in the manifest), and a card set has at least
// 30% cherry cards by count (GDD §3.3.2) and no modifier card that is the identity on both
// functions (GDD §3.3.2.1.1.3). Runs the real functions through Bundle::make_runtime().
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "sdk/bundle.hpp"
#include "sdk/manifest.hpp"

namespace cherries::test {

/// The outcome of the designer tests of one plugin folder.
struct DesignerTestRun {
    int run = 0;                        ///< pairs checked
    std::vector<std::string> failures;  ///< one line per pair that failed
};

namespace detail {

inline std::filesystem::path shipped(const std::string& kind, const std::string& id) {
    return std::filesystem::path(CHERRIES_SOURCE_DIR) / (kind + "s") / id;
}

// Calls `f` (kIdentity passes the input through); false on a fault or a result out of range.
inline bool apply(sdk::LuaRuntime& runtime, FunctionId f, std::int64_t in, std::int64_t& out) {
    if (f == kIdentity) return out = in, true;
    return runtime.call(f, in, out) && out >= -kMaxMagnitude && out <= kMaxMagnitude;
}

inline void check_pairs(sdk::LuaRuntime& runtime, FunctionId f, const std::vector<sdk::FunctionTest>& tests,
                        const std::string& file, const std::string& what, DesignerTestRun& result) {
    for (const auto& t : tests) {
        ++result.run;
        std::int64_t out = 0;
        const bool ok = apply(runtime, f, t.input, out);
        if (!ok || out != t.expected)
            result.failures.push_back(file + ":" + std::to_string(t.line) + ":" + std::to_string(t.column) + ": " + what +
                                      "(" + std::to_string(t.input) + ") expected " + std::to_string(t.expected) +
                                      ", got " + (ok ? std::to_string(out) : "a fault: " + runtime.fault_message()));
    }
}

}  // namespace detail

/// Loads the card set in `folder` with the official gametype and runs its designer tests
/// (`tests.cherry`, `tests.score`). Throws sdk::LoadError when the set does not load.
inline DesignerTestRun run_set_tests(const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    const sdk::SetManifest m = sdk::read_set_manifest(folder, problems);
    const auto bundle = sdk::Bundle::load({folder}, detail::shipped("gametype", "official"));
    const auto runtime = bundle.make_runtime();
    DesignerTestRun result;
    for (std::size_t k = 0; k < m.kinds.size(); ++k) {
        const CardKind& kind = bundle.catalog().kinds()[bundle.catalog().find_kind(m.kinds[k].id)];
        detail::check_pairs(*runtime, kind.cherry_function, m.cherry_tests[k], m.file, "card '" + kind.id + "' cherry", result);
        detail::check_pairs(*runtime, kind.score_function, m.score_tests[k], m.file, "card '" + kind.id + "' score", result);
    }
    return result;
}

/// Loads the gametype in `folder` with the Standard Set and checks its `[tests] distribution`
/// pairs against the loaded score change distribution (GDD §3.3.1.1). Throws sdk::LoadError.
inline DesignerTestRun run_gametype_tests(const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    const sdk::GametypeManifest m = sdk::read_gametype_manifest(folder, problems);
    const auto bundle = sdk::Bundle::load({detail::shipped("set", "standard")}, folder);
    const auto runtime = bundle.make_runtime();
    const Gametype& g = bundle.gametype();
    DesignerTestRun result;
    for (const auto& t : m.distribution_tests) {
        ++result.run;
        std::int64_t out = 0;
        bool ok = true;
        if (t.input < static_cast<std::int64_t>(g.distribution.size())) out = g.distribution[static_cast<std::size_t>(t.input)];
        else if (g.tail) ok = detail::apply(*runtime, *g.tail, t.input, out);
        if (!ok || out != t.expected)
            result.failures.push_back(m.file + ":" + std::to_string(t.line) + ":" + std::to_string(t.column) +
                                      ": distribution(" + std::to_string(t.input) + ") expected " +
                                      std::to_string(t.expected) + ", got " + (ok ? std::to_string(out) : "a fault"));
    }
    return result;
}

/// The lint warnings `cherries check` gives a card set on its own: under 30% cherry cards by
/// count (GDD §3.3.2), a modifier card whose functions both leave every probed change alone,
/// and a function that is not deterministic or faults on a probe. Empty: no warning.
inline std::vector<std::string> lint_set(const std::filesystem::path& folder) {
    const auto bundle = sdk::Bundle::load({folder}, detail::shipped("gametype", "official"));
    const auto runtime = bundle.make_runtime();
    std::vector<std::string> warnings;
    std::int64_t cherry = 0, all = 0;
    for (const CardKind& k : bundle.catalog().kinds()) {
        all += k.count;
        if (k.type == CardType::cherry) cherry += k.count;
        if (k.type != CardType::modifier) continue;
        bool changes_something = false;
        for (FunctionId f : {k.cherry_function, k.score_function}) {
            for (std::int64_t x = -50; x <= 50; ++x) {
                std::int64_t a = 0, b = 0;
                if (!detail::apply(*runtime, f, x, a) || !detail::apply(*runtime, f, x, b)) {
                    warnings.push_back("card '" + k.id + "': a function faults on " + std::to_string(x));
                    break;
                }
                if (a != b) warnings.push_back("card '" + k.id + "': a function is not deterministic");
                changes_something = changes_something || a != x;
            }
        }
        if (!changes_something) warnings.push_back("card '" + k.id + "': the modifier is the identity on both functions");
    }
    if (cherry * 10 < all * 3)
        warnings.push_back("only " + std::to_string(cherry) + " of " + std::to_string(all) + " cards are cherry cards (under 30%)");
    return warnings;
}

}  // namespace cherries::test
