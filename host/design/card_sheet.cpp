// The print-and-play writers behind card_sheet.hpp, built into libcherries-design.so (cairo).
#include "host/design/drawing_library.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <system_error>

#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

void check(cairo_status_t status, const std::filesystem::path& file) {
    if (status != CAIRO_STATUS_SUCCESS)
        throw InputError(fmt::format("cannot write '{}': {}", file.string(), cairo_status_to_string(status)));
}

// Cut marks: short hairlines in the margin, in line with every cut line of the grid.
void cut_marks(cairo_t* cr, const SheetLayout& s) {
    std::set<long> xs, ys;  // in µm, so that shared cut lines (no bleed) are drawn once
    for (int c = 0; c < s.columns; ++c)
        for (double x : {s.origin_x + c * s.pitch(), s.origin_x + c * s.pitch() + kCardMm})
            xs.insert(std::lround(x * 1000));
    for (int r = 0; r < s.rows; ++r)
        for (double y : {s.origin_y + r * s.pitch(), s.origin_y + r * s.pitch() + kCardMm})
            ys.insert(std::lround(y * 1000));
    const double top = s.origin_y - s.bleed, bottom = s.origin_y - s.bleed + s.rows * s.pitch();
    const double left = s.origin_x - s.bleed, right = s.origin_x - s.bleed + s.columns * s.pitch();
    const double gap = 1.0, length = std::max(1.0, std::min(5.0, top - gap - 1.0));
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.15);
    for (long xm : xs) {
        const double x = xm / 1000.0;
        cairo_move_to(cr, x, top - gap);
        cairo_line_to(cr, x, top - gap - length);
        cairo_move_to(cr, x, bottom + gap);
        cairo_line_to(cr, x, bottom + gap + length);
    }
    for (long ym : ys) {
        const double y = ym / 1000.0;
        cairo_move_to(cr, left - gap, y);
        cairo_line_to(cr, left - gap - length, y);
        cairo_move_to(cr, right + gap, y);
        cairo_line_to(cr, right + gap + length, y);
    }
    cairo_stroke(cr);
}

}  // namespace

SheetSummary draw_cards_pdf(const std::vector<CardFront>& fronts, const CardBack& back, const SheetLayout& layout,
                             const std::filesystem::path& file) {
    std::vector<const CardFront*> copies;
    for (const CardFront& f : fronts)
        for (int i = 0; i < f.count; ++i) copies.push_back(&f);
    cairo_surface_t* surface =
        cairo_pdf_surface_create(file.c_str(), layout.paper.width * kPointsPerMm, layout.paper.height * kPointsPerMm);
    cairo_t* cr = cairo_create(surface);
    CardPainter painter;
    SheetSummary summary;
    try {
        check(cairo_surface_status(surface), file);
        cairo_scale(cr, kPointsPerMm, kPointsPerMm);  // 1 unit = 1 mm from here on
        for (std::size_t first = 0; first < copies.size(); first += layout.per_page()) {
            const std::size_t on_page = std::min<std::size_t>(layout.per_page(), copies.size() - first);
            for (bool backs : {false, true}) {
                cut_marks(cr, layout);
                for (std::size_t i = 0; i < on_page; ++i) {
                    const Slot at = backs ? layout.back(static_cast<int>(i)) : layout.front(static_cast<int>(i));
                    cairo_save(cr);
                    cairo_translate(cr, at.x, at.y);
                    if (backs) painter.back(cr, back, layout.bleed);
                    else painter.front(cr, *copies[first + i], layout.bleed);
                    cairo_restore(cr);
                }
                cairo_show_page(cr);
            }
            ++summary.sheets;
        }
        summary.cards = static_cast<int>(copies.size());
        cairo_destroy(cr);
        cr = nullptr;
        cairo_surface_finish(surface);
        check(cairo_surface_status(surface), file);
    } catch (...) {
        if (cr) cairo_destroy(cr);
        cairo_surface_destroy(surface);
        std::error_code ignored;
        std::filesystem::remove(file, ignored);  // no half-drawn PDF left to print by mistake
        throw;
    }
    cairo_surface_destroy(surface);
    return summary;
}

std::vector<std::filesystem::path> draw_card_pngs(const std::vector<CardFront>& fronts, const CardBack& back,
                                                   const std::filesystem::path& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) throw InputError(fmt::format("--png: cannot create '{}': {}", dir.string(), error.message()));
    CardPainter painter;
    std::vector<std::filesystem::path> written;
    const auto write = [&](const std::filesystem::path& file, auto&& draw) {
        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, kCardPngPixels, kCardPngPixels);
        cairo_t* cr = cairo_create(surface);
        cairo_scale(cr, kCardPngPixels / kCardMm, kCardPngPixels / kCardMm);
        try {
            draw(cr);
        } catch (...) {
            cairo_destroy(cr);
            cairo_surface_destroy(surface);
            throw;
        }
        cairo_destroy(cr);
        const cairo_status_t status = cairo_surface_write_to_png(surface, file.c_str());
        cairo_surface_destroy(surface);
        check(status, file);
        written.push_back(file);
    };
    for (const CardFront& f : fronts)
        write(dir / (f.set_id + "-" + f.card_id + ".png"), [&](cairo_t* cr) { painter.front(cr, f, 0); });
    write(dir / "back.png", [&](cairo_t* cr) { painter.back(cr, back, 0); });
    return written;
}

std::string draw_card_svg(const CardFront* front, const CardBack& back) {
    std::string svg;
    const auto append = [](void* closure, const unsigned char* data, unsigned int length) {
        static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
        return CAIRO_STATUS_SUCCESS;
    };
    cairo_surface_t* surface = cairo_svg_surface_create_for_stream(append, &svg, kCardMm, kCardMm);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t* cr = cairo_create(surface);
    CardPainter painter;
    try {
        if (front) painter.front(cr, *front, 0);
        else painter.back(cr, back, 0);
    } catch (...) {
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        throw;
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS)
        throw InputError(fmt::format("cannot draw the card as SVG: {}", cairo_status_to_string(status)));
    return svg;
}

}  // namespace cherries::host
