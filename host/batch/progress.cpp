#include "host/batch/progress.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace cherries::host {

std::string time_left_text(double seconds) {
    const auto s = static_cast<std::uint64_t>(std::ceil(std::max(0.0, seconds)));
    if (s < 60) return fmt::format("{} s", s);
    if (s < 3600) return fmt::format("{} min {} s", s / 60, s % 60);
    return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
}

std::string progress_line(const std::string& label, std::uint64_t done, std::uint64_t total, double elapsed) {
    if (total == 0) total = 1;
    if (done > total) done = total;
    const auto filled = static_cast<std::size_t>(30 * done / total);
    std::string line = fmt::format("{}: [{}{}] {:3}% {}/{} games", label, std::string(filled, '#'),
                                   std::string(30 - filled, '.'), 100 * done / total, done, total);
    if (done > 0 && done < total)
        line += ", " + time_left_text(elapsed * static_cast<double>(total - done) / static_cast<double>(done)) + " left";
    return line;
}

ProgressMeter::ProgressMeter(std::string label, std::uint64_t total, bool enabled)
    : label_(std::move(label)), total_(total) {
    if (enabled && total > 0 && ::isatty(STDERR_FILENO)) thread_ = std::thread([this] { loop(); });
}

ProgressMeter::~ProgressMeter() {
    if (!thread_.joinable()) return;
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
}

void ProgressMeter::loop() {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stopping_; })) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        fmt::print(stderr, "\r\033[K{}", progress_line(label_, done.load(), total_, elapsed));
        std::fflush(stderr);
    }
}

}  // namespace cherries::host
