// Where the texts of a card's front go (GDD §3.3.2.1.2.2, Figure 3.4) and how the printer fits
// them: pure numbers in millimetres, shared by the painter (card_face.cpp, pango) and the print
// lint of `cherries check` (print_lint.hpp), so both read one layout.
#pragma once

#include <string_view>

#include "host/design/sheet_layout.hpp"

namespace cherries::host {

/// One text's box on a card front, in mm from the card's top-left cut-line corner, and the font
/// size it starts at (mm, DejaVu Sans; bold or not). The printer wraps the text at words (a word
/// wider than the box at characters) and shrinks the font by kShrinkStep until it fits.
struct TextBox {
    double x = 0;
    double y = 0;
    double w = 0;
    double h = 0;
    double size = 0;  ///< starting font size, mm (the em)
    bool bold = false;
};

/// Each step of the shrinking multiplies the font size by this.
inline constexpr double kShrinkStep = 0.92;
/// The printer stops shrinking once the size is below this share of the box's starting size;
/// a text that does not fit then spills out of its box.
inline constexpr double kSmallestShare = 0.5;
/// The smallest font size that reads well on a printed card: 6 pt (2.12 mm), the usual floor
/// for fine print, to a tenth of a point. One shrink step of the rules text (2.3 mm, 6.5 pt, to
/// 6.0 pt) stays at it; a second one (5.5 pt) is below.
inline constexpr double kReadablePt = 6.0;
inline constexpr double kReadableMm = kReadablePt / kPointsPerMm;

/// The front's text boxes (card_face.cpp draws them; print_lint.cpp checks them).
inline constexpr TextBox kSymbolBox{4.6, 4.1, 5.8, 5.3, 3.6, true};     ///< the set symbol in its badge (top left)
inline constexpr TextBox kTypeBox{11.5, 3.2, 34.5, 7, 3.0, true};       ///< CHERRY, SCORE, MODIFIER (top right)
inline constexpr TextBox kNameBox{4, 11.8, 42, 6, 4.0, true};           ///< the card's name
inline constexpr TextBox kHeadlineBox{4, 34.8, 42, 4.4, 3.4, true};     ///< "+2 cherries", "Lasts 3 turns"
inline constexpr TextBox kFlavourBox{6, 20, 38, 12, 2.6, false};        ///< `flavour`, where the picture goes on a card without one
inline constexpr TextBox kRulesBox{4.5, 39.2, 41, 7.6, 2.3, false};     ///< the rules text
inline constexpr TextBox kBackTitleBox{5, 20, 40, 10, 7, true};         ///< "Cherries" on a back without picture

/// Where a face text (a manifest row of kind `face_text`, by its key) goes on a front without a
/// picture, or nullptr for a key the front does not show. The painter draws and the print lint
/// checks what this names, so a new face text is its row and a line here.
inline const TextBox* face_text_box(std::string_view key) {
    if (key == "flavour") return &kFlavourBox;
    return nullptr;
}

}  // namespace cherries::host
