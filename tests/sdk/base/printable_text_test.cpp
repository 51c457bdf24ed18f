// The one text base of the sdk and the host (sdk/base/printable_text): what an error message
// echoes of an input or of plugin code, and how it names a bad byte.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "sdk/base/printable_text.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

using namespace cherries::sdk;

TEST_CASE("printable escapes control characters and bytes that are not UTF-8", "[sdk][text]") {
    CHECK(printable("ann gives Zoë a card") == "ann gives Zoë a card");
    CHECK(printable("a\x1b[2Jb") == "a\\x1B[2Jb");
    CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
    CHECK(printable("line\nbreak") == "line\\x0Abreak");
    CHECK(printable("\xff\xfe") == "\\xFF\\xFE");
    CHECK(printable("\xc2\x9b") == "\\xC2\\x9B");  // C1 CSI
    CHECK(printable("\xc2\xa0") == "\xc2\xa0");    // U+00A0 is not a control character
    CHECK(printable("\xf0\x9f\x8d") == "\\xF0\\x9F\\x8D");  // a sequence cut short
}

TEST_CASE("starts_with_control knows C0, DEL and C1, and control_name names a byte", "[sdk][text]") {
    CHECK(starts_with_control("\x1b"));
    CHECK(starts_with_control("\x7f"));
    CHECK(starts_with_control("\xc2\x85"));
    CHECK_FALSE(starts_with_control("\xc2\xa0"));
    CHECK_FALSE(starts_with_control("a\x1b"));
    CHECK_FALSE(starts_with_control(""));
    CHECK(control_name(0x1b) == "\\x1B");
    CHECK(control_name(0) == "\\x00");
}

TEST_CASE("excerpt cuts long input between characters", "[sdk][text]") {
    CHECK(excerpt("short") == "short");
    CHECK(excerpt(std::string(80, 'x')) == std::string(80, 'x'));
    CHECK(excerpt(std::string(10'000'000, 'x')) == std::string(80, 'x') + "...");
    // 79 bytes, then a 2-byte character across the cut: it is left out whole.
    CHECK(excerpt(std::string(79, 'x') + "ëëë") == std::string(79, 'x') + "...");
    CHECK(excerpt(std::string(100, '\x1b'), 2) == "\\x1B\\x1B...");
    CHECK(excerpt(std::string(79, 'x') + "\xff\xff", 80) == std::string(79, 'x') + "\\xFF...");  // a bad byte is one
}

TEST_CASE("a plugin's error message is shown as every other input is: C1 and bytes that are not UTF-8 escaped, cut at 1000 bytes",
          "[sdk][text]") {
    LuaProgram program;
    program.chunks.push_back({"@test.lua", "return { bad = function() error('\\194\\155' .. '2J\\255' .. string.rep('y', 2000), 0) end }"});
    program.functions.push_back({0, "bad", "function 'bad'"});
    LuaRuntime rt(program, {});
    std::int64_t out = 0;
    REQUIRE_FALSE(rt.call(1, 0, out));
    const std::string message = rt.fault_message();
    CHECK(message.find("\\xC2\\x9B2J\\xFF") != std::string::npos);
    CHECK(std::count(message.begin(), message.end(), 'y') == 1000 - 5);  // 1000 bytes kept, 5 of them before the y's
    CHECK(message.substr(message.size() - 3) == "...");
}
