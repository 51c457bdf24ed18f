#include "host/design/card_svg.hpp"

#include <algorithm>
#include <stdexcept>

#include "host/design/card_face.hpp"
#include "host/design/drawing.hpp"
#include "host/design/reference_graph.hpp"
#include "host/text/card_text.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::host {

std::map<std::string, std::string> card_faces_svg(const sdk::Bundle& bundle, const std::string& set_id) {
    const auto& plugins = bundle.plugins();
    const auto plugin = std::find_if(plugins.begin(), plugins.end(),
                                     [&](const sdk::PluginInfo& p) { return p.type == "set" && p.id == set_id; });
    if (plugin == plugins.end()) throw std::invalid_argument("the bundle has no set '" + set_id + "'");
    std::vector<sdk::Diagnostic> problems;
    const sdk::SetManifest set = sdk::read_set_manifest(plugin->folder, problems);
    if (std::any_of(problems.begin(), problems.end(),
                    [](const sdk::Diagnostic& d) { return d.severity == sdk::Diagnostic::Severity::error; }))
        throw sdk::LoadError(problems);
    const CardText words(bundle);
    // Drawn by libcherries-design.so (drawing.hpp), as `cherries cards` draws them.
    const DesignDrawing& drawing = design_drawing();
    const CardBack back = card_back(set);
    std::map<std::string, std::string> out;
    for (const CardFront& front : card_fronts(set, &words)) out[front.card_id] = drawing.card_svg(&front, back);
    return out;
}

std::string gametype_graph_svg(const sdk::Bundle& bundle) {
    auto runtime = bundle.make_runtime();
    return reference_graph_svg(tabulate_reference_graph(bundle.gametype(), *runtime));
}

}  // namespace cherries::host
