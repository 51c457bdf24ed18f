// One hosted table below its front end, like boardgame.io's master (docs/architecture.md, "The
// hosted table"): a CherryBot channel's game and a web table each hold one. It owns what every
// hosted table has, once: the plugins' Lua runtime (a plugin's budget is per game), the
// host::Table (seating, requests, the rules, the record as lines), the statistics tally, the
// record's lines and how many of them are in the store, the store's health and the game's id
// there, and the turn clock. The front end is its listener (events in its words, notices, the
// pace of bots) and keeps only what it alone has: nicks, accounts and prompts (IRC), seat tokens
// and JSON (the web). No I/O: the front end or the hub moves bytes and asks the store.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/hosted/hosted_state.hpp"
#include "host/store/store_health.hpp"
#include "host/table/seat_tally.hpp"
#include "host/table/table.hpp"
#include "host/table/turn_clock.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

namespace cherries::host {

/// How a hosted table runs: the table's options, its turn clock, and how often a failed store
/// write is tried again (StoreHealth).
struct HostedSetup {
    std::shared_ptr<const sdk::Bundle> bundle;  ///< shared by every table of the same plugins
    TableOptions options;
    TurnClockOptions clock;
    std::chrono::milliseconds store_retry{1000};
};

/// One hosted table. Not copyable; `bots` and `front` must outlive it. Every event reaches the
/// tally first, then `front`.
class HostedTable final : private TableListener {
public:
    /// A new, empty table seeded with `seed` (its bots too).
    HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, std::uint64_t seed);
    /// A table as its checkpoint_json() stored it (`saved`: read_hosted_state's parts, the
    /// front end's part is the front end's to read) and the record's lines in the store so far
    /// (`stored_lines`, all counted as stored; a front end that needs none passes none). Throws
    /// what host::Table's restoring constructor and SeatTally::from_json throw.
    HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, const HostedState& saved,
                std::vector<std::string> stored_lines);
    ~HostedTable() override;
    HostedTable(const HostedTable&) = delete;
    HostedTable& operator=(const HostedTable&) = delete;

    Table& table() { return *table_; }
    const Table& table() const { return *table_; }
    const sdk::Bundle& bundle() const { return *setup_.bundle; }
    const std::shared_ptr<const sdk::Bundle>& bundle_ptr() const { return setup_.bundle; }
    /// The plugins' Lua runtime of this game (the evaluator of its modifier functions).
    sdk::LuaRuntime& runtime() { return *runtime_; }
    SeatTally& tally() { return tally_; }
    const SeatTally& tally() const { return tally_; }
    TurnClock& clock() { return clock_; }
    const TurnClock& clock() const { return clock_; }
    StoreHealth& store_health() { return store_health_; }
    const StoreHealth& store_health() const { return store_health_; }
    /// The game's id in the store; 0: not stored (yet).
    std::int64_t stored_id = 0;
    /// The state text last written to the store (HostedStore writes no state that changed nothing).
    std::string stored_state;
    /// The game's end is in the store: nothing more is written (HostedStore).
    bool stored_end = false;

    /// The table's state to store, format 2 (host/hosted/hosted_state.hpp): the table, the
    /// tally, the clock and its votes (a correspondence table), and `front`, the front end's
    /// own part (an object).
    nlohmann::json checkpoint_json(nlohmann::json front) const;

    // --- the record -----------------------------------------------------------------------
    /// Moves the lines the table's record wrote since the last call into the record's lines.
    void collect_record();
    /// The record's lines collected so far, oldest first.
    const std::vector<std::string>& record_lines() const { return record_; }
    /// The collected lines not in the store yet (from the header on, the first time).
    std::vector<std::string> unstored_record_lines() const;
    /// `n` more collected lines are in the store.
    void mark_stored(std::size_t n) { stored_ = std::min(record_.size(), stored_ + n); }
    /// The whole record so far, collected or not, as JSON Lines (each line ends with '\n').
    std::string record_text() const;

    // --- the game for the store ---------------------------------------------------------------
    /// The game is over (won, ended, aborted) or its record was ended before its end (stopped).
    bool over() const;
    /// "in_progress", "won", "ended", "aborted" or "stopped" (the store's status).
    std::string status() const;
    /// The winner's name, or "".
    std::string winner() const;
    /// The seated players' names in turn order, ", "-separated.
    std::string player_names() const;
    /// Turns started so far.
    std::uint32_t turns() const;
    /// Turns complete so far: turns() less the one whose card awaits its give.
    std::uint32_t complete_turns() const;
    /// The turn whose card waits for a person (the turn clock times it), or nullopt; nullopt too
    /// while that person is out of time and the card waits for the others (out_of_time_vote()).
    std::optional<std::uint32_t> waiting_for_person() const;

    // --- what takes the others' word (a correspondence table: TurnClockOptions::bank) --------
    /// A person out of time: their seat, the turn whose card waits, how long they had, and
    /// who of the other people chose the house rule (TimeBank::out_of_time) so far.
    struct OutOfTimeVote {
        PlayerId seat = kNoPlayer;
        std::uint32_t turn = 0;
        std::chrono::milliseconds waited{0};
        std::set<PlayerId> yes;
    };
    /// The turn clock ran out for the current person (TurnClock::Due::timeout after `waited`). At
    /// a correspondence table where other people sit, the card waits for their choice
    /// (choose_out_of_time), said in a notice; the person may still give it meanwhile. Elsewhere
    /// Table::time_out(waited) at once: the stand-in decides.
    void out_of_time(std::chrono::milliseconds waited);
    /// `voter` chooses the house rule for the person out of time at `turn`: once most of the
    /// other people have (more than half), it happens (GDD §3.4.2.2's card given by the stand-in
    /// bot: "skip"; or the stand-in holds the seat: "stand_in"), said in notices. Refused in one
    /// sentence: nobody out of time at `turn`, the voter not another person seated, a second yes.
    Reply choose_out_of_time(PlayerId voter, std::uint32_t turn);
    /// The vote open now, if any.
    const std::optional<OutOfTimeVote>& out_of_time_vote() const { return late_; }
    /// Yes votes needed for the vote open now: more than half of the other people seated.
    std::size_t out_of_time_needed() const;
    /// `voter` asks for, or agrees to, a pause of the whole correspondence table: once every
    /// person seated has, the turn clock holds (TurnClock::hold) until one of them ends it
    /// (end_pause). Refused: not a correspondence table, not a person seated, paused already,
    /// a second yes.
    Reply agree_pause(PlayerId voter, TurnClockTime now);
    /// `voter` (a person seated) ends the table's pause, or takes back their yes to one asked
    /// for. Refused: nothing to end.
    Reply end_pause(PlayerId voter, TurnClockTime now);
    /// Who said yes to a pause not yet agreed (empty once it holds, or when none is asked for).
    const std::set<PlayerId>& pause_asked() const { return pause_yes_; }
    /// The people seated (their own seats, not a bot's or a held one), in seat order.
    std::vector<PlayerId> people() const;

private:
    // Reads the votes checkpoint_json() keeps in the clock's part. Throws std::invalid_argument.
    void restore_votes(const nlohmann::json& clock);
    // TableListener: the tally, then the front end.
    void on_event(const Event& event) override;
    void notice(const std::string& text) override { front_.notice(text); }
    bool may_start_turn() override { return front_.may_start_turn(); }
    void before_turn() override { front_.before_turn(); }
    void turn_ended() override { front_.turn_ended(); }
    void changes_applied() override { front_.changes_applied(); }
    PlayerId bot_decides(PlayerId player, Bot& bot, const PlayerView& view) override {
        return front_.bot_decides(player, bot, view);
    }

    HostedSetup setup_;
    TableListener& front_;
    std::unique_ptr<sdk::LuaRuntime> runtime_;  // one Lua state per game
    SeatTally tally_;
    TurnClock clock_;
    std::optional<OutOfTimeVote> late_;  // a person out of time, the card waiting for the others
    std::set<PlayerId> pause_yes_;       // who asked for a table-wide pause not yet agreed
    StoreHealth store_health_;
    std::vector<std::string> record_;  // every record line collected so far
    std::size_t stored_ = 0;           // record_[0, stored_) is in the store
    std::unique_ptr<Table> table_;     // last: it calls back into the members above
};

}  // namespace cherries::host
