// Whether a table's writes to the store work, one rule for every front end that stores games
// (CherryBot's channels, the web's tables): while they fail the game goes on in memory and is
// tried again every `retry` (at most 1 s, so a kill soon after the fault clears loses at most the
// turn in play); the players hear one sentence when storing stops and one when it works again.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace cherries::host {

/// One table's store health. The time is the caller's (steady), as for TurnClock.
class StoreHealth {
public:
    using Time = std::chrono::steady_clock::time_point;

    /// What the players are told when storing stops (once per run of failures).
    static constexpr const char* kStopped =
        "This game cannot be stored in the database just now; it goes on, and is stored as soon as the database works again.";
    /// What they are told when it works again.
    static constexpr const char* kWorksAgain = "The database works again: the game is stored, nothing was lost.";
    /// What they are told when the database file was deleted and written anew (GameStore::take_warning).
    static constexpr const char* kWrittenAnew =
        "The database file was deleted; a new one was written with everything stored so far.";

    explicit StoreHealth(std::chrono::milliseconds retry = std::chrono::seconds(1)) : retry_(retry) {}

    /// A write failed at `now`: the next try is at now + retry. Returns kStopped the first time
    /// of a run of failures, else nullopt.
    std::optional<std::string> failed(Time now);
    /// A write worked: kWorksAgain after a run of failures, else nullopt.
    std::optional<std::string> worked();
    bool failing() const { return failing_; }
    /// When to try again while failing, else nullopt.
    std::optional<Time> retry_at() const { return failing_ ? std::optional(next_) : std::nullopt; }
    /// Whether a write should be tried at `now`: not failing, or the retry time has come.
    bool may_try(Time now) const { return !failing_ || now >= next_; }

private:
    std::chrono::milliseconds retry_;
    bool failing_ = false;
    Time next_{};
};

}  // namespace cherries::host
