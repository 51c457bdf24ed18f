#include "host/web/table_store.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include <nlohmann/json.hpp>

#include "host/web/web_state.hpp"

namespace cherries::web {

TableStore::TableStore(const std::string& file, const host::Clock& clock) : store_(file), clock_(clock), writer_(store_, clock_) {}

std::int64_t TableStore::game_of(const std::string& id) const {
    const auto it = games_.find(id);
    return it == games_.end() ? 0 : it->second;
}

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
            lobby.find(id)->hosted().stored_end = true;  // its end is stored: nothing more is written
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
    if (!table.recording()) return {};
    host::HostedTable& hosted = table.hosted();
    const std::string key = table_channel(table.id());
    host::StoreNews news;
    if (hosted.status() == "in_progress") {
        news = writer_.checkpoint(hosted, key, table.front_json());
    } else {
        host::StoredEnd end{.status = hosted.status(), .winner = hosted.winner(), .turns = hosted.turns(), .stats = {}, .final_front = {}};
        if (table.started())  // only a game that was played counts
            for (const auto& p : table.people()) end.stats.push_back({table.stats_key_of(p.name), p.name, p.won, p.turns, p.score});
        // The final state stays until the table closes (closed()): a restart within
        // close_finished_after shows the table's end again (docs/web.md, "Nothing is lost").
        // A table stopped before its game's end is not shown again (it would play on).
        if (hosted.over()) {
            nlohmann::json front = table.front_json();
            front["finished_at"] = clock_.unix_seconds();
            end.final_front = std::move(front);
        }
        news = writer_.finish(hosted, key, end);
    }
    if (hosted.stored_id != 0) games_[table.id()] = hosted.stored_id;
    if (hosted.stored_end) finished_.insert(table.id());
    // A database file deleted while in use was written anew (host/store): the operator hears of it.
    if (!news.warning.empty()) log(news.warning);
    if (!news.failure.empty()) log(fmt::format("table {}: {} (tried again every second)", table.id(), news.failure));
    if (news.works_again) log(fmt::format("table {}: the database works again; nothing was lost", table.id()));
    return news.players;
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
