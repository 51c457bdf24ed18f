// The one token bucket of every rate limit (host/base/token_bucket): IRC's flood control and
// command budget, the web's messages and chat per socket. Time is stepped, never slept.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "host/base/token_bucket.hpp"

using namespace std::chrono_literals;
using cherries::host::TokenBucket;

TEST_CASE("a bucket starts full, spends a burst, then earns one token per interval", "[host][rate]") {
    const TokenBucket::Time t0{10s};
    TokenBucket bucket(3, 1s);
    CHECK(bucket.take(t0));
    CHECK(bucket.take(t0));
    CHECK(bucket.take(t0));
    CHECK_FALSE(bucket.take(t0));
    CHECK(bucket.next_token() == t0 + 1s);
    CHECK_FALSE(bucket.take(t0 + 999ms));
    CHECK(bucket.take(t0 + 1s));
    CHECK_FALSE(bucket.ready(t0 + 1s));
    // A long quiet spell refills it to the burst, no more.
    CHECK(bucket.take(t0 + 1h));
    CHECK(bucket.take(t0 + 1h));
    CHECK(bucket.take(t0 + 1h));
    CHECK_FALSE(bucket.take(t0 + 1h));
}

TEST_CASE("time going back counts as no time, and looking spends nothing", "[host][rate]") {
    const TokenBucket::Time t0{10s};
    TokenBucket bucket(1, 50ms);
    CHECK(bucket.ready(t0));
    CHECK(bucket.ready(t0));
    CHECK(bucket.take(t0));
    CHECK_FALSE(bucket.take(t0 - 1h));
    CHECK_FALSE(bucket.take(t0 + 49ms));
    CHECK(bucket.take(t0 + 50ms));
}

TEST_CASE("20 a second: the 21st message in one instant waits 50 ms, whole nanoseconds keep the count exact", "[host][rate]") {
    const TokenBucket::Time t0{1s};
    TokenBucket bucket(20, std::chrono::nanoseconds(1s) / 20);
    int taken = 0;
    while (bucket.take(t0)) ++taken;
    CHECK(taken == 20);
    CHECK(bucket.next_token() == t0 + 50ms);
    taken = 0;
    for (int ms = 1; ms <= 1000; ++ms) taken += bucket.take(t0 + std::chrono::milliseconds(ms));
    CHECK(taken == 20);
}

TEST_CASE("a bucket of no tokens or of no time is refused", "[host][rate]") {
    CHECK_THROWS_AS(TokenBucket(0, 1s), std::invalid_argument);
    CHECK_THROWS_AS(TokenBucket(1, 0s), std::invalid_argument);
    CHECK_THROWS_AS(TokenBucket(1, -1s), std::invalid_argument);
}
