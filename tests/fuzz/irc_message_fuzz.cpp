// libFuzzer target for the IRC message parser (host/irc/message.hpp). Not wired into CMake
// here: the fuzz build adds it (link with -fsanitize=fuzzer against cherries_host).
//
// Properties: parse_message never throws and never crashes on any bytes; a parsed message that
// serializes parses back to the same message.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "host/irc/message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const cherries::irc::ParseResult parsed = cherries::irc::parse_message(line);
    if (!parsed.ok()) return 0;
    const cherries::irc::SerializeResult written = cherries::irc::serialize(*parsed.message);
    if (!written.ok()) return 0;  // e.g. a 15th parameter that needs its ':' and no longer fits
    const cherries::irc::ParseResult again = cherries::irc::parse_message(written.line);
    if (!again.ok() || !(*again.message == *parsed.message)) std::abort();
    return 0;
}
