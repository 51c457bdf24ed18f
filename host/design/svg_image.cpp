// An SVG document rendered to PNG or PDF with librsvg onto cairo (the reference graph's images),
// built into libcherries-design.so.
#include <cairo-pdf.h>
#include <cairo.h>
#include <fmt/core.h>
#include <librsvg/rsvg.h>

#include <stdexcept>

#include "host/base/input_error.hpp"
#include "host/design/drawing_library.hpp"

namespace cherries::host {

void draw_svg_image(const std::string& svg, double width, double height, double scale,
                    const std::filesystem::path& file) {
    const bool png = file.extension() == ".png";
    GError* error = nullptr;
    RsvgHandle* handle = rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error);
    if (!handle) {
        const std::string why = error ? error->message : "unknown error";
        if (error) g_error_free(error);
        throw std::runtime_error("SVG image: " + why);
    }
    cairo_surface_t* surface =
        png ? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, int(width * scale), int(height * scale))
            : cairo_pdf_surface_create(file.c_str(), width * scale, height * scale);
    cairo_t* cr = cairo_create(surface);
    const RsvgRectangle viewport{0, 0, width * scale, height * scale};
    const bool drawn = rsvg_handle_render_document(handle, cr, &viewport, &error);
    cairo_destroy(cr);
    g_object_unref(handle);
    if (error) g_error_free(error);
    cairo_status_t status = png ? cairo_surface_write_to_png(surface, file.c_str()) : CAIRO_STATUS_SUCCESS;
    cairo_surface_finish(surface);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (!drawn) throw std::runtime_error("SVG image: librsvg could not draw the SVG");
    if (status != CAIRO_STATUS_SUCCESS)
        throw InputError(fmt::format("cannot write '{}': {}", file.string(), cairo_status_to_string(status)));
}

}  // namespace cherries::host
