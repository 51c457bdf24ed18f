#include "host/table/seat_tally.hpp"

#include <string>

#include "engine/game.hpp"
#include "host/table/table.hpp"

namespace cherries::host {

void SeatTally::on_event(const Event& event, const Table& table) {
    if (!table.started()) return;
    if (event.type == EventType::leave) {
        if (!table.is_bot(event.player)) left_.push_back(table.name(event.player));
        return;
    }
    if (event.type != EventType::draw && event.type != EventType::pass) return;
    if (table.is_bot(event.player)) return;  // a bot's seat, or a stand-in's turn: not a person's
    std::uint32_t& last = last_turn_[event.player];
    if (last == event.turn) return;
    last = event.turn;
    ++turns_[event.player];
}

std::vector<PersonResult> SeatTally::results(const Table& table) const {
    std::vector<PersonResult> out;
    const Game* game = table.game();
    if (!game) return out;
    for (const Player& p : game->players()) {
        const auto held = table.held().find(p.id);
        if (table.is_bot(p.id) && held == table.held().end()) continue;
        out.push_back({.seat = p.id,
                       .name = held != table.held().end() ? held->second : table.name(p.id),
                       .won = game->winner() == p.id,
                       .turns = turns(p.id),
                       .score = p.score});
    }
    return out;
}

std::uint32_t SeatTally::turns(PlayerId seat) const {
    const auto it = turns_.find(seat);
    return it == turns_.end() ? 0 : it->second;
}

nlohmann::json SeatTally::to_json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [seat, n] : turns_) out[std::to_string(seat)] = n;
    if (!left_.empty()) out["left"] = left_;
    return out;
}

SeatTally SeatTally::from_json(const nlohmann::json& j) {
    SeatTally tally;
    if (j.is_array()) {  // [[SEAT, TURNS], ...]
        for (const auto& pair : j) tally.turns_[pair.at(0).get<PlayerId>()] = pair.at(1).get<std::uint32_t>();
    } else {
        for (const auto& [seat, n] : j.items()) {
            if (seat == "left") {
                tally.left_ = n.get<std::vector<std::string>>();
                continue;
            }
            if (seat.empty() || seat.find_first_not_of("0123456789") != std::string::npos || seat.size() > 9)
                throw nlohmann::json::other_error::create(501, "a tally's seat is a number, not '" + seat + "'", &j);
            tally.turns_[static_cast<PlayerId>(std::stoul(seat))] = n.get<std::uint32_t>();
        }
    }
    return tally;
}

}  // namespace cherries::host
