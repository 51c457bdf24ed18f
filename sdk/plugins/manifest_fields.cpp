#include "sdk/plugins/manifest_fields.hpp"

#include <stdexcept>
#include <string>

namespace cherries::sdk {

namespace {

using json = nlohmann::json;

constexpr std::string_view kId = R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "description": "lowercase letters, digits and '-'"})j";
constexpr std::string_view kName = R"j({"type": "string", "minLength": 1})j";
constexpr std::string_view kVersion =
    R"j({"type": "string", "pattern": "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$", "description": "a semantic version like \"1.0.0\""})j";
constexpr std::string_view kApi = R"j({"const": 1, "description": "the plugin API version: 1"})j";

constexpr ManifestField kFields[] = {
    // set.toml, [set] (docs/manifest.md)
    {"set", "id", kId, true},
    {"set", "name", kName, true},
    {"set", "version", kVersion, true},
    {"set", "symbol", R"j({"type": "string", "minLength": 1, "description": "the set's symbol, printed on its cards (GDD §3.3.2.2)"})j", true},
    {"set", "api", kApi, true},
    {"set", "lua", R"j({"type": "string", "description": "the Lua file in the set's folder (default set.lua)"})j"},
    {"set", "back", R"j({"$ref": "#/definitions/picture", "description": "the one back of every card, an .svg or .png file in the set's folder (GDD §3.3.2.1.2.3)"})j"},
    {"set", "colour", R"j({"$ref": "#/definitions/colour", "description": "the set symbol's colour and the back's background"})j"},
    // set.toml, [[card]] (GDD §3.3.2.1.1)
    {"card", "id", R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})j", true},
    {"card", "name", kName, true},
    {"card", "text", R"j({"type": "string", "description": "the card's rules text in words"})j"},
    {"card", "picture", R"j({"$ref": "#/definitions/picture", "description": "the picture in the middle of the card's front (GDD §3.3.2.1.2.2)"})j"},
    {"card", "colour", R"j({"$ref": "#/definitions/colour", "description": "the front's top band, frame and specifics"})j"},
    {"card", "type", R"j({"enum": ["cherry", "score", "modifier"]})j", true},
    {"card", "count", R"j({"type": "integer", "minimum": 1, "maximum": 10000, "description": "copies in the set (default 1)"})j"},
    {"card", "change", R"j({"$ref": "#/definitions/integer"})j", true, kCherryCardBit | kScoreCardBit},
    {"card", "lifetime", R"j({"type": "integer", "minimum": 1, "maximum": 1000000})j", true, kModifierCardBit},
    {"card", "cherry", R"j({"$ref": "#/definitions/function_name"})j", false, kModifierCardBit},
    {"card", "score", R"j({"$ref": "#/definitions/function_name"})j", false, kModifierCardBit},
    {"card", "tests", R"j({"$ref": "#/definitions/card_tests"})j", false, kModifierCardBit},
    {"card.tests", "cherry", R"j({"$ref": "#/definitions/tests"})j"},
    {"card.tests", "score", R"j({"$ref": "#/definitions/tests"})j"},
    // gametype.toml (docs/gametypes.md)
    {"gametype", "id", R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})j", true},
    {"gametype", "name", kName, true},
    {"gametype", "version", kVersion, true},
    {"gametype", "api", kApi, true},
    {"gametype", "lua", R"j({"type": "string", "description": "the Lua file in the gametype's folder (default gametype.lua)"})j"},
    {"gametype", "winning_score", R"j({"type": "integer", "minimum": 1, "maximum": 9007199254740991, "description": "the score that wins (GDD §3.3.1.2)"})j", true},
    {"tests", "distribution", R"j({"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"}}})j"},
    {"house_rules", "join_in_progress", R"j({"type": "boolean", "description": "whether players may join a game in progress (GDD §3.6)"})j"},
    {"house_rules", "leave_in_progress", R"j({"type": "boolean", "description": "whether players may leave a game in progress (GDD §3.6)"})j"},
};

// The JSON object schema of `table`'s fields; for "card", only those of `types`.
json object_schema(std::string_view table, unsigned types = kEveryCardBits) {
    json properties = json::object(), required = json::array();
    for (const ManifestField& f : kFields) {
        if (f.table != table || !(f.card_types & types)) continue;
        properties[std::string(f.key)] = json::parse(f.schema);
        if (f.required) required.push_back(f.key);
    }
    json schema = {{"type", "object"}, {"additionalProperties", false}, {"properties", properties}};
    if (!required.empty()) schema["required"] = required;
    return schema;
}

json keys_of(std::string_view table, CardType type) {
    json keys = json::array();
    for (std::string_view k : known_keys(table, type)) keys.push_back(k);
    return keys;
}

json set_schema() {
    // A card: every card field, the required ones by type, and only its type's keys.
    json card = object_schema("card");
    card.erase("additionalProperties");
    card["required"] = {"id", "name", "type"};
    json modifier_required = json::array(), other_required = json::array();
    for (const ManifestField& f : kFields)
        if (f.table == "card" && f.required && f.card_types != kEveryCardBits)
            (f.card_types & kModifierCardBit ? modifier_required : other_required).push_back(f.key);
    card["if"] = {{"properties", {{"type", {{"const", "modifier"}}}}}};
    card["then"] = {{"required", modifier_required}, {"propertyNames", {{"enum", keys_of("card", CardType::modifier)}}}};
    card["else"] = {{"required", other_required}, {"propertyNames", {{"enum", keys_of("card", CardType::cherry)}}}};
    return {
        {"$schema", "http://json-schema.org/draft-07/schema#"},
        {"$id", "https://cherries.invalid/schema/set.schema.json"},
        {"title", "Cherries card set manifest (set.toml)"},
        {"description", "A card set: docs/manifest.md. `cherries check` checks everything this schema cannot (Lua "
                        "functions, probes, designer tests). Made by `cherries schema set` from sdk/plugins/manifest_fields.cpp."},
        {"type", "object"},
        {"additionalProperties", false},
        {"required", {"set", "card"}},
        {"properties", {{"set", object_schema("set")}, {"card", {{"type", "array"}, {"minItems", 1}, {"items", {{"$ref", "#/definitions/card"}}}}}}},
        {"definitions",
         {{"picture", {{"type", "string"}, {"pattern", "\\.(svg|png)$"}, {"description", "an .svg or .png file inside the set's folder"}}},
          {"colour", {{"type", "string"}, {"pattern", "^#[0-9A-Fa-f]{6}$"}, {"description", "a colour as \"#rrggbb\""}}},
          {"function_name",
           {{"type", "string"}, {"pattern", "^[A-Za-z_][A-Za-z0-9_]*$"}, {"description", "a function in the table the Lua file returns"}}},
          {"integer", {{"type", "integer"}, {"minimum", -9007199254740991}, {"maximum", 9007199254740991}}},
          {"tests",
           {{"type", "array"},
            {"description", "designer tests: [[input, expected], ...]"},
            {"items", {{"type", "array"}, {"minItems", 2}, {"maxItems", 2}, {"items", {{"$ref", "#/definitions/integer"}}}}}}},
          {"card_tests", object_schema("card.tests")},
          {"card", card}}},
    };
}

json gametype_schema() {
    const json distribution = json::parse(R"j({
        "description": "the score change distribution (GDD §3.3.1.1): cherry counts as keys, or function = \"name\"",
        "type": "object",
        "oneOf": [
          {"required": ["function"], "additionalProperties": false,
           "properties": {"function": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}}},
          {"not": {"required": ["function"]},
           "propertyNames": {"pattern": "^[0-9]{1,5}$"},
           "additionalProperties": {"type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991}}
        ]})j");
    return {
        {"$schema", "http://json-schema.org/draft-07/schema#"},
        {"$id", "https://cherries.invalid/schema/gametype.schema.json"},
        {"title", "Cherries gametype manifest (gametype.toml)"},
        {"description", "A gametype: docs/gametypes.md and docs/manifest.md. Made by `cherries schema gametype` from "
                        "sdk/plugins/manifest_fields.cpp."},
        {"type", "object"},
        {"additionalProperties", false},
        {"required", {"gametype", "distribution"}},
        {"properties",
         {{"gametype", object_schema("gametype")},
          {"distribution", distribution},
          {"tests", object_schema("tests")},
          {"house_rules", object_schema("house_rules")}}},
    };
}

}  // namespace

std::span<const ManifestField> manifest_fields() { return kFields; }

std::vector<std::string_view> known_keys(std::string_view table, CardType type) {
    const unsigned bit = 1u << static_cast<unsigned>(type);
    std::vector<std::string_view> keys;
    for (const ManifestField& f : kFields)
        if (f.table == table && (table != "card" || (f.card_types & bit))) keys.push_back(f.key);
    return keys;
}

json manifest_schema(std::string_view manifest) {
    if (manifest == "set") return set_schema();
    if (manifest == "gametype") return gametype_schema();
    throw std::invalid_argument("no manifest '" + std::string(manifest) + "'; expected set or gametype");
}

}  // namespace cherries::sdk
