// libFuzzer target: the CherryBot config reader (host::irc::parse_bot_config, `cherries irc
// --config FILE`) and the check that follows it. Bad input must end in an sdk::LoadError with
// diagnostics; any other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "host/irc/config.hpp"
#include "sdk/base/diagnostic.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const irc::BotConfig config = irc::parse_bot_config(text, "fuzz.toml", "/nonexistent-cherries-fuzz");
        (void)irc::describe_bot_config(config);
        (void)irc::check_bot_config(config);
    } catch (const sdk::LoadError& e) {
        if (e.diagnostics().empty()) __builtin_trap();  // an error must say what and where
    }
    return 0;
}
