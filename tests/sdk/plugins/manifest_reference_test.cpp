// The manifest reference (docs/manifest.md) is made from the field table (sdk/plugins/
// manifest_fields): every field's row there is the row the table makes, and the reader and the
// schema take an integer field's bounds from the same row.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "sdk/plugins/manifest_fields.hpp"

using namespace cherries;

namespace {

std::string docs_page() {
    std::ifstream in(std::string(CHERRIES_SOURCE_DIR) + "/docs/manifest.md", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("docs/manifest.md shows every manifest field as its row in sdk/plugins/manifest_fields makes it") {
    const std::string page = docs_page();
    REQUIRE(page.size() > 1000);
    int rows = 0;
    for (const sdk::ManifestField& f : sdk::manifest_fields()) {
        const std::string row = sdk::manifest_reference_row(f);
        if (row.empty()) continue;
        INFO("docs/manifest.md lacks this row, or says the field otherwise: " << row);
        CHECK(page.find("\n" + row + "\n") != std::string::npos);
        ++rows;
    }
    CHECK(rows >= 29);
}

TEST_CASE("an integer field's bounds are its row's, in the schema as in the reader") {
    const auto& count = sdk::manifest_field("card", "count");
    CHECK(count.min == 1);
    CHECK(count.max == 10000);
    const auto schema = sdk::manifest_schema("set");
    const auto& property = schema["definitions"]["card"]["properties"]["count"];
    CHECK(property["minimum"] == count.min);
    CHECK(property["maximum"] == count.max);
    const auto& lifetime = sdk::manifest_field("card", "lifetime");
    CHECK(schema["definitions"]["card"]["properties"]["lifetime"]["maximum"] == lifetime.max);
    CHECK(sdk::manifest_schema("gametype")["properties"]["gametype"]["properties"]["winning_score"]["maximum"] ==
          sdk::manifest_field("gametype", "winning_score").max);
    CHECK_THROWS_AS(sdk::manifest_field("card", "nothing"), std::invalid_argument);
}
