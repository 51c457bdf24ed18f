// The progress meter of sim, report and ladder: the share done and an estimate of the time left.
#include <catch2/catch.hpp>

#include "host/batch/progress.hpp"

using namespace cherries::host;

TEST_CASE("the progress line shows the share done and the time left from the pace so far", "[host][progress]") {
    // 250 of 1000 games in 10 s: 750 more at the same pace is 30 s.
    CHECK(progress_line("cherries sim", 250, 1000, 10.0) ==
          "cherries sim: [#######.......................]  25% 250/1000 games, 30 s left");
    CHECK(progress_line("cherries report", 0, 10, 0.0).find("left") == std::string::npos);  // no pace yet
    CHECK(progress_line("x", 10, 10, 5.0).find("100% 10/10 games") != std::string::npos);
    CHECK(time_left_text(59.2) == "1 min 0 s");
    CHECK(time_left_text(185) == "3 min 5 s");
    CHECK(time_left_text(3720) == "1 h 2 min");
}
