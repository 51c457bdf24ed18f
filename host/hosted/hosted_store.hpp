// One writer of hosted tables' games to the store, for every front end (CherryBot's channels,
// the web's tables; docs/irc-storage.md, docs/web.md "Nothing is lost"): a game begins with its
// record's header line; after every change its new record lines and its whole state (format 2,
// host/hosted/hosted_state.hpp: mid-turn too) go in one transaction; at its end the last lines,
// its status, winner, turns, its people's statistics and, for a table shown after its end, its
// final state. A write that fails keeps the lines unstored and the table's StoreHealth failing;
// what to tell the players (once when storing stops, once when it works again) and the operator
// comes back as StoreNews. The time is the injected host::Clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/hosted/clock.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/store/game_store.hpp"

namespace cherries::host {

/// What one write has to tell. Every field may be empty.
struct StoreNews {
    /// For the players: StoreHealth::kStopped (the first failure of a run) or kWorksAgain.
    std::string players;
    /// Why the write failed (the store's words, with its file: the operator's), the first
    /// failure of a run only.
    std::string failure;
    /// What the store did by itself (GameStore::take_warning: its file written anew): the operator's.
    std::string warning;
    /// The write worked after a run of failures.
    bool works_again = false;
};

/// How a game ended, as the front end counts it (the store's status and statistics).
struct StoredEnd {
    std::string status;  ///< "won", "ended", "aborted" or "stopped"
    std::string winner;  ///< the winner's name, or ""
    std::uint32_t turns = 0;
    std::vector<StatsUpdate> stats;
    /// The front end's part of a final state to keep (a web table shown after its end), or
    /// nullopt: no state is kept.
    std::optional<nlohmann::json> final_front;
    /// The game's rating (host::rated_game), or nullopt: not rated.
    std::optional<GameRating> rating;
};

/// The store's writer. Holds references: `store` and `clock` must outlive it. Not thread-safe.
class HostedStore {
public:
    HostedStore(GameStore& store, const Clock& clock) : store_(store), clock_(clock) {}

    GameStore& store() { return store_; }

    /// Begins `table`'s game in the store under table key `key` ("#chan" folded, "web:ID") with
    /// its record's first collected line (the header), counted as stored; sets stored_id. Does
    /// nothing while no line is collected or when the game is begun already. Throws StoreError.
    void begin_game(HostedTable& table, const std::string& key);
    /// Writes what changed at `table` since its last write that worked: its game begun first when
    /// it is not (begin_game), then, in one transaction, the collected record lines not stored yet
    /// and its state, table.checkpoint_json(front); nothing when neither changed (and storing
    /// does not fail), or once its end is stored. Never throws a StoreError: a failure is in the
    /// table's StoreHealth (failed at clock.now()) and the news.
    StoreNews checkpoint(HostedTable& table, const std::string& key, const nlohmann::json& front);
    /// Writes `table`'s end: the collected lines not stored yet (its end line among them), `end`'s
    /// status, winner, turns and statistics, and its final state (table.checkpoint_json of
    /// end.final_front, if given), in one transaction; then nothing more for this table. A
    /// game not begun in the store is begun first. Never throws a StoreError: as checkpoint().
    StoreNews finish(HostedTable& table, const std::string& key, const StoredEnd& end);

private:
    /// After a write that worked (`fn`) or failed: the news, the table's health told.
    template <class Write>
    StoreNews write(HostedTable& table, Write&& fn);

    GameStore& store_;
    const Clock& clock_;
};

}  // namespace cherries::host
