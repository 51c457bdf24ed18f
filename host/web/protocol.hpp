// The table's WebSocket messages from a browser (docs/web.md, "The table's WebSocket
// protocol"): each one parsed and checked against its schema before anything acts on it, so a
// malformed message is refused with one clear sentence and changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "host/base/token_bucket.hpp"
#include "host/hosted/clock.hpp"

namespace cherries::web {

/// Largest message a socket may send, in bytes (docs/web.md).
inline constexpr std::size_t kMaxMessageBytes = 4096;
/// Messages a socket may send per second; more are refused.
inline constexpr unsigned kMessagesPerSecond = 20;
/// Largest chat line, in bytes of UTF-8 (docs/web.md).
inline constexpr std::size_t kMaxChatBytes = 300;
/// Chat lines a socket may send per second (bursts of as many); more are refused.
inline constexpr unsigned kChatPerSecond = 1;

/// One message from a browser, its fields checked. `type` is one of hello, join, add_bot,
/// start, give, leave, cancel, chat; the fields the type does not use are empty.
struct ClientMessage {
    std::string type;
    std::optional<std::string> token;  ///< 32 hex digits when present
    std::string name;                  ///< join, cancel
    /// join: the player key of a claimed name (host/web/player_names.hpp), when the page holds
    /// one. The server checks it on its loop and drops it before the table sees the message.
    std::optional<std::string> key;
    /// join: set by the server once `key` proved the name (never read from a message): the
    /// seat's statistics count under the claimed name.
    bool claimed = false;
    std::string kind;                  ///< add_bot
    std::uint32_t to = 0;              ///< give: a player id
    std::uint32_t turn = 0;            ///< give: the turn whose drawn card it gives (1 or more); out_of_time: the turn voted on
    std::string text;                  ///< chat: 1 to kMaxChatBytes bytes of printable UTF-8
    std::optional<std::uint64_t> id;   ///< the request's id, if it gave one: its replies carry it back
    /// Set by the server when it hands the message to its table (never read from a message):
    /// the server clock's time (pause, resume).
    host::Clock::Time now{};
};

/// Why a message was refused: the sentence to send back, and its type when it had one.
struct ProtocolError {
    std::string message;
    std::string request;
    std::optional<std::uint64_t> id = std::nullopt;  ///< the refused message's id, when it had a valid one
};

/// Largest request id a message may carry: 2^53 - 1, the largest integer a page's JavaScript
/// number holds exactly.
inline constexpr std::uint64_t kMaxRequestId = (std::uint64_t{1} << 53) - 1;

/// Parses and checks `text`: a JSON object with a known string `type`, the fields that type
/// needs with the right types, nothing else; every type may also carry `id` (an integer 0 to
/// kMaxRequestId chosen by the page), which the replies to it carry back. A player's name: host::name_problem (the one rule of
/// every front end); a give names the turn whose card it gives. Returns the message, or the
/// error to send.
std::variant<ClientMessage, ProtocolError> parse_client_message(std::string_view text);

/// A bucket of `per_second` messages a second, bursts of as many (a socket's messages, its chat).
host::TokenBucket per_second_bucket(unsigned per_second);

}  // namespace cherries::web
