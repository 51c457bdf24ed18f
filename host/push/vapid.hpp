// VAPID (RFC 8292): the server's P-256 key pair, which identifies it to push services, and the
// Authorization header each push carries: "vapid t=JWT, k=PUBLIC KEY".
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "host/push/p256.hpp"
#include "host/push/subscription.hpp"

namespace cherries::push {

/// The server's VAPID key pair (RFC 8292 Section 3.2). Made once (generate) and kept as its
/// text (to_text): the 32-byte private scalar in base64url without padding, 43 characters, one
/// line. The public key is computed from it; the browser subscribes with public_key() as its
/// applicationServerKey, and a subscription only takes pushes signed by the same key pair.
class VapidKeys {
public:
    /// A new key pair from OpenSSL's generator.
    static VapidKeys generate();
    /// The key pair of a text to_text wrote (white space around it ignored). Throws
    /// host::InputError naming "VAPID private key" when it is not base64url, not 32 bytes, or
    /// not a P-256 private key.
    static VapidKeys from_text(std::string_view text);

    /// The private key as kept: base64url of the 32-byte scalar, 43 characters, no newline.
    std::string to_text() const;
    /// The public key, base64url of the 65-byte uncompressed point (87 characters): the "k" of
    /// the Authorization header and the page's applicationServerKey.
    std::string public_key() const;
    const P256KeyPair& pair() const { return pair_; }

private:
    explicit VapidKeys(const P256KeyPair& pair) : pair_(pair) {}
    P256KeyPair pair_;
};

/// The longest a token may live: RFC 8292 Section 2 ("exp" at most 24 hours ahead).
inline constexpr std::chrono::seconds kMaxVapidLifetime = std::chrono::hours(24);

/// The Authorization header's value for a push to `endpoint` (RFC 8292 Section 3.1):
/// "vapid t=<JWT>, k=<public key>". The JWT (RFC 7519) is signed with ES256 (signature r | s,
/// RFC 7518 Section 3.4), header {"typ":"JWT","alg":"ES256"}, claims "aud" = endpoint.origin(),
/// "exp" = now_unix + lifetime (Unix seconds), "sub" = `subject`, all base64url without padding.
/// The time is the caller's: nothing here reads a clock. Throws host::InputError when `subject`
/// is not a "mailto:" or "https://" contact of visible ASCII (at most 256 characters), when
/// `lifetime` is not 1 s to 24 h, or when now_unix is negative.
std::string vapid_authorization(const VapidKeys& keys, const Endpoint& endpoint, std::string_view subject,
                                std::int64_t now_unix, std::chrono::seconds lifetime = std::chrono::hours(12));

}  // namespace cherries::push
