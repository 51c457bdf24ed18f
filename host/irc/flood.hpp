// Flood control for lines to the server: a token bucket (host::TokenBucket: burst, then one line per interval)
// shared by every target, fair across targets: each target (channel or nick) has its own
// queue and the queues take turns, so one busy game never starves another channel. Within a
// target, replies to commands go ahead of announcements. Driven by the caller's clock: no
// sleeping, no threads.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "host/base/token_bucket.hpp"

namespace cherries::irc {

using FloodClock = std::chrono::steady_clock;

/// Flood control settings.
struct FloodOptions {
    std::size_t burst = 5;                            ///< lines that may go at once after a quiet spell (>= 1)
    std::chrono::milliseconds interval{1000};         ///< one more line per interval (> 0)
    std::size_t max_queue = 100;                      ///< lines kept per target; more are dropped
};

/// How a queued line ranks within its target: a reply to a command (!status, !help...) goes
/// ahead of the target's queued announcements (turns, scores), so a busy table never makes
/// an asker wait behind it; targets still take turns (each channel keeps its share).
enum class LinePriority { reply, announcement };

/// A token bucket with one queue per target, served round-robin.
class FloodControl {
public:
    /// A full bucket at `now`. Throws std::invalid_argument for burst 0 or a non-positive interval.
    FloodControl(FloodOptions options, FloodClock::time_point now);

    /// Queues `line` (without CRLF) for `target`. False (and the line dropped) when the
    /// target's queue already holds max_queue lines. A non-zero `tag` is handed back by
    /// ready() when the line goes (the caller learns when a turn's prompt left).
    bool push(const std::string& target, std::string line, LinePriority priority = LinePriority::announcement,
              std::uint64_t tag = 0);

    /// The lines that may be sent at `now`, in sending order: one per target in turn (its
    /// replies first), as long as the bucket has tokens. `now` must not go backwards (an
    /// earlier time counts as no time). The tags of the lines released are appended to `tags`.
    std::vector<std::string> ready(FloodClock::time_point now, std::vector<std::uint64_t>* tags = nullptr);

    /// When the next queued line may go (nullopt when nothing is queued): for the caller's timer.
    std::optional<FloodClock::time_point> next_time() const;

    /// Lines queued for `target`, and for every target.
    std::size_t queued(const std::string& target) const;
    std::size_t queued() const { return total_; }
    /// Lines dropped so far because a queue was full.
    std::uint64_t dropped() const { return dropped_; }
    /// Forgets everything queued for `target` (a game stopped, the bot left the channel).
    void clear(const std::string& target);

private:
    FloodOptions options_;
    host::TokenBucket bucket_;  // one line costs one token
    struct Line {
        std::string text;
        std::uint64_t tag = 0;
    };
    struct Queue {
        std::deque<Line> replies, announcements;
        std::size_t size() const { return replies.size() + announcements.size(); }
    };
    std::map<std::string, Queue> queues_;
    std::deque<std::string> turn_;  // targets with queued lines, whose turn is first
    std::size_t total_ = 0;
    std::uint64_t dropped_ = 0;
};

}  // namespace cherries::irc
