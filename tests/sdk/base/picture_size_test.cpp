// A card picture's size is read from its header before anything decodes it (sdk/base/
// picture_size.hpp; issue 39): a 6000 × 6000 PNG of 103 KB passed `check` without a word and
// froze `serve` for 4 s while it was decoded and drawn. Past 2048 × 2048 pixels, or 1 MiB, a
// picture is an error at its manifest line in check and at load.
#include <catch2/catch.hpp>

#include <string>

#include "sdk/base/diagnostic.hpp"
#include "sdk/base/picture_size.hpp"
#include "sdk/check/check.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using cherries::test::TempFolder;

namespace {

std::string big_endian(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::uint32_t crc32(const std::string& bytes) {  // PNG's CRC (ISO 3309), so the file is a real PNG
    std::uint32_t c = 0xffffffffu;
    for (unsigned char b : bytes) {
        c ^= b;
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
}

std::string chunk(const std::string& type, const std::string& data) {
    return big_endian(static_cast<std::uint32_t>(data.size())) + type + data + big_endian(crc32(type + data));
}

// A tiny PNG file (no pixel data) whose header claims width × height: what a decoder would
// allocate for before it read a byte of the image.
std::string png_header(std::uint32_t width, std::uint32_t height) {
    const std::string ihdr = big_endian(width) + big_endian(height) + std::string{8, 2, 0, 0, 0};  // 8-bit RGB
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IEND", "");
}

std::string set_with_picture(const std::string& picture) {
    return test::set_header("pics") + "[[card]]\nid = \"c\"\nname = \"C\"\ntype = \"cherry\"\nchange = 1\npicture = \"" + picture +
           "\"\n";
}

}  // namespace

TEST_CASE("a PNG's IHDR is read before decoding: past 2048 × 2048 pixels is a problem in words") {
    TempFolder dir;
    const auto bomb = dir.write("bomb.png", png_header(6000, 6000));
    CHECK(std::filesystem::file_size(bomb) < 100);  // a tiny file ...
    CHECK(sdk::picture_problem(bomb) == "is 6000 × 6000 pixels; expected at most 2048 × 2048");  // ... of 144 MB of pixels
    CHECK(sdk::picture_problem(dir.write("wide.png", png_header(32767, 1))) ==
          "is 32767 × 1 pixels; expected at most 2048 × 2048");
    CHECK(sdk::picture_problem(dir.write("edge.png", png_header(2048, 2048))).empty());
    CHECK(sdk::picture_problem(dir.write("small.png", png_header(240, 200))).empty());
    CHECK(sdk::picture_problem(dir.write("empty.png", png_header(0, 10))) == "is a PNG file of no pixels (width or height 0)");
    CHECK(sdk::picture_problem(dir.write("text.png", "<svg/>")) == "is not a PNG file (no PNG signature)");
    CHECK_THAT(sdk::picture_problem(dir.write("cut.png", std::string("\x89PNG\r\n\x1a\n", 8))), Catch::Contains("no IHDR chunk"));
    // Over 1 MiB on disk: refused by its size alone.
    CHECK(sdk::picture_problem(dir.write("huge.png", png_header(10, 10) + std::string(1u << 20, '\0'))) ==
          "is " + std::to_string(png_header(10, 10).size() + (1u << 20)) + " bytes; expected at most 1048576");
    CHECK_THAT(sdk::picture_problem(dir.path() / "missing.png"), Catch::StartsWith("cannot be read: "));
}

TEST_CASE("an SVG's width, height or viewBox is read before decoding, in CSS pixels") {
    TempFolder dir;
    auto svg = [&](const std::string& name, const std::string& text) { return sdk::picture_problem(dir.write(name, text)); };
    CHECK(svg("box.svg", R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect/></svg>)").empty());
    CHECK(svg("prolog.svg", "<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg width='300px' height='2in'/>").empty());
    CHECK(svg("big.svg", R"(<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"/>)") ==
          "is 6000 × 6000 pixels; expected at most 2048 × 2048");
    CHECK(svg("mm.svg", R"(<svg width="600mm" height="10mm"/>)") == "is 2268 × 38 pixels; expected at most 2048 × 2048");
    CHECK(svg("viewbox.svg", R"(<svg width="100%" viewBox="0,0,30000,10"/>)") == "is 30000 × 10 pixels; expected at most 2048 × 2048");
    CHECK(svg("sized.svg", R"(<svg width="200" height="200" viewBox="0 0 30000 30000"/>)").empty());  // drawn at its size
    CHECK(svg("none.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r='5'/></svg>").empty());  // the box's size
    CHECK(svg("word.svg", R"(<svg width="wide" height="10"/>)") ==
          "has a width or height that is not a length (like \"300\", \"300px\" or \"50mm\")");
    CHECK_THAT(svg("badbox.svg", R"(<svg viewBox="0 0 -5 10"/>)"), Catch::Contains("has a viewBox that is not four numbers"));
    CHECK_THAT(svg("html.svg", "<html><svg width='10'/></html>"), Catch::Contains("has no <svg> root element"));
    CHECK_THAT(svg("laughs.svg", "<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY a 'aaaa'>]><svg>&a;</svg>"),
               Catch::Contains("declares XML entities"));
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(CHERRIES_SOURCE_DIR) / "sets/orchard/pictures")) {
        INFO(entry.path());
        CHECK(sdk::picture_problem(entry.path()).empty());  // the shipped pictures pass
    }
}

TEST_CASE("a picture past the limits is an error at its manifest line in check, and refused at load") {
    TempFolder dir;
    dir.write("pics/set.toml", set_with_picture("bomb.png"));
    dir.write("pics/bomb.png", png_header(6000, 6000));
    std::vector<sdk::Diagnostic> found;
    sdk::check::check_set(dir.path() / "pics", found);
    std::string all;
    for (const auto& d : found) all += d.to_string() + "\n";
    INFO(all);
    CHECK_THAT(all, Catch::Contains("set.toml:12:") &&
                        Catch::Contains("field 'picture': 'bomb.png' is 6000 × 6000 pixels; expected at most 2048 × 2048"));
    try {
        sdk::Bundle::load({dir.path() / "pics"}, std::filesystem::path(CHERRIES_SOURCE_DIR) / "gametypes/official");
        FAIL("expected sdk::LoadError");
    } catch (const sdk::LoadError& e) {
        REQUIRE_FALSE(e.diagnostics().empty());
        CHECK_THAT(e.diagnostics().front().to_string(), Catch::Contains("is 6000 × 6000 pixels"));
    }
    // Within the limits: no word about the picture.
    dir.write("fine/set.toml", set_with_picture("fine.png"));
    dir.write("fine/fine.png", png_header(400, 300));
    found.clear();
    sdk::check::check_set(dir.path() / "fine", found);
    for (const auto& d : found) CHECK(d.to_string().find("picture") == std::string::npos);
}
