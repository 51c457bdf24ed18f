// Fitting `cherries play`'s own lines to the terminal (host/terminal/line_reader.hpp).
#include <catch2/catch.hpp>

#include <sstream>

#include "host/terminal/line_reader.hpp"

using cherries::host::invisible_escapes;
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

TEST_CASE("invisible_escapes marks ANSI styles so that libedit does not count them") {
    CHECK(invisible_escapes("\x1b[1mann\x1b[0m > ") == "\x01\x1b[1m\x01" "ann" "\x01\x1b[0m\x01 > ");
    CHECK(invisible_escapes("plain > ") == "plain > ");
}
