// Bundles shared by the tests, each loaded once for the whole test binary: the Standard Set with
// the official gametype, and the planted set of the balance report's tests.
#pragma once

#include <filesystem>

#include "sdk/plugins/plugin_search.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::test {

/// The shipped sets/standard and gametypes/official (GDD Appendix A, §3.3.1.5), loaded on first use.
inline const sdk::Bundle& standard_bundle() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    return bundle;
}

/// tests/fixtures/sets/planted (cards of known strength: +3 points, nothing, ...) with the
/// official gametype, for the report's causal and what-if tests.
inline const sdk::Bundle& planted_bundle() {
    static const sdk::Bundle bundle =
        sdk::Bundle::load({std::filesystem::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets/planted"},
                          std::filesystem::path(CHERRIES_SOURCE_DIR) / "gametypes/official");
    return bundle;
}

}  // namespace cherries::test
