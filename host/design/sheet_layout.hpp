// Where print-and-play cards go on a sheet (GDD §3.3.2.1.2.1: a card is 5 cm x 5 cm): pure
// geometry in millimetres, kept apart from drawing so it can be tested on its own.
#pragma once

#include <string>
#include <vector>

namespace cherries::host {

/// Side of a card, in millimetres (GDD §3.3.2.1.2.1).
inline constexpr double kCardMm = 50.0;
/// Millimetres in a PostScript point's inch: 1 pt = 25.4 / 72 mm.
inline constexpr double kPointsPerMm = 72.0 / 25.4;

/// A paper size in millimetres.
struct Paper {
    std::string name;  ///< "a4" or "letter"
    double width = 0;
    double height = 0;
};

/// "a4" (210 x 297 mm) or "letter" (215.9 x 279.4 mm). Throws InputError for anything else.
Paper paper_named(const std::string& name);

/// The top-left corner of one card's cut line on a page, in mm from the page's top-left.
struct Slot {
    double x = 0;
    double y = 0;
};

/// The grid of cards on a page: `columns` x `rows` cards, each `kCardMm` square plus `bleed`
/// mm of picture on every side, centred on the page with at least `margin` mm left for the
/// printer and the cut marks.
struct SheetLayout {
    Paper paper;
    double bleed = 0;   ///< mm of picture past the cut line on every side
    double margin = 0;  ///< mm kept free at every paper edge
    int columns = 0;
    int rows = 0;
    double origin_x = 0;  ///< cut line of the top-left card, mm
    double origin_y = 0;

    int per_page() const { return columns * rows; }
    /// Distance between the cut lines of neighbouring cards: kCardMm + 2 * bleed.
    double pitch() const { return kCardMm + 2 * bleed; }
    /// Where the front of the card at `index` on its page (row-major) goes.
    Slot front(int index) const;
    /// Where its back goes: the same row, the column mirrored, so that the back lies behind its
    /// front when the sheet is printed on both sides and flipped along its long edge.
    Slot back(int index) const;
};

/// Lays out 5 cm cards on `paper` with `bleed` mm (0 .. 5) around each. Throws InputError when
/// the bleed is out of range.
SheetLayout lay_out_sheet(const Paper& paper, double bleed);

}  // namespace cherries::host
