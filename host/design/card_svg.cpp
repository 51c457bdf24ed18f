#include "host/design/card_svg.hpp"

#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <stdexcept>

#include "host/design/card_face.hpp"
#include "host/design/reference_graph.hpp"
#include "host/design/sheet_layout.hpp"
#include "host/text/card_text.hpp"
#include "sdk/manifest.hpp"

namespace cherries::host {

namespace {

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::map<std::string, std::string> card_faces_svg(const sdk::Bundle& bundle, const std::string& set_id) {
    const auto& plugins = bundle.plugins();
    const auto plugin = std::find_if(plugins.begin(), plugins.end(),
                                     [&](const sdk::PluginInfo& p) { return p.kind == "set" && p.id == set_id; });
    if (plugin == plugins.end()) throw std::invalid_argument("the bundle has no set '" + set_id + "'");
    std::vector<sdk::Diagnostic> problems;
    const sdk::SetManifest set = sdk::read_set_manifest(plugin->folder, problems);
    if (std::any_of(problems.begin(), problems.end(),
                    [](const sdk::Diagnostic& d) { return d.severity == sdk::Diagnostic::Severity::error; }))
        throw sdk::LoadError(problems);
    const CardText words(bundle);
    CardPainter painter;
    std::map<std::string, std::string> out;
    for (const CardFront& front : card_fronts(set, &words)) {
        std::string svg;
        cairo_surface_t* surface = cairo_svg_surface_create_for_stream(append, &svg, kCardMm * kPointsPerMm, kCardMm * kPointsPerMm);
        cairo_t* cr = cairo_create(surface);
        cairo_scale(cr, kPointsPerMm, kPointsPerMm);
        try {
            painter.front(cr, front, 0);
        } catch (...) {
            cairo_destroy(cr);
            cairo_surface_destroy(surface);
            throw;
        }
        cairo_destroy(cr);
        cairo_surface_finish(surface);  // writes the document's end
        const cairo_status_t status = cairo_surface_status(surface);
        cairo_surface_destroy(surface);
        if (status != CAIRO_STATUS_SUCCESS)
            throw std::runtime_error("card '" + front.card_id + "': " + cairo_status_to_string(status));
        out[front.card_id] = std::move(svg);
    }
    return out;
}

std::string gametype_graph_svg(const sdk::Bundle& bundle) {
    auto runtime = bundle.make_runtime();
    return reference_graph_svg(tabulate_reference_graph(bundle.gametype(), *runtime));
}

}  // namespace cherries::host
