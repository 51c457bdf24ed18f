// Inside libcherries-design.so only (drawing.hpp): the functions its table points at. The
// executable never calls these by name; it goes through design_drawing().
#pragma once

#include "host/design/drawing.hpp"

namespace cherries::host {

SheetSummary draw_cards_pdf(const std::vector<CardFront>& fronts, const CardBack& back, const SheetLayout& layout,
                            const std::filesystem::path& file);
std::vector<std::filesystem::path> draw_card_pngs(const std::vector<CardFront>& fronts, const CardBack& back,
                                                  const std::filesystem::path& dir);
std::string draw_card_svg(const CardFront* front, const CardBack& back);
/// The printer's fit of `text` in `box`, measured with pango as CardPainter draws it.
TextFit measure_text_fit(const std::string& text, const TextBox& box);
void draw_svg_image(const std::string& svg, double width, double height, double scale,
                    const std::filesystem::path& file);

}  // namespace cherries::host

/// The library's entry point (kDesignDrawingSymbol): its table, kDesignDrawingVersion.
extern "C" const cherries::host::DesignDrawing* cherries_design_drawing_v1();
