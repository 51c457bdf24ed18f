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

namespace {

// Counting, with function 1 proven pure (as a Lua plugin that assigns no upvalue is).
class ProvenCounting final : public Evaluator {
public:
    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        return inner.call(function, argument, result);
    }
    std::string fault_message() const override { return inner.fault_message(); }
    bool proven_pure(FunctionId function) const noexcept override { return function == 1; }
    Counting inner;
};

}  // namespace

TEST_CASE("GameMemo keeps a proven-pure function's answers across games, and starts every other function over") {
    ProvenCounting inner;
    host::GameMemo memo(inner);
    CHECK(memo.proven_pure(1));
    CHECK_FALSE(memo.proven_pure(3));
    std::int64_t out = 0;
    for (int game = 0; game < 3; ++game) {
        memo.clear();  // a new game
        for (int i = 0; i < 2; ++i) {
            REQUIRE(memo.call(1, 5, out));
            CHECK(out == 10);
            REQUIRE(memo.call(3, 0, out));
            CHECK(out == game + 1);  // the stateful function's first answer in this game
            CHECK_FALSE(memo.call(2, 5, out));
        }
    }
    CHECK(inner.inner.calls[{1, 5}] == 1);  // asked once for all three games
    CHECK(inner.inner.calls[{3, 0}] == 3);  // once a game
    CHECK(inner.inner.calls[{2, 5}] == 6);  // every fault, every time

    // The lasting pairs never take the room of a game's own: past the lasting limit, a game still
    // remembers its stateful pairs (what a game sees does not depend on the games before it).
    for (std::int64_t a = 0; a < 1000; ++a) REQUIRE(memo.call(1, a, out));
    memo.clear();
    for (std::int64_t a = 100; a < 100 + static_cast<std::int64_t>(host::GameMemo::kGameEntries); ++a) {
        REQUIRE(memo.call(3, a, out));
        const std::int64_t first = out;
        REQUIRE(memo.call(3, a, out));
        CHECK(out == first);
    }
}
