// Print-and-play sheet geometry (GDD §3.3.2.1.2.1: a card is 5 cm x 5 cm).
#include <catch2/catch.hpp>

#include "host/base/input_error.hpp"
#include "host/design/sheet_layout.hpp"

using namespace cherries::host;

TEST_CASE("cards lie on the page, 50 mm apart, with room for cut marks (GDD §3.3.2.1.2.1)") {
    for (const char* paper : {"a4", "letter"}) {
        for (double bleed : {0.0, 3.0}) {
            const SheetLayout s = lay_out_sheet(paper_named(paper), bleed);
            INFO(paper << " bleed " << bleed);
            REQUIRE(s.per_page() >= 9);
            CHECK(s.pitch() == Approx(kCardMm + 2 * bleed));
            for (int i = 0; i < s.per_page(); ++i) {
                const Slot f = s.front(i);
                CHECK(f.x - bleed >= s.margin - 1e-9);
                CHECK(f.y - bleed >= s.margin - 1e-9);
                CHECK(f.x + kCardMm + bleed <= s.paper.width - s.margin + 1e-9);
                CHECK(f.y + kCardMm + bleed <= s.paper.height - s.margin + 1e-9);
            }
            CHECK(s.front(1).x - s.front(0).x == Approx(s.pitch()));
            CHECK(s.front(s.columns).y - s.front(0).y == Approx(s.pitch()));
        }
    }
    CHECK(paper_named("a4").width == 210.0);
    CHECK(paper_named("letter").height == Approx(279.4));
}

TEST_CASE("a card's back is its front mirrored left to right, on the same row") {
    const SheetLayout s = lay_out_sheet(paper_named("a4"), 2.0);
    for (int i = 0; i < s.per_page(); ++i) {
        const int column = i % s.columns, row = i / s.columns;
        const Slot b = s.back(i), mirror = s.front(row * s.columns + (s.columns - 1 - column));
        CHECK(b.x == Approx(mirror.x));
        CHECK(b.y == Approx(s.front(i).y));
        // Printed on the other side and flipped along the long edge, the back covers the front.
        CHECK(s.paper.width - (b.x + kCardMm) == Approx(s.front(i).x));
    }
}

TEST_CASE("an unknown paper or a bleed out of range is a usage error") {
    CHECK_THROWS_AS(paper_named("a5"), InputError);
    CHECK_THROWS_WITH(lay_out_sheet(paper_named("a4"), 9),
                      Catch::Contains("--bleed: expected millimetres from 0 to 5"));
    CHECK_THROWS_AS(lay_out_sheet(paper_named("a4"), -1), InputError);
}
