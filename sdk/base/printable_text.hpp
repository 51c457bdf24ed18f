// The one way text from outside is made safe to print, for the sdk and the host alike: control
// characters and bytes that are not UTF-8 shown as \xNN, echoed input cut with "...". Plugin
// messages, TOML problems, names, records and chat lines all say a bad byte the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cherries::sdk {

/// How many bytes of an input an error message echoes (the rest becomes "...").
inline constexpr std::size_t kEchoBytes = 80;

/// The length (1 to 4) of the valid UTF-8 sequence that starts `text`, or 0 when `text` is
/// empty or does not start with one (no overlong form, no surrogate, nothing past U+10FFFF).
std::size_t utf8_sequence(std::string_view text);

/// Whether `text` starts with a control character: C0, DEL, or C1 (U+0080..U+009F; U+009B is
/// a terminal's CSI).
bool starts_with_control(std::string_view text);

/// How a byte is named in messages: "\x1B" (two upper-case hex digits).
std::string control_name(unsigned char byte);

/// `text` safe to print on one line: control characters (C0, DEL, C1) and bytes that are not
/// UTF-8 shown as \xNN (control_name); everything else as it is.
std::string printable(std::string_view text);

/// An input echoed in a message: printable() of at most `max` bytes of `text`, cut between two
/// characters, then "..." when something was cut.
std::string excerpt(std::string_view text, std::size_t max = kEchoBytes);

}  // namespace cherries::sdk
