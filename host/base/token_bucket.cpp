#include "host/base/token_bucket.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace cherries::host {

TokenBucket::TokenBucket(std::size_t burst, std::chrono::nanoseconds interval) : interval_(interval) {
    if (burst == 0) throw std::invalid_argument("token bucket: burst must be at least 1");
    if (interval.count() <= 0) throw std::invalid_argument("token bucket: interval must be positive");
    full_ = interval * static_cast<std::int64_t>(burst);
    credit_ = full_;
}

void TokenBucket::refill(Time now) {
    if (!looked_) {
        looked_ = true;
        last_ = now;
        return;
    }
    if (now <= last_) return;
    credit_ = std::min(full_, credit_ + (now - last_));
    last_ = now;
}

bool TokenBucket::ready(Time now) {
    refill(now);
    return credit_ >= interval_;
}

bool TokenBucket::take(Time now) {
    if (!ready(now)) return false;
    credit_ -= interval_;
    return true;
}

TokenBucket::Time TokenBucket::next_token() const {
    if (credit_ >= interval_) return last_;
    return last_ + std::chrono::duration_cast<Time::duration>(interval_ - credit_);
}

}  // namespace cherries::host
