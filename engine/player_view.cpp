#include "engine/player_view.hpp"

namespace cherries {

std::vector<CardId> unseen_cards(const PlayerView& view) {
    std::vector<bool> seen(view.catalog().card_count(), false);
    auto see = [&](CardId c) {
        if (c < seen.size()) seen[c] = true;
    };
    see(view.drawn_card());
    for (CardId c : view.removed()) see(c);
    for (CardId c : view.set_aside()) see(c);  // a leaver's cards lie face up until the next renewal
    for (const Player& p : view.players()) {
        for (CardId c : p.received) see(c);
        for (const ActiveModifier& m : p.modifiers) see(m.card);
    }
    std::vector<CardId> unseen;
    for (std::size_t c = 0; c < seen.size(); ++c)
        if (!seen[c]) unseen.push_back(static_cast<CardId>(c));
    return unseen;
}

}  // namespace cherries
