// The web tables in the one SQLite store (host/store/game_store.hpp, shared with CherryBot): each
// started table is a game whose channel is "web:ID"; after every change its record's new lines
// and its saved state (host/hosted/hosted_state.hpp, format 2) are committed in one transaction
// by the one writer (host::HostedStore), so a server killed at any instant
// comes back with every table at its last change (docs/web.md, "Nothing is lost").
#pragma once

#include <cstdint>
#include <chrono>
#include <functional>
#include <optional>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include "host/hosted/clock.hpp"
#include "host/hosted/hosted_store.hpp"
#include "host/store/game_store.hpp"
#include "host/store/store_health.hpp"
#include "host/web/lobby.hpp"
#include "host/web/web_table.hpp"

namespace cherries::web {

/// The store's channel for table `id`.
inline std::string table_channel(const std::string& id) { return "web:" + id; }

/// The web's side of the store. Not thread-safe (the server's one thread).
class TableStore {
public:
    /// Opens (creating, migrating) `file`; `clock` (the server's) dates what is stored and times
    /// the retry. Throws host::StoreError naming the file.
    TableStore(const std::string& file, const host::Clock& clock);

    /// A table made again from the store: its id, and for a finished game how long ago it finished.
    struct Resumed {
        std::string id;
        std::optional<std::chrono::seconds> finished_ago;
    };
    /// Makes every stored table that was in progress again in `lobby`, and every table whose game
    /// finished less than `close_finished_after` ago (its final state is kept until the table closes:
    /// closed()); one that cannot be made (its plugins gone or changed) is set aside as
    /// "unresumable" (a finished one just stays in the store) and told to `log`.
    std::vector<Resumed> resume(Lobby& lobby, std::chrono::milliseconds close_finished_after,
                                const std::function<void(const std::string&)>& log);
    /// The one writer of hosted tables' games (host::HostedStore): the after-change pipeline
    /// (host/hosted/after_change.hpp) stores each change through it.
    host::HostedStore& writer() { return writer_; }
    /// `table` is closing: a finished game's final state is dropped (its record stays). A failure
    /// goes to `log`; the state is then dropped by nobody, harmless (finished_under skips it once
    /// close_finished_after has passed).
    void closed(const WebTable& table, const std::function<void(const std::string&)>& log);
    /// Several nodes (docs/cluster.md, "Several nodes"): from now on this store writes as node
    /// `node` (host::GameStore::write_as_node: each write checks the table's lease) and takes
    /// leases that last `lease` unless renewed. Lease times are the system clock's Unix time
    /// (leases are compared between machines), never the server's injected clock.
    void set_node(const std::string& node, std::chrono::milliseconds lease);
    /// This server's node name; "" when it is the only process (no leases).
    const std::string& node() const { return node_; }
    /// Node mode: takes table `id`'s lease for this node. False when another node's lease is
    /// live: `holder` names that node. Throws host::StoreError.
    bool take(const std::string& id, std::string& holder);
    /// Node mode: makes table `id` here from the store, as resume() makes a table at start-up
    /// (a game in progress, or one finished less than `close_finished_after` ago), once this
    /// node holds its lease (take). nullopt: no such table is stored.
    std::optional<Resumed> load(Lobby& lobby, const std::string& id, std::chrono::milliseconds close_finished_after);
    /// Node mode: renews this node's leases; the ids of the tables it holds.
    std::set<std::string> renew();
    /// Node mode: gives up table `id`'s lease (the table left this node). A failure is not an
    /// error: the lease then runs out by itself.
    void release(const std::string& id);
    /// A stored game's record (JSON Lines). Throws host::StoreError when there is no such game.
    std::string record(std::int64_t game) { return store_.record(game); }
    host::GameStore& store() { return store_; }

private:
    /// Makes stored game `g` table `id` of `lobby` again (its record and state, an older format
    /// migrated: read_web_state); returns the state's front part. Throws what parsing, reading
    /// the state or the table's restoring throws.
    nlohmann::json restore(Lobby& lobby, const host::StoredGame& g, const std::string& id);
    /// restore() for a finished game whose final state is kept: its end counted as stored, and
    /// how long ago (at Unix time `now`) it finished.
    Resumed restore_finished(Lobby& lobby, const host::StoredGame& g, const std::string& id, std::int64_t now);

    /// Whether stored table `id` is one this process resumes at start-up: any without a node;
    /// in node mode only those whose lease names this node (its own tables before a restart).
    bool resumes_here(const std::string& id);
    static std::int64_t unix_ms();

    host::GameStore store_;
    const host::Clock& clock_;
    std::string node_;
    std::chrono::milliseconds lease_{10'000};
    host::HostedStore writer_;  // begin, checkpoint, finish: one writer with CherryBot
};

}  // namespace cherries::web
