// The turn clock of a hosted table, one for every front end (CherryBot's channels, the web's
// tables): how long a person has for their card, the warning before the end, a pause. Pure:
// every call is given the time (`now`), so tests step it instead of sleeping, and the front end
// wakes itself at next() with its own timer (Asio's on the web, the client's tick on IRC).
#pragma once

#include <chrono>
#include <optional>

namespace cherries::host {

/// The clock's time: steady, never set back.
using TurnClockTime = std::chrono::steady_clock::time_point;

/// A table's clock settings (the table options block: turn_timeout, turn_warning, pause_limit).
struct TurnClockOptions {
    std::chrono::milliseconds turn_timeout{90'000};  ///< a person's time for one card
    std::chrono::milliseconds turn_warning{0};       ///< warn this long before the end (0, or not below turn_timeout: never)
    std::chrono::milliseconds pause_limit{300'000};  ///< the longest pause
};

/// One table's turn clock. Not running until start(); stop() when no person's card waits.
class TurnClock {
public:
    explicit TurnClock(TurnClockOptions options = {}) : options_(options) {}

    /// What tick() found due.
    enum class Due { nothing, warning, timeout, pause_over };

    /// A person's time starts at `now` (their card is shown: the web's state sent, IRC's prompt
    /// written): the deadline is now + turn_timeout, unless a later one runs already (a prompt
    /// written again never shortens it). During a pause the whole turn_timeout waits for the end
    /// of the pause instead.
    void start(TurnClockTime now);
    /// No person's card waits (given, the game over, the connection lost): nothing is timed. A
    /// pause stays.
    void stop();
    /// Stops the clock for at most pause_limit; false when paused already. The time left on a
    /// running deadline is kept for resume().
    bool pause(TurnClockTime now);
    /// Ends a pause: a deadline that was running goes on with the time it had left (returned;
    /// nullopt when none was running). Nothing when not paused.
    std::optional<std::chrono::milliseconds> resume(TurnClockTime now);
    /// What is due at `now`: the pause's end (the clock resumes by itself), the warning (once a
    /// turn), or the timeout (the clock stops; the front end lets the stand-in bot decide).
    Due tick(TurnClockTime now);

    bool running() const { return deadline_.has_value(); }
    bool paused() const { return paused_until_.has_value(); }
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
    bool warned_ = false;
    std::optional<TurnClockTime> paused_until_;
    std::optional<std::chrono::milliseconds> paused_left_;
};

}  // namespace cherries::host
