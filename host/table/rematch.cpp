#include "host/table/rematch.hpp"

#include "host/table/table.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

std::vector<std::string> Rematch::people() const {
    std::vector<std::string> out;
    for (const Seat& s : seats)
        if (!s.person.empty()) out.push_back(s.person);
    return out;
}

Rematch rematch_of(const Table& table, const sdk::Bundle& bundle) {
    Rematch out;
    out.gametype = bundle.gametype().id;
    for (const sdk::PluginInfo& p : bundle.plugins())
        if (p.type == "set") out.sets.push_back(p.id);
    const Game* game = table.game();
    const Session* session = table.session_ptr();
    if (!game || !session) return out;
    for (const Player& p : game->players()) {
        if (const auto held = table.held().find(p.id); held != table.held().end()) {
            out.seats.push_back({.person = held->second, .bot = ""});  // a person's seat: a bot only held it
            continue;
        }
        std::string kind;
        for (const SeatedBot& b : session->bots())
            if (b.id == p.id) kind = b.name;
        out.seats.push_back({.person = kind.empty() ? table.name(p.id) : "", .bot = kind});
    }
    return out;
}

}  // namespace cherries::host
