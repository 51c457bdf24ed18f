// libcherries-design.so's entry point: the table of its drawing functions (drawing.hpp).
#include "host/design/drawing_library.hpp"

extern "C" __attribute__((visibility("default"))) const cherries::host::DesignDrawing* cherries_design_drawing_v1() {
    using namespace cherries::host;
    static const DesignDrawing table{kDesignDrawingVersion, draw_cards_pdf, draw_card_pngs, draw_card_svg,
                                     draw_svg_image, measure_text_fit};
    return &table;
}
