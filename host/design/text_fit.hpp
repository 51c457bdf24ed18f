// How big a text prints in a box of a card front (card_layout.hpp), from the font's own metrics
// (DejaVu Sans, the printer's font) without cairo or pango: `cherries check` stays fast and never
// loads the design library. It follows the printer's steps (wrap at words, a too-wide word at
// characters; shrink by kShrinkStep until it fits or is below kSmallestShare of the start).
#pragma once

#include <string_view>

#include "host/design/card_layout.hpp"

namespace cherries::host {

/// Where the printer's fitting of one text ends.
struct TextFit {
    double size = 0;      ///< the font size it prints at, mm
    int lines = 0;        ///< lines after wrapping
    double width = 0;     ///< the widest line, mm
    double height = 0;    ///< lines × line height, mm
    bool fits = true;     ///< within the box at `size`; false: it spills out
    bool broken = false;  ///< a word wider than the box, broken between its letters
};

/// The width of `text` on one line at font size `size` mm (DejaVu Sans, `bold` or not): the
/// sum of the glyphs' advances. A code point outside ASCII counts as a digit's width (0.64 em).
double text_width(std::string_view text, double size, bool bold);

/// The printer's fit of `text` in `box`, as card_face.cpp's text_box does it with pango. An
/// estimate: no kerning (a little wider than printed) and breaks only at spaces and after '-'.
TextFit fit_text(std::string_view text, const TextBox& box);

}  // namespace cherries::host
