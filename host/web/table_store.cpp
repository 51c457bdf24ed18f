#include "host/web/table_store.hpp"

#include <fmt/core.h>

#include <chrono>
#include <sstream>

#include <nlohmann/json.hpp>

namespace cherries::web {

TableStore::TableStore(const std::string& file) : store_(file) {}

std::int64_t TableStore::game_of(const std::string& id) const {
    const auto it = games_.find(id);
    return it == games_.end() ? 0 : it->second;
}

std::vector<std::string> TableStore::resume(Lobby& lobby, const std::function<void(const std::string&)>& log) {
    std::vector<std::string> made;
    for (const irc::StoredGame& g : store_.in_progress_under("web:")) {
        const std::string id = g.channel.substr(4);
        try {
            std::vector<std::string> lines;
            std::istringstream text(store_.record(g.id));
            for (std::string line; std::getline(text, line);)
                if (!line.empty()) lines.push_back(line);
            const nlohmann::json saved = nlohmann::json::parse(g.state);
            if (saved.at("id").get<std::string>() != id) throw std::runtime_error("the saved table names another id");
            lobby.restore_table(saved, std::move(lines));
            games_[id] = g.id;
            made.push_back(id);
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
    std::vector<std::string> lines = table.unstored_record_lines();
    const std::string status = table.status();
    auto it = games_.find(table.id());
    try {
        if (it == games_.end()) {
            if (lines.empty()) return {};
            const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
            const std::int64_t game = store_.begin_game(table_channel(table.id()), lines.front(), now);
            it = games_.emplace(table.id(), game).first;
            table.mark_stored(1);
            lines.erase(lines.begin());
        }
        if (status == "in_progress") {
            store_.checkpoint(it->second, lines, table.save_json().dump(), table.turns(), table.player_names());
        } else {
            std::vector<irc::StatsUpdate> stats;  // only a game that was played counts
            if (table.started())
                for (const auto& p : table.people()) stats.push_back({"web:" + p.name, p.name, p.won, p.turns, p.score});
            store_.finish(it->second, lines, status, table.winner(), table.turns(), stats);
            finished_.insert(table.id());
        }
        table.mark_stored(lines.size());
        // A database file deleted while in use was written anew (host/store): the operator hears of it.
        if (std::string warning = store_.take_warning(); !warning.empty()) log(warning);
    } catch (const irc::StoreError& e) {
        if (!failing_.insert(table.id()).second) return {};  // told already: tried again every second
        log(fmt::format("table {}: {} (tried again every second)", table.id(), e.what()));
        return "This game cannot be stored in the database just now; it goes on, and is stored as soon as the database "
               "works again.";
    }
    if (failing_.erase(table.id()) == 0) return {};
    log(fmt::format("table {}: the database works again; nothing was lost", table.id()));
    return "The database works again: the game is stored, nothing was lost.";
}

}  // namespace cherries::web
