// The data half of card_face.hpp: what a card's front and the back show, from a set manifest.
// No drawing here, so every command and the web server can use it without cairo.
#include "host/design/card_face.hpp"

#include <cctype>
#include <fmt/core.h>

namespace cherries::host {

namespace {

constexpr const char* kDefaultSetColour = "#7a0c1f";

std::string type_colour(CardType type) {
    switch (type) {
    case CardType::cherry: return "#b3122e";
    case CardType::score: return "#b8860b";
    case CardType::modifier: return "#2e5fa3";
    }
    return "#000000";
}

std::string type_word(CardType type) {
    switch (type) {
    case CardType::cherry: return "CHERRY";
    case CardType::score: return "SCORE";
    case CardType::modifier: return "MODIFIER";
    }
    return "";
}

}  // namespace

std::string card_headline(const CardKind& kind) {
    const auto signed_number = [](std::int64_t n) { return n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n); };
    const bool one = kind.change == 1 || kind.change == -1;
    switch (kind.type) {
    case CardType::cherry: return signed_number(kind.change) + (one ? " cherry" : " cherries");
    case CardType::score: return signed_number(kind.change) + (one ? " point" : " points");
    case CardType::modifier: return fmt::format("Lasts {} turn{}", kind.lifetime, kind.lifetime == 1 ? "" : "s");
    }
    return "";
}

// The one place where the printed rules text is chosen; the derived descriptions of
// sdk/plugins/describe replace the fallback when they land.
std::string card_rules(const CardKind& kind, const sdk::CardDescription& description) {
    if (!kind.text.empty()) return kind.text;
    if (kind.type != CardType::modifier) return "";
    std::string words = description.effect;
    if (!words.empty()) words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
    return words + ".";
}

std::vector<CardFront> card_fronts(const sdk::SetManifest& set, const host::CardText* words) {
    std::vector<CardFront> out;
    for (const sdk::CardManifest& card : set.cards) {
        const CardKind& kind = card.kind;
        CardFront f;
        f.set_id = set.info.id;
        f.card_id = kind.id;
        f.symbol = set.info.symbol;
        f.type = type_word(kind.type);
        f.name = kind.name;
        f.headline = card_headline(kind);
        const sdk::CardDescription description =
            words ? words->description(words->catalog().find_kind(set.info.id + ":" + kind.id)) : sdk::describe_card(kind, nullptr);
        f.rules = card_rules(kind, description);
        f.picture = card.picture;
        f.texts = card.face_texts;
        f.colour = !card.colour.empty() ? card.colour : type_colour(kind.type);
        f.set_colour = set.colour.empty() ? kDefaultSetColour : set.colour;
        f.count = kind.count;
        out.push_back(std::move(f));
    }
    return out;
}

CardBack card_back(const sdk::SetManifest& set) {
    return {set.back_picture, set.colour.empty() ? kDefaultSetColour : set.colour};
}

}  // namespace cherries::host
