// base64url without padding (RFC 4648 Section 5), as Web Push writes keys, salts and tokens.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::push {

/// Raw bytes: keys, salts, message bodies.
using Bytes = std::vector<std::uint8_t>;

/// `bytes` as base64url (RFC 4648 Section 5) without '=' padding, as RFC 8291 and RFC 8292 use.
std::string base64url_encode(std::span<const std::uint8_t> bytes);
/// The same for text (a JWT's header and claims).
std::string base64url_encode(std::string_view text);

/// The bytes of base64url `text` (RFC 4648 Section 5). Padding '=' at the end is accepted, not
/// required. Throws host::InputError naming `what` ("keys.p256dh") on a character outside
/// A-Z a-z 0-9 '-' '_', on a length no base64 text has, or on leftover bits that are not zero.
Bytes base64url_decode(std::string_view text, std::string_view what);

}  // namespace cherries::push
