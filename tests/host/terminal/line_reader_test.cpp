// Fitting `cherries play`'s own lines to the terminal (host/terminal/line_reader.hpp).
#include <catch2/catch.hpp>

#include "host/terminal/line_reader.hpp"

using cherries::host::invisible_escapes;

TEST_CASE("invisible_escapes marks ANSI styles so that libedit does not count them") {
    CHECK(invisible_escapes("\x1b[1mann\x1b[0m > ") == "\x01\x1b[1m\x01" "ann" "\x01\x1b[0m\x01 > ");
    CHECK(invisible_escapes("plain > ") == "plain > ");
}
