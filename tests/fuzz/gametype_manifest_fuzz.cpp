// libFuzzer target: the gametype manifest loader (sdk::read_gametype_manifest) on any bytes as
// gametype.toml. Diagnostics are the expected outcome of bad input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sdk/plugins/manifest.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    fuzz::write_input("gametype.toml", data, size);
    std::vector<sdk::Diagnostic> problems;
    (void)sdk::read_gametype_manifest(fuzz::scratch(), problems);
    return 0;
}
