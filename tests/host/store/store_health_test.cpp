// The one rule of a failing store (host/store/store_health.hpp), for CherryBot and `serve` alike:
// told once when storing stops and once when it works again, tried again every `retry`.
#include <catch2/catch.hpp>

#include "host/store/store_health.hpp"

using cherries::host::StoreHealth;
using namespace std::chrono_literals;

TEST_CASE("store health: one sentence when storing stops, one when it works again, a retry every second") {
    const StoreHealth::Time t0{};
    StoreHealth h(1s);
    CHECK_FALSE(h.failing());
    CHECK(h.may_try(t0));
    CHECK_FALSE(h.worked());  // nothing failed: nothing to say
    CHECK(h.failed(t0) == std::string(StoreHealth::kStopped));
    CHECK(h.failing());
    CHECK(h.retry_at() == t0 + 1s);
    CHECK_FALSE(h.may_try(t0 + 999ms));
    CHECK(h.may_try(t0 + 1s));
    CHECK_FALSE(h.failed(t0 + 1s));  // still failing: quietly, and again in a second
    CHECK(h.retry_at() == t0 + 2s);
    CHECK(h.worked() == std::string(StoreHealth::kWorksAgain));
    CHECK_FALSE(h.failing());
    CHECK_FALSE(h.retry_at());
    CHECK_FALSE(h.worked());  // said once
    CHECK(h.failed(t0 + 5s) == std::string(StoreHealth::kStopped));  // a new run of failures is told again
}
