// The random bot: gives the drawn card to a player chosen uniformly (itself included).
#pragma once

#include <cstdint>

#include "engine/random.hpp"
#include "host/bots/bot.hpp"

namespace cherries::host {

/// Picks a receiver uniformly over the players in turn order, from its own generator (seeded
/// at construction), never the game's, so the game's dealing does not depend on the bot.
///
/// The generator is SplitMix64 (engine/random.hpp): its state is one word, so the simulator can
/// seed a fresh bot per game for free (a mt19937_64 spends 312 words of set-up and a 312-word
/// refill on a game in which a bot draws some 35 times).
class RandomBot final : public Bot {
public:
    explicit RandomBot(std::uint64_t seed) : generator_(seed) {}
    PlayerId choose_receiver(const PlayerView& view) override;
    std::uint64_t state() const override { return generator_.state(); }
    void restore(std::uint64_t state) override { generator_ = SplitMix64(state); }
    bool reseed(std::uint64_t seed) override {
        generator_ = SplitMix64(seed);  // as the constructor
        return true;
    }

    /// Uniform integer in [0, bound), bound >= 1, from the bot's generator.
    std::uint64_t below(std::uint64_t bound) { return uniform_below(generator_, bound); }

private:
    SplitMix64 generator_;
};

}  // namespace cherries::host
