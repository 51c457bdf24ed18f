#include "sdk/plugins/manifest_fields.hpp"

#include <stdexcept>
#include <string>

#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk {

namespace {

using json = nlohmann::json;

constexpr std::string_view kId = R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "description": "lowercase letters, digits and '-'"})j";
constexpr std::string_view kName = R"j({"type": "string"})j";
constexpr std::string_view kVersion =
    R"j({"type": "string", "pattern": "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$", "description": "a semantic version like \"1.0.0\""})j";
constexpr std::string_view kApi = R"j({"const": 1, "description": "the plugin API version: 1"})j";

constexpr ManifestField kFields[] = {
    // set.toml, [set] (docs/manifest.md)
    {"set", "id", kId, true, kEveryCardBits,
     "string", "lowercase letters, digits and `-`, starting with a letter or digit; unique among the sets of a game", "required", "", 0, 0},
    {"set", "name", kName, true, kEveryCardBits,
     "string", "any, at least 1 character", "required", "", 1, 0},
    {"set", "version", kVersion, true, kEveryCardBits,
     "string", "a semantic version: `MAJOR.MINOR.PATCH`, optionally `-pre` and `+build`", "required", "", 0, 0},
    {"set", "symbol", R"j({"type": "string", "description": "the set's symbol, printed on its cards (GDD §3.3.2.2)"})j", true, kEveryCardBits,
     "string", "any, at least 1 character; unique among card sets (`cherries check` warns about a clash)", "required", "§3.3.2.2", 1, 0},
    {"set", "api", kApi, true, kEveryCardBits,
     "integer", "must be `1`, the plugin API this host speaks", "required", "", 0, 0},
    {"set", "lua", R"j({"type": "string", "description": "the Lua file in the set's folder (default set.lua)"})j", false, kEveryCardBits,
     "string", "a file inside the plugin folder", "default `set.lua` if that file exists, else no Lua", "", 0, 0},
    {"set", "back", R"j({"$ref": "#/definitions/picture", "description": "the one back of every card, an .svg or .png file in the set's folder (GDD §3.3.2.1.2.3)"})j", false, kEveryCardBits,
     "string", "an `.svg` or `.png` file inside the plugin folder: the picture on the back of every card", "optional; default: the word \"Cherries\"", "§3.3.2.1.2.3", 0, 0},
    {"set", "colour", R"j({"$ref": "#/definitions/colour", "description": "the set symbol's colour and the back's background"})j", false, kEveryCardBits,
     "string", "`\"#rrggbb\"`: the colour of the set symbol on the fronts and of the back", "default `\"#7a0c1f\"`", "§3.3.2.2", 0, 0},
    // set.toml, [[card]] (GDD §3.3.2.1.1)
    {"card", "id", R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})j", true, kEveryCardBits,
     "string", "lowercase letters, digits and `-`; unique in the set", "required", "", 0, 0},
    {"card", "name", kName, true, kEveryCardBits,
     "string", "any, at least 1 character", "required", "§3.3.2.1.1", 1, 0},
    {"card", "text", R"j({"type": "string", "description": "the card's rules text in words"})j", false, kEveryCardBits,
     "string", "the card's rules text in words, shown wherever the card is explained", "optional: without it, a modifier card's words are derived from its functions (below)", "§3.3.2.1.2", 0, 0},
    {"card", "flavour", R"j({"type": "string", "description": "a line of flavour text for the front, no rules"})j", false, kEveryCardBits,
     "string", "up to 120 characters: a line of flavour text on the front, in the middle when the card has no picture", "optional; default: none", "", 0, 120, true},
    {"card", "picture", R"j({"$ref": "#/definitions/picture", "description": "the picture in the middle of the card's front (GDD §3.3.2.1.2.2)"})j", false, kEveryCardBits,
     "string", "an `.svg` or `.png` file inside the plugin folder: the picture in the middle of the front", "optional; default: none", "§3.3.2.1.2.2", 0, 0},
    {"card", "colour", R"j({"$ref": "#/definitions/colour", "description": "the front's top band, frame and specifics"})j", false, kEveryCardBits,
     "string", "`\"#rrggbb\"`: the front's top band, frame and specifics", "default by type: cherry `\"#b3122e\"`, score `\"#b8860b\"`, modifier `\"#2e5fa3\"`", "§3.3.2.1.2.2", 0, 0},
    {"card", "type", R"j({"enum": ["cherry", "score", "modifier"]})j", true, kEveryCardBits,
     "string", "`\"cherry\"`, `\"score\"` or `\"modifier\"`", "required", "§3.3.2.1.1", 0, 0},
    {"card", "count", R"j({"description": "copies in the set (default 1)"})j", false, kEveryCardBits,
     "integer", "1 to 10000: the copies of this card in the set", "default `1`", "§3.3.2.1", 1, 10000},
    {"card", "change", R"j({"$ref": "#/definitions/integer"})j", true, kCherryCardBit | kScoreCardBit,
     "integer", "±(2^53 − 1): the cherry change of a cherry card, the score change of a score card", "required for cherry and score cards; an error on a modifier card", "§3.3.2.1.1.1, §3.3.2.1.1.2", -kMaxMagnitude, kMaxMagnitude},
    {"card", "lifetime", R"j({})j", true, kModifierCardBit,
     "integer", "1 to 1000000: the turns a modifier card is active", "required for modifier cards only", "§3.3.2.1.1.3, §3.4.2.3.5", 1, kMaxLifetime},
    {"card", "cherry", R"j({"$ref": "#/definitions/function_name"})j", false, kModifierCardBit,
     "string", "the name of a function in the set's Lua file, applied to cherry changes", "modifier cards only; default: the identity", "§3.3.2.1.1.3", 0, 0},
    {"card", "score", R"j({"$ref": "#/definitions/function_name"})j", false, kModifierCardBit,
     "string", "the name of a function in the set's Lua file, applied to score changes", "modifier cards only; default: the identity", "§3.3.2.1.1.3", 0, 0},
    {"card", "tests", R"j({"$ref": "#/definitions/card_tests"})j", false, kModifierCardBit,
     "", "", "", "", 0, 0},
    {"card.tests", "cherry", R"j({"$ref": "#/definitions/tests"})j", false, kEveryCardBits,
     "array of `[input, expected]` pairs", "integers within ±(2^53 − 1)", "modifier cards only; optional", "", 0, 0},
    {"card.tests", "score", R"j({"$ref": "#/definitions/tests"})j", false, kEveryCardBits,
     "array of `[input, expected]` pairs", "integers within ±(2^53 − 1)", "modifier cards only; optional", "", 0, 0},
    // gametype.toml (docs/gametypes.md)
    {"gametype", "id", R"j({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})j", true, kEveryCardBits,
     "string", "lowercase letters, digits and `-`, starting with a letter or digit", "required", "", 0, 0},
    {"gametype", "name", kName, true, kEveryCardBits,
     "string", "any, at least 1 character", "required", "", 1, 0},
    {"gametype", "version", kVersion, true, kEveryCardBits,
     "string", "a semantic version", "required", "", 0, 0},
    {"gametype", "api", kApi, true, kEveryCardBits,
     "integer", "must be `1`", "required", "", 0, 0},
    {"gametype", "lua", R"j({"type": "string", "description": "the Lua file in the gametype's folder (default gametype.lua)"})j", false, kEveryCardBits,
     "string", "a file inside the plugin folder", "default `gametype.lua` if that file exists", "", 0, 0},
    {"gametype", "winning_score", R"j({"description": "the score that wins (GDD §3.3.1.2)"})j", true, kEveryCardBits,
     "integer", "1 to 2^53 − 1: a score of this or more wins", "required", "§3.3.1.2", 1, kMaxMagnitude},
    {"tests", "distribution", R"j({"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"}}})j", false, kEveryCardBits,
     "array of `[cherry count, score change]` pairs", "cherry count >= 0; change within ±(2^53 − 1)", "optional", "", 0, 0},
    {"house_rules", "join_in_progress", R"j({"type": "boolean", "description": "whether players may join a game in progress (GDD §3.6)"})j", false, kEveryCardBits,
     "boolean", "may players join once the first turn has started?", "default `true`", "§3.6", 0, 0, false, &HouseRules::join_in_progress},
    {"house_rules", "leave_in_progress", R"j({"type": "boolean", "description": "whether players may leave a game in progress (GDD §3.6)"})j", false, kEveryCardBits,
     "boolean", "may players leave once the first turn has started?", "default `true`", "§3.6", 0, 0, false, &HouseRules::leave_in_progress},
};

// The JSON object schema of `table`'s fields; for "card", only those of `types`.
json object_schema(std::string_view table, unsigned types = kEveryCardBits) {
    json properties = json::object(), required = json::array();
    for (const ManifestField& f : kFields) {
        if (f.table != table || !(f.card_types & types)) continue;
        json property = json::parse(f.schema);
        // The bounds, once: the row's (the reader checks the same numbers).
        if (f.type == "string") {
            if (f.min != 0) property["minLength"] = f.min;
            if (f.max != 0) property["maxLength"] = f.max;
        } else if (f.max != 0 && !property.contains("$ref")) {
            property.update({{"type", "integer"}, {"minimum", f.min}, {"maximum", f.max}});
        }
        properties[std::string(f.key)] = std::move(property);
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

const ManifestField& manifest_field(std::string_view table, std::string_view key) {
    for (const ManifestField& f : kFields)
        if (f.table == table && f.key == key) return f;
    throw std::invalid_argument("no manifest field '" + std::string(key) + "' in '" + std::string(table) + "'");
}

std::string manifest_reference_row(const ManifestField& f) {
    if (f.type.empty()) return "";
    const std::string key(f.key);
    const std::string name = f.table == "card"         ? key
                             : f.table == "card.tests" ? "tests." + key
                                                       : "[" + std::string(f.table) + "] " + key;
    return "| `" + name + "` | " + std::string(f.type) + " | " + std::string(f.range) + " | " + std::string(f.need) + " |" +
           (f.gdd.empty() ? "" : " " + std::string(f.gdd)) + " |";
}

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
