// Text from outside (the command line, records, saves, scenarios, typed answers) made safe to
// keep and to print: names are checked at the door, echoed input is escaped and cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "host/base/utf8.hpp"  // valid_utf8: names are checked with it
#include "sdk/base/printable_text.hpp"

namespace cherries::host {

// printable, excerpt and kEchoBytes: the one text base of the sdk and the host.
using sdk::excerpt;
using sdk::kEchoBytes;
using sdk::printable;

/// The widest a player's name may be, in terminal columns (a wide character such as 漢 counts 2).
inline constexpr std::size_t kMaxNameWidth = 32;

/// The one rule of what a player's name is, for every door a name comes in by (`--player`, the
/// terminal's `join`, the web, IRC nicks, scenarios, saves, records): why `name` cannot be one,
/// or "" if it can. A name is 1 to kMaxNameWidth columns of valid UTF-8 with no whitespace
/// (Unicode's too: U+00A0, U+2028 ...), no control character (C0, DEL, C1 such as U+0085 and
/// U+009B), no text-direction control (U+200E/F, U+061C, U+202A..E, U+2066..9) and no other
/// invisible format character (Unicode's category Cf: U+FEFF, U+2060, U+00AD, U+200B ...). Names
/// reach terminals, channels, pages and records: an escape sequence in one could rewrite what
/// others see, a direction control reorder a standings line, an invisible character make a
/// second `ann`, and two names that differ only in bytes that are not UTF-8 would collide once
/// written as JSON.
std::string name_problem(std::string_view name);

/// `name` in Unicode's composed form (NFC), the form a name is kept in: "a" + U+0301 becomes
/// "á" (U+00E1), so the two spellings are one name in records and statistics. Doors call it
/// before name_problem. `name` must be valid UTF-8; otherwise it is returned as is.
std::string nfc_name(std::string_view name);

/// `name` folded for comparison (utf8proc: compatibility decomposition, case folding,
/// composition): "ann", "ANN", "Ａｎｎ" fold alike. `name` must be valid UTF-8 (name_problem);
/// otherwise it is returned as is.
std::string fold_name(std::string_view name);

/// What `name` looks like, for telling look-alikes apart (Unicode TS #39 "skeleton", through
/// ICU's uspoof): folded as fold_name does, with invisible (default-ignorable) characters and
/// combining marks dropped, and every character replaced by the prototype of the characters it
/// can be mistaken for. Two names whose skeletons are equal are one name at a table: "ann",
/// "ANN", Cyrillic "аnn", "a" + U+0301 "nn", "ann" + U+2060. `name` must be valid UTF-8;
/// otherwise it is returned as is.
std::string name_skeleton(std::string_view name);

}  // namespace cherries::host
