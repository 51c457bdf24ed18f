// Cards, card sets and the catalog of every physical card in a game (GDD §3.3.2).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace cherries {

/// Index of one physical card in Catalog::cards. Two copies of "Cherry" have two CardIds.
using CardId = std::uint16_t;
/// Index of a card kind (one row of a set's card list) in Catalog::kinds.
using KindId = std::uint16_t;
/// The id of a modifier function or distribution function, resolved by an Evaluator.
/// kIdentity (0) is the identity function; the engine never asks an Evaluator for it.
using FunctionId = std::uint32_t;

inline constexpr CardId kNoCard = std::numeric_limits<CardId>::max();
/// Most physical cards one game can hold, all sets together.
inline constexpr std::size_t kMaxCards = kNoCard - 1;
inline constexpr FunctionId kIdentity = 0;

/// Largest magnitude of any change, cherry count or score: 2^53 - 1, so every number the
/// game holds is exact in a double (JSON, Lua floats). A function result beyond it is a
/// fault (GDD §3.5), never a silent wraparound.
inline constexpr std::int64_t kMaxMagnitude = (std::int64_t{1} << 53) - 1;

/// The three card types (GDD §3.3.2.1.1).
enum class CardType : std::uint8_t { cherry, score, modifier };

/// Lowercase GDD word for a card type: "cherry", "score" or "modifier".
std::string_view to_string(CardType type);

/// One kind of card in a set: its attributes (GDD §3.3.2.1.1) and how many copies the set has.
struct CardKind {
    std::string id;             ///< unique within its set, e.g. "double-cherry"
    std::string name;           ///< display name, e.g. "Double Cherry"
    std::string text;           ///< rules text in words, e.g. "Halves every cherry change"; may be empty
    std::uint16_t set = 0;      ///< index into Catalog::sets
    CardType type = CardType::cherry;
    std::int64_t change = 0;    ///< cherry change or score change; unused for modifiers
    std::int32_t lifetime = 0;  ///< modifiers only: turns active, >= 1 (GDD §3.3.2.1.1.3)
    FunctionId cherry_function = kIdentity;  ///< modifiers only: Z -> Z on cherry changes
    FunctionId score_function = kIdentity;   ///< modifiers only: Z -> Z on score changes
    std::int32_t count = 1;     ///< copies of this card in the set
};

/// A card set's identity (GDD §3.3.2, §3.3.2.2).
struct CardSetInfo {
    std::string id;       ///< unique lowercase id, e.g. "standard"
    std::string name;     ///< e.g. "Standard Set"
    std::string version;  ///< semver
    std::string symbol;   ///< the set's identifier symbol, e.g. "S"
};

/// Every card set of a game, their card kinds, and one entry per physical card.
/// Built once before a game and shared read-only by any number of games.
class Catalog {
public:
    /// Adds a set and its kinds; appends `count` physical cards per kind.
    /// Throws std::invalid_argument if the set id is already present or the catalog
    /// would exceed the CardId range.
    void add_set(CardSetInfo set, std::vector<CardKind> kinds);

    /// Finds a kind by "card-id" or "set-id:card-id". Throws std::invalid_argument with a
    /// message naming the candidates when the name is unknown or ambiguous.
    KindId find_kind(std::string_view name) const;

    /// "card-id" when that id is unique across sets, else "set-id:card-id".
    std::string display_id(KindId kind) const;

    /// A copy in which physical card `card` (< card_count()) is a blank that changes nothing: a
    /// card of a new kind (appended, so every other kind keeps its id) of type modifier with
    /// identity functions (never called) and the card's own lifetime, or 1 for a cherry or score
    /// card. Every card id stays valid, so a GameSnapshot of a game of this catalog restores
    /// against the copy: the counterfactual "this card did nothing" of the balance report's
    /// causal card strength (docs/report.md).
    Catalog with_blank(CardId card) const;

    const CardKind& kind_of(CardId card) const { return kinds_[cards_[card]]; }
    KindId kind_id_of(CardId card) const { return cards_[card]; }
    const std::vector<CardSetInfo>& sets() const { return sets_; }
    const std::vector<CardKind>& kinds() const { return kinds_; }
    /// Number of physical cards.
    std::size_t card_count() const { return cards_.size(); }

private:
    std::vector<CardSetInfo> sets_;
    std::vector<CardKind> kinds_;
    std::vector<KindId> cards_;  // physical card -> kind
};

}  // namespace cherries
