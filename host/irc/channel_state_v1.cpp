// The migration of CherryBot's stored state format 1 to the hosted table's format 2
// (channel_state.hpp; docs/irc-storage.md, "Migrations of the state"). The code that resumed a
// format-1 state, kept as it was: it builds host::Table::save_json()'s form from the two halves.
#include <map>
#include <string>
#include <vector>

#include "host/irc/channel_state.hpp"
#include "host/records/save.hpp"

namespace cherries::irc {

using nlohmann::json;

namespace {

template <class Value>
std::map<PlayerId, Value> unpairs(const json& j) {
    std::map<PlayerId, Value> out;
    for (const json& p : j) out[p.at(0).get<PlayerId>()] = p.at(1).get<Value>();
    return out;
}

}  // namespace

host::HostedState migrate_channel_state_v1(const json& j, const std::string& where) {
    const host::SaveState save = host::parse_save(j.at("save"), where);
    // The channel half is the current one (a join asked for, a seat taken over during a turn):
    // its seats taken, pending changes and bots, with the bots' generators from the save half.
    const json& c = j.at("channel");
    host::SaveState current = save;
    current.seats_taken = c.at("seats").get<std::uint32_t>();
    current.pending.clear();
    for (const json& p : c.at("pending"))
        current.pending.push_back({.join = p.at("join").get<bool>(), .name = p.at("nick").get<std::string>(),
                                   .bot = p.at("bot").get<std::string>()});
    const auto bots = unpairs<std::string>(c.at("bots"));
    current.seats.clear();  // one per player, as the save has them: the channel half's bots
    for (const Player& p : save.game.players) {
        host::SavedSeat seat{.id = p.id, .bot = {}};
        if (const auto b = bots.find(p.id); b != bots.end()) {
            seat.bot = b->second;
            for (const host::SavedSeat& s : save.seats)
                if (s.id == p.id && s.bot == b->second) seat.bot_state = s.bot_state;
        }
        current.seats.push_back(std::move(seat));
    }
    // The host::Table as it was: the channel half's nicks, kept seats and timeouts are its
    // names, kept seats and timeouts (host::Table::save_json()).
    auto by_id = [](const json& pairs) {
        json o = json::object();
        for (const json& p : pairs) o[std::to_string(p.at(0).get<PlayerId>())] = p.at(1);
        return o;
    };
    json saved_table = {{"session", host::save_json(current)},
                        {"names", by_id(c.at("nicks"))},
                        // "kept_nick"/"kept_account" in states stored before "held"; older ones: none
                        {"held", by_id(c.value("held_nick", c.value("kept_nick", json::array())))},
                        {"timeouts", by_id(c.at("timeouts"))},
                        {"started", c.at("started").get<bool>()}};
    // The sealed deal's salt (docs/records.md, "The fair deal"): the end line reveals it. Older
    // states have none: their records hold the seed in the header.
    if (const std::string salt = c.value("salt", ""); !salt.empty()) saved_table["salt"] = salt;
    json front = {{"opener", c.at("opener").get<std::string>()},
                  {"accounts", by_seat(unpairs<std::string>(c.at("accounts")))},
                  {"held_account", json::object()}};
    for (const char* key : {"held_account", "kept_account"})
        if (c.contains(key)) {
            front["held_account"] = by_seat(unpairs<std::string>(c.at(key)));
            break;
        }
    if (c.contains("seat_lines")) front["seat_lines"] = c.at("seat_lines");  // of the turn that was going on
    // Read back as text, as a stored table is (the save reader wants unsigned numbers as JSON
    // text gives them, not the signed ones of a json built in memory).
    return {json::parse(saved_table.dump(-1, ' ', false, json::error_handler_t::replace)), j.at("turns_taken"), std::move(front)};
}

}  // namespace cherries::irc
