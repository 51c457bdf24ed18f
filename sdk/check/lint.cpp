#include "sdk/check/lint.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "sdk/plugins/describe.hpp"

namespace cherries::sdk::check {

namespace {

Diagnostic at(Diagnostic::Severity severity, const std::string& file, SourcePosition where, std::string message) {
    return {severity, file, where.line, where.column, std::move(message)};
}

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(100 * share))) + "%"; }

}  // namespace

void lint_cherry_share(const SetManifest& set, std::vector<Diagnostic>& out) {
    std::int64_t cherry = 0, total = 0;
    for (const CardManifest& card : set.cards) {
        total += card.kind.count;
        if (card.kind.type == CardType::cherry) cherry += card.kind.count;
    }
    if (total == 0) return;
    const double share = static_cast<double>(cherry) / static_cast<double>(total);
    if (share >= kMinCherryShare) return;
    out.push_back(at(Diagnostic::Severity::warning, set.file, set.set_position,
                     "set '" + set.info.id + "': " + std::to_string(cherry) + " of its " + std::to_string(total) +
                         " cards (" + percent(share) + ") are cherry cards; a set needs at least " +
                         percent(kMinCherryShare) +
                         " to be played on its own (GDD §3.3.2: \"an adequate amount of cherry cards\")"));
}

void lint_identity_modifiers(const SetManifest& set, const std::vector<bool>& cherry_identity,
                             const std::vector<bool>& score_identity, std::vector<Diagnostic>& out) {
    for (std::size_t k = 0; k < set.cards.size(); ++k) {
        const CardKind& kind = set.cards[k].kind;
        if (kind.type != CardType::modifier || !cherry_identity[k] || !score_identity[k]) continue;
        const bool named = !set.cards[k].cherry_function.empty() || !set.cards[k].score_function.empty();
        out.push_back(at(Diagnostic::Severity::warning, set.file, set.cards[k].position,
                         "card '" + kind.id + "': this modifier changes nothing: " +
                             (named ? std::string("its functions return their input on every probe (GDD §3.3.2.1.1.3)")
                                    : std::string("it names no cherry or score function, so both are the identity; "
                                                  "name one in 'cherry' or 'score' (GDD §3.3.2.1.1.3)"))));
    }
}

void lint_undescribed_modifiers(const SetManifest& set, const PluginCode& code, Evaluator& runtime,
                                const std::vector<ProbeResult>& results, std::vector<Diagnostic>& out) {
    for (const CardManifest& card : set.cards) {
        CardKind kind = card.kind;
        if (kind.type != CardType::modifier || !kind.text.empty()) continue;
        bool usable = true;
        auto resolve = [&](const std::string& name, FunctionId& id) {
            id = code.id_of(name);
            if (name.empty()) return;
            usable = usable && id != kIdentity && id <= results.size() && !results[id - 1].faulted;
        };
        resolve(card.cherry_function, kind.cherry_function);
        resolve(card.score_function, kind.score_function);
        // A call that fails here ran out of the check's one budget (the probes passed): play
        // describes it with a per-call budget, so "not one of the shapes" would be untrue.
        bool faulted = false;
        if (!usable || derived_modifier_words(kind, runtime, &faulted) || faulted) continue;
        out.push_back(at(Diagnostic::Severity::warning, set.file, card.position,
                         "card '" + kind.id + "': this modifier has no text, and what its functions do is not one of "
                         "the shapes that can be put in words (a constant, last + c, k * last, last // k, -last, "
                         "their compositions, with a cap), so players are told to \"see its rules text\": add a "
                         "text key with its rules in words (GDD §3.3.2.1.2.2)"));
    }
}

void lint_never_scores(const GametypeManifest& m, bool function_positive, std::vector<Diagnostic>& out) {
    const bool positive = m.distribution_function.empty()
                              ? std::any_of(m.table.begin(), m.table.end(), [](const auto& entry) { return entry.second > 0; })
                              : function_positive;
    if (positive) return;
    out.push_back(at(Diagnostic::Severity::warning, m.file, m.distribution_position,
                     "gametype '" + m.gametype.id + "': the distribution never gives a positive score change" +
                         (m.distribution_function.empty() ? std::string(" (no cherry count in the table has one)")
                                                          : std::string(" (on any probed cherry count)")) +
                         ", so only score cards can bring a player to the winning score of " +
                         std::to_string(m.gametype.winning_score) + " (GDD §3.3.1.1)"));
}

void lint_set_clashes(const std::vector<const SetManifest*>& sets, std::vector<Diagnostic>& out) {
    std::map<std::string, const SetManifest*> ids, symbols;
    std::map<std::string, const SetManifest*> cards;  // card id -> first set with it
    for (const SetManifest* set : sets) {
        const std::string& id = set->info.id;
        if (id.empty()) continue;  // the manifest has errors: reported already
        if (auto [it, fresh] = ids.emplace(id, set); !fresh) {
            out.push_back(at(Diagnostic::Severity::error, set->file, set->set_position,
                             "set id '" + id + "' is also the id of " + it->second->file +
                                 "; sets with the same id cannot be loaded together"));
            continue;
        }
        if (!set->info.symbol.empty())
            if (auto [it, fresh] = symbols.emplace(set->info.symbol, set); !fresh)
                out.push_back(at(Diagnostic::Severity::warning, set->file, set->symbol_position,
                                 "set '" + id + "': symbol '" + set->info.symbol + "' is also the symbol of set '" +
                                     it->second->info.id + "' (" + it->second->file +
                                     "); a set's symbol tells its cards apart (GDD §3.3.2.2)"));
        for (const CardManifest& c : set->cards) {
            const std::string& card = c.kind.id;
            if (auto [it, fresh] = cards.emplace(card, set); !fresh && it->second != set)
                out.push_back(at(Diagnostic::Severity::warning, set->file, c.position,
                                 "set '" + id + "': card id '" + card + "' is also a card of set '" +
                                     it->second->info.id + "'; played together, each must be named as 'set:card'"));
        }
    }
}

}  // namespace cherries::sdk::check
