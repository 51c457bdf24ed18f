// The fields of set.toml and gametype.toml, listed once, each row with its type, bounds, default
// and description. The manifest reader's known keys (and so its "unknown field ... did you
// mean" messages) and its integer bounds, the JSON Schemas of sdk/schema/ (for taplo and
// editors; `cherries schema`) and the field rows of the manifest reference (docs/manifest.md)
// are all made from this list; tests check the shipped schema files and the page against it
// (tests/sdk/plugins/schema_test, manifest_reference_test; `scripts/manifest-reference` writes
// the schema files and the page's rows anew). A text only the face shows is its row alone
// (`face_text`); a house rule is its row, naming the HouseRules member it fills; an attribute a
// rule reads is its row plus the rule that reads it (sdk/plugins/manifest.cpp) and its field.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.hpp"
#include "engine/gametype.hpp"

namespace cherries::sdk {

/// Which card types a card field belongs to (GDD §3.3.2.1.1), as bits.
enum CardTypeBits : unsigned {
    kCherryCardBit = 1u << static_cast<unsigned>(CardType::cherry),
    kScoreCardBit = 1u << static_cast<unsigned>(CardType::score),
    kModifierCardBit = 1u << static_cast<unsigned>(CardType::modifier),
    kEveryCardBits = kCherryCardBit | kScoreCardBit | kModifierCardBit,
};

/// One field of a manifest table.
struct ManifestField {
    std::string_view table;   ///< "set", "card", "card.tests", "gametype", "tests", "house_rules"
    std::string_view key;     ///< the TOML key
    std::string_view schema;  ///< the value's JSON Schema, as JSON text ("#/definitions/..." refs allowed)
    bool required = false;    ///< a problem when missing (for a card: on the card types it belongs to)
    unsigned card_types = kEveryCardBits;  ///< card fields only: the types that may have it
    // The manifest reference's columns (docs/manifest.md); an empty type: no row of its own.
    std::string_view type;    ///< "string", "integer", ...
    std::string_view range;   ///< what values it may take, in words
    std::string_view need;    ///< "required", or its default
    std::string_view gdd;     ///< the GDD sections, or ""
    /// An integer field's bounds, or a string field's length in characters (max 0: no upper
    /// bound), which the reader checks and the schema states (for an integer, when `schema`
    /// names no "$ref"); both 0 for every other field.
    std::int64_t min = 0;
    std::int64_t max = 0;
    /// Card fields: a text only the card's face shows (no rule reads it). The reader takes it as
    /// written into CardManifest::face_texts under its key; the face decides where it goes.
    bool face_text = false;
    /// House rules: the HouseRules member the reader fills, a flag or a number (bounds above).
    bool HouseRules::*rule_flag = nullptr;
    std::uint32_t HouseRules::*rule_number = nullptr;
};

/// The row of `key` in `table` ("card", "count"). Throws std::invalid_argument for none.
const ManifestField& manifest_field(std::string_view table, std::string_view key);

/// The manifest reference's row of `field` as docs/manifest.md shows it:
/// "| `[set] id` | string | ... | required | |" ("" for a field with no row of its own).
std::string manifest_reference_row(const ManifestField& field);

/// Every field of both manifests, in the order the docs and schemas list them.
std::span<const ManifestField> manifest_fields();

/// The keys table `table` may hold ("card" fields for a card of `type`), for the reader.
std::vector<std::string_view> known_keys(std::string_view table, CardType type = CardType::cherry);

/// The JSON Schema (draft-07) of "set" (set.toml) or "gametype" (gametype.toml), made from
/// manifest_fields(). Throws std::invalid_argument for another name.
nlohmann::json manifest_schema(std::string_view manifest);

}  // namespace cherries::sdk
