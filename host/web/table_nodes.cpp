// Several `cherries serve` nodes sharing one store (docs/cluster.md, "Several nodes"): a table is
// played by the node that holds its lease in the store, and the proxy in front sends every
// request of a table (by its id) to one node. That node takes the table up from the store when
// it is asked for it (here): a table another node made and handed over, or one whose node died
// and whose lease ran out. Each node renews its leases; a table whose lease another node took
// leaves this node (lose_table), and the store refuses its writes meanwhile
// (host::GameStore::write_as_node), so no turn is ever stored by two nodes.
#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "host/web/server_impl.hpp"

namespace cherries::web {

namespace {

// A table's order as the store keeps it (GameStore::put_table_order): its seed too, which
// never leaves the servers.
nlohmann::json order_json(const TableOrder& o) {
    return {{"id", o.id}, {"sets", o.sets}, {"gametype", o.gametype}, {"random_sets", o.random_sets},
            {"seed", o.seed}, {"days_per_move", o.days_per_move}};
}

TableOrder order_from_json(const nlohmann::json& j) {
    return TableOrder{.id = j.at("id").get<std::string>(),
                      .sets = j.at("sets").get<std::vector<std::string>>(),
                      .gametype = j.at("gametype").get<std::string>(),
                      .random_sets = j.value("random_sets", false),
                      .seed = j.at("seed").get<std::uint64_t>(),
                      .opener = {},
                      .days_per_move = j.value("days_per_move", 0u)};
}

}  // namespace

bool Server::Impl::node_mode() const { return store && !store->node().empty(); }

bool Server::Impl::here(const std::string& id, std::string& why) {
    if (lobby->find(id)) return true;
    if (!node_mode() || stopping) return false;
    try {
        const std::string key = table_channel(id);
        const bool game = store->store().last_game_in(key).has_value();
        const std::optional<std::string> order = game ? std::nullopt : store->store().table_order(key);
        if (!game && !order) return false;  // never stored: no such table
        std::string holder;
        if (!store->take(id, holder)) {
            why = fmt::format("table '{}' is played by node '{}' just now; the proxy sends its requests there, try again in a "
                              "few seconds",
                              id, holder);
            return false;
        }
        if (order) {  // opened elsewhere, nobody sat yet: made here from its order
            const TableOrder o = order_from_json(nlohmann::json::parse(*order));
            auto made = lobby->make_table(o);
            if (auto* e = std::get_if<LobbyError>(&made)) throw std::runtime_error(e->message);
            lobby->add_table(o, std::move(std::get<std::unique_ptr<WebTable>>(made)));
            changed(id);
            log(fmt::format("table {} made here from its order", id));
            return true;
        }
        const auto loaded = store->load(*lobby, id, config.close_finished_after);
        if (!loaded) {
            store->release(id);
            return false;
        }
        if (loaded->finished_ago) hub[id].over_since = clock->now() - *loaded->finished_ago;
        resumed(id);
        log(fmt::format("table {} taken up from the store", id));
        return true;
    } catch (const std::exception& e) {
        store->release(id);
        why = fmt::format("table '{}' cannot be taken up here just now: {}", id, e.what());
        log(why);
        return false;
    }
}

void Server::Impl::renew_leases() {
    if (stopping || !node_mode()) return;
    try {
        const std::set<std::string> held = store->renew();
        std::vector<std::string> lost;
        for (const auto& [id, table] : lobby->tables())
            if (!held.count(id)) lost.push_back(id);
        for (const std::string& id : lost)
            when_idle(id, [this, id] { lose_table(id, "this table is played by another node now; open it again"); });
    } catch (const std::exception& e) {
        // The store is out of reach: the tables play on here, their writes fail and are tried
        // again (StoreHealth); a lease that runs out meanwhile is lost at the next renewal.
        log(fmt::format("cannot renew this node's leases: {}", e.what()));
    }
    lease_timer.expires_after(config.lease / 3);
    lease_timer.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->renew_leases();
    });
}

void Server::Impl::lose_table(const std::string& id, const std::string& why) {
    if (!lobby->find(id)) return;
    HubTable& room = hub[id];
    const std::set<Socket*> sockets = room.sockets;
    for (Socket* s : sockets) {
        s->send(error_json(why, ""));
        s->close();
    }
    forget_wakeup(room);
    if (room.pace_timer) room.pace_timer->cancel();
    hub.erase(id);
    lobby->drop(id);
    log(fmt::format("table {} left this node: {}", id, why));
}

void Server::Impl::hand_over(const TableOrder& order) {
    WebTable* table = lobby->find(order.id);
    if (!node_mode() || !table || !hub[order.id].sockets.empty()) return;  // a page on it here: it stays
    try {
        store_now(*table);
        if (table->hosted().stored_id == 0) {
            // Nobody sat yet: no game, no record. Its order is what any node makes it from.
            nlohmann::json kept = order_json(order);
            kept["opened"] = clock->unix_seconds();
            store->store().put_table_order(table_channel(order.id), kept.dump(), clock->unix_seconds());
        } else if (!table->hosted().unstored_record_lines().empty() || table->hosted().store_health().failing()) {
            return;  // not stored whole: it plays here
        }
    } catch (const std::exception& e) {
        log(fmt::format("table {} stays on this node: {}", order.id, e.what()));
        return;
    }
    lose_table(order.id, "handed to the node its requests go to");
    store->release(order.id);
}

}  // namespace cherries::web

namespace cherries::web {

namespace {

// What the lobby shows of a table another node plays, read from its stored state (never its
// seat tokens): its plugins, its seats' names in seat order, whether it started.
nlohmann::json stored_summary(const host::StoredGame& g) {
    const nlohmann::json state = nlohmann::json::parse(g.state);
    const nlohmann::json& front = state.at("front");
    const nlohmann::json& table = state.at("table");
    std::vector<std::pair<long, std::string>> seats;
    const nlohmann::json names = table.value("names", nlohmann::json::object());  // items() refers to it: a named json
    for (const auto& [id, name] : names.items())
        seats.emplace_back(std::stol(id), name.get<std::string>());
    std::sort(seats.begin(), seats.end());
    nlohmann::json players = nlohmann::json::array();
    for (const auto& [id, name] : seats) players.push_back(name);
    return {{"id", g.channel.substr(4)},
            {"players", players},
            {"gametype", front.at("gametype")},
            {"sets", front.at("sets")},
            {"random_sets", front.value("random_sets", false)},
            {"started", table.value("started", false)},
            {"over", false},
            {"current", nullptr},
            {"claimed", front.value("claimed", nlohmann::json::array())},
            {"days_per_move", front.value("days_per_move", 0)},
            {"clock", nullptr}};
}

}  // namespace

nlohmann::json Server::Impl::elsewhere_summaries() {
    nlohmann::json out = nlohmann::json::array();
    if (!node_mode()) return out;
    try {
        for (const auto& [key, order] : store->store().table_orders("web:")) {
            const std::string id = key.substr(4);
            if (lobby->find(id) || store->store().last_game_in(key)) continue;
            try {
                const nlohmann::json o = nlohmann::json::parse(order);
                // Nobody came for it as long as an idle table stays open: it closes, as one would here.
                const auto idle = std::chrono::duration_cast<std::chrono::seconds>(config.close_idle_after).count();
                if (clock->unix_seconds() - o.value("opened", std::int64_t{0}) >= idle) {
                    store->store().drop_table_order(key);
                    continue;
                }
                out.push_back({{"id", id}, {"players", nlohmann::json::array()}, {"gametype", o.at("gametype")},
                               {"sets", o.at("sets")}, {"random_sets", o.value("random_sets", false)}, {"started", false},
                               {"over", false}, {"current", nullptr}, {"claimed", nlohmann::json::array()},
                               {"days_per_move", o.value("days_per_move", 0)}, {"clock", nullptr}});
            } catch (const std::exception&) {
            }
        }
        const auto stored = store->store().in_progress_under("web:");
        for (auto it = stored.rbegin(); it != stored.rend(); ++it) {  // newest first, as the lobby lists
            if (lobby->find(it->channel.substr(4))) continue;
            try {
                out.push_back(stored_summary(*it));
            } catch (const std::exception& e) {  // a state of another format: left out of the list, said
                log(fmt::format("table {} (stored game {}) cannot be listed: {}", it->channel.substr(4), it->id, e.what()));
            }
        }
    } catch (const std::exception& e) {
        log(fmt::format("cannot list the other nodes' tables: {}", e.what()));
    }
    return out;
}

}  // namespace cherries::web
