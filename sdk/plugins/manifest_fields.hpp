// The fields of set.toml and gametype.toml, listed once. The manifest reader's known keys (and
// so its "unknown field ... did you mean" messages) and the JSON Schemas of sdk/schema/ (for
// taplo and editors; `cherries schema`) are both made from this list, and a test checks the
// shipped schema files against it. A new card attribute is one row here plus the rule that
// reads it (sdk/plugins/manifest.cpp) and the engine field it fills (engine/card.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <span>
#include <string_view>
#include <vector>

#include "engine/card.hpp"

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
};

/// Every field of both manifests, in the order the docs and schemas list them.
std::span<const ManifestField> manifest_fields();

/// The keys table `table` may hold ("card" fields for a card of `type`), for the reader.
std::vector<std::string_view> known_keys(std::string_view table, CardType type = CardType::cherry);

/// The JSON Schema (draft-07) of "set" (set.toml) or "gametype" (gametype.toml), made from
/// manifest_fields(). Throws std::invalid_argument for another name.
nlohmann::json manifest_schema(std::string_view manifest);

}  // namespace cherries::sdk
