// Lines fitted to a width (host/base/wrap.hpp), counted in display columns.
#include <catch2/catch.hpp>

#include <sstream>

#include "host/base/utf8.hpp"
#include "host/base/wrap.hpp"

using cherries::host::display_width;
using cherries::host::wrap_line;

TEST_CASE("wrap_line breaks at spaces within the width, indents the rest, keeps spacing and cuts long words") {
    CHECK(wrap_line("short", 40) == "short\n");
    CHECK(wrap_line("no limit at all, whatever the length", 0) == "no limit at all, whatever the length\n");
    CHECK(wrap_line("  unknown player 'zzzz'; players: ann, greedy-2", 20, 4) ==
          "  unknown player\n    'zzzz'; players:\n    ann, greedy-2\n");
    CHECK(wrap_line("  keep (k)   keep the card", 20, 13) == "  keep (k)   keep\n          the card\n");  // indent at most 20 / 2
    CHECK(wrap_line("abcdefghijklmnopqrstuvwxyz", 10, 2) == "abcdefghij\n  klmnopqr\n  stuvwxyz\n");
    const std::string cut = wrap_line("x abcdefghijklmnopqrstuvwxyz", 10, 2);
    std::istringstream lines(cut);
    for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 10);
    CHECK(cut.find("abcdefgh") != std::string::npos);
}

TEST_CASE("wrap_line counts wide characters as two columns and never splits one") {
    std::string han;
    for (int i = 0; i < 12; ++i) han += "\xE6\xA1\x9C";  // 桜 ×12: 24 columns
    const std::string out = wrap_line("players: " + han, 10, 2);
    std::istringstream lines(out);
    int n = 0;
    for (std::string line; std::getline(lines, line); ++n) CHECK(display_width(line) <= 10);
    CHECK(n >= 3);
    CHECK(cherries::host::valid_utf8(out));
}
