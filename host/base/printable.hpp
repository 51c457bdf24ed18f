// Text from outside (the command line, records, saves, scenarios, typed answers) made safe to
// keep and to print: names are checked at the door, echoed input is escaped and cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "host/base/utf8.hpp"  // valid_utf8: names are checked with it

namespace cherries::host {

/// How many bytes of an input an error message echoes (the rest becomes "...").
inline constexpr std::size_t kEchoBytes = 80;

/// Why `name` cannot be a player's name, or "" if it can: it is empty, not valid UTF-8, or has
/// whitespace or a control character (C0, DEL, C1) in it. Names reach terminals and records:
/// an escape sequence in one could rewrite what others see, and two names that differ only in
/// bytes that are not UTF-8 would collide once written as JSON.
std::string name_problem(std::string_view name);

/// `text` safe to print on one line: control characters (C0, DEL, C1) and bytes that are not
/// UTF-8 shown as \xNN; everything else as it is.
std::string printable(std::string_view text);

/// An input echoed in a message: printable(), and cut after `max` bytes of it with "...".
std::string excerpt(std::string_view text, std::size_t max = kEchoBytes);

}  // namespace cherries::host
