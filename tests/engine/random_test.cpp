// The game's one seeded generator (docs/architecture.md, "Design intent" and "Determinism": every random choice
// comes from one seeded generator; GDD §3.4.1 step 5 shuffle, §3.4.2.2 deck renewal).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <locale>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/random.hpp"

using namespace cherries;

TEST_CASE("Random is std::mt19937_64, whose output the C++ standard fixes (rand.predef - 10000th value of seed 5489 - GDD §3.4.1 step 5)", "[random]") {
    Random r(5489);
    r.discard(9999);
    CHECK(r.next() == 9981545732273789042ULL);
}

TEST_CASE("Random, which twists a word at a time, gives std::mt19937_64's numbers and writes and reads its state at every point of a round (GDD §3.4.1 step 5, save files)", "[random]") {
    for (const std::uint64_t seed : {0ULL, 5ULL, 0x9e3779b97f4a7c15ULL}) {
        Random r(seed);
        std::mt19937_64 e(seed);
        CHECK(r.engine() == e);  // fresh: std's state is the seed words at position 312
        for (int i = 1; i <= 1000; ++i) {
            REQUIRE(r.next() == e());
            if (i == 1 || i == 155 || i == 156 || i == 311 || i == 312 || i == 313 || i == 700) {
                std::ostringstream text;
                text << e;
                CHECK(r.state() == text.str());
                CHECK(r.engine() == e);
                Random back(1);
                back.set_state(text.str());  // a round twisted ahead, as std holds it
                std::mt19937_64 copy = e;
                for (int k = 0; k < 400; ++k) REQUIRE(back.next() == copy());
                CHECK(back.engine() == copy);
            }
        }
    }
}

TEST_CASE("Random::below(bound) stays in 0 .. bound-1 for small, odd, power-of-two and huge bounds (GDD §3.4.1 step 5)", "[random]") {
    Random r(2024);
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    for (std::uint64_t bound : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{6}, std::uint64_t{7},
                                std::uint64_t{74}, std::uint64_t{1} << 32, (std::uint64_t{1} << 63) + 1, max - 1, max}) {
        for (int i = 0; i < 2000; ++i) {
            const std::uint64_t v = r.below(bound);
            if (v >= bound) FAIL("below(" << bound << ") returned " << v);
        }
    }
    // bound 1 has a single outcome.
    for (int i = 0; i < 100; ++i) CHECK(r.below(1) == 0);
}

TEST_CASE("Random::below of a power of two is the top bits of the generator's next output (no vendor-specific distribution, GDD §3.4.1 step 5)", "[random]") {
    // Lemire's multiply-shift: (x * 2^k) >> 64 == x >> (64 - k), and 2^64 mod 2^k == 0 means no
    // rejection; so this pins the draw to mt19937_64 alone.
    Random r(77);
    std::mt19937_64 reference(77);
    for (int k = 1; k < 64; ++k) {
        const std::uint64_t x = reference();
        CHECK(r.below(std::uint64_t{1} << k) == x >> (64 - k));
    }
}

TEST_CASE("Random::below is roughly uniform (no modulo bias to speak of, GDD §3.4.1 step 5)", "[random]") {
    Random r(99);
    constexpr int n = 60000;
    std::array<int, 6> counts{};
    for (int i = 0; i < n; ++i) ++counts[r.below(6)];
    // Expected 10000 each; standard deviation ~91. 500 is > 5 sigma.
    for (int c : counts) CHECK(std::abs(c - n / 6) < 500);
}

TEST_CASE("Random::shuffle is a permutation and reaches every order about equally often (GDD §3.4.1 step 5, §3.4.2.2)", "[random]") {
    Random r(5);
    std::vector<int> v(74);
    std::iota(v.begin(), v.end(), 0);
    for (int round = 0; round < 50; ++round) {
        r.shuffle(std::span(v));
        std::vector<int> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        std::vector<int> expected(74);
        std::iota(expected.begin(), expected.end(), 0);
        REQUIRE(sorted == expected);
    }
    // All 6 orders of 3 items, 6000 shuffles each expected (sd ~ 71).
    std::map<std::array<int, 3>, int> seen;
    for (int i = 0; i < 36000; ++i) {
        std::array<int, 3> a{0, 1, 2};
        r.shuffle(std::span<int>(a));
        ++seen[a];
    }
    REQUIRE(seen.size() == 6);
    for (const auto& [order, count] : seen) CHECK(std::abs(count - 6000) < 450);
    // Empty and one-element spans are fine.
    std::vector<int> empty;
    r.shuffle(std::span(empty));
    std::array<int, 1> one{42};
    r.shuffle(std::span<int>(one));
    CHECK(one[0] == 42);
}

TEST_CASE("Random - the same seed gives the same sequence, different seeds differ (GDD §3.4.1 step 5)", "[random]") {
    Random a(123), b(123), c(124);
    std::vector<std::uint64_t> xa, xb, xc;
    for (int i = 0; i < 100; ++i) {
        xa.push_back(a.below(1000));
        xb.push_back(b.below(1000));
        xc.push_back(c.below(1000));
    }
    CHECK(xa == xb);
    CHECK(xa != xc);
    // mix_seed spreads neighbouring seeds apart and is a pure function.
    CHECK(mix_seed(1) == mix_seed(1));
    CHECK(mix_seed(1) != mix_seed(2));
    CHECK(mix_seed(0) != 0);
}

namespace {

// Digit grouping by threes with a comma: what a locale such as en_US.UTF-8 does to numbers.
struct Grouping : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
};

// Sets the global locale for the scope, and puts the old one back.
struct GlobalLocale {
    explicit GlobalLocale(const std::locale& l) : old(std::locale::global(l)) {}
    ~GlobalLocale() { std::locale::global(old); }
    std::locale old;
};

}  // namespace

TEST_CASE("Random::state() round-trips, and a global locale with digit grouping cannot change its text") {
    Random a(42);
    for (int i = 0; i < 1000; ++i) a.below(1000);
    const std::string text = a.state();
    CHECK(text.find(',') == std::string::npos);
    Random b(7);
    b.set_state(text);
    CHECK(b.state() == text);
    CHECK(b.below(1u << 30) == a.below(1u << 30));
    CHECK_THROWS_AS(b.set_state("1 2 3"), std::invalid_argument);

    const GlobalLocale grouped(std::locale(std::locale::classic(), new Grouping));
    std::ostringstream probe;  // made after the global locale changed: it groups digits
    probe << 1234567;
    REQUIRE(probe.str() == "1,234,567");
    Random c(42);
    for (int i = 0; i < 1000; ++i) c.below(1000);
    CHECK(c.state() == text);
    Random d(7);
    d.set_state(text);
    CHECK(d.state() == text);
}
