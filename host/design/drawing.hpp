// The drawing half of host/design: cards, card sheets and images drawn with cairo, pango and
// librsvg live in a shared object of their own, libcherries-design.so, which only the commands
// that draw load (docs/architecture.md, "Link layout"): `cherries check`, `sim` and the rest
// start without the 40-odd libraries of the graphics stack.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "host/design/card_face.hpp"
#include "host/design/card_sheet.hpp"
#include "host/design/sheet_layout.hpp"
#include "host/design/text_fit.hpp"

namespace cherries::host {

/// What libcherries-design.so offers: one table of functions, so the executable looks up one
/// symbol (kDesignDrawingSymbol) and nothing else. Every function throws InputError naming the
/// file when a picture cannot be read or a file cannot be written.
struct DesignDrawing {
    /// kDesignDrawingVersion of the library: a table of another shape is refused.
    int version = 0;
    /// write_cards_pdf's work (card_sheet.hpp).
    SheetSummary (*cards_pdf)(const std::vector<CardFront>& fronts, const CardBack& back, const SheetLayout& layout,
                              const std::filesystem::path& file) = nullptr;
    /// write_card_pngs's work (card_sheet.hpp).
    std::vector<std::filesystem::path> (*card_pngs)(const std::vector<CardFront>& fronts, const CardBack& back,
                                                    const std::filesystem::path& dir) = nullptr;
    /// One card as a standalone SVG document, 50 x 50 mm (GDD §3.3.2.1.2.1), no bleed: `front`,
    /// or the back when `front` is null. For the web's card faces.
    std::string (*card_svg)(const CardFront* front, const CardBack& back) = nullptr;
    /// Renders the SVG document `svg` (width x height user units) with librsvg into `file`: a
    /// PNG of (width x height) * scale pixels when its extension is .png, else a PDF of
    /// width x height points.
    void (*svg_image)(const std::string& svg, double width, double height, double scale,
                      const std::filesystem::path& file) = nullptr;
    /// How `text` prints in `box` of a card front, measured with pango as the painter draws it
    /// (fit_text in text_fit.hpp is the estimate `check` uses without the library).
    TextFit (*text_fit)(const std::string& text, const TextBox& box) = nullptr;
};

/// The table's shape; raise it when DesignDrawing changes.
inline constexpr int kDesignDrawingVersion = 2;
/// The library's one entry point: `extern "C" const DesignDrawing* cherries_design_drawing_v1()`.
inline constexpr const char* kDesignDrawingSymbol = "cherries_design_drawing_v1";
/// The library's file name.
inline constexpr const char* kDesignLibraryFile = "libcherries-design.so";

/// The drawing functions. The first call finds them: in the process already when the program
/// links the `cherries_design` target (the tests, a server), else in libcherries-design.so beside
/// the executable (the build tree) or where `cmake --install` put it relative to the executable
/// (lib/cherries/). Thread-safe. Throws InputError saying where it looked when the library is
/// missing or is not the one this program was built with.
const DesignDrawing& design_drawing();

}  // namespace cherries::host
