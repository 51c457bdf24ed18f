#include "host/table/turn_clock.hpp"

#include <algorithm>

namespace cherries::host {

namespace {

std::chrono::milliseconds whole_ms(std::chrono::steady_clock::duration d) {
    return std::max(std::chrono::milliseconds(0), std::chrono::ceil<std::chrono::milliseconds>(d));
}

}  // namespace

void TurnClock::start(TurnClockTime now) {
    const TurnClockTime until = now + options_.turn_timeout;
    if (paused_until_) {
        paused_left_ = options_.turn_timeout;
    } else if (!deadline_ || *deadline_ < until) {
        deadline_ = until;
        warned_ = false;
    }
}

void TurnClock::stop() {
    deadline_.reset();
    warned_ = false;
}

bool TurnClock::pause(TurnClockTime now) {
    if (paused_until_) return false;
    paused_until_ = now + options_.pause_limit;
    paused_left_ = deadline_ ? std::optional(whole_ms(*deadline_ - now)) : std::nullopt;
    deadline_.reset();
    return true;
}

std::optional<std::chrono::milliseconds> TurnClock::resume(TurnClockTime now) {
    if (!paused_until_) return std::nullopt;
    paused_until_.reset();
    const auto left = paused_left_;
    if (left) deadline_ = now + *left;
    paused_left_.reset();
    return left;
}

TurnClock::Due TurnClock::tick(TurnClockTime now) {
    if (paused_until_) {
        if (now < *paused_until_) return Due::nothing;
        return Due::pause_over;  // the caller resumes (and says so)
    }
    if (!deadline_) return Due::nothing;
    if (now >= *deadline_) {
        stop();
        return Due::timeout;
    }
    if (!warned_ && warns() && now >= *deadline_ - options_.turn_warning) {
        warned_ = true;
        return Due::warning;
    }
    return Due::nothing;
}

std::optional<TurnClockTime> TurnClock::next() const {
    if (paused_until_) return paused_until_;
    if (!deadline_) return std::nullopt;
    return !warned_ && warns() ? *deadline_ - options_.turn_warning : *deadline_;
}

std::optional<std::chrono::milliseconds> TurnClock::left(TurnClockTime now) const {
    if (!deadline_) return std::nullopt;
    return whole_ms(*deadline_ - now);
}

}  // namespace cherries::host
