#include "host/web/table_store.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include <nlohmann/json.hpp>

namespace cherries::web {

TableStore::TableStore(const std::string& file, const host::Clock& clock) : store_(file), clock_(clock) {}

std::int64_t TableStore::game_of(const std::string& id) const {
    const auto it = games_.find(id);
    return it == games_.end() ? 0 : it->second;
}

nlohmann::json TableStore::restore(Lobby& lobby, const host::StoredGame& g, const std::string& id) {
    std::vector<std::string> lines;
    std::istringstream text(store_.record(g.id));
    for (std::string line; std::getline(text, line);)
        if (!line.empty()) lines.push_back(line);
    nlohmann::json saved = nlohmann::json::parse(g.state);
    if (saved.at("id").get<std::string>() != id) throw std::runtime_error("the saved table names another id");
    lobby.restore_table(saved, std::move(lines));
    return saved;
}

std::vector<TableStore::Resumed> TableStore::resume(Lobby& lobby, std::chrono::milliseconds close_finished_after,
                                                    const std::function<void(const std::string&)>& log) {
    std::vector<Resumed> made;
    const std::int64_t now = clock_.unix_seconds();
    const std::int64_t kept_for = std::chrono::duration_cast<std::chrono::seconds>(close_finished_after).count();
    // A finished table first: a table id taken up again by a later game in progress wins.
    for (const host::StoredGame& g : store_.finished_under("web:", now - kept_for)) {
        const std::string id = g.channel.substr(4);
        try {
            const nlohmann::json saved = restore(lobby, g, id);
            games_[id] = g.id;
            finished_.insert(id);
            const std::int64_t at = saved.value("finished_at", now);
            made.push_back({id, std::chrono::seconds(std::max<std::int64_t>(0, now - at))});
        } catch (const std::exception& e) {
            log(fmt::format("finished table {} (stored game {}) cannot be shown again: {}", id, g.id, e.what()));
        }
    }
    for (const host::StoredGame& g : store_.in_progress_under("web:")) {
        const std::string id = g.channel.substr(4);
        try {
            const nlohmann::json saved = restore(lobby, g, id);
            games_[id] = g.id;
            finished_.erase(id);
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

std::string TableStore::save(WebTable& table, const std::function<void(const std::string&)>& log) {
    if (!table.recording() || finished_.count(table.id())) return {};
    host::HostedTable& hosted = table.hosted();
    std::vector<std::string> lines = hosted.unstored_record_lines();
    const std::string status = hosted.status();
    auto it = games_.find(table.id());
    try {
        if (it == games_.end()) {
            if (lines.empty()) return {};
            const std::int64_t game = store_.begin_game(table_channel(table.id()), lines.front(), clock_.unix_seconds());
            it = games_.emplace(table.id(), game).first;
            hosted.stored_id = game;
            hosted.mark_stored(1);
            lines.erase(lines.begin());
        }
        if (status == "in_progress") {
            store_.checkpoint(it->second, lines, table.save_json().dump(), hosted.turns(), hosted.player_names());
        } else {
            std::vector<host::StatsUpdate> stats;  // only a game that was played counts
            if (table.started())
                for (const auto& p : table.people()) stats.push_back({"web:" + p.name, p.name, p.won, p.turns, p.score});
            // The final state stays until the table closes (closed()): a restart within
            // close_finished_after shows the table's end again (docs/web.md, "Nothing is lost").
            // A table stopped before its game's end is not shown again (it would play on).
            const std::int64_t now = clock_.unix_seconds();
            nlohmann::json final_state = table.save_json();
            final_state["finished_at"] = now;
            store_.finish(it->second, lines, status, hosted.winner(), hosted.turns(), stats,
                          hosted.over() ? final_state.dump() : std::string(), now);
            finished_.insert(table.id());
        }
        hosted.mark_stored(lines.size());
        // A database file deleted while in use was written anew (host/store): the operator hears of it.
        if (std::string warning = store_.take_warning(); !warning.empty()) log(warning);
    } catch (const host::StoreError& e) {
        auto told = hosted.store_health().failed(clock_.now());
        if (!told) return {};  // told already: tried again every second
        log(fmt::format("table {}: {} (tried again every second)", table.id(), e.what()));
        return std::move(*told);
    }
    auto again = hosted.store_health().worked();
    if (!again) return {};
    log(fmt::format("table {}: the database works again; nothing was lost", table.id()));
    return std::move(*again);
}

void TableStore::closed(const std::string& id, const std::function<void(const std::string&)>& log) {
    const auto game = games_.find(id);
    if (game != games_.end() && finished_.count(id)) {
        try {
            store_.drop_final_state(game->second);
        } catch (const host::StoreError& e) {
            log(fmt::format("table {}: {}", id, e.what()));
        }
    }
    if (game != games_.end()) games_.erase(game);
    finished_.erase(id);
}

}  // namespace cherries::web
