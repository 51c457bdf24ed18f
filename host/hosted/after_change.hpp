// The after-change pipeline of every hosted table (docs/architecture.md, "One table's life"): after
// anything changed a table (a request answered, a turn timed out, a bot's paced turn, a store retry
// come due), the same four steps in the same order, for CherryBot's channels and the web's tables
// alike: collect the record's new lines, store what changed (host::HostedStore, at most once per
// retry while the store fails), send it (the front end's transport), arm what is timed next (the
// turn clock, the store retry). What only a front end knows or does is its HostedFront.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "host/hosted/clock.hpp"
#include "host/hosted/hosted_store.hpp"
#include "host/hosted/hosted_table.hpp"

namespace cherries::host {

/// A front end's part in the after-change pipeline: what only it knows (whether and under which
/// key its table is stored, its part of the state, how a finished game counts under its names)
/// and what only it can do (tell its people in its words, move bytes, wake itself up).
class HostedFront {
public:
    virtual ~HostedFront() = default;
    /// Whether this table's game is kept in a store now (a store is configured and the table
    /// records: the web from its first seat, IRC from its opener's).
    virtual bool stores() const = 0;
    /// The table's key in the store ("#chan" case-folded, "web:ID").
    virtual std::string store_key() const = 0;
    /// The front end's part of the checkpoint (an object; host/hosted/hosted_state.hpp).
    virtual nlohmann::json front_state() const = 0;
    /// How the table's game, now over, counts: status, winner, turns, the statistics under the
    /// front end's keys, and the final state to keep, if any.
    virtual StoredEnd stored_end() const = 0;
    /// What the store step has to tell (StoreNews: each field may be empty): the players in
    /// the front end's words, the operator in its log.
    virtual void store_news(const StoreNews& news) = 0;
    /// Sends what changed to every seat and spectator (events, state). IRC's replies go out
    /// with the command that made them: nothing to do there.
    virtual void send_changes() = 0;
    /// Starts the turn clock when the front end's rule says the turn began for its player (the
    /// web: when the state showing the turn is sent; IRC: when its prompt is written, later).
    virtual void arm_clock() {}
    /// Wakes the front end at `at` (next_due), or never when nullopt: a timer, or a deadline a
    /// loop polls.
    virtual void wake_at(std::optional<Clock::Time> at) = 0;
};

/// Step 2 alone (the others need a transport): writes what changed at `table` when
/// front.stores(): its game's end (HostedStore::finish with front.stored_end()) once it is over,
/// else its checkpoint (HostedStore::checkpoint with front.front_state()). While the store fails
/// a checkpoint waits for the retry (StoreHealth::may_try at `now`); an end is always tried (a
/// front end may forget a finished table at once). Tells front.store_news what there is to tell.
void store_change(HostedTable& table, HostedStore& writer, HostedFront& front, Clock::Time now);

/// The pipeline: (1) the record's new lines collected, (2) store_change when there is a
/// `writer` (nullptr: no store; the collected lines are dropped once sent nowhere), (3)
/// front.send_changes(), (4) front.arm_clock(), then front.wake_at(next_due(table)).
void after_change(HostedTable& table, HostedStore* writer, HostedFront& front, Clock::Time now);

/// When `table` next needs a look: the earlier of its turn clock's next moment (a warning, a
/// timeout, a pause's end) and its store retry; nullopt when nothing is timed.
std::optional<Clock::Time> next_due(const HostedTable& table);

/// Whether `table`'s store retry has come at `now` (the wake-up then runs after_change).
bool store_retry_due(const HostedTable& table, Clock::Time now);

}  // namespace cherries::host
