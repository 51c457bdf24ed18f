#include "host/hosted/hosted_store.hpp"

namespace cherries::host {

namespace {

std::string state_text(const nlohmann::json& state) {
    return state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

void HostedStore::begin_game(HostedTable& table, const std::string& key) {
    if (table.stored_id != 0 || table.record_lines().empty()) return;
    table.stored_id = store_.begin_game(key, table.record_lines().front(), clock_.unix_seconds());
    table.mark_stored(1);
}

template <class Write>
StoreNews HostedStore::write(HostedTable& table, Write&& fn) {
    StoreNews news;
    try {
        fn();
        news.warning = store_.take_warning();
    } catch (const StoreError& e) {
        if (auto told = table.store_health().failed(clock_.now())) {
            news.players = std::move(*told);
            news.failure = e.what();
        }
        return news;
    }
    if (auto again = table.store_health().worked()) {
        news.players = std::move(*again);
        news.works_again = true;
    }
    return news;
}

StoreNews HostedStore::checkpoint(HostedTable& table, const std::string& key, const nlohmann::json& front) {
    if (table.stored_end) return {};
    return write(table, [&] {
        begin_game(table, key);
        if (table.stored_id == 0) return;  // no record line yet: nothing to store
        const std::vector<std::string> lines = table.unstored_record_lines();
        std::string state = state_text(table.checkpoint_json(front));
        if (lines.empty() && state == table.stored_state && !table.store_health().failing()) return;
        store_.checkpoint(table.stored_id, lines, state, table.complete_turns(), table.player_names());
        table.mark_stored(lines.size());
        table.stored_state = std::move(state);
    });
}

StoreNews HostedStore::finish(HostedTable& table, const std::string& key, const StoredEnd& end) {
    if (table.stored_end) return {};
    return write(table, [&] {
        begin_game(table, key);
        if (table.stored_id == 0) return;
        const std::vector<std::string> lines = table.unstored_record_lines();  // what a failed write left first, then the rest
        const std::string final_state = end.final_front ? state_text(table.checkpoint_json(*end.final_front)) : std::string();
        store_.finish(table.stored_id, lines, end.status, end.winner, end.turns, end.stats, final_state, clock_.unix_seconds(), end.rating);
        table.mark_stored(lines.size());
        table.stored_end = true;
    });
}

}  // namespace cherries::host
