#include "engine/turn.hpp"

#include "engine/turn_inline.hpp"

namespace cherries {

namespace turn_detail {

namespace {

std::string out_of_range(std::int64_t v) {
    return "result " + std::to_string(v) + " is outside the range ±(2^53 - 1)";
}

}  // namespace

std::string fault_text(const Catalog& catalog, Evaluator& evaluator, CardId card, CardType type, bool called,
                       std::int64_t next) {
    // Named here, not by the evaluator: cards may share one function (GDD §3.5 reports the card).
    return "card '" + catalog.display_id(catalog.kind_id_of(card)) + "' " +
           (type == CardType::cherry ? "cherry" : "score") + " function: " +
           (called ? out_of_range(next) : evaluator.fault_message());
}

// distribution_change past the gametype's table: its function, or 0 without one.
bool distribution_change_past_table(const Gametype& gametype, Evaluator& evaluator, std::int64_t cherries,
                                    std::int64_t& change, std::string& message) {
    if (!gametype.distribution_function) {
        change = 0;
        return true;
    }
    if (!evaluator.call(*gametype.distribution_function, cherries, change)) {
        message = "gametype '" + gametype.id + "' distribution: " + evaluator.fault_message();
        return false;
    }
    if (!in_range(change)) {
        message = "gametype '" + gametype.id + "' distribution: " + out_of_range(change);
        return false;
    }
    return true;
}

}  // namespace turn_detail

CardId run_modifier_stack(const Catalog& catalog, Evaluator& evaluator,
                          std::span<const ActiveModifier> stack, CardId extra_top, CardType type,
                          std::int64_t change, std::int64_t& result, std::string& fault_message,
                          std::vector<ModifierStep>* steps) {
    return turn_detail::run_stack(catalog, evaluator, stack, extra_top, type, change, result, fault_message, steps);
}

bool distribution_change(const Gametype& gametype, Evaluator& evaluator, std::int64_t cherries,
                         std::int64_t& change, std::string& message) {
    return turn_detail::table_or_function(gametype, evaluator, cherries, change, message);
}

TurnPlan plan_turn(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator,
                   const Player& player, const Player* receiver, CardId card, TurnSteps* steps) {
    TurnPlan plan;
    turn_detail::plan_into(plan, catalog, gametype, evaluator, player, receiver, card, steps);
    return plan;
}

}  // namespace cherries
