#include "host/web/lobby.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <span>
#include <stdexcept>

#include "engine/random.hpp"
#include "host/base/json_fields.hpp"
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

bool Lobby::offers(const std::string& kind, const std::string& id) const {
    const auto ids = allowed(kind);
    return std::find(ids.begin(), ids.end(), id) != ids.end();
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
    std::lock_guard lock(words_lock_);
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
        if (!tables_.count(id) && !ordered_.count(id)) return id;
    }
}

TableSetup Lobby::setup(std::string id, std::vector<std::string> sets, std::string gametype, unsigned days_per_move) {
    TableSetup s;
    s.id = std::move(id);
    s.bundle = bundle(sets, gametype);
    s.words = words(s.bundle);
    s.sets = std::move(sets);
    s.gametype = std::move(gametype);
    s.options.max_players = config_.max_players;
    s.options.max_timeouts = config_.max_timeouts;
    s.options.bot_takes_over = config_.bot_takes_over;
    // The server's clock, or the table's own "N days per move" chosen in the lobby.
    host::HostedTableOptions clock_options = config_;
    if (days_per_move > 0) host::set_days_per_move(clock_options, days_per_move);
    s.days_per_move = days_per_move;
    s.clock = {.turn_timeout = config_.turn_timeout, .turn_warning = std::chrono::milliseconds(0),  // the page shows no warning
               .bank = host::time_bank_of(clock_options)};
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
    auto order = order_table(body, opener);
    if (auto* e = std::get_if<LobbyError>(&order)) return *e;
    const TableOrder& o = std::get<TableOrder>(order);
    auto made = make_table(o);
    if (auto* e = std::get_if<LobbyError>(&made)) {
        drop_order(o);
        return *e;
    }
    return add_table(o, std::move(std::get<std::unique_ptr<WebTable>>(made)));
}

std::variant<TableOrder, LobbyError> Lobby::order_table(const std::string& body, const std::string& opener) {
    if (tables_.size() + ordered_.size() >= config_.max_tables)
        return LobbyError{503, fmt::format("this server holds {} tables, its limit; try again when one has ended", tables_.size() + ordered_.size())};
    // The cap is shared fairly: no one client (an address, an IPv6 /64) holds more than its share,
    // so that a few cannot fill the server for everyone else.
    if (!opener.empty() && opened_by(opener) >= config_.tables_per_address)
        return LobbyError{429, fmt::format("this address has {} open tables, its share of this server ([limits] tables_per_address); "
                                           "play or leave one, or wait until one closes", opened_by(opener))};
    const json request = body.empty() ? json::object() : json::parse(body, nullptr, false);
    if (request.is_discarded() || !request.is_object())
        return LobbyError{400, "the body is not a JSON object; expected {\"sets\": [ids], \"gametype\": id} or {\"random_sets\": N}"};
    std::string gametype = config_.default_gametype;
    std::vector<std::string> sets = config_.default_sets;
    unsigned days_per_move = 0;
    const std::uint64_t seed = host::random_seed();
    try {
        const host::JsonFields fields(request, "");
        fields.only({"sets", "gametype", "random_sets", "days_per_move"});
        if (fields.has("days_per_move"))
            days_per_move = static_cast<unsigned>(fields.integer(
                "days_per_move", fmt::format("the days a move may take, 1 to {} (a correspondence table)", host::kMaxDaysPerMove), 1,
                host::kMaxDaysPerMove));
        if (fields.has("gametype")) gametype = fields.text("gametype", "a gametype id");
        if (fields.has("sets")) {
            const json& list = fields.array("sets", "a list of 1 to 16 set ids");
            if (list.empty() || list.size() > 16 || !std::all_of(list.begin(), list.end(), [](const json& v) { return v.is_string(); }))
                fields.fail("sets", "holds " + std::to_string(list.size()) +
                                   " items or one that is not a string; expected a list of 1 to 16 set ids, as [\"standard\", ...]");
            sets = list.get<std::vector<std::string>>();
            std::vector<std::string> unique = sets;
            std::sort(unique.begin(), unique.end());
            if (std::adjacent_find(unique.begin(), unique.end()) != unique.end())
                fields.fail("sets", "names a set twice; expected each set once");
        } else if (fields.has("random_sets")) {
            auto ids = allowed("set");
            const auto n = fields.integer("random_sets", fmt::format("a number from 1 to {} (the sets offered)", ids.size()), 1,
                                          static_cast<std::int64_t>(ids.size()));
            // A generator of its own: nothing of the table's seed may show before the game ends.
            Random random(host::random_seed());
            random.shuffle(std::span<std::string>(ids));
            ids.resize(static_cast<std::size_t>(n));
            std::sort(ids.begin(), ids.end());
            sets = ids;
        }
    } catch (const host::InputError& e) {
        return LobbyError{400, e.what()};
    }
    TableOrder order{.id = new_id(), .sets = sets, .gametype = gametype,
                     .random_sets = request.contains("random_sets") && !request.contains("sets"), .seed = seed, .opener = opener,
                     .days_per_move = days_per_move};
    ordered_[order.id] = opener;
    return order;
}

std::variant<std::unique_ptr<WebTable>, LobbyError> Lobby::make_table(const TableOrder& order) {
    TableSetup s;
    try {
        s = setup(order.id, order.sets, order.gametype, order.days_per_move);
        s.random_sets = order.random_sets;
    } catch (const std::invalid_argument& e) {
        return LobbyError{400, e.what()};
    } catch (const std::exception& e) {
        return LobbyError{400, fmt::format("the plugins {} with '{}' do not load together: {}", fmt::join(order.sets, ", "), order.gametype, e.what())};
    }
    return std::make_unique<WebTable>(std::move(s), library_, order.seed);
}

json Lobby::add_table(const TableOrder& order, std::unique_ptr<WebTable> table) {
    ordered_.erase(order.id);
    tables_[order.id] = std::move(table);
    order_.push_back(order.id);
    if (!order.opener.empty()) openers_[order.id] = order.opener;
    return json{{"id", order.id}, {"sets", order.sets}, {"gametype", order.gametype}, {"days_per_move", order.days_per_move}};
}

std::variant<TableOrder, LobbyError> Lobby::order_rematch(const WebTable& old) {
    if (tables_.size() + ordered_.size() >= config_.max_tables)
        return LobbyError{503, fmt::format("this server holds {} tables, its limit; try again when one has ended", tables_.size() + ordered_.size())};
    TableOrder order{.id = new_id(), .sets = old.setup().sets, .gametype = old.setup().gametype, .random_sets = false,
                     .seed = host::random_seed(), .opener = {}, .days_per_move = old.setup().days_per_move};
    ordered_[order.id] = "";
    return order;
}

WebTable& Lobby::restore_table(const json& saved, std::vector<std::string> record_lines) {
    return restore_table(read_web_state(saved, "the saved table"), std::move(record_lines));
}

WebTable& Lobby::restore_table(const host::HostedState& saved, std::vector<std::string> record_lines) {
    const json& front = saved.front;
    TableSetup s = setup(front.at("id").get<std::string>(), front.at("sets").get<std::vector<std::string>>(),
                         front.at("gametype").get<std::string>(), front.value("days_per_move", 0u));
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
    const auto of = [&](const auto& o) { return o.second == opener; };
    return static_cast<std::size_t>(std::count_if(openers_.begin(), openers_.end(), of) + std::count_if(ordered_.begin(), ordered_.end(), of));
}

WebTable* Lobby::find(const std::string& id) {
    const auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second.get();
}

}  // namespace cherries::web
