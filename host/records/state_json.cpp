#include "host/records/state_json.hpp"

#include "host/session/game_end.hpp"

namespace cherries::host {

namespace {

std::string card_id(const Catalog& catalog, CardId card) { return catalog.display_id(catalog.kind_id_of(card)); }

}  // namespace

std::string status_name(const Game& game) {
    const auto end = end_by_rules(game);
    return end ? std::string(to_string(*end)) : "in_progress";
}

nlohmann::json state_json(const Game& game) {
    const Catalog& catalog = game.catalog();
    nlohmann::json state;
    state["status"] = status_name(game);
    state["winner"] = game.phase() == Phase::won ? nlohmann::json(game.player(game.winner()).name) : nlohmann::json();
    state["turns"] = game.turn();
    state["deck_remaining"] = game.deck().size();
    const PlayerId next = game.current_player();
    state["next_player"] = next == kNoPlayer ? nlohmann::json() : nlohmann::json(game.player(next).name);
    nlohmann::json removed = nlohmann::json::array();
    for (CardId card : game.removed()) removed.push_back(card_id(catalog, card));
    state["removed"] = std::move(removed);
    nlohmann::json set_aside = nlohmann::json::array();
    for (CardId card : game.set_aside()) set_aside.push_back(card_id(catalog, card));
    state["set_aside"] = std::move(set_aside);

    nlohmann::json players = nlohmann::json::array();
    for (const Player& p : game.players()) {
        nlohmann::json modifiers = nlohmann::json::array();
        for (const ActiveModifier& m : p.modifiers)
            modifiers.push_back({{"card", card_id(catalog, m.card)}, {"lifetime", m.lifetime}});
        nlohmann::json received = nlohmann::json::array();
        for (CardId card : p.received) received.push_back(card_id(catalog, card));
        players.push_back({{"name", p.name},
                           {"cherries", p.cherries},
                           {"score", p.score},
                           {"modifiers", std::move(modifiers)},
                           {"received", std::move(received)}});
    }
    state["players"] = std::move(players);
    return state;
}

nlohmann::json event_json(const Event& e, const Catalog& catalog, const PlayerNames& names) {
    nlohmann::json j;
    j["kind"] = std::string(to_string(e.type));
    j["turn"] = e.turn;
    switch (e.type) {
        case EventType::join:
        case EventType::leave:
        case EventType::pass:
        case EventType::won:
            j["player"] = names[e.player];
            break;
        case EventType::draw:
        case EventType::expire:
            j["player"] = names[e.player];
            j["card"] = card_id(catalog, e.card);
            break;
        case EventType::give:
            j["player"] = names[e.player];
            j["receiver"] = names[e.receiver];
            j["card"] = card_id(catalog, e.card);
            break;
        case EventType::handle: {
            j["player"] = names[e.player];
            j["card"] = card_id(catalog, e.card);
            const CardType type = catalog.kind_of(e.card).type;
            if (type == CardType::modifier) {
                j["lifetime"] = e.lifetime;
            } else {
                j["change"] = e.change;
                j["modified_change"] = e.modified_change;
                if (type == CardType::cherry) j["cherries"] = e.cherries;
                else j["score"] = e.score;
            }
            break;
        }
        case EventType::score_change:
            j["player"] = names[e.player];
            j["cherries"] = e.cherries;
            j["change"] = e.change;
            j["modified_change"] = e.modified_change;
            j["score"] = e.score;
            break;
        case EventType::age:
            j["player"] = names[e.player];
            j["card"] = card_id(catalog, e.card);
            j["lifetime"] = e.lifetime;
            break;
        case EventType::fault:
            j["player"] = names[e.player];
            j["card"] = e.card == kNoCard ? nlohmann::json() : nlohmann::json(card_id(catalog, e.card));
            j["message"] = std::string(e.message);
            if (e.receiver != kNoPlayer) j["receiver"] = names[e.receiver];  // the give that faulted
            break;
        case EventType::deck_renewal:
            j["cards"] = e.cards;
            break;
        case EventType::suspend:
        case EventType::resume:
        case EventType::ended:
            break;
    }
    return j;
}

void JsonEventLog::on_event(const Event& event) {
    names_.record(game_, event);
    events_.push_back(event_json(event, game_.catalog(), names_));
}

}  // namespace cherries::host
