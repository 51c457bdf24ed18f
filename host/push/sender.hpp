// Delivering one push message (RFC 8030 Section 5): the encrypted body (RFC 8291) POSTed over
// HTTPS to the subscription's endpoint with the TTL, Urgency, Topic, Content-Encoding and VAPID
// Authorization headers, and the push service's answer in words.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "host/push/encryption.hpp"
#include "host/push/subscription.hpp"
#include "host/push/vapid.hpp"

namespace cherries::push {

/// How soon the browser should be woken for the message (RFC 8030 Section 5.3).
enum class Urgency { very_low, low, normal, high };

/// The header value of an urgency: "very-low", "low", "normal", "high".
const char* urgency_name(Urgency urgency);

/// The longest TTL taken, 28 days; push services keep a message at most about that long.
inline constexpr std::chrono::seconds kMaxTtl = std::chrono::hours(24 * 28);

/// One message to one subscription.
struct PushMessage {
    std::string payload;  ///< the plaintext, at most kMaxPlaintext bytes (the service worker reads it)
    std::chrono::seconds ttl{std::chrono::hours(1)};  ///< how long the push service keeps it (RFC 8030 Section 5.2)
    Urgency urgency = Urgency::normal;
    /// Empty, or at most 32 base64url characters: a later push of the same topic replaces this
    /// one while it waits (RFC 8030 Section 5.4). One topic per table (topic_for) keeps at most
    /// one "your turn" waiting per table.
    std::string topic;
};

/// The HTTP request a push is, before any network: for tests and logs.
struct PushRequest {
    std::string target;  ///< the endpoint's path and query
    std::vector<std::pair<std::string, std::string>> headers;  ///< in the order sent, Host first
    Bytes body;  ///< the aes128gcm body (encrypt_message)
};

/// The request for `message` to `subscription`: headers Host, TTL, Urgency, Topic (when set),
/// Content-Encoding: aes128gcm, Content-Type: application/octet-stream, Content-Length and
/// Authorization (vapid_authorization with `subject`, `now_unix`, `lifetime`), the body
/// encrypted with `secrets`. Throws host::InputError on a bad topic (check_topic), a TTL below
/// 0 or above kMaxTtl, a payload over kMaxPlaintext bytes, or vapid_authorization's errors.
PushRequest build_push_request(const Subscription& subscription, const PushMessage& message, const VapidKeys& keys,
                               std::string_view subject, std::int64_t now_unix, std::chrono::seconds lifetime,
                               const EncryptionSecrets& secrets);

/// What came of a push, for the caller to act on.
enum class PushResult {
    delivered,    ///< 2xx: the push service took it (201 Created)
    gone,         ///< 404, 410: the subscription is no more: drop it
    too_large,    ///< 413: the body was too large: send a shorter message
    retry_later,  ///< 429, 5xx: try again later (retry_after when the service said)
    refused,      ///< 400, 401, 403 and any other answer: not delivered; see the words
    unreachable,  ///< no answer: resolution, connection, TLS or a timeout failed
};

struct PushOutcome {
    PushResult result = PushResult::unreachable;
    int status = 0;     ///< the HTTP status, 0 when there was no answer
    std::string words;  ///< what happened and what to do, one line
    std::optional<std::chrono::seconds> retry_after;  ///< a 429's or 503's Retry-After in seconds
};

/// The outcome of an HTTP status from a push service (RFC 8030 Sections 5, 7.2, 7.3, 8.4;
/// RFC 8292 Section 4 for 401 and 403), with the Retry-After the answer gave.
PushOutcome outcome_of_status(int status, std::optional<std::chrono::seconds> retry_after = std::nullopt);

/// How send_push may use the network.
struct SendOptions {
    std::chrono::milliseconds connect_timeout{std::chrono::seconds(10)};  ///< name resolution, then TCP connect
    std::chrono::milliseconds io_timeout{std::chrono::seconds(10)};       ///< each of TLS handshake, write, read
    std::size_t response_limit = 16 * 1024;  ///< most bytes of the answer's body read (its headers: 8 KiB)
    std::chrono::seconds token_lifetime{std::chrono::hours(12)};  ///< the VAPID token's exp - now
    EndpointRules rules;  ///< allow_loopback_for_tests lets a test push to 127.0.0.1
    /// Tests only: a PEM certificate trusted besides the system's CAs (the test's self-signed one).
    std::string extra_ca_pem_for_tests;
};

/// POSTs `content` with `headers` (Host first; Content-Length is made) to `target` at endpoint
/// `e` over HTTPS and waits for the answer: resolves the host (every address it resolves to must
/// pass address_refusal, else nothing is sent), connects, verifies the certificate against the
/// system's CAs and the host name, and reads the status (the outcome_of_status of it).
/// Synchronous and blocking, up to connect_timeout + 3 * io_timeout: for a worker thread. Throws
/// host::InputError before any network when the address is refused; network failures are the
/// outcome (unreachable), never thrown. send_push and the webhooks (webhook.hpp) send with it.
PushOutcome post_https(const Endpoint& e, const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers,
                       const std::vector<std::uint8_t>& content, const SendOptions& options);

/// Sends `message` to `subscription` and waits for the push service's answer: resolves the
/// endpoint's host (every address it resolves to must pass address_refusal, else nothing is
/// sent), connects, verifies the certificate against the system's CAs and the host name, POSTs
/// build_push_request's request (fresh ephemeral key and salt) and reads the status.
/// Synchronous and blocking, up to connect_timeout + 3 * io_timeout: call it on a worker
/// thread, never on a server's event loop; it runs its own io_context and touches no other.
/// Throws host::InputError before any network for bad input (build_push_request's errors; an
/// endpoint whose address is refused). Network failures and the service's answers are returned
/// as the PushOutcome, never thrown.
PushOutcome send_push(const Subscription& subscription, const PushMessage& message, const VapidKeys& keys,
                      std::string_view subject, std::int64_t now_unix, const SendOptions& options = {});

}  // namespace cherries::push
