#include "host/web/lobby.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <span>
#include <stdexcept>

#include "engine/random.hpp"
#include "host/base/random_seed.hpp"
#include "host/records/deal.hpp"

namespace cherries::web {

using nlohmann::json;

Lobby::Lobby(const ServeConfig& config) : config_(config), library_(config.plugin_path) {}

std::vector<std::string> Lobby::allowed(const std::string& kind) const {
    const std::vector<std::string>& limit = kind == "set" ? config_.sets : config_.gametypes;
    std::vector<std::string> out;
    for (const auto& id : library_.ids(kind))
        if (limit.empty() || std::find(limit.begin(), limit.end(), id) != limit.end()) out.push_back(id);
    return out;
}

std::shared_ptr<const sdk::Bundle> Lobby::bundle(const std::vector<std::string>& sets, const std::string& gametype) {
    const auto sets_allowed = allowed("set");
    for (const auto& s : sets)
        if (std::find(sets_allowed.begin(), sets_allowed.end(), s) == sets_allowed.end())
            throw std::invalid_argument(fmt::format("set '{}' is not offered here; expected one of {}", s.substr(0, 40), fmt::join(sets_allowed, ", ")));
    const auto gametypes_allowed = allowed("gametype");
    if (std::find(gametypes_allowed.begin(), gametypes_allowed.end(), gametype) == gametypes_allowed.end())
        throw std::invalid_argument(fmt::format("gametype '{}' is not offered here; expected one of {}", gametype.substr(0, 40),
                                                fmt::join(gametypes_allowed, ", ")));
    return library_.bundle(sets, gametype);
}

std::shared_ptr<const host::CardText> Lobby::words(const std::shared_ptr<const sdk::Bundle>& bundle) {
    auto& w = words_[bundle.get()];
    if (!w) w = std::make_shared<const host::CardText>(*bundle);
    return w;
}

std::shared_ptr<const sdk::Bundle> Lobby::bundle_with_set(const std::string& fingerprint, std::string& set_id) {
    for (const auto& id : allowed("set")) {
        std::shared_ptr<const sdk::Bundle> b;
        try {
            b = bundle({id}, config_.default_gametype);
        } catch (const std::exception&) {
            continue;
        }
        for (const auto& p : b->plugins())
            if (p.type == "set" && p.fingerprint == fingerprint) {
                set_id = p.id;
                return b;
            }
    }
    return nullptr;
}

std::shared_ptr<const sdk::Bundle> Lobby::bundle_for_gametype(const std::string& gametype) {
    return bundle(config_.default_sets, gametype);
}

json Lobby::catalog_json() {
    json sets = json::array(), gametypes = json::array();
    for (const auto& id : allowed("set")) {
        json entry = {{"id", id}, {"name", id}, {"cards", nullptr}};
        try {
            const auto b = bundle({id}, config_.default_gametype);
            entry["name"] = b->catalog().sets().front().name;
            entry["cards"] = b->catalog().card_count();
            const auto w = words(b);
            json list = json::array();
            for (KindId k = 0; k < b->catalog().kinds().size(); ++k) list.push_back(card_kind_json(*b, *w, k));
            entry["card_list"] = list;
        } catch (const std::exception& e) {
            entry["error"] = "does not load";
        }
        sets.push_back(entry);
    }
    for (const auto& id : allowed("gametype")) {
        json entry = {{"id", id}, {"name", id}, {"rule", ""}, {"graph", graph_url(id)}};
        try {
            const auto b = bundle_for_gametype(id);
            entry["name"] = b->gametype().name;
            entry["rule"] = words(b)->gametype_rule();
            entry["house_rules"] = host::house_rules_words(b->gametype().house_rules);
            entry["winning_score"] = b->gametype().winning_score;
        } catch (const std::exception& e) {
            entry["error"] = "does not load";
        }
        gametypes.push_back(entry);
    }
    json bots = host::builtin_bots();
    for (const auto& id : library_.ids("bot")) bots.push_back(id);
    return {{"sets", sets}, {"gametypes", gametypes}, {"bots", bots},
            {"defaults", {{"sets", config_.default_sets}, {"gametype", config_.default_gametype}}}};
}

json Lobby::tables_json(const std::function<json(const WebTable&)>& summary) const {
    json out = json::array();
    for (auto it = order_.rbegin(); it != order_.rend(); ++it)
        if (const auto t = tables_.find(*it); t != tables_.end()) out.push_back(summary(*t->second));
    return out;
}

std::string Lobby::new_id() const {
    static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";  // no l, o, 0, 1
    for (;;) {
        std::uint64_t bits = host::random_seed();
        std::string id;
        for (int i = 0; i < 10; ++i, bits >>= 5) id += kAlphabet[bits & 31];
        if (!tables_.count(id)) return id;
    }
}

TableSetup Lobby::setup(std::string id, std::vector<std::string> sets, std::string gametype) {
    TableSetup s;
    s.id = std::move(id);
    s.bundle = bundle(sets, gametype);
    s.words = words(s.bundle);
    s.sets = std::move(sets);
    s.gametype = std::move(gametype);
    s.options.max_players = config_.max_players;
    s.options.max_timeouts = config_.max_timeouts;
    s.options.bot_takes_over = config_.bot_takes_over;
    s.clock = {.turn_timeout = config_.turn_timeout, .turn_warning = std::chrono::milliseconds(0)};  // the page shows no warning
    // Nobody at a web table may learn the deck's order (docs/records.md, "The fair deal"); a
    // table restored from the store keeps the salt it saved.
    s.options.deal_salt = host::new_salt();
    // The record (and so the store) begins when the first person sits down: a waiting table
    // survives a restart like a game in play (docs/web.md, "Nothing is lost").
    s.options.record_lobby = true;
    // A table is for people: once none plays their own seat, the bots do not play it out.
    s.options.needs_people = true;
    return s;
}

std::variant<json, LobbyError> Lobby::create_table(const std::string& body, const std::string& opener) {
    if (tables_.size() >= config_.max_tables)
        return LobbyError{503, fmt::format("this server holds {} tables, its limit; try again when one has ended", tables_.size())};
    // The cap is shared fairly: no one client (an address, an IPv6 /64) holds more than its share,
    // so that a few cannot fill the server for everyone else.
    if (!opener.empty() && opened_by(opener) >= config_.tables_per_address)
        return LobbyError{429, fmt::format("this address has {} open tables, its share of this server ([limits] tables_per_address); "
                                           "play or leave one, or wait until one closes", opened_by(opener))};
    const json request = body.empty() ? json::object() : json::parse(body, nullptr, false);
    if (request.is_discarded() || !request.is_object())
        return LobbyError{400, "the body is not a JSON object; expected {\"sets\": [ids], \"gametype\": id} or {\"random_sets\": N}"};
    for (const auto& [key, value] : request.items())
        if (key != "sets" && key != "gametype" && key != "random_sets")
            return LobbyError{400, "unknown field '" + key.substr(0, 32) + "'; expected sets, gametype or random_sets"};
    std::string gametype = config_.default_gametype;
    if (const auto it = request.find("gametype"); it != request.end()) {
        if (!it->is_string()) return LobbyError{400, "field 'gametype' is not a string; expected a gametype id"};
        gametype = it->get<std::string>();
    }
    std::vector<std::string> sets = config_.default_sets;
    const std::uint64_t seed = host::random_seed();
    if (const auto it = request.find("sets"); it != request.end()) {
        if (!it->is_array() || it->empty() || it->size() > 16 ||
            !std::all_of(it->begin(), it->end(), [](const json& v) { return v.is_string(); }))
            return LobbyError{400, "field 'sets' is not a list of 1 to 16 set ids; expected [\"standard\", ...]"};
        sets = it->get<std::vector<std::string>>();
        std::vector<std::string> unique = sets;
        std::sort(unique.begin(), unique.end());
        if (std::adjacent_find(unique.begin(), unique.end()) != unique.end())
            return LobbyError{400, "field 'sets' names a set twice; expected each set once"};
    } else if (const auto r = request.find("random_sets"); r != request.end()) {
        auto ids = allowed("set");
        if (!r->is_number_integer() || r->get<std::int64_t>() < 1 || r->get<std::int64_t>() > static_cast<std::int64_t>(ids.size()))
            return LobbyError{400, fmt::format("field 'random_sets' is not a number from 1 to {} (the sets offered)", ids.size())};
        // A generator of its own: nothing of the table's seed may show before the game ends.
        Random random(host::random_seed());
        random.shuffle(std::span<std::string>(ids));
        ids.resize(static_cast<std::size_t>(r->get<std::int64_t>()));
        std::sort(ids.begin(), ids.end());
        sets = ids;
    }
    TableSetup s;
    try {
        s = setup(new_id(), sets, gametype);
        s.random_sets = request.contains("random_sets") && !request.contains("sets");
    } catch (const std::invalid_argument& e) {
        return LobbyError{400, e.what()};
    } catch (const std::exception& e) {
        return LobbyError{400, fmt::format("the plugins {} with '{}' do not load together: {}", fmt::join(sets, ", "), gametype, e.what())};
    }
    const std::string id = s.id;
    auto table = std::make_unique<WebTable>(std::move(s), library_, seed);
    tables_[id] = std::move(table);
    order_.push_back(id);
    if (!opener.empty()) openers_[id] = opener;
    return json{{"id", id}, {"sets", sets}, {"gametype", gametype}};
}

std::variant<std::string, LobbyError> Lobby::rematch_table(WebTable& old) {
    if (tables_.size() >= config_.max_tables)
        return LobbyError{503, fmt::format("this server holds {} tables, its limit; try again when one has ended", tables_.size())};
    TableSetup s = setup(new_id(), old.setup().sets, old.setup().gametype);
    const std::string id = s.id;
    auto table = std::make_unique<WebTable>(std::move(s), library_, host::random_seed());
    table->keep_claimed(old);  // the same people: a name its key proved stays proven
    std::map<std::string, std::string> tokens = table->seat_and_start(old.rematch());
    tables_[id] = std::move(table);
    order_.push_back(id);
    old.set_rematch(id, std::move(tokens));
    return id;
}

WebTable& Lobby::restore_table(const json& saved, std::vector<std::string> record_lines) {
    return restore_table(read_web_state(saved, "the saved table"), std::move(record_lines));
}

WebTable& Lobby::restore_table(const host::HostedState& saved, std::vector<std::string> record_lines) {
    const json& front = saved.front;
    TableSetup s = setup(front.at("id").get<std::string>(), front.at("sets").get<std::vector<std::string>>(),
                         front.at("gametype").get<std::string>());
    s.random_sets = front.value("random_sets", false);
    const std::string id = s.id;
    auto table = std::make_unique<WebTable>(std::move(s), library_, saved, std::move(record_lines));
    WebTable& out = *table;
    tables_[id] = std::move(table);
    order_.push_back(id);
    return out;
}

void Lobby::drop(const std::string& id) {
    // The order first: `id` may be the table's own (drop(table.id())), gone with the table.
    order_.erase(std::remove(order_.begin(), order_.end(), id), order_.end());
    openers_.erase(id);
    tables_.erase(id);
}

std::size_t Lobby::opened_by(const std::string& opener) const {
    return static_cast<std::size_t>(std::count_if(openers_.begin(), openers_.end(), [&](const auto& o) { return o.second == opener; }));
}

WebTable* Lobby::find(const std::string& id) {
    const auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second.get();
}

}  // namespace cherries::web
