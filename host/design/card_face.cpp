// The painting half of card_face.hpp (CardPainter): built into libcherries-design.so, the one
// part of the program that links cairo, pango and librsvg (docs/architecture.md, "Link layout").
#include "host/design/card_face.hpp"

#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/core.h>
#include <stdexcept>

#include "host/base/input_error.hpp"
#include "sdk/base/picture_size.hpp"
#include "host/design/card_layout.hpp"
#include "host/design/drawing_library.hpp"

namespace cherries::host {

namespace {

constexpr const char* kFont = "DejaVu Sans";

struct Rgb {
    double r = 0, g = 0, b = 0;
};

// "#rrggbb" (validated by the manifest reader) to cairo's 0..1 channels.
Rgb rgb(const std::string& hex) {
    if (hex.size() != 7 || hex[0] != '#') return {};
    const unsigned long v = std::stoul(hex.substr(1), nullptr, 16);
    return {((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0};
}

void set_colour(cairo_t* cr, const Rgb& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

void rounded_rect(cairo_t* cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

enum class Align { left, centre, right };

// A pango layout of `text` fitted to `box` (card_layout.hpp) as the printer fits it: wrapped at
// words (a word wider than the box at characters), the font shrunk from box.size by kShrinkStep
// until it fits, stopping below kSmallestShare of it. `size` gets the font size (mm) it ended
// at. The caller unrefs the layout. text_fit.hpp estimates the same for `check` without pango.
PangoLayout* fitted_layout(cairo_t* cr, const std::string& text, const TextBox& box, Align align, double& size) {
    PangoLayout* layout = pango_cairo_create_layout(cr);
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), options);
    // Units are millimetres: glyph positions rounded to whole units would scatter the letters.
    pango_context_set_round_glyph_positions(pango_layout_get_context(layout), FALSE);
    cairo_font_options_destroy(options);
    pango_layout_context_changed(layout);
    pango_layout_set_text(layout, text.c_str(), -1);
    pango_layout_set_width(layout, static_cast<int>(box.w * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(layout, align == Align::left    ? PANGO_ALIGN_LEFT
                                       : align == Align::right ? PANGO_ALIGN_RIGHT
                                                               : PANGO_ALIGN_CENTER);
    PangoFontDescription* font = pango_font_description_from_string(kFont);
    pango_font_description_set_weight(font, box.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    PangoRectangle ink, logical;
    for (double s = box.size;; s *= kShrinkStep) {
        pango_font_description_set_absolute_size(font, s * PANGO_SCALE);
        pango_layout_set_font_description(layout, font);
        pango_layout_get_extents(layout, &ink, &logical);
        const bool fits = logical.height <= box.h * PANGO_SCALE && logical.width <= box.w * PANGO_SCALE;
        size = s;
        if (fits || s < box.size * kSmallestShare) break;
    }
    pango_font_description_free(font);
    return layout;
}

// Draws `text` inside `box`, fitted (fitted_layout) and vertically centred.
void text_box(cairo_t* cr, const std::string& text, const TextBox& box, const Rgb& colour, Align align = Align::centre) {
    if (text.empty()) return;
    double size = 0;
    PangoLayout* layout = fitted_layout(cr, text, box, align, size);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    set_colour(cr, colour);
    cairo_move_to(cr, box.x, box.y + (box.h - static_cast<double>(logical.height) / PANGO_SCALE) / 2);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

}  // namespace

TextFit measure_text_fit(const std::string& text, const TextBox& box) {
    TextFit fit;
    if (text.empty()) return fit;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t* cr = cairo_create(surface);
    PangoLayout* layout = fitted_layout(cr, text, box, Align::centre, fit.size);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    fit.lines = pango_layout_get_line_count(layout);
    fit.width = static_cast<double>(logical.width) / PANGO_SCALE;
    fit.height = static_cast<double>(logical.height) / PANGO_SCALE;
    fit.fits = logical.height <= box.h * PANGO_SCALE && logical.width <= box.w * PANGO_SCALE;
    // A line that does not start after a space or a hyphen starts inside a word.
    for (int i = 1; i < fit.lines; ++i) {
        const int start = pango_layout_get_line_readonly(layout, i)->start_index;
        if (start > 0 && text[start - 1] != ' ' && text[start - 1] != '-') fit.broken = true;
    }
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return fit;
}

struct CardPainter::Picture {
    RsvgHandle* svg = nullptr;
    cairo_surface_t* png = nullptr;
    ~Picture() {
        if (svg) g_object_unref(svg);
        if (png) cairo_surface_destroy(png);
    }
};

CardPainter::CardPainter() = default;
CardPainter::~CardPainter() = default;

const CardPainter::Picture& CardPainter::picture(const std::filesystem::path& file) {
    auto& slot = pictures_[file];
    if (slot) return *slot;
    // The header first: a picture past the limits is never decoded (a 6000 × 6000 PNG is 144 MB
    // of pixels). The manifest was checked at load; the file may have changed since.
    if (const std::string problem = sdk::picture_problem(file); !problem.empty())
        throw InputError(fmt::format("{}: cannot read the picture: it {}", file.string(), problem));
    auto p = std::make_unique<Picture>();
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == ".png") {
        p->png = cairo_image_surface_create_from_png(file.c_str());
        if (cairo_surface_status(p->png) != CAIRO_STATUS_SUCCESS)
            throw InputError(fmt::format("{}: cannot read the picture: {}", file.string(),
                                                 cairo_status_to_string(cairo_surface_status(p->png))));
    } else {
        GError* error = nullptr;
        p->svg = rsvg_handle_new_from_file(file.c_str(), &error);
        if (!p->svg) {
            const std::string why = error ? error->message : "unknown error";
            if (error) g_error_free(error);
            throw InputError(fmt::format("{}: cannot read the picture: {}", file.string(), why));
        }
    }
    slot = std::move(p);
    return *slot;
}

void CardPainter::draw_picture(cairo_t* cr, const std::filesystem::path& file, double x, double y, double w, double h) {
    const Picture& p = picture(file);
    cairo_save(cr);
    if (p.svg) {
        const RsvgRectangle viewport{x, y, w, h};
        GError* error = nullptr;
        if (!rsvg_handle_render_document(p.svg, cr, &viewport, &error)) {
            const std::string why = error ? error->message : "unknown error";
            if (error) g_error_free(error);
            cairo_restore(cr);
            throw InputError(fmt::format("{}: cannot draw the picture: {}", file.string(), why));
        }
    } else {
        const double pw = cairo_image_surface_get_width(p.png), ph = cairo_image_surface_get_height(p.png);
        const double scale = std::min(w / pw, h / ph);
        cairo_translate(cr, x + (w - pw * scale) / 2, y + (h - ph * scale) / 2);
        cairo_scale(cr, scale, scale);
        cairo_set_source_surface(cr, p.png, 0, 0);
        cairo_paint(cr);
    }
    cairo_restore(cr);
}

void CardPainter::front(cairo_t* cr, const CardFront& card, double bleed) {
    const Rgb colour = rgb(card.colour), white{1, 1, 1}, ink{0.13, 0.1, 0.1};
    cairo_save(cr);
    // Background, bleed included, then the frame and the band in the card's colour.
    cairo_rectangle(cr, -bleed, -bleed, kCardMm + 2 * bleed, kCardMm + 2 * bleed);
    cairo_set_source_rgb(cr, 1.0, 0.98, 0.94);
    cairo_fill(cr);
    rounded_rect(cr, 2.5, 2.5, kCardMm - 5, kCardMm - 5, 2.5);
    set_colour(cr, colour);
    cairo_set_line_width(cr, 0.7);
    cairo_stroke(cr);
    rounded_rect(cr, 2.5, 2.5, kCardMm - 5, 8.5, 2.5);
    cairo_rectangle(cr, 2.5, 6, kCardMm - 5, 5);
    cairo_fill(cr);
    // Set symbol (top left) in a white badge; type (top right); name below.
    cairo_arc(cr, 7.5, 6.75, 3.1, 0, 2 * M_PI);
    set_colour(cr, white);
    cairo_fill(cr);
    text_box(cr, card.symbol, kSymbolBox, rgb(card.set_colour));
    text_box(cr, card.type, kTypeBox, white, Align::right);
    text_box(cr, card.name, kNameBox, ink);
    // Picture in the middle; specifics at the bottom: the headline, then the rules text.
    if (!card.picture.empty()) draw_picture(cr, card.picture, 15, 18.2, 20, 16.6);
    else
        for (const auto& [key, text] : card.texts)
            if (const TextBox* box = face_text_box(key)) text_box(cr, text, *box, ink);
    text_box(cr, card.headline, kHeadlineBox, colour);
    text_box(cr, card.rules, kRulesBox, ink);
    cairo_restore(cr);
}

void CardPainter::back(cairo_t* cr, const CardBack& card, double bleed) {
    cairo_save(cr);
    cairo_rectangle(cr, -bleed, -bleed, kCardMm + 2 * bleed, kCardMm + 2 * bleed);
    set_colour(cr, rgb(card.colour));
    cairo_fill(cr);
    rounded_rect(cr, 3, 3, kCardMm - 6, kCardMm - 6, 3);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 0.6);
    cairo_stroke(cr);
    if (!card.picture.empty()) draw_picture(cr, card.picture, 6, 6, kCardMm - 12, kCardMm - 12);
    else text_box(cr, "Cherries", kBackTitleBox, {1, 1, 1});
    cairo_restore(cr);
}

}  // namespace cherries::host
