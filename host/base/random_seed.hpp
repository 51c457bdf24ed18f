// A seed nobody chose: 64 bits from the operating system's random source, for a game or a
// table whose seed is not given (`cherries play` without --seed, IRC and web tables) and for
// the web's table ids and seat tokens. Never inside a game: a game's numbers come from its one
// seeded generator (engine/random.hpp).
#pragma once

#include <cstdint>
#include <random>

namespace cherries::host {

/// 64 random bits from std::random_device (two 32-bit draws).
inline std::uint64_t random_seed() {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

}  // namespace cherries::host
