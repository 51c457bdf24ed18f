// `cherries cards`: the print-and-play PDF read back with poppler (pdfinfo, pdftotext,
// pdftoppm): page size, 5 cm cards (GDD §3.3.2.1.2.1), one front per card of the set (§3.3.2.1),
// the front's fixed parts (§3.3.2.1.2.2), mirrored backs (§3.3.2.1.2.3) and the PNG per kind.
#include <catch2/catch.hpp>

#include <cmath>
#include <regex>

#include "host/design/card_sheet.hpp"
#include "tests/host/design/print_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
namespace fs = std::filesystem;

namespace {

constexpr int kDpi = 254;  // 10 pixels per millimetre
constexpr double kPxPerMm = kDpi / 25.4;

// Renders one page as greyscale at kDpi.
GreyImage render_page(const fs::path& pdf, int page, const fs::path& dir) {
    const fs::path prefix = dir / ("page" + std::to_string(page));
    command_output("pdftoppm -gray -r " + std::to_string(kDpi) + " -singlefile -f " + std::to_string(page) + " -l " +
                   std::to_string(page) + " '" + pdf.string() + "' '" + prefix.string() + "'");
    return read_pgm(prefix.string() + ".pgm");
}

// Centres of the dark runs along row `y`, in pixels.
std::vector<double> dark_runs_in_row(const GreyImage& image, int y) {
    std::vector<double> centres;
    for (int x = 0; x < image.width;) {
        if (image.at(x, y) >= 200) {
            ++x;
            continue;
        }
        const int start = x;
        while (x < image.width && image.at(x, y) < 200) ++x;
        centres.push_back((start + x - 1) / 2.0);
    }
    return centres;
}

double page_points(const std::string& info, int which) {
    std::smatch m;
    const std::regex size(R"(Page size:\s+([0-9.]+) x ([0-9.]+) pts)");
    return std::regex_search(info, m, size) ? std::stod(m[which].str()) : 0;
}

int page_count(const std::string& info) {
    std::smatch m;
    return std::regex_search(info, m, std::regex(R"(Pages:\s+([0-9]+))")) ? std::stoi(m[1].str()) : -1;
}

}  // namespace

TEST_CASE("the Standard Set prints as A4 sheets of 5 cm cards with cut marks, fronts then mirrored backs") {
    TempFolder dir;
    const fs::path pdf = dir.path() / "standard.pdf";
    const CliRun run = run_cli("cards standard -o '" + pdf.string() + "'");
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("74 cards on 5 sheets (10 pages") != std::string::npos);

    // Page size: A4 is 595.28 x 841.89 points; 10 pages = 5 sheets x (fronts, backs).
    const std::string info = command_output("pdfinfo '" + pdf.string() + "'");
    CHECK(page_points(info, 1) == Approx(210 / 25.4 * 72).margin(0.5));
    CHECK(page_points(info, 2) == Approx(297 / 25.4 * 72).margin(0.5));
    CHECK(page_count(info) == 10);

    // One front per card of the set (GDD Appendix A: 74 cards; 34 cherry, 14 score, 26 modifier),
    // all on odd pages; the even pages carry backs only.
    int cherry = 0, score = 0, modifier = 0;
    for (int page = 1; page <= 10; ++page) {
        const std::string text = command_output("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) +
                                                " '" + pdf.string() + "' -");
        const int fronts = occurrences(text, "CHERRY") + occurrences(text, "SCORE") + occurrences(text, "MODIFIER");
        if (page % 2 == 0) {
            CHECK(fronts == 0);
            continue;
        }
        CHECK(fronts == (page < 9 ? 15 : 14));
        cherry += occurrences(text, "CHERRY");
        score += occurrences(text, "SCORE");
        modifier += occurrences(text, "MODIFIER");
    }
    CHECK(cherry == 34);
    CHECK(score == 14);
    CHECK(modifier == 26);
    const std::string all = command_output("pdftotext '" + pdf.string() + "' -");
    CHECK(occurrences(all, "Cherry Doubler") == 2);  // its count
    CHECK(occurrences(all, "Lasts 3 turns") == 8);   // both hats, 4 each
    CHECK(occurrences(all, "+2 cherries") == 5);     // Double Cherry

    // The cut marks above the grid: one per cut line, 50 mm (500 px at 254 dpi, ±0.1 mm) apart,
    // where the layout says.
    const host::SheetLayout layout = host::lay_out_sheet(host::paper_named("a4"), 0);
    const GreyImage front = render_page(pdf, 1, dir.path());
    REQUIRE(std::abs(front.width - 210 * kPxPerMm) <= 1.0);  // pdftoppm rounds the page up
    const int mark_row = static_cast<int>((layout.origin_y - 3) * kPxPerMm);
    const auto marks = dark_runs_in_row(front, mark_row);
    REQUIRE(marks.size() == static_cast<std::size_t>(layout.columns + 1));
    CHECK(marks[0] == Approx(layout.origin_x * kPxPerMm).margin(1.5));
    for (std::size_t i = 1; i < marks.size(); ++i) CHECK(marks[i] - marks[i - 1] == Approx(50 * kPxPerMm).margin(1.0));
    const int mark_column = static_cast<int>((layout.origin_x - 3) * kPxPerMm);
    // The same down the left margin, for the cards' height.
    std::vector<double> rows;
    for (int y = 0; y < front.height;) {
        if (front.at(mark_column, y) >= 200) {
            ++y;
            continue;
        }
        const int start = y;
        while (y < front.height && front.at(mark_column, y) < 200) ++y;
        rows.push_back((start + y - 1) / 2.0);
    }
    REQUIRE(rows.size() == static_cast<std::size_t>(layout.rows + 1));
    for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i] - rows[i - 1] == Approx(50 * kPxPerMm).margin(1.0));

    // The last sheet holds 14 cards: its bottom row has fronts in columns 0 and 1 only, and the
    // backs page mirrors them into columns 2 and 1.
    const int last_row = (14 - 1) / layout.columns;  // sampled in the front's band, the back's ground
    const auto ink = [&](const GreyImage& page, int column_index) {
        const double x = layout.origin_x + column_index * layout.pitch() + 25,
                     y = layout.origin_y + last_row * layout.pitch() + 5;
        return page.at(static_cast<int>(x * kPxPerMm), static_cast<int>(y * kPxPerMm)) < 200;
    };
    const GreyImage last_fronts = render_page(pdf, 9, dir.path());
    const GreyImage last_backs = render_page(pdf, 10, dir.path());
    CHECK(ink(last_fronts, 0));
    CHECK(ink(last_fronts, 1));
    CHECK_FALSE(ink(last_fronts, 2));
    CHECK_FALSE(ink(last_backs, 0));
    CHECK(ink(last_backs, 1));
    CHECK(ink(last_backs, 2));
}

TEST_CASE("US Letter with a bleed: the cards stay 5 cm between their cut marks") {
    TempFolder dir;
    const fs::path pdf = dir.path() / "orchard.pdf";
    const CliRun run = run_cli("cards orchard --paper letter --bleed 3 -o '" + pdf.string() + "'");
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string info = command_output("pdfinfo '" + pdf.string() + "'");
    CHECK(page_points(info, 1) == Approx(612).margin(0.5));
    CHECK(page_points(info, 2) == Approx(792).margin(0.5));
    const host::SheetLayout layout = host::lay_out_sheet(host::paper_named("letter"), 3);
    const int sheets = (48 + layout.per_page() - 1) / layout.per_page();  // Orchard: 48 cards
    CHECK(page_count(info) == 2 * sheets);
    const GreyImage front = render_page(pdf, 1, dir.path());
    const auto marks = dark_runs_in_row(front, static_cast<int>((layout.origin_y - layout.bleed - 3) * kPxPerMm));
    REQUIRE(marks.size() == static_cast<std::size_t>(2 * layout.columns));  // two cut lines per card
    for (std::size_t i = 0; i + 1 < marks.size(); i += 2) {
        CHECK(marks[i + 1] - marks[i] == Approx(50 * kPxPerMm).margin(1.0));
        CHECK(marks[i] == Approx((layout.origin_x + (i / 2) * layout.pitch()) * kPxPerMm).margin(1.5));
    }
}

TEST_CASE("--png writes one square image per card kind and the back") {
    TempFolder dir;
    const CliRun run = run_cli("cards standard orchard --png '" + (dir.path() / "png").string() + "'");
    INFO(run.err);
    REQUIRE(run.status == 0);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir.path() / "png")) {
        ++files;
        CHECK(png_size(entry.path()) == std::pair{host::kCardPngPixels, host::kCardPngPixels});
    }
    CHECK(files == 24 + 17 + 1);  // Standard Set kinds, Orchard kinds, the back
    CHECK(fs::exists(dir.path() / "png" / "standard-cherry-shield.png"));
    CHECK(fs::exists(dir.path() / "png" / "orchard-apple.png"));
    CHECK(run.out.find(".pdf") == std::string::npos);  // only the images were asked for
}

TEST_CASE("cards: bad input gets a clear error") {
    TempFolder dir;
    CHECK(run_cli("cards nosuchset -o '" + (dir.path() / "x.pdf").string() + "'").status == 2);
    const CliRun paper = run_cli("cards standard --paper a3 -o '" + (dir.path() / "x.pdf").string() + "'");
    CHECK(paper.status == 2);
    CHECK(paper.err.find("--paper: expected a4 or letter, saw 'a3'") != std::string::npos);
    const CliRun unwritable = run_cli("cards standard -o '" + (dir.path() / "no" / "such" / "x.pdf").string() + "'");
    CHECK(unwritable.status == 2);
    CHECK(unwritable.err.find("cannot write") != std::string::npos);
    // A broken manifest key is reported at its place, as `check` does.
    dir.write("sets/bad/set.toml",
              set_header("bad") +
                  "[[card]]\nid = \"c\"\nname = \"C\"\npicture = \"../x.svg\"\ntype = \"cherry\"\nchange = 1\n");
    const CliRun bad = run_cli("cards '" + (dir.path() / "sets" / "bad").string() + "'");
    CHECK(bad.status == 2);
    CHECK(bad.err.find("set.toml:10:11: error: card 'c': field 'picture': \"../x.svg\" is outside the set folder") !=
          std::string::npos);
    // A picture that is not an image: a clear error at its manifest line (its header is read
    // before anything decodes it: sdk/base/picture_size.hpp), and no PDF.
    dir.write("sets/broken/pictures/p.svg", "this is not SVG");
    dir.write("sets/broken/set.toml", set_header("broken") + "[[card]]\nid = \"c\"\nname = \"C\"\n"
                                                             "picture = \"pictures/p.svg\"\ntype = \"cherry\"\nchange = 1\n");
    const fs::path out = dir.path() / "broken.pdf";
    const CliRun broken = run_cli("cards '" + (dir.path() / "sets" / "broken").string() + "' -o '" + out.string() + "'");
    CHECK(broken.status == 2);
    CHECK(broken.err.find("field 'picture': 'pictures/p.svg' has no <svg> root element") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}
