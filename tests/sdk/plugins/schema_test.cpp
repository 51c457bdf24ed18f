// The JSON Schemas for set.toml and gametype.toml (sdk/schema/, for taplo and editors): every
// shipped manifest validates, and the mistakes the schema is for are flagged. The TOML is turned
// into JSON by toml++ and validated by python3-jsonschema (scripts/setup), a real validator.
#include <catch2/catch.hpp>

#include <toml++/toml.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <tuple>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <algorithm>

#include "sdk/plugins/manifest_fields.hpp"
#include "tests/sdk/temp_plugin.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = CHERRIES_SOURCE_DIR;

// Validates each of `manifests` (TOML text, schema file name) with python3-jsonschema, all in
// one python process (each start imports jsonschema anew, a quarter of a second); true for each
// one that is valid.
std::vector<bool> valid(const std::vector<std::pair<std::string, std::string>>& manifests) {
    cherries::test::TempFolder dir;
    std::string list;
    for (std::size_t i = 0; i < manifests.size(); ++i) {
        std::ostringstream json;
        json << toml::json_formatter{toml::parse(manifests[i].first)};
        const fs::path file = dir.write("m" + std::to_string(i) + ".json", json.str());
        list += file.string() + "\t" + (kSource / "sdk/schema" / manifests[i].second).string() + "\n";
    }
    const fs::path pairs = dir.write("list.txt", list);
    const std::string command =
        "python3 -c 'import json, sys, jsonschema\n"
        "for line in open(sys.argv[1]):\n"
        "    doc, schema = line.rstrip(\"\\n\").split(\"\\t\")\n"
        "    try:\n"
        "        jsonschema.validate(json.load(open(doc)), json.load(open(schema))); print(1)\n"
        "    except jsonschema.ValidationError:\n"
        "        print(0)\n' '" + pairs.string() + "' 2>&1";
    std::vector<bool> out;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[256];
    std::string printed;
    while (std::fgets(buffer, sizeof buffer, pipe)) printed += buffer;
    REQUIRE(pclose(pipe) == 0);
    for (char c : printed)
        if (c == '0' || c == '1') out.push_back(c == '1');
    INFO(printed);
    REQUIRE(out.size() == manifests.size());
    return out;
}


std::string read(const fs::path& p) { return cherries::test::read_text(p); }

}  // namespace

TEST_CASE("schema: every shipped set.toml and gametype.toml validates") {
    REQUIRE(std::system("python3 -c 'import jsonschema' >/dev/null 2>&1") == 0);  // scripts/setup installs it
    std::vector<fs::path> files;
    std::vector<std::pair<std::string, std::string>> manifests;
    for (const auto& [folder, manifest, schema] : {std::tuple{"sets", "set.toml", "set.schema.json"},
                                                   std::tuple{"gametypes", "gametype.toml", "gametype.schema.json"}}) {
        for (const auto& entry : fs::directory_iterator(kSource / folder)) {
            const fs::path file = entry.path() / manifest;
            if (!fs::exists(file)) continue;
            files.push_back(file);
            manifests.emplace_back(read(file), schema);
        }
    }
    const std::vector<bool> ok = valid(manifests);
    for (std::size_t i = 0; i < files.size(); ++i) {
        INFO(files[i]);
        CHECK(ok[i]);
    }
    CHECK(manifests.size() >= 6);  // 2 sets, 4 gametypes
}

TEST_CASE("schema: flags an unknown card type, a modifier without lifetime, a misspelt key") {
    const std::string header = "[set]\nid = \"s\"\nname = \"S\"\nversion = \"1.0.0\"\nsymbol = \"S\"\napi = 1\n";
    const std::string g = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 10\n";
    const std::vector<bool> ok = valid({
        {header + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchange = 1\n", "set.schema.json"},
        {header + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cheery\"\nchange = 1\n", "set.schema.json"},
        {header + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"modifier\"\ncherry = \"f\"\n", "set.schema.json"},
        {header + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchagne = 1\n", "set.schema.json"},
        {g + "[distribution]\n5 = 1\n", "gametype.schema.json"},
        {g + "[distribution]\nfunction = \"f\"\n", "gametype.schema.json"},
        {g + "[distribution]\nfunction = \"f\"\n5 = 1\n", "gametype.schema.json"},
    });
    CHECK(ok == std::vector<bool>{true, false, false, false, true, true, false});
}

TEST_CASE("schema: the shipped schema files are what `cherries schema` makes from the one field list") {
    // sdk/plugins/manifest_fields.cpp lists each manifest field once; the reader's known keys and these
    // files are made from it. After editing that list: build/host/cherries schema set > sdk/schema/set.schema.json
    for (const std::string manifest : {"set", "gametype"}) {
        INFO(manifest << ".schema.json differs from `cherries schema " << manifest << "`: regenerate it");
        const auto shipped = nlohmann::json::parse(read(kSource / "sdk/schema" / (manifest + ".schema.json")));
        CHECK(shipped == cherries::sdk::manifest_schema(manifest));
    }
}

TEST_CASE("schema: the reader knows exactly the keys the schema allows, card type by card type") {
    using cherries::CardType;
    const auto schema = cherries::sdk::manifest_schema("set");
    const auto& card = schema["definitions"]["card"];
    auto keys = [](const std::vector<std::string_view>& list) {
        nlohmann::json out = nlohmann::json::array();
        for (auto k : list) out.push_back(k);
        return out;
    };
    CHECK(card["then"]["propertyNames"]["enum"] == keys(cherries::sdk::known_keys("card", CardType::modifier)));
    CHECK(card["else"]["propertyNames"]["enum"] == keys(cherries::sdk::known_keys("card", CardType::score)));
    CHECK(cherries::sdk::known_keys("card", CardType::cherry) == cherries::sdk::known_keys("card", CardType::score));
    nlohmann::json set_keys = nlohmann::json::array();
    for (const auto& [key, value] : schema["properties"]["set"]["properties"].items()) set_keys.push_back(key);
    CHECK(set_keys.size() == cherries::sdk::known_keys("set").size());
    // A modifier's keys are not a cherry card's: the reader refuses `lifetime` on a cherry card.
    const auto cherry = cherries::sdk::known_keys("card", CardType::cherry);
    CHECK(std::find(cherry.begin(), cherry.end(), "lifetime") == cherry.end());
}
