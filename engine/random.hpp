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

/// The game's generator: mt19937_64 (its output is fixed by the C++ standard).
class Random {
public:
    explicit Random(std::uint64_t seed) : engine_(seed) {}

    /// Uniform integer in [0, bound), bound >= 1.
    std::uint64_t below(std::uint64_t bound) { return uniform_below(engine_, bound); }

    /// Fisher–Yates shuffle in place.
    template <class T>
    void shuffle(std::span<T> items) {
        for (std::size_t i = items.size(); i > 1; --i) {
            const auto j = static_cast<std::size_t>(below(i));
            std::swap(items[i - 1], items[j]);
        }
    }

    /// The generator's state in the text form the C++ standard fixes for mt19937_64 (313
    /// numbers): the same on every platform, for save files.
    /// Written in the classic "C" locale whatever the global locale is.
    std::string state() const;
    /// Restores a state() text (read in the classic locale). Throws std::invalid_argument when
    /// it is not one.
    void set_state(const std::string& text);

    std::mt19937_64& engine() { return engine_; }
    const std::mt19937_64& engine() const { return engine_; }

private:
    std::mt19937_64 engine_;
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
