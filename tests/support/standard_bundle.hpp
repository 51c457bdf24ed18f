// The Standard Set with the official gametype, loaded once for the whole test binary.
#pragma once

#include "sdk/plugin_search.hpp"
#include "sdk/bundle.hpp"

namespace cherries::test {

/// The shipped sets/standard and gametypes/official (GDD Appendix A, §3.3.1.5), loaded on first use.
inline const sdk::Bundle& standard_bundle() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    return bundle;
}

}  // namespace cherries::test
