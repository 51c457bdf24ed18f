// Web Push message encryption (RFC 8291) in the aes128gcm content coding (RFC 8188): what the
// server POSTs to a subscription's endpoint, and the browser's side (decryption) for the tests
// and a loopback endpoint.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "host/push/base64url.hpp"
#include "host/push/p256.hpp"

namespace cherries::push {

inline constexpr std::size_t kAuthSecretSize = 16;  ///< RFC 8291 Section 3.2
inline constexpr std::size_t kSaltSize = 16;        ///< RFC 8188 Section 2.1
inline constexpr std::uint32_t kRecordSize = 4096;  ///< rs written in the header (RFC 8291 Section 4)
/// The header: salt(16) | rs(4) | idlen(1) | keyid, the sender's public key (65).
inline constexpr std::size_t kHeaderSize = kSaltSize + 4 + 1 + kP256PublicSize;
/// The longest plaintext sent: a body of at most 4096 bytes, which every push service must
/// accept (RFC 8291 Section 4), holds the header, the plaintext, the delimiter and the 16-byte tag.
inline constexpr std::size_t kMaxPlaintext = 4096 - kHeaderSize - 1 - 16;  // 3993 bytes

using AuthSecret = std::array<std::uint8_t, kAuthSecretSize>;
using Salt = std::array<std::uint8_t, kSaltSize>;

/// What makes one encryption unique: the sender's ephemeral key pair (RFC 8291 Section 3.1) and
/// the salt (RFC 8188 Section 2.1). Production takes fresh ones (fresh_secrets); a test passes
/// RFC 8291's example values to get its body byte for byte.
struct EncryptionSecrets {
    P256KeyPair sender;
    Salt salt{};
};

/// A new ephemeral key pair and 16 random bytes of salt from OpenSSL (RAND_bytes).
EncryptionSecrets fresh_secrets();

/// The HTTP body for a push message (RFC 8291 Section 3.4, RFC 8188 Section 2): the header
/// salt | rs = 4096 | idlen = 65 | sender's public key, then one record: the AES-128-GCM
/// encryption of plaintext | 0x02 (the last record's delimiter, no padding) and its 16-byte tag.
/// `receiver_public` is the subscription's p256dh (checked with check_p256_public), `auth` its
/// auth secret. Throws host::InputError when the plaintext is over kMaxPlaintext bytes.
Bytes encrypt_message(std::span<const std::uint8_t> receiver_public, const AuthSecret& auth, std::string_view plaintext,
                      const EncryptionSecrets& secrets);
/// The same with fresh_secrets().
Bytes encrypt_message(std::span<const std::uint8_t> receiver_public, const AuthSecret& auth, std::string_view plaintext);

/// The receiver's side (RFC 8291 Section 3.4, RFC 8188 Section 2): the plaintext of `body` for
/// the subscription whose key pair is `receiver` and auth secret `auth`. Reads one record, as
/// Web Push sends (RFC 8291 Section 4), and removes its padding. Throws host::InputError saying
/// what is wrong: a header too short, an rs below 18, a key id that is not a P-256 public key,
/// more than one record, a record that does not decrypt (wrong key, wrong auth, or altered),
/// a missing last-record delimiter.
std::string decrypt_message(std::span<const std::uint8_t> body, const P256KeyPair& receiver, const AuthSecret& auth);

}  // namespace cherries::push
