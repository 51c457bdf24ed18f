// The time a hosted table lives by, injected (docs/architecture.md, "The hosted table"): the
// servers run on the system's clocks, a test on a ManualClock it steps, so no test of a turn
// clock, a store retry, a bot's pace or a sweep sleeps for it. One clock per server; every part
// that asks the time asks it.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>

namespace cherries::host {

/// A source of time: steady time for durations (turn clocks, retries, sweeps: never set back) and
/// the wall clock's Unix seconds for what is stored (when a game began and finished).
class Clock {
public:
    using Time = std::chrono::steady_clock::time_point;
    virtual ~Clock() = default;
    /// Now, on the steady clock.
    virtual Time now() const = 0;
    /// Now, in seconds since the Unix epoch (the store's times).
    virtual std::int64_t unix_seconds() const = 0;
};

/// The system's clocks: std::chrono::steady_clock and system_clock.
class SystemClock final : public Clock {
public:
    Time now() const override { return std::chrono::steady_clock::now(); }
    std::int64_t unix_seconds() const override {
        return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    }
};

/// A clock that moves only when told (tests): starts at a fixed point and goes forward by
/// advance(). Safe to read and step from different threads (a test steps it while a server's
/// thread reads it).
class ManualClock final : public Clock {
public:
    /// Starts at steady time `start` and Unix second `unix_start`.
    explicit ManualClock(Time start = Time(std::chrono::hours(1)), std::int64_t unix_start = 1'800'000'000)
        : now_(start), unix_start_(unix_start), start_(start) {}
    Time now() const override {
        std::lock_guard lock(mutex_);
        return now_;
    }
    std::int64_t unix_seconds() const override {
        std::lock_guard lock(mutex_);
        return unix_start_ + std::chrono::duration_cast<std::chrono::seconds>(now_ - start_).count();
    }
    /// Moves the clock forward by `by` (negative durations are not time: ignored).
    void advance(std::chrono::milliseconds by) {
        std::lock_guard lock(mutex_);
        if (by.count() > 0) now_ += by;
    }

private:
    mutable std::mutex mutex_;
    Time now_;
    std::int64_t unix_start_;
    Time start_;
};

}  // namespace cherries::host
