// Text on IRC: what fits on a line, UTF-8 boundaries, mIRC formatting, CTCP, and what the
// server says of itself in ISUPPORT (RPL_ISUPPORT, numeric 005). Knows nothing of Cherries.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/base/utf8.hpp"
#include "host/irc/message.hpp"

namespace cherries::irc {

// The host's one UTF-8 module (host/base/utf8.hpp) serves IRC text too.
using host::cut_utf8;
using host::to_valid_utf8;

/// Incoming text made safe to read and echo: mIRC formatting removed (bold ^B, colour ^C with
/// up to two "fg[,bg]" digit pairs, hex colour ^D with RRGGBB[,RRGGBB], italic ^], underline
/// ^_, strikethrough ^^, monospace ^Q, reverse ^V, reset ^O), every other control character
/// (C0, DEL) removed, tabs made spaces, invalid UTF-8 replaced by U+FFFD.
std::string strip_formatting(std::string_view text);

/// Player text to echo: strip_formatting, then cut to `max_bytes` at a code point boundary.
std::string clean_echo(std::string_view text, std::size_t max_bytes = 32);

/// A CTCP request or reply in a PRIVMSG/NOTICE text ("\x01ACTION waves\x01").
struct Ctcp {
    std::string command;  ///< "ACTION", "VERSION", ... as sent
    std::string params;   ///< the rest after one space; may be empty
};

/// The CTCP in `text` when it starts with \x01 (the closing \x01 is optional, as clients
/// omit it); nullopt for ordinary text.
std::optional<Ctcp> parse_ctcp(std::string_view text);

/// Bytes the server puts in front of a relayed line, ":nick!user@host ", for the longest nick,
/// user and host it allows.
std::size_t relay_prefix_bytes(std::size_t nicklen, std::size_t userlen, std::size_t hostlen);

/// Splits `text` into PRIVMSG lines to `target` ("PRIVMSG #chan :..." without CRLF) such that
/// each, with CRLF and a relay prefix of `prefix_bytes`, fits kMaxLineBytes. Splits at spaces
/// when one lies in the second half of a piece, else at a code point boundary; never inside a
/// multi-byte sequence. CR and LF in `text` start a new line; empty pieces are dropped. Invalid
/// UTF-8 is replaced first. An empty result when there is no room at all (a huge target).
std::vector<std::string> split_privmsg(std::string_view target, std::string_view text, std::size_t prefix_bytes);

/// A duration as players read it (host::duration_words): "90 s", "36 h", "10 days".
std::string seconds_text(std::chrono::milliseconds duration);

/// How a server compares nicks and channel names (ISUPPORT CASEMAPPING).
enum class CaseMapping { ascii, rfc1459, strict_rfc1459 };

/// `name` folded to lower case under `mapping`: A-Z always; rfc1459 also []\^ -> {}|~,
/// strict-rfc1459 []\ -> {}|. Two names are the same nick/channel when their folds are equal.
std::string fold_case(std::string_view name, CaseMapping mapping);

/// True when `nick` follows RFC 2812 §2.3.1's grammar, without its 9-byte limit (servers
/// announce their own, NICKLEN): a letter or one of []\`_^{|} first, then letters, digits,
/// []\`_^{|} and '-'.
bool valid_nick(std::string_view nick);

/// `nick` made acceptable to a server of `nicklen` (an answer to 432 ERR_ERRONEUSNICKNAME):
/// bytes the grammar refuses dropped, leading digits and '-' dropped, cut to `nicklen` bytes;
/// "" when nothing is left.
std::string nick_for_server(std::string_view nick, std::size_t nicklen);

/// True when `name` is a channel name by RFC 2812 §1.3: '#', '&', '+' or '!' first, at most 50
/// bytes, no NUL, BEL, CR, LF, space, comma or colon.
bool valid_channel_name(std::string_view name);

/// What the server announced in RPL_ISUPPORT that a client must honour; defaults are RFC 1459's.
struct ISupport {
    CaseMapping casemapping = CaseMapping::rfc1459;
    std::size_t nicklen = 9;
    bool nicklen_given = false;  ///< NICKLEN came in a 005 (else nicklen is RFC 2812's 9)
    std::size_t userlen = 10;   ///< USERLEN when given
    std::size_t hostlen = 63;   ///< HOSTLEN when given
    std::string chantypes = "#&";
    std::string prefix_modes = "ov";    ///< PREFIX=(ov)@+: the modes...
    std::string prefix_symbols = "@+";  ///< ...and their symbols, highest first

    /// Takes the tokens of one 005 line (params between the target nick and the trailing
    /// text): KEY=VALUE sets, -KEY resets to the default; unknown keys and malformed values are
    /// ignored. Lines of other commands are ignored.
    void apply(const Message& isupport);
    /// fold_case with this server's mapping.
    std::string fold(std::string_view name) const { return fold_case(name, casemapping); }
    bool same(std::string_view a, std::string_view b) const { return fold(a) == fold(b); }
    /// True when `name` starts with one of CHANTYPES.
    bool is_channel(std::string_view name) const;
    /// Removes the membership symbols from a NAMES entry ("@+ann" -> "ann") and returns them.
    std::string strip_membership(std::string& entry) const;
    /// relay_prefix_bytes for this server's limits.
    std::size_t relay_prefix() const { return relay_prefix_bytes(nicklen, userlen, hostlen); }
};

}  // namespace cherries::irc
