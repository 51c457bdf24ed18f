#include "host/web/table_store.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include <nlohmann/json.hpp>

#include "host/web/web_state.hpp"

namespace cherries::web {

TableStore::TableStore(const std::string& file, const host::Clock& clock) : store_(file), clock_(clock), writer_(store_, clock_) {}

nlohmann::json TableStore::restore(Lobby& lobby, const host::StoredGame& g, const std::string& id) {
    std::vector<std::string> lines;
    std::istringstream text(store_.record(g.id));
    for (std::string line; std::getline(text, line);)
        if (!line.empty()) lines.push_back(line);
    const host::HostedState saved = read_web_state(nlohmann::json::parse(g.state), fmt::format("stored game {}", g.id));
    if (saved.front.at("id").get<std::string>() != id) throw std::runtime_error("the saved table names another id");
    host::HostedTable& hosted = lobby.restore_table(saved, std::move(lines)).hosted();
    hosted.stored_id = g.id;
    hosted.stored_state = g.state;  // a state of an older format is written anew at the next change
    return saved.front;
}

TableStore::Resumed TableStore::restore_finished(Lobby& lobby, const host::StoredGame& g, const std::string& id,
                                                 std::int64_t now) {
    const nlohmann::json saved = restore(lobby, g, id);
    lobby.find(id)->hosted().stored_end = true;  // its end is stored: nothing more is written
    const std::int64_t at = saved.value("finished_at", now);
    return Resumed{id, std::chrono::seconds(std::max<std::int64_t>(0, now - at))};
}

std::vector<TableStore::Resumed> TableStore::resume(Lobby& lobby, std::chrono::milliseconds close_finished_after,
                                                    const std::function<void(const std::string&)>& log) {
    std::vector<Resumed> made;
    const std::int64_t now = clock_.unix_seconds();
    const std::int64_t kept_for = std::chrono::duration_cast<std::chrono::seconds>(close_finished_after).count();
    // A finished table first: a table id taken up again by a later game in progress wins.
    for (const host::StoredGame& g : store_.finished_under("web:", now - kept_for)) {
        const std::string id = g.channel.substr(4);
        if (!resumes_here(id)) continue;
        try {
            made.push_back(restore_finished(lobby, g, id, now));
        } catch (const std::exception& e) {
            log(fmt::format("finished table {} (stored game {}) cannot be shown again: {}", id, g.id, e.what()));
        }
    }
    for (const host::StoredGame& g : store_.in_progress_under("web:")) {
        const std::string id = g.channel.substr(4);
        if (!resumes_here(id)) continue;
        try {
            const nlohmann::json saved = restore(lobby, g, id);
            made.push_back({id, std::nullopt});
        } catch (const std::exception& e) {
            log(fmt::format("table {} (stored game {}) cannot resume: {}; set aside", id, g.id, e.what()));
            try {
                store_.set_aside(g.id, "unresumable");
            } catch (const std::exception& e2) {
                log(e2.what());
            }
        }
    }
    return made;
}

void TableStore::set_node(const std::string& node, std::chrono::milliseconds lease) {
    node_ = node;
    lease_ = lease;
    store_.write_as_node(node, unix_ms);
}

std::int64_t TableStore::unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool TableStore::resumes_here(const std::string& id) {
    if (node_.empty()) return true;
    const auto lease = store_.lease(table_channel(id));
    std::string holder;
    return lease && lease->node == node_ && take(id, holder);
}

bool TableStore::take(const std::string& id, std::string& holder) {
    const host::TableLease lease = store_.take_lease(table_channel(id), node_, unix_ms(), lease_.count());
    holder = lease.node;
    return lease.node == node_;
}

std::optional<TableStore::Resumed> TableStore::load(Lobby& lobby, const std::string& id,
                                                    std::chrono::milliseconds close_finished_after) {
    const std::string key = table_channel(id);
    if (const auto g = store_.in_progress(key)) {
        restore(lobby, *g, id);
        return Resumed{id, std::nullopt};
    }
    const std::int64_t now = clock_.unix_seconds();
    const std::int64_t kept_for = std::chrono::duration_cast<std::chrono::seconds>(close_finished_after).count();
    for (const host::StoredGame& g : store_.finished_under(key, now - kept_for)) {
        if (g.channel != key) continue;
        return restore_finished(lobby, g, id, now);
    }
    return std::nullopt;
}

std::set<std::string> TableStore::renew() {
    std::set<std::string> held;
    for (const std::string& key : store_.renew_leases(node_, unix_ms(), lease_.count()))
        if (key.starts_with("web:")) held.insert(key.substr(4));
    return held;
}

void TableStore::release(const std::string& id) {
    try {
        store_.release_lease(table_channel(id), node_);
    } catch (const host::StoreError&) {
    }
}

void TableStore::closed(const WebTable& table, const std::function<void(const std::string&)>& log) {
    const host::HostedTable& hosted = table.hosted();
    if (hosted.stored_id == 0 || !hosted.stored_end) return;
    try {
        store_.drop_final_state(hosted.stored_id);
    } catch (const host::StoreError& e) {
        log(fmt::format("table {}: {}", table.id(), e.what()));
    }
}

}  // namespace cherries::web
