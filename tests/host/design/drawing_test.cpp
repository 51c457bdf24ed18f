// The link layout (docs/architecture.md, "Link layout"): cairo, pango and librsvg live in
// libcherries-design.so, which only the commands that draw load; `cherries` itself does not
// link them, works without the library for everything else, and says clearly what is missing
// when a drawing command cannot find it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <unistd.h>

#include "host/design/card_face.hpp"
#include "host/design/drawing.hpp"
#include "host/design/drawing_library.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
namespace fs = std::filesystem;

namespace {

std::string file_bytes(const fs::path& file) { return read_text(file); }

}  // namespace

TEST_CASE("the cherries executable does not link the graphics stack; libcherries-design.so does") {
    // A shared library the executable needs is named in its dynamic string table.
    const std::string binary = file_bytes(CHERRIES_BINARY);
    REQUIRE(binary.size() > 100000);
    CHECK(binary.find("libcairo.so") == std::string::npos);
    CHECK(binary.find("libpango-1.0.so") == std::string::npos);
    CHECK(binary.find("librsvg-2.so") == std::string::npos);
    // OpenSSL and SQLite are bound at link time (static archives), not at every start.
    CHECK(binary.find("libssl.so") == std::string::npos);
    CHECK(binary.find("libsqlite3.so") == std::string::npos);
    const fs::path library = fs::path(CHERRIES_BINARY).parent_path() / host::kDesignLibraryFile;
    REQUIRE(fs::exists(library));
    CHECK(file_bytes(library).find("libcairo.so") != std::string::npos);
}

TEST_CASE("cherries draws with the library beside it, and says what is missing without it") {
    TempFolder temp;
    const fs::path alone = temp.path() / "cherries";
    fs::copy_file(CHERRIES_BINARY, alone);
    fs::permissions(alone, fs::perms::owner_all);
    const std::string png = (temp.path() / "graph.png").string();

    // Beside the library (the build tree): the graph is drawn.
    const CliRun drawn = run_cli("graph official -o '" + png + "'");
    INFO(drawn.err);
    CHECK(drawn.status == 0);
    CHECK(fs::file_size(png) > 1000);

    // Alone: commands that do not draw work as before...
    const std::string run_alone = "cd '" + temp.path().string() + "' && './cherries' ";
    CHECK(std::system((run_alone + "check '" CHERRIES_SOURCE_DIR "/gametypes/official' >/dev/null 2>&1").c_str()) == 0);
    // ...and one that draws fails with status 2, naming the library and where it looked.
    const std::string err_file = (temp.path() / "err").string();
    const int status = std::system((run_alone + "graph official -o x.pdf 2>'" + err_file + "'").c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    const std::string err = file_bytes(err_file);
    CHECK_THAT(err, Catch::Matchers::Contains("cherries: error: cannot draw: the drawing library "
                                              "libcherries-design.so (cairo, pango, librsvg) is missing"));
    CHECK_THAT(err, Catch::Matchers::Contains((temp.path() / "libcherries-design.so").string()));
    CHECK_THAT(err, Catch::Matchers::Contains("lib/cherries/libcherries-design.so"));
    CHECK(!fs::exists(temp.path() / "x.pdf"));
    // The SVG graph is text and needs no library.
    CHECK(std::system((run_alone + "graph official -o x.svg 2>/dev/null").c_str()) == 0);
}

TEST_CASE("a card face as SVG: 50 mm square (GDD 3.3.2.1.2.1), its name drawn as glyphs") {
    // The tests link the cherries_design target: the table is the one already in the process.
    const host::DesignDrawing& drawing = host::design_drawing();
    CHECK(&drawing == cherries_design_drawing_v1());
    CHECK(drawing.version == host::kDesignDrawingVersion);
    host::CardFront front;
    front.set_id = "standard";
    front.card_id = "cherry-1";
    front.symbol = "S";
    front.type = "CHERRY";
    front.name = "One Cherry";
    front.headline = "+1 cherry";
    front.colour = "#b3122e";
    front.set_colour = "#7a0c1f";
    const host::CardBack back{{}, "#7a0c1f"};
    const std::string svg = drawing.card_svg(&front, back);
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK_THAT(svg, Catch::Matchers::Contains("width=\"50mm\""));
    CHECK_THAT(svg, Catch::Matchers::Contains("height=\"50mm\""));
    CHECK_THAT(svg, Catch::Matchers::Contains("glyph"));  // text is drawn, not left to a font
    const std::string back_svg = drawing.card_svg(nullptr, back);
    CHECK_THAT(back_svg, Catch::Matchers::Contains("width=\"50mm\""));
    CHECK(back_svg != svg);
    // A picture that does not exist: the file named, nothing thrown past the table's contract.
    front.picture = "/nonexistent/picture.svg";
    CHECK_THROWS_WITH(drawing.card_svg(&front, back), Catch::Matchers::Contains("/nonexistent/picture.svg"));
    // A picture past the limits (it may have changed since the manifest was read): the painter
    // reads its header and refuses it before decoding 6000 x 6000 pixels (issue 39).
    const fs::path bomb = fs::temp_directory_path() / ("cherries-bomb-" + std::to_string(::getpid()) + ".svg");
    std::ofstream(bomb) << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"6000\" height=\"6000\"/>";
    front.picture = bomb;
    CHECK_THROWS_WITH(drawing.card_svg(&front, back),
                      Catch::Matchers::Contains("cannot read the picture: it is 6000 × 6000 pixels; expected at most 2048 × 2048"));
    fs::remove(bomb);
}
