// The web tables in the one SQLite store (host/store/store.hpp, shared with CherryBot): each
// started table is a game whose channel is "web:ID"; after every change its record's new lines
// and its saved state are committed in one transaction, so a server killed at any instant
// comes back with every table at its last change (docs/web.md, "Nothing is lost").
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include "host/store/store.hpp"
#include "host/web/lobby.hpp"
#include "host/web/web_table.hpp"

namespace cherries::web {

/// The store's channel for table `id`.
inline std::string table_channel(const std::string& id) { return "web:" + id; }

/// The web's side of the store. Not thread-safe (the server's one thread).
class TableStore {
public:
    /// Opens (creating, migrating) `file`. Throws irc::StoreError naming the file.
    explicit TableStore(const std::string& file);

    /// Makes every stored table that was in progress again in `lobby`; one that cannot be made
    /// (its plugins gone or changed) is set aside as "unresumable" and told to `log`. Returns
    /// the ids made.
    std::vector<std::string> resume(Lobby& lobby, const std::function<void(const std::string&)>& log);
    /// Commits what changed at `table` (nothing before it starts): its new record lines and its
    /// state, or, for a finished game, its end and its people's statistics. A failed write is
    /// told to `log` and tried again at the next change (the lines stay unstored).
    void save(WebTable& table, const std::function<void(const std::string&)>& log);
    /// The stored game of table `id`, or 0.
    std::int64_t game_of(const std::string& id) const;
    /// A stored game's record (JSON Lines). Throws irc::StoreError when there is no such game.
    std::string record(std::int64_t game) { return store_.record(game); }
    irc::Store& store() { return store_; }

private:
    irc::Store store_;
    std::map<std::string, std::int64_t> games_;  // table id -> game id
    std::set<std::string> finished_;             // tables whose end is stored (once: statistics)
};

}  // namespace cherries::web
