// The game's one seeded generator. Its output is fixed by the C++ standard (mt19937_64 and
// our own unbiased bounded draw and Fisher–Yates), so a seed gives the same game everywhere;
// std::shuffle and std::uniform_int_distribution differ between library vendors.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <utility>

namespace cherries {

__extension__ using uint128 = unsigned __int128;  // GCC/Clang; __extension__ keeps -Wpedantic quiet

/// Uniform integer in [0, bound), bound >= 1, from any 64-bit generator: Lemire's
/// multiply-shift with rejection, so no modulo bias and (almost always) no division.
template <class Generator>
std::uint64_t uniform_below(Generator& next, std::uint64_t bound) {
    uint128 m = static_cast<uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
        const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
        while (low < threshold) {
            m = static_cast<uint128>(next()) * bound;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

/// The game's generator: mt19937_64, whose output the C++ standard fixes ([rand.predef]),
/// computed a word at a time. std::mt19937_64 (libstdc++) twists all 312 words of its state
/// whenever it runs out; a game draws about a hundred numbers, so that was 312 twists per game
/// for ~100 used. This one twists each word when it is drawn ([rand.eng.mers]: X_i from
/// X_{i-n}, X_{i-n+1}, X_{i-n+m}), so its output is the same number for number; state() writes
/// the state std::mt19937_64 would hold at the same point, and set_state() reads one.
class Random {
public:
    explicit Random(std::uint64_t seed) { this->seed(seed); }

    /// Starts over from `seed`: the same state as Random(seed) and std::mt19937_64(seed).
    void seed(std::uint64_t seed) {
        x_[0] = seed;
        for (std::size_t i = 1; i < kN; ++i) x_[i] = 6364136223846793005ULL * (x_[i - 1] ^ (x_[i - 1] >> 62)) + i;
        p_ = 0;
        ready_ = 0;
    }

    /// The next 64-bit output, as std::mt19937_64's operator().
    std::uint64_t next() { return next_at(p_); }
    std::uint64_t operator()() { return next(); }
    static constexpr std::uint64_t min() { return 0; }
    static constexpr std::uint64_t max() { return ~std::uint64_t{0}; }

    /// Skips `count` outputs.
    void discard(std::uint64_t count) {
        for (; count > 0; --count) next();
    }

    /// Uniform integer in [0, bound), bound >= 1.
    std::uint64_t below(std::uint64_t bound) { return uniform_below(*this, bound); }

    /// Fisher–Yates shuffle in place.
    template <class T>
    void shuffle(std::span<T> items) {
        // The position in a local, which the compiler keeps in a register (p_ may alias x_).
        std::size_t p = p_;
        auto draw = [&] { return next_at(p); };
        for (std::size_t i = items.size(); i > 1; --i) {
            const auto j = static_cast<std::size_t>(uniform_below(draw, i));
            std::swap(items[i - 1], items[j]);
        }
        p_ = p;
    }

    /// The generator's state in the text form the C++ standard fixes for mt19937_64 (313
    /// numbers, as std::mt19937_64 writes it at the same point): the same on every platform, for
    /// save files. Written in the classic "C" locale whatever the global locale is.
    std::string state() const;
    /// Restores a state() text (read in the classic locale). Throws std::invalid_argument when
    /// it is not one.
    void set_state(const std::string& text);

    /// A std::mt19937_64 in the same state: it gives the same numbers from here on.
    std::mt19937_64 engine() const;

    /// Same state: the same numbers from here on.
    bool operator==(const Random& other) const { return state() == other.state(); }

private:
    static constexpr std::size_t kN = 312;
    static constexpr std::size_t kM = 156;

    // X_i for the word at `at`, which holds X_{i-n}: words before `at` hold this round's.
    std::uint64_t twist(std::size_t at) const {
        const std::uint64_t y = (x_[at] & 0xffffffff80000000ULL) | (x_[at + 1 == kN ? 0 : at + 1] & 0x7fffffffULL);
        const std::size_t far = at + kM < kN ? at + kM : at + kM - kN;
        return x_[far] ^ (y >> 1) ^ ((y & 1) ? 0xb5026f5aa96619e9ULL : 0);
    }

    // next() with the position in `p` (p_ or a local copy of it).
    std::uint64_t next_at(std::size_t& p) {
        std::uint64_t y;
        if (p < ready_) [[unlikely]] {
            y = x_[p];  // twisted already (a state read by set_state)
        } else {
            y = twist(p);
            x_[p] = y;
        }
        if (++p == kN) {
            p = 0;
            ready_ = 0;
        }
        y ^= (y >> 29) & 0x5555555555555555ULL;
        y ^= (y << 17) & 0x71d67fffeda60000ULL;
        y ^= (y << 37) & 0xfff7eee000000000ULL;
        y ^= y >> 43;
        return y;
    }

    // x_[0, p_) hold this round's words (drawn); x_[p_, kN) the last round's, except that
    // x_[p_, ready_) are this round's already (a state read by set_state, twisted ahead).
    std::uint64_t x_[kN];
    std::size_t p_ = 0;
    std::size_t ready_ = 0;
};

/// SplitMix64's output function: derives well-spread seeds (per game, per bot) from one master seed.
inline std::uint64_t mix_seed(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// SplitMix64 (Steele, Lea, Flood 2014): a one-word generator, cheap to seed, for players'
/// own chance (bots); its output is fixed by this code.
class SplitMix64 {
public:
    /// A generator seeded with `seed`; SplitMix64(g.state()) continues where g is.
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    /// The whole state: one word.
    std::uint64_t state() const { return state_; }
    std::uint64_t operator()() {
        const std::uint64_t x = state_;
        state_ += 0x9e3779b97f4a7c15ULL;
        return mix_seed(x);
    }

private:
    std::uint64_t state_;
};

}  // namespace cherries
