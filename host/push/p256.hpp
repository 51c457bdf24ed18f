// P-256 (secp256r1) keys as Web Push writes them: the public key as the 65-byte uncompressed
// point (0x04 | x | y, SEC 1 Section 2.3.3), the private key as its 32-byte big-endian scalar.
// ECDH (RFC 8291 Section 3.1) and ES256 signatures (RFC 7518 Section 3.4, RFC 8292 Section 2).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "host/push/base64url.hpp"

namespace cherries::push {

inline constexpr std::size_t kP256PublicSize = 65;   ///< 0x04 | x(32) | y(32)
inline constexpr std::size_t kP256PrivateSize = 32;  ///< the scalar d, big-endian
inline constexpr std::size_t kEs256SignatureSize = 64;  ///< r(32) | s(32), JOSE form (RFC 7518 Section 3.4)

using P256Public = std::array<std::uint8_t, kP256PublicSize>;
using P256Private = std::array<std::uint8_t, kP256PrivateSize>;

/// A P-256 key pair; `public_key` is always the point of `private_key`.
struct P256KeyPair {
    P256Private private_key{};
    P256Public public_key{};
};

/// Throws host::InputError naming `what` ("keys.p256dh") unless `point` is 65 bytes, starts with
/// 0x04 (uncompressed) and lies on P-256 (RFC 8291 Section 3.1: the receiver's key).
void check_p256_public(std::span<const std::uint8_t> point, std::string_view what);

/// A fresh key pair from OpenSSL's generator (the sender's ephemeral key, RFC 8291 Section 3.1;
/// a new VAPID key, RFC 8292 Section 3.2).
P256KeyPair p256_generate();

/// The pair of the 32-byte scalar `private_key` (its point computed). Throws host::InputError
/// naming `what` when it is not 32 bytes or not in [1, n-1].
P256KeyPair p256_from_private(std::span<const std::uint8_t> private_key, std::string_view what);

/// ECDH on P-256 (RFC 8291 Section 3.1): the x coordinate of own.private_key * peer_public,
/// 32 bytes. `peer_public` must have passed check_p256_public.
std::array<std::uint8_t, 32> p256_ecdh(const P256KeyPair& own, std::span<const std::uint8_t> peer_public);

/// The ES256 signature of `message` (ECDSA P-256 with SHA-256) as raw r | s, 64 bytes, each
/// number big-endian and left-padded to 32 bytes (RFC 7518 Section 3.4; not DER).
std::array<std::uint8_t, kEs256SignatureSize> es256_sign(const P256KeyPair& key, std::string_view message);

}  // namespace cherries::push
