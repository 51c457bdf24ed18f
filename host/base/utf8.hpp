// The one UTF-8 module of the host: validity and repair (utfcpp), display width and cuts that
// never split a character or a grapheme cluster (utf8proc). Names, cards and chat lines come
// from strangers: nothing here assumes its input is valid, and invalid bytes count as one
// column and one cluster each.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sdk/base/printable_text.hpp"

namespace cherries::host {

/// Whether `text` is valid UTF-8: no stray continuation bytes, no truncated sequences, no
/// overlong forms, no surrogates, nothing past U+10FFFF.
bool valid_utf8(std::string_view text);

using sdk::utf8_sequence;  // the length of the valid sequence starting `text` (sdk/base/printable_text)

/// `text` with each byte that is not part of a valid UTF-8 sequence replaced by U+FFFD.
std::string to_valid_utf8(std::string_view text);

/// The longest start of `text` of at most `max_bytes` bytes that ends between two grapheme
/// clusters (a letter and its combining marks, an emoji and its modifiers stay whole).
std::string_view cut_utf8(std::string_view text, std::size_t max_bytes);

/// The columns `text` takes on a terminal: East Asian wide characters and emoji two, combining
/// marks none (one cluster counts as its widest code point), SGR escape sequences ("\x1b[1m")
/// none, an invalid byte one.
std::size_t display_width(std::string_view text);

/// The longest start of `text` (no escape sequences) that takes at most `columns` columns and
/// ends between two grapheme clusters.
std::string_view cut_to_width(std::string_view text, std::size_t columns);

/// `text` followed by spaces up to `columns` display columns (display_width); `text` unchanged
/// when it is as wide or wider. What fmt's "{:<N}" does, counted in columns instead of code points.
std::string pad_to_width(std::string_view text, std::size_t columns);

/// `text` between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE when it holds a
/// right-to-left letter (Unicode bidi class R or AL), else unchanged: a name listed among others
/// ("ann 3, مريم 2, bob 1") then cannot reorder its neighbours (Unicode UAX #9, isolates; what
/// the page does with <bdi>). Invalid UTF-8 is returned unchanged.
std::string bidi_isolate(std::string_view text);

}  // namespace cherries::host
