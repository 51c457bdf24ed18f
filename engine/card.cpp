#include "engine/card.hpp"

#include <stdexcept>

namespace cherries {

std::string_view to_string(CardType type) {
    switch (type) {
        case CardType::cherry: return "cherry";
        case CardType::score: return "score";
        case CardType::modifier: return "modifier";
    }
    return "?";
}

void Catalog::add_set(CardSetInfo set, std::vector<CardKind> kinds) {
    for (const auto& s : sets_)
        if (s.id == set.id) throw std::invalid_argument("card set '" + set.id + "' is loaded twice");
    const auto set_index = static_cast<std::uint16_t>(sets_.size());
    sets_.push_back(std::move(set));
    for (auto& kind : kinds) {
        kind.set = set_index;
        const auto kind_index = static_cast<KindId>(kinds_.size());
        if (cards_.size() + static_cast<std::size_t>(kind.count) > kMaxCards)
            throw std::invalid_argument("too many cards: a game holds at most " + std::to_string(kMaxCards));
        cards_.insert(cards_.end(), static_cast<std::size_t>(kind.count), kind_index);
        kinds_.push_back(std::move(kind));
    }
}

Catalog Catalog::with_blank(CardId card) const {
    Catalog copy = *this;
    const CardKind& original = kinds_[cards_[card]];
    CardKind blank;
    blank.id = "blank-" + original.id;
    blank.name = "Blank " + original.name;
    blank.set = original.set;
    blank.type = CardType::modifier;
    blank.lifetime = original.type == CardType::modifier ? original.lifetime : 1;
    blank.count = 0;  // no physical card of its own: it takes over `card`
    copy.cards_[card] = static_cast<KindId>(copy.kinds_.size());
    copy.kinds_.push_back(std::move(blank));
    return copy;
}

KindId Catalog::find_kind(std::string_view name) const {
    std::string_view set_part;
    std::string_view card_part = name;
    if (const auto colon = name.find(':'); colon != std::string_view::npos) {
        set_part = name.substr(0, colon);
        card_part = name.substr(colon + 1);
    }
    std::vector<KindId> found;
    for (std::size_t i = 0; i < kinds_.size(); ++i) {
        const auto& kind = kinds_[i];
        if (kind.id == card_part && (set_part.empty() || sets_[kind.set].id == set_part))
            found.push_back(static_cast<KindId>(i));
    }
    if (found.size() == 1) return found.front();
    if (found.empty()) {
        std::string known;
        for (std::size_t i = 0; i < kinds_.size(); ++i)
            known += (i ? ", " : "") + display_id(static_cast<KindId>(i));
        throw std::invalid_argument("unknown card '" + std::string(name) + "'; expected one of: " + known);
    }
    std::string options;
    for (auto k : found) options += (options.empty() ? "" : ", ") + sets_[kinds_[k].set].id + ":" + kinds_[k].id;
    throw std::invalid_argument("card '" + std::string(name) + "' is in several sets; write one of: " + options);
}

std::string Catalog::display_id(KindId kind) const {
    const auto& k = kinds_[kind];
    for (std::size_t i = 0; i < kinds_.size(); ++i)
        if (i != kind && kinds_[i].id == k.id) return sets_[k.set].id + ":" + k.id;
    return k.id;
}

}  // namespace cherries
