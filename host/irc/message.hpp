// IRC messages (RFC 1459 / RFC 2812 with IRCv3 message tags): one line as data, parsed and
// serialized by hand. Knows nothing of Cherries or of sockets.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::irc {

/// Most bytes of a line without its tags, CRLF included (RFC 2812 §2.3).
inline constexpr std::size_t kMaxLineBytes = 512;
/// Most bytes of the tags part: '@', the tags and the space after them (IRCv3 message-tags).
inline constexpr std::size_t kMaxTagBytes = 8191;
/// Most parameters a message may have (RFC 2812 §2.3.1).
inline constexpr std::size_t kMaxParams = 15;

/// One IRCv3 message tag; `value` is unescaped (\: \s \\ \r \n). A tag without '=' has an
/// empty value.
struct Tag {
    std::string key;    ///< e.g. "time", "account", "+example.com/foo"
    std::string value;  ///< unescaped
    bool operator==(const Tag&) const = default;
};

/// A message's source, "nick!user@host" or a server name (then only `nick` is set).
struct Prefix {
    std::string nick;  ///< the nick, or the server name
    std::string user;  ///< empty when absent
    std::string host;  ///< empty when absent
};

/// Splits a prefix "nick!user@host", "nick@host" or "server.name" into its parts.
Prefix parse_prefix(std::string_view prefix);

/// One IRC line as data.
struct Message {
    std::vector<Tag> tags;
    std::string prefix;               ///< without the leading ':'; empty when absent
    std::string command;              ///< as received: a word ("PRIVMSG") or 3 digits ("001")
    std::vector<std::string> params;  ///< middle parameters, then the trailing one (no ':')

    /// The value of tag `key`, or nullopt when the message has no such tag.
    std::optional<std::string> tag(std::string_view key) const;
    /// Parameter `i`, or "" when there are fewer.
    const std::string& param(std::size_t i) const;
    /// The nick of the prefix ("" without a prefix).
    std::string nick() const { return parse_prefix(prefix).nick; }
    bool operator==(const Message&) const = default;
};

/// Why a line could not be parsed or serialized: the byte `offset` in the line (or the index of
/// the parameter for serializing) and what was expected there.
struct LineError {
    std::size_t offset = 0;
    std::string what;  ///< e.g. "expected a command (letters or 3 digits)"
    /// "at byte 12: expected ..."
    std::string describe() const;
};

/// A parse: the message, or an error. Never throws.
struct ParseResult {
    std::optional<Message> message;
    LineError error;
    bool ok() const { return message.has_value(); }
};

/// Parses one line, without its CRLF (a trailing CR or LF is accepted and ignored). Errors,
/// never exceptions, for: an empty line, NUL/CR/LF inside, a tags part over kMaxTagBytes or
/// the rest over kMaxLineBytes - 2, a bad tag key, tags or prefix with nothing after, a
/// missing or malformed command, more than kMaxParams parameters. Bytes are not checked for
/// UTF-8 here (see irc/text.hpp): IRC is a byte protocol and legacy clients send Latin-1.
ParseResult parse_message(std::string_view line);

/// A serialization: the line (without CRLF), or an error.
struct SerializeResult {
    std::string line;
    std::optional<LineError> error;
    bool ok() const { return !error.has_value(); }
};

/// Writes `message` as a line without CRLF; the last parameter gets a ':' only when it needs
/// one. Refuses (error, offset = parameter index) what cannot go on the wire: NUL/CR/LF in a
/// parameter, prefix or command; a space, an empty value or a leading ':' in a middle parameter;
/// more than kMaxParams parameters; a malformed command or tag key; a line (without tags) over
/// kMaxLineBytes including CRLF; tags over kMaxTagBytes.
SerializeResult serialize(const Message& message);

/// Escapes a tag value (';' -> \:, ' ' -> \s, '\' -> \\, CR -> \r, LF -> \n).
std::string escape_tag_value(std::string_view value);
/// Undoes escape_tag_value; an unknown escape drops the backslash, a trailing lone one is dropped.
std::string unescape_tag_value(std::string_view value);

}  // namespace cherries::irc
