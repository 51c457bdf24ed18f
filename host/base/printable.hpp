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

/// The widest a player's name may be, in terminal columns (a wide character such as 漢 counts 2).
inline constexpr std::size_t kMaxNameWidth = 32;

/// The one rule of what a player's name is, for every door a name comes in by (`--player`, the
/// terminal's `join`, the web, IRC nicks, scenarios, saves, records): why `name` cannot be one,
/// or "" if it can. A name is 1 to kMaxNameWidth columns of valid UTF-8 with no whitespace
/// (Unicode's too: U+00A0, U+2028 ...), no control character (C0, DEL, C1 such as U+0085 and
/// U+009B) and no text-direction control (U+200E/F, U+061C, U+202A..E, U+2066..9). Names reach
/// terminals, channels, pages and records: an escape sequence in one could rewrite what others
/// see, a direction control reorder a standings line, and two names that differ only in bytes
/// that are not UTF-8 would collide once written as JSON.
std::string name_problem(std::string_view name);

/// `name` folded for comparison (utf8proc: compatibility decomposition, case folding,
/// composition): two names are one person's at a table when their folds are equal ("ann",
/// "ANN", "Ａｎｎ"). `name` must be valid UTF-8 (name_problem); otherwise it is returned as is.
std::string fold_name(std::string_view name);

/// `text` safe to print on one line: control characters (C0, DEL, C1) and bytes that are not
/// UTF-8 shown as \xNN; everything else as it is.
std::string printable(std::string_view text);

/// An input echoed in a message: printable(), and cut after `max` bytes of it with "...".
std::string excerpt(std::string_view text, std::size_t max = kEchoBytes);

}  // namespace cherries::host
