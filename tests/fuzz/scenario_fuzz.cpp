// libFuzzer target: the scenario parser (host::parse_scenario), then, for a scenario that parses,
// the game it describes with the Standard Set and the official gametype, as `play --scenario`
// runs it. A InputError is bad input handled; any other exception, a crash or a sanitizer report
// is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sdk/plugins/plugin_search.hpp"
#include "host/scenario/scenario.hpp"
#include "host/base/input_error.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official", {});
    static const auto runtime = bundle.make_runtime();
    try {
        const host::Scenario scenario =
            host::parse_scenario(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.toml");
        host::ScenarioGame played(scenario, bundle, *runtime);
        host::play_scenario(scenario, played);
    } catch (const host::InputError&) {
    }
    return 0;
}
