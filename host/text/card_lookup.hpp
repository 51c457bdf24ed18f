// Finding a card kind from a player's words, one rule for every front end (the terminal's
// `explain`, IRC's !card): "Cherry Halver" in any case, its id "cherry-halver" or
// "standard:cherry-halver", or the start of a word of its name or of its id that only one kind
// has ("halv", "hat" for "-1 Hat Of Unfruit").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.hpp"

namespace cherries::host {

/// What find_card found: the card, or the kinds the words could mean.
struct CardLookup {
    std::optional<KindId> card;          ///< the one kind the words name
    std::vector<KindId> candidates;      ///< without a card: every kind the words start a word of
                                         ///< (several), else every kind whose name or id contains
                                         ///< them (a hint), in catalog order
};

/// Looks `words` up in `catalog` (ASCII case folded, spaces at either end ignored): an exact
/// name, id, display id ("set:card" when two sets share an id) or "set:card" first; else the
/// kinds with a word of the name, or the id, starting with the words: one is the card.
CardLookup find_card(const Catalog& catalog, std::string_view words);

}  // namespace cherries::host
