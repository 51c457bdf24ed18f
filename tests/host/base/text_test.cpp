// Text from outside made safe (host/base/printable.hpp): UTF-8 validation, player names, and what an error
// message may echo.
#include <catch2/catch.hpp>

#include <string>

#include "host/base/printable.hpp"

using namespace cherries::host;

TEST_CASE("valid_utf8 accepts UTF-8 and nothing else", "[host][text]") {
    CHECK(valid_utf8(""));
    CHECK(valid_utf8("ann"));
    CHECK(valid_utf8("Zoë"));
    CHECK(valid_utf8("\xe2\x82\xac"));          // €
    CHECK(valid_utf8("\xf0\x9f\x8d\x92"));      // 🍒
    CHECK_FALSE(valid_utf8("\xff"));
    CHECK_FALSE(valid_utf8("\xfe"));
    CHECK_FALSE(valid_utf8("\x80"));            // a continuation byte alone
    CHECK_FALSE(valid_utf8("\xc3"));            // cut short
    CHECK_FALSE(valid_utf8("\xc0\xaf"));        // overlong '/'
    CHECK_FALSE(valid_utf8("\xe0\x80\xaf"));    // overlong '/'
    CHECK_FALSE(valid_utf8("\xed\xa0\x80"));    // a surrogate
    CHECK_FALSE(valid_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
}

TEST_CASE("name_problem refuses what cannot be a player's name", "[host][text]") {
    CHECK(name_problem("ann").empty());
    CHECK(name_problem("Zoë").empty());
    CHECK(name_problem("greedy-1").empty());
    CHECK(name_problem("") == "expected a name");
    CHECK(name_problem("\xff").find("not UTF-8") != std::string::npos);
    CHECK(name_problem("a b").find("one word") != std::string::npos);
    CHECK(name_problem("a\tb").find("control character") != std::string::npos);
    CHECK(name_problem("a\x1b[2Jb").find("control character") != std::string::npos);
    CHECK(name_problem(std::string("a\0b", 3)).find("control character") != std::string::npos);
    CHECK(name_problem("a\x7f").find("control character") != std::string::npos);
    CHECK(name_problem("a\xc2\x9b" "2J").find("control character") != std::string::npos);  // C1 CSI
}

TEST_CASE("printable escapes control characters and bytes that are not UTF-8", "[host][text]") {
    CHECK(printable("ann gives Zoë a card") == "ann gives Zoë a card");
    CHECK(printable("a\x1b[2Jb") == "a\\x1B[2Jb");
    CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
    CHECK(printable("line\nbreak") == "line\\x0Abreak");
    CHECK(printable("\xff\xfe") == "\\xFF\\xFE");
    CHECK(printable("\xc2\x9b") == "\\xC2\\x9B");
}

TEST_CASE("excerpt cuts long input between characters", "[host][text]") {
    CHECK(excerpt("short") == "short");
    CHECK(excerpt(std::string(80, 'x')) == std::string(80, 'x'));
    CHECK(excerpt(std::string(10'000'000, 'x')) == std::string(80, 'x') + "...");
    // 79 bytes, then a 2-byte character across the cut: it is left out whole.
    CHECK(excerpt(std::string(79, 'x') + "ëëë") == std::string(79, 'x') + "...");
    CHECK(excerpt(std::string(100, '\x1b'), 2) == "\\x1B\\x1B...");
}
