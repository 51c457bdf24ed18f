// The print-and-play manifest keys (docs/manifest.md; GDD §3.3.2.1.2 visual design): a card's
// `picture` and `colour`, the set's `back` and `colour`, validated with file, line and column.
#include <catch2/catch.hpp>

#include <algorithm>

#include "sdk/plugins/manifest.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using cherries::test::TempFolder;

namespace {

std::string card(const std::string& extra) {
    return "[[card]]\nid = \"c\"\nname = \"C\"\n" + extra + "type = \"cherry\"\nchange = 1\n";
}

// Reads `set_toml` from a fresh folder holding pictures/a.svg; returns the messages with
// their "line:column: " prefix.
std::vector<std::string> problems(const std::string& set_toml, sdk::SetManifest* out = nullptr) {
    TempFolder dir;
    dir.write("s/set.toml", set_toml);
    dir.write("s/pictures/a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>");
    dir.write("outside.svg", "<svg/>");
    std::vector<sdk::Diagnostic> found;
    sdk::SetManifest m = sdk::read_set_manifest(dir.path() / "s", found);
    if (out) *out = m;
    std::vector<std::string> messages;
    for (const auto& d : found)
        messages.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message);
    return messages;
}

}  // namespace

TEST_CASE("picture, back and colour keys are read into the manifest") {
    sdk::SetManifest m;
    const auto found = problems(
        "[set]\nid = \"s\"\nname = \"S\"\nback = \"pictures/a.svg\"\ncolour = \"#3D6b1f\"\nversion = \"1.0.0\"\n"
        "symbol = \"S\"\napi = 1\n" +
            card("picture = \"pictures/a.svg\"\ncolour = \"#b3122e\"\n") +
            "[[card]]\nid = \"d\"\nname = \"D\"\ntype = \"modifier\"\nlifetime = 1\npicture = \"pictures/a.svg\"\n",
        &m);
    CHECK(found.empty());
    CHECK(m.back_picture.filename() == "a.svg");
    CHECK(m.colour == "#3D6b1f");
    REQUIRE(m.cards.size() == 2);
    CHECK(m.cards[0].picture.filename() == "a.svg");
    CHECK(m.cards[1].picture.filename() == "a.svg");
    CHECK(m.cards[0].colour == "#b3122e");
    CHECK(m.cards[1].colour.empty());
}

TEST_CASE("a picture outside the set folder, missing, or not SVG/PNG is an error at its place") {
    const std::string header = test::set_header();  // 6 lines; the card's picture is on line 10
    CHECK(problems(header + card("picture = \"../outside.svg\"\n")) ==
          std::vector<std::string>{"10:11: card 'c': field 'picture': \"../outside.svg\" is outside the set folder; "
                                   "expected a file inside it, like \"pictures/cherry.svg\""});
    CHECK(problems(header + card("picture = \"pictures/none.svg\"\n"))
              .at(0)
              .rfind("10:11: card 'c': field 'picture': no file", 0) == 0);
    CHECK(problems(header + card("picture = \"pictures/a.gif\"\n")) ==
          std::vector<std::string>{
              "10:11: card 'c': field 'picture': expected an .svg or .png file, saw \"pictures/a.gif\""});
    CHECK(problems(header + card("picture = 3\n")).at(0) ==
          "10:11: card 'c': field 'picture': expected string, saw integer 3");
    CHECK(problems(
              "[set]\nid = \"s\"\nname = \"S\"\nback = \"/etc/x.svg\"\nversion = \"1.0.0\"\nsymbol = \"S\"\napi = 1\n" +
              card(""))
              .at(0)
              .rfind("4:8: [set] field 'back': \"/etc/x.svg\" is outside the set folder", 0) == 0);
}

TEST_CASE("a colour must be #rrggbb") {
    CHECK(problems(test::set_header() + card("colour = \"red\"\n")) ==
          std::vector<std::string>{"10:10: card 'c': field 'colour': expected a colour like \"#b3122e\", saw \"red\""});
    CHECK(problems(
              "[set]\nid = \"s\"\nname = \"S\"\ncolour = \"#12345\"\nversion = \"1.0.0\"\nsymbol = \"S\"\napi = 1\n" +
              card("")) ==
          std::vector<std::string>{"4:10: [set] field 'colour': expected a colour like \"#b3122e\", saw \"#12345\""});
    CHECK(problems(test::set_header() + card("color = \"#123456\"\n")).at(0).find("did you mean 'colour'?") !=
          std::string::npos);
}

TEST_CASE("the shipped sets' pictures and backs are all present") {
    for (const char* set : {"standard", "orchard"}) {
        std::vector<sdk::Diagnostic> found;
        const auto m = sdk::read_set_manifest(std::filesystem::path(CHERRIES_SOURCE_DIR) / "sets" / set, found);
        CHECK(found.empty());
        CHECK(!m.back_picture.empty());
        for (const auto& card : m.cards) {
            CHECK_FALSE(card.picture.empty());
            CHECK(std::filesystem::exists(card.picture));
        }
    }
}

TEST_CASE("a card's flavour text is read into its face texts; none, none") {
    sdk::SetManifest m;
    const auto found = problems(test::set_header() + card("flavour = \"Picked at dawn.\"\n") +
                                    "[[card]]\nid = \"d\"\nname = \"D\"\ntype = \"modifier\"\nlifetime = 1\n",
                                &m);
    CHECK(found.empty());
    REQUIRE(m.cards.size() == 2);
    CHECK(m.cards[0].face_texts.at("flavour") == "Picked at dawn.");
    CHECK(m.cards[1].face_texts.empty());
}

TEST_CASE("the reader holds every length its field row declares, as the schema does: a flavour of at most 120 "
          "characters, names and the symbol of at least 1") {
    const std::string header = test::set_header();  // 6 lines; the card's flavour is on line 10
    std::string accented;
    for (int i = 0; i < 120; ++i) accented += "\xC3\xA9";  // 120 characters, 240 bytes: characters count
    sdk::SetManifest m;
    CHECK(problems(header + card("flavour = \"" + accented + "\"\n"), &m).empty());
    REQUIRE(m.cards.size() == 1);
    CHECK(m.cards[0].face_texts.at("flavour") == accented);
    CHECK(problems(header + card("flavour = \"" + std::string(121, 'x') + "\"\n")) ==
          std::vector<std::string>{"10:11: card 'c': field 'flavour': expected at most 120 characters, saw 121 characters"});
    CHECK(problems("[[card]]\nid = \"c\"\nname = \"\"\ntype = \"cherry\"\nchange = 1\n" + header) ==
          std::vector<std::string>{"3:8: card 'c': field 'name': expected at least 1 character, saw an empty string"});
    CHECK(problems("[set]\nid = \"s\"\nname = \"\"\nversion = \"1.0.0\"\nsymbol = \"\"\napi = 1\n" + card("")) ==
          std::vector<std::string>{"3:8: [set] field 'name': expected at least 1 character, saw an empty string",
                                   "5:10: [set] field 'symbol': expected at least 1 character, saw an empty string"});
}
