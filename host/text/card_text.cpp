#include "host/text/card_text.hpp"

#include <algorithm>

namespace cherries::host {

CardText::CardText(const Catalog& catalog, Evaluator* evaluator, const Gametype* gametype) : catalog_(catalog) {
    build(evaluator, gametype);
}

CardText::CardText(const sdk::Bundle& bundle) : catalog_(bundle.catalog()) {
    const auto& kinds = catalog_.kinds();
    const bool needs_code = bundle.gametype().distribution_function.has_value() ||
                            std::any_of(kinds.begin(), kinds.end(), [](const CardKind& k) {
                                return k.type == CardType::modifier && k.text.empty();
                            });
    std::unique_ptr<sdk::LuaRuntime> runtime;
    if (needs_code) runtime = bundle.make_runtime();
    build(runtime.get(), &bundle.gametype());
}

void CardText::build(Evaluator* evaluator, const Gametype* gametype) {
    for (const CardKind& kind : catalog_.kinds()) {
        const std::string& symbol = catalog_.sets()[kind.set].symbol;
        names_.push_back(symbol.empty() ? kind.name : kind.name + " [" + symbol + "]");
        descriptions_.push_back(sdk::describe_card(kind, evaluator));
    }
    if (gametype) rule_ = sdk::gametype_rule_words(*gametype, evaluator);
}

std::string CardText::describe_kind(KindId kind) const {
    const sdk::CardDescription& d = descriptions_[kind];
    if (catalog_.kinds()[kind].type != CardType::modifier) return names_[kind] + " (" + d.effect + ")";
    return names_[kind] + " (modifier " + d.lifetime + "): " + d.effect;
}

std::string house_rules_words(const HouseRules& rules) {
    const std::string kept = "a player who goes away does not lose their seat: a stand-in bot holds it and plays it until they are back.";
    if (rules.join_in_progress && rules.leave_in_progress) return "Players may join and leave during the game (at the end of a turn).";
    if (rules.join_in_progress) return "Players may join during the game (at the end of a turn), but nobody leaves: " + kept;
    if (rules.leave_in_progress) return "Nobody joins once the game has started; players may leave (at the end of a turn).";
    return "Nobody joins once the game has started. Nobody leaves either: " + kept;
}

}  // namespace cherries::host
