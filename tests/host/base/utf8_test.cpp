// The host's one UTF-8 module (host/base/utf8.hpp): validity and repair, display width and cuts
// that keep grapheme clusters whole, so wide names (CJK, emoji) line up in tables.
#include <catch2/catch.hpp>

#include <string>

#include "host/base/utf8.hpp"

using namespace cherries::host;

namespace {
const std::string kCherry = "\xF0\x9F\x8D\x92";        // 🍒, two columns
const std::string kHan = "\xE6\xA1\x9C";               // 桜, two columns
const std::string kEAcute = "e\xCC\x81";               // e + COMBINING ACUTE ACCENT: one cluster, one column
const std::string kThumbsDark = "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBF";  // 👍🏿: one cluster with its modifier
}  // namespace

TEST_CASE("display_width counts terminal columns: wide characters two, combining marks none, escapes none") {
    CHECK(display_width("ann") == 3);
    CHECK(display_width("Zo\xC3\xAB") == 3);             // Zoë, precomposed
    CHECK(display_width("Zo" + kEAcute) == 3);           // the accent takes no column
    CHECK(display_width(kHan + kHan) == 4);
    CHECK(display_width(kCherry) == 2);
    CHECK(display_width(kThumbsDark) == 2);
    CHECK(display_width("\x1b[1mann\x1b[0m") == 3);      // SGR sequences take no column
    CHECK(display_width("a\xFF" "b") == 3);              // an invalid byte is one column
}

TEST_CASE("cut_utf8 and cut_to_width never split a character or a grapheme cluster") {
    const std::string text = "ab" + kCherry + "cd";
    CHECK(cut_utf8(text, 2) == "ab");
    CHECK(cut_utf8(text, 5) == "ab");                    // the cherry's four bytes stay whole
    CHECK(cut_utf8(text, 6) == "ab" + kCherry);
    CHECK(cut_utf8("x" + kEAcute, 2) == "x");            // the e stays with its accent
    CHECK(cut_utf8("x" + kThumbsDark, 5) == "x");        // the thumb stays with its skin tone
    CHECK(cut_utf8(text, 100) == text);
    CHECK(cut_to_width(kHan + kHan + kHan, 5) == kHan + kHan);
    CHECK(cut_to_width("abc", 0).empty());
}

TEST_CASE("to_valid_utf8 replaces each bad byte with U+FFFD and keeps valid text") {
    CHECK(to_valid_utf8("caf\xC3\xA9 " + kCherry) == "caf\xC3\xA9 " + kCherry);
    CHECK(to_valid_utf8("caf\xE9!") == "caf\xEF\xBF\xBD!");                                   // Latin-1 é
    CHECK(to_valid_utf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");                           // overlong '/'
    CHECK(to_valid_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");           // a surrogate
    CHECK(to_valid_utf8("a\xF0\x9F\x8D") == "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");         // truncated
    CHECK(valid_utf8(to_valid_utf8("\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80")));
    CHECK(utf8_sequence(kCherry) == 4);
    CHECK(utf8_sequence("\xF0\x9F\x8D") == 0);           // truncated
    CHECK(utf8_sequence("") == 0);
}

TEST_CASE("pad_to_width pads to columns, so a table with wide names lines up") {
    CHECK(pad_to_width("ann", 6) == "ann   ");
    CHECK(pad_to_width(kHan + kHan, 6) == kHan + kHan + "  ");
    CHECK(display_width(pad_to_width(kHan + kHan, 6)) == display_width(pad_to_width("ann", 6)));
    CHECK(pad_to_width("toolong", 3) == "toolong");
}

TEST_CASE("bidi_isolate wraps a right-to-left name in FSI ... PDI and leaves others as they are") {
    const std::string maryam = "\xD9\x85\xD8\xB1\xD9\x8A\xD9\x85";  // مريم (Arabic letters: bidi class AL)
    const std::string shalom = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D";  // שלום (Hebrew: R)
    CHECK(bidi_isolate(maryam) == "\xE2\x81\xA8" + maryam + "\xE2\x81\xA9");
    CHECK(bidi_isolate("ann-" + shalom) == "\xE2\x81\xA8" "ann-" + shalom + "\xE2\x81\xA9");
    CHECK(bidi_isolate("ann") == "ann");
    CHECK(bidi_isolate(kCherry + "x") == kCherry + "x");   // an emoji is no right-to-left letter
    CHECK(bidi_isolate("\xD9\xFF") == "\xD9\xFF");         // invalid UTF-8: unchanged
    CHECK(display_width(bidi_isolate(maryam)) == display_width(maryam));  // the isolates take no column
}
