// The turn clock of a hosted table, one for every front end (CherryBot's channels, the web's
// tables): how long a person has for their card, the warning before the end, a pause. Pure:
// every call is given the time (`now`), so tests step it instead of sleeping, and the front end
// wakes itself at next() with its own timer (Asio's on the web, the client's tick on IRC).
#pragma once

#include <chrono>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "host/session/hosted_table_options.hpp"

namespace cherries::host {

/// The clock's time: steady, never set back.
using TurnClockTime = std::chrono::steady_clock::time_point;

/// A correspondence table's clock (games over days): each person has a bank of time that their
/// turns spend, refilled by `per_move` at each answer up to `cap`; when a bank runs out, a day of
/// the person's vacation is spent first (`vacation_days` for the game), and only then does the
/// turn time out. After a timeout the bank holds `per_move` for the next turn.
struct TimeBank {
    std::chrono::milliseconds initial{std::chrono::hours(240)};   ///< each person's bank at the start
    std::chrono::milliseconds per_move{std::chrono::hours(36)};   ///< added at each answer
    std::chrono::milliseconds cap{std::chrono::hours(240)};       ///< the most a bank holds
    unsigned vacation_days = 5;                                   ///< days of grace a person may spend in the game
    OutOfTime out_of_time = OutOfTime::skip;                      ///< what the others may choose then (the house rule)
};

/// A hosted table's time bank from its options block (time_bank and the rest), or nullopt when
/// time_bank is 0 (a turn clock of turn_timeout).
std::optional<TimeBank> time_bank_of(const HostedTableOptions& options);

/// The length of one vacation day (TimeBank::vacation_days).
inline constexpr std::chrono::milliseconds kVacationDay = std::chrono::hours(24);

/// A table's clock settings (the table options block: turn_timeout, turn_warning, pause_limit,
/// and, at a correspondence table, its time bank).
struct TurnClockOptions {
    std::chrono::milliseconds turn_timeout{90'000};  ///< a person's time for one card (no bank)
    std::chrono::milliseconds turn_warning{0};       ///< warn this long before the end (0, or not below turn_timeout: never)
    std::chrono::milliseconds pause_limit{300'000};  ///< the longest pause
    std::optional<TimeBank> bank;                    ///< a correspondence table's banks instead of turn_timeout
};

/// One table's turn clock. Not running until start(); stop() when no person's card waits.
class TurnClock {
public:
    explicit TurnClock(TurnClockOptions options = {}) : options_(options) {}

    /// What tick() found due (`vacation`: a bank ran out and a vacation day was spent instead).
    enum class Due { nothing, warning, timeout, pause_over, vacation };

    /// A person's time starts at `now` (their card is shown: the web's state sent, IRC's prompt
    /// written): the deadline is now + turn_timeout, unless a later one runs already (a prompt
    /// written again never shortens it). During a pause the whole turn_timeout waits for the end
    /// of the pause instead.
    /// At a correspondence table (TurnClockOptions::bank) the time is `seat`'s bank instead.
    void start(TurnClockTime now, unsigned seat = 0);
    /// The person answered at `now`: at a correspondence table their bank keeps what was left
    /// (during a hold(): what the turn had left when it began) plus per_move (at most cap); then
    /// stop(). Without a bank, or not running: stop().
    void answered(TurnClockTime now);
    /// The time `seat` has for a turn not yet started: their bank, or turn_timeout.
    std::chrono::milliseconds time_for(unsigned seat) const;
    /// How long the last turn started had, its vacation days included (what a timeout says the
    /// person did not act within); kept after the clock stops.
    std::chrono::milliseconds turn_length() const { return length_; }
    /// Vacation days `seat` has spent (TimeBank::vacation_days).
    unsigned vacation_spent(unsigned seat) const;
    /// The banks and vacation days spent, by seat: {"banks": {"SEAT": ms}, "vacation": {"SEAT": days}},
    /// and while held (hold()) "held": the time the turn had left in ms, or null (what a
    /// checkpoint keeps; a time already running is not kept: a restart gives the turn its bank
    /// again, or what it had left when the table agreed to pause).
    nlohmann::json to_json() const;
    /// Takes back what to_json() wrote (null: nothing). Throws std::invalid_argument for anything else.
    void restore(const nlohmann::json& saved);
    /// No person's card waits (given, the game over, the connection lost): nothing is timed. A
    /// pause stays.
    void stop();
    /// Stops the clock for at most pause_limit; false when paused already. The time left on a
    /// running deadline is kept for resume().
    bool pause(TurnClockTime now);
    /// Stops the clock with no limit, until resume(): a pause the whole table agreed to (a
    /// correspondence table, HostedTable::agree_pause). The time left on a running deadline is
    /// kept, and kept by to_json() too. False when paused already.
    bool hold(TurnClockTime now);
    /// Ends a pause (pause() or hold()): a deadline that was running goes on with the time it had left (returned;
    /// nullopt when none was running). Nothing when not paused.
    std::optional<std::chrono::milliseconds> resume(TurnClockTime now);
    /// What is due at `now`: the pause's end (the clock resumes by itself), the warning (once a
    /// turn), or the timeout (the clock stops; the front end lets the stand-in bot decide).
    Due tick(TurnClockTime now);

    bool running() const { return deadline_.has_value(); }
    bool paused() const { return paused_until_.has_value() || held_; }
    /// Paused by hold(): no limit, nothing timed.
    bool held() const { return held_; }
    /// When tick() next has something to do, or nullopt (nothing timed).
    std::optional<TurnClockTime> next() const;
    /// Time left on the running deadline at `now` (0 when past), or nullopt (not running).
    std::optional<std::chrono::milliseconds> left(TurnClockTime now) const;
    /// The deadline's time left when paused, if one was running.
    std::optional<std::chrono::milliseconds> left_when_paused() const { return paused_left_; }
    const TurnClockOptions& options() const { return options_; }

private:
    bool warns() const { return options_.turn_warning.count() > 0 && options_.turn_timeout > options_.turn_warning; }

    TurnClockOptions options_;
    std::optional<TurnClockTime> deadline_;
    unsigned seat_ = 0;                                   // whose turn runs
    std::chrono::milliseconds length_{0};                 // the running turn's whole time
    std::map<unsigned, std::chrono::milliseconds> banks_;  // by seat; absent: TimeBank::initial
    std::map<unsigned, unsigned> vacation_;                // days spent, by seat
    bool warned_ = false;
    std::optional<TurnClockTime> paused_until_;
    std::optional<std::chrono::milliseconds> paused_left_;
    bool held_ = false;           // hold(): paused with no limit
    bool restored_held_ = false;  // restore() read a hold with time left: the next start() keeps it
};

}  // namespace cherries::host
