// host::GameMemo: a game asks a plugin function once per (function, argument) pair; faults are
// never remembered (GDD §3.5: each fault is the plugin's own and removes the card).
#include <catch2/catch.hpp>

#include <map>

#include "host/session/game_memo.hpp"

using namespace cherries;

namespace {

// Counts calls; function 2 faults, function 1 doubles, function 3 counts up (not pure).
class Counting final : public Evaluator {
public:
    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        ++calls[{function, argument}];
        if (function == 2) return false;
        result = function == 3 ? ++counter : 2 * argument;
        return true;
    }
    std::string fault_message() const override { return "kaboom"; }
    std::map<std::pair<FunctionId, std::int64_t>, int> calls;
    std::int64_t counter = 0;
};

}  // namespace

TEST_CASE("GameMemo asks each pair once, forwards every fault, and gives a stateful function its first answer") {
    Counting inner;
    host::GameMemo memo(inner);
    std::int64_t out = 0;
    for (int i = 0; i < 3; ++i) {
        REQUIRE(memo.call(1, -7, out));
        CHECK(out == -14);
        CHECK_FALSE(memo.call(2, 5, out));
        CHECK(memo.fault_message() == "kaboom");
        REQUIRE(memo.call(3, 0, out));
        CHECK(out == 1);
    }
    CHECK(inner.calls[{1, -7}] == 1);
    CHECK(inner.calls[{2, 5}] == 3);  // faults are asked again every time
    CHECK(inner.calls[{3, 0}] == 1);
    // More pairs than it keeps: every answer is still right.
    for (std::int64_t a = -200; a < 200; ++a) {
        REQUIRE(memo.call(1, a, out));
        CHECK(out == 2 * a);
        REQUIRE(memo.call(1, a, out));
        CHECK(out == 2 * a);
    }
}
