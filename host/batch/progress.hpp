// A progress meter for batches of games (sim, report, ladder): a bar with the share done and an
// estimate of the time left, redrawn on standard error a few times a second by its own thread,
// only when standard error is a terminal and the caller did not ask for quiet.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace cherries::host {

/// "12 s", "3 min 5 s", "1 h 2 min": a duration in seconds for people.
std::string time_left_text(double seconds);

/// The meter's line for `done` of `total` games after `elapsed` seconds, without a carriage
/// return: "LABEL: [####....]  45% 450/1000 games, 12 s left" (no estimate before the first game).
std::string progress_line(const std::string& label, std::uint64_t done, std::uint64_t total, double elapsed);

/// Draws progress_line on stderr every 200 ms while it lives, when `enabled` and stderr is a
/// terminal; erases its line at the end. Workers add to `done` as games finish.
class ProgressMeter {
public:
    ProgressMeter(std::string label, std::uint64_t total, bool enabled);
    ~ProgressMeter();
    ProgressMeter(const ProgressMeter&) = delete;
    ProgressMeter& operator=(const ProgressMeter&) = delete;
    std::atomic<std::uint64_t> done{0};

private:
    void loop();
    std::string label_;
    std::uint64_t total_;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
};

}  // namespace cherries::host
