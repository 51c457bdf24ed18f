// libFuzzer target: the card set manifest loader (sdk::read_set_manifest) on any bytes as set.toml.
// Every input must end in a list of diagnostics or a manifest; a crash, a sanitizer report or an
// exception is a finding.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sdk/plugins/manifest.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    fuzz::write_input("set.toml", data, size);
    std::vector<sdk::Diagnostic> problems;
    (void)sdk::read_set_manifest(fuzz::scratch(), problems);
    return 0;
}
