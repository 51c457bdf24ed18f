// libFuzzer target: the record reader (host::RecordReader, parse_header_line) and the replay of
// every record it reads (host::Replayer), as `cherries replay` does. Bad input must end in a
// InputError (exit 2), a ReplayMismatch (exit 1) or a plugin load error; anything else (an
// "internal error", a crash, a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <sstream>
#include <vector>

#include "host/records/record_reader.hpp"
#include "host/records/replay.hpp"
#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    const std::string file = fuzz::write_input("record.jsonl", data, size).string();
    try {
        host::RecordReader reader(file);
        std::vector<std::string> lines;
        std::size_t first = 0;
        while (reader.next(lines, first)) {
            const host::RecordHeader header = host::parse_header_line(lines[0], file, first);
            const sdk::Bundle* bundle = fuzz::recorded_bundle(header.plugins);
            if (!bundle) continue;
            std::ostringstream warnings;
            host::check_plugins(header.plugins, *bundle, file, true, warnings);
            auto runtime = bundle->make_runtime();
            host::Replayer replayer(*bundle, *runtime, header, std::move(lines), file, first);
            try {
                replayer.run();
            } catch (const host::ReplayMismatch&) {
            }
        }
    } catch (const host::InputError&) {
    } catch (const sdk::LoadError&) {
    }
    return 0;
}
