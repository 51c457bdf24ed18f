// Print-and-play output (GDD §3.3.2.1.2): every copy of every card on sheets of paper with cut
// marks, fronts and mirrored backs on alternate pages (PDF), and one image per card kind (PNG).
#pragma once

#include <filesystem>
#include <vector>

#include "host/design/card_face.hpp"
#include "host/design/sheet_layout.hpp"

namespace cherries::host {

/// Side of the per-kind PNG images, in pixels: 12 px per mm.
inline constexpr int kCardPngPixels = 600;

/// What write_cards_pdf wrote.
struct SheetSummary {
    int cards = 0;   ///< card fronts drawn: the sum of the kinds' counts
    int sheets = 0;  ///< sheets of paper; the PDF has twice as many pages (front, back, ...)
};

/// Writes `file` as a PDF: for each sheet a page with up to layout.per_page() fronts (each kind
/// `count` times, in order) and then a page with their backs at layout.back() positions, both
/// with cut marks, drawn by libcherries-design.so (drawing.hpp). Throws InputError when the
/// file cannot be written, the drawing library is missing, or a
/// picture cannot be drawn.
SheetSummary write_cards_pdf(const std::vector<CardFront>& fronts, const CardBack& back, const SheetLayout& layout,
                             const std::filesystem::path& file);

/// Writes `dir`/SET-CARD.png for every kind and `dir`/back.png, kCardPngPixels square, no bleed.
/// Creates `dir`. Returns the files written. Throws as write_cards_pdf.
std::vector<std::filesystem::path> write_card_pngs(const std::vector<CardFront>& fronts, const CardBack& back,
                                                   const std::filesystem::path& dir);

}  // namespace cherries::host
