// The one token bucket (burst, then one token per interval) of every rate limit in the host:
// IRC's flood control toward the server, IRC's per-player command budget, the web's messages
// and chat lines per socket. Driven by the caller's clock (a test steps it): no sleeping, no
// threads. Tokens are kept as time (one token = one interval), in whole nanoseconds, so a bucket
// gives the same answers on every machine.
#pragma once

#include <chrono>
#include <cstddef>

namespace cherries::host {

/// A token bucket on the steady clock's time. It starts full; its time starts at its first look.
class TokenBucket {
public:
    using Time = std::chrono::steady_clock::time_point;

    /// A full bucket of `burst` tokens, one more per `interval`. Throws std::invalid_argument for
    /// a burst of 0 or an interval that is not positive.
    TokenBucket(std::size_t burst, std::chrono::nanoseconds interval);

    /// Whether a token is there at `now` (after what was earned since the last look), spending none.
    /// A `now` earlier than the last look counts as no time.
    bool ready(Time now);
    /// Spends one token at `now` when one is there; false (and nothing spent) when none is.
    bool take(Time now);
    /// When the next token is there: at or before the last look when one is there then.
    Time next_token() const;

private:
    void refill(Time now);

    std::chrono::nanoseconds interval_;
    std::chrono::nanoseconds full_;
    std::chrono::nanoseconds credit_;
    Time last_{};
    bool looked_ = false;
};

}  // namespace cherries::host
