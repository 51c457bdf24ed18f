// Text from outside made safe (host/base/printable.hpp): UTF-8 validation, player names, and what an error
// message may echo.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

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

TEST_CASE("name_problem refuses invisible format characters in words, naming the code point", "[host][text]") {
    // Issue 39: "ann" with U+FEFF before it, or U+2060 or U+00AD after it, sat down beside "ann".
    for (const auto& [name, code] : std::vector<std::pair<std::string, std::string>>{{"\xef\xbb\xbf" "ann", "U+FEFF"},
                                     {"ann\xe2\x81\xa0", "U+2060"},
                                     {"ann\xc2\xad", "U+00AD"},
                                     {"a\xe2\x80\x8bnn", "U+200B"},
                                     {"ann\xf3\xa0\x80\x81", "U+E0001"}}) {
        INFO(code);
        const std::string problem = name_problem(name);
        CHECK_THAT(problem, Catch::StartsWith("a name may not hold an invisible format character, saw " + code));
    }
    CHECK(name_problem("a\xe2\x80\x8enn") == "a name may not hold a text-direction control character");  // its own words
    CHECK(name_problem("a\xcc\x81nn").empty());  // a combining mark is visible: allowed (and look-alike below)
}

TEST_CASE("nfc_name composes; name_skeleton makes look-alikes one name (Unicode TS #39)", "[host][text]") {
    const std::string nfd = "a\xcc\x81nn", nfc = "\xc3\xa1nn";  // "a" + U+0301 + "nn", "ánn"
    CHECK(nfc_name(nfd) == nfc);
    CHECK(nfc_name(nfc) == nfc);
    CHECK(nfc_name("ann") == "ann");
    const std::string ann = name_skeleton("ann");
    for (const std::string& alike : {std::string("ANN"), std::string("Ann"), std::string("\xd0\xb0nn"),  // Cyrillic а
                                     std::string("\xef\xbd\x81\xef\xbd\x8e\xef\xbd\x8e"),              // fullwidth ａｎｎ
                                     nfd, nfc, std::string("ann\xe2\x81\xa0"), std::string("\xef\xbb\xbf" "ann"),
                                     std::string("ann\xc2\xad"), std::string("\xce\xb1nn")}) {            // Greek α
        INFO(alike);
        CHECK(name_skeleton(alike) == ann);
    }
    CHECK(name_skeleton("b0b") == name_skeleton("bob"));     // digit zero and letter o
    CHECK(name_skeleton("rnary") == name_skeleton("mary"));  // "rn" and "m"
    CHECK(name_skeleton("anne") != ann);
    CHECK(name_skeleton("bob") != ann);
    CHECK(name_skeleton("greedy-2") != name_skeleton("greedy-3"));
}
