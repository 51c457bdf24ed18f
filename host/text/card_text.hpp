// Cards and the gametype as players read them, for every front end (terminal, IRC): a card's
// name with its set's symbol, and what it does in words (sdk/plugins/describe.hpp: its rules text, else
// words derived from its modifier functions). Never a Lua identifier.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/describe.hpp"

namespace cherries::host {

/// How cards and the gametype's rule are said. Everything is worked out at construction
/// (derived words probe the bundle's functions in a runtime of its own, not the game's), so a
/// CardText is cheap to use and safe to share read-only.
class CardText {
public:
    /// Cards of `catalog`; modifiers without text are derived through `evaluator` (null: "see
    /// its rules text"). `gametype`, when given, is put in words too.
    explicit CardText(const Catalog& catalog, Evaluator* evaluator = nullptr, const Gametype* gametype = nullptr);
    /// The cards and the gametype of `bundle`; a runtime is made only when something needs one.
    explicit CardText(const sdk::Bundle& bundle);

    /// "Cherry Halver [S]": the name and the set's symbol (GDD §3.3.2.2); just the name when the
    /// set has no symbol.
    const std::string& name(CardId card) const { return names_[catalog_.kind_id_of(card)]; }
    const std::string& kind_name(KindId kind) const { return names_[kind]; }
    /// What the kind does (sdk::describe_card).
    const sdk::CardDescription& description(KindId kind) const { return descriptions_[kind]; }
    /// "Double Cherry [S] (+2 cherries)", "1 Point [S] (score change +1)",
    /// "Cherry Halver [S] (modifier for 2 turns): Halves every cherry change, rounded down."
    std::string describe(CardId card) const { return describe_kind(catalog_.kind_id_of(card)); }
    std::string describe_kind(KindId kind) const;
    /// The gametype's rule (sdk::gametype_rule_words); "" when no gametype was given.
    const std::string& gametype_rule() const { return rule_; }
    const Catalog& catalog() const { return catalog_; }

private:
    void build(Evaluator* evaluator, const Gametype* gametype);

    const Catalog& catalog_;
    std::vector<std::string> names_;  // by kind
    std::vector<sdk::CardDescription> descriptions_;
    std::string rule_;
};

/// The gametype's house rules in words, the same at every table (GDD §3.6; the lobby, the table
/// page, IRC's !rules): "Players may join and leave during the game (at the end of a turn)." or,
/// for a closed table, "Nobody joins once the game has started. Nobody leaves either: a player who
/// goes away does not lose their seat: a stand-in bot holds it and plays it until they are back."
std::string house_rules_words(const HouseRules& rules);

}  // namespace cherries::host
