// A browser's push subscription (the JSON of PushSubscription.toJSON(): endpoint and keys) and
// the rules an endpoint must pass before the server sends anything to it: https only, and no
// address inside the server's own networks (no loopback, private or link-local host), so a
// subscription cannot make the server POST to itself or its neighbours.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "host/push/encryption.hpp"
#include "host/push/p256.hpp"

namespace cherries::push {

/// What an endpoint may be besides a public https:// URL.
struct EndpointRules {
    /// Tests only: a loopback host (127.0.0.0/8, ::1, a name resolving there) is let through, so
    /// a test can deliver to its own endpoint on 127.0.0.1. Private and link-local stay refused.
    bool allow_loopback_for_tests = false;
};

/// A checked push endpoint (RFC 8030 Section 5: the push resource the server POSTs to).
struct Endpoint {
    std::string url;     ///< as given
    std::string host;    ///< lower case; an IPv6 literal without its brackets
    std::uint16_t port = 443;
    std::string target;  ///< path and query, at least "/"
    bool host_is_address = false;  ///< an IP literal, not a name to resolve
    /// scheme://host[:port], the port only when not 443: the VAPID token's "aud" (RFC 8292 Section 2).
    std::string origin() const;
};

/// Longest endpoint URL taken (bytes); the browsers' are a few hundred.
inline constexpr std::size_t kMaxEndpoint = 2048;
/// Longest subscription JSON taken (bytes).
inline constexpr std::size_t kMaxSubscriptionJson = 8192;

/// Why `address` (an IPv4 or IPv6 literal, as text) may not be pushed to, in words ("a loopback
/// address (127.0.0.0/8)"), or nullopt for a public address. Refused: unspecified, loopback,
/// private (RFC 1918, fc00::/7), shared (100.64.0.0/10), link-local, multicast, reserved and
/// documentation ranges; an IPv4-mapped IPv6 address as its IPv4 one. With
/// rules.allow_loopback_for_tests, loopback passes. Text that is no address is refused too.
std::optional<std::string> address_refusal(std::string_view address, const EndpointRules& rules = {});

/// `url` checked: "https://" (any case), a host name or IP literal, an optional port, then the
/// path. Throws host::InputError saying what is wrong and what was expected: not https, a user
/// name or password in it, a fragment, a missing or malformed host or port, a character that
/// may not go in a request line, longer than kMaxEndpoint, an IP literal address_refusal
/// refuses. A host name is checked when the sender resolves it (send_push).
Endpoint parse_endpoint(std::string_view url, const EndpointRules& rules = {});

/// A push subscription: where to POST and the keys to encrypt for (RFC 8291 Section 2).
struct Subscription {
    Endpoint endpoint;
    P256Public p256dh{};  ///< the browser's ECDH public key (uncompressed point)
    AuthSecret auth{};    ///< the browser's 16-byte authentication secret
};

/// A subscription from its three texts: the endpoint URL, p256dh and auth in base64url.
/// Throws host::InputError naming the field: parse_endpoint's errors for "endpoint"; for
/// "keys.p256dh" bad base64url or not a 65-byte uncompressed P-256 point; for "keys.auth" bad
/// base64url or not 16 bytes.
Subscription make_subscription(std::string_view endpoint, std::string_view p256dh, std::string_view auth,
                               const EndpointRules& rules = {});

/// A subscription from the JSON of PushSubscription.toJSON() in the browser:
/// {"endpoint": "https://...", "expirationTime": null, "keys": {"p256dh": "...", "auth": "..."}}
/// (other members are ignored). Throws host::InputError naming the field that is missing or of
/// the wrong type, then make_subscription's errors; text over kMaxSubscriptionJson bytes or not
/// JSON is refused as a whole.
Subscription parse_subscription(std::string_view json, const EndpointRules& rules = {});

/// Longest Topic header (RFC 8030 Section 5.4).
inline constexpr std::size_t kMaxTopic = 32;

/// Throws host::InputError unless `topic` is at most 32 characters of the base64url alphabet
/// (A-Z a-z 0-9 '-' '_'), as RFC 8030 Section 5.4 asks of the Topic header. Empty: no topic.
void check_topic(std::string_view topic);

/// A topic for any name (a table's id): the first 24 bytes of the name's SHA-256 in base64url,
/// 32 characters. A push with a topic replaces an undelivered one of the same topic (RFC 8030
/// Section 5.4), so one name's pushes leave at most one waiting.
std::string topic_for(std::string_view name);

}  // namespace cherries::push
