#include "host/design/sheet_layout.hpp"

#include <cmath>
#include <fmt/core.h>

#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {
constexpr double kMarginMm = 8.0;  // printers leave ~5 mm; the rest holds the cut marks
}

Paper paper_named(const std::string& name) {
    if (name == "a4") return {"a4", 210.0, 297.0};
    if (name == "letter") return {"letter", 215.9, 279.4};
    throw InputError(fmt::format("--paper: expected a4 or letter, saw '{}'", name));
}

Slot SheetLayout::front(int index) const {
    const int column = index % columns, row = index / columns;
    return {origin_x + column * pitch(), origin_y + row * pitch()};
}

Slot SheetLayout::back(int index) const {
    const Slot f = front(index);
    return {paper.width - f.x - kCardMm, f.y};
}

SheetLayout lay_out_sheet(const Paper& paper, double bleed) {
    if (!(bleed >= 0.0 && bleed <= 5.0))
        throw InputError(fmt::format("--bleed: expected millimetres from 0 to 5, saw {}", bleed));
    SheetLayout s;
    s.paper = paper;
    s.bleed = bleed;
    s.margin = kMarginMm;
    s.columns = static_cast<int>(std::floor((paper.width - 2 * kMarginMm) / s.pitch()));
    s.rows = static_cast<int>(std::floor((paper.height - 2 * kMarginMm) / s.pitch()));
    // The grid, bleed included, centred; the cut line of a card sits `bleed` inside its slot.
    s.origin_x = (paper.width - s.columns * s.pitch()) / 2 + bleed;
    s.origin_y = (paper.height - s.rows * s.pitch()) / 2 + bleed;
    return s;
}

}  // namespace cherries::host
