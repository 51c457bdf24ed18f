// Bits nobody chose, from the operating system's random source (getrandom(2)): a seed for a game
// or a table whose seed is not given (`cherries play` without --seed, IRC and web tables), the
// fair deal's salt (host/records/deal.hpp), the web's table ids and seat tokens. Never inside a
// game: a game's numbers come from its one seeded generator (engine/random.hpp).
//
// Not std::random_device: what it reads is the library's choice, and libstdc++ on a CPU with
// RDRAND takes RDRAND alone, where docs/records.md promises the operating system's source.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <system_error>

#include <sys/random.h>

namespace cherries::host {

/// Fills `size` bytes at `out` from getrandom(2) (the kernel's pool, blocking only until it has
/// been seeded once after boot). Throws std::system_error when the kernel refuses (no getrandom).
inline void random_bytes(void* out, std::size_t size) {
    auto* bytes = static_cast<unsigned char*>(out);
    for (std::size_t done = 0; done < size;) {
        const ssize_t n = ::getrandom(bytes + done, size - done, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "getrandom");
        }
        done += static_cast<std::size_t>(n);
    }
}

/// 64 random bits from getrandom(2).
inline std::uint64_t random_seed() {
    std::uint64_t bits = 0;
    random_bytes(&bits, sizeof bits);
    return bits;
}

}  // namespace cherries::host
