// Card faces and reference graphs as SVG text for screens (`cherries serve`, docs/web.md): the
// same drawing as `cherries cards` (libcherries-design.so, drawing.hpp) and `cherries graph`.
#pragma once

#include <map>
#include <string>

#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// Every card face of set `set_id` of `bundle`, by card id, each a standalone SVG document
/// 50 x 50 mm (the cut line; no bleed) drawn by the design library's card_svg with the set's
/// pictures and colours. Throws sdk::LoadError when the set's manifest no longer reads, InputError when a
/// picture cannot be read, std::invalid_argument when `bundle` has no set `set_id`.
std::map<std::string, std::string> card_faces_svg(const sdk::Bundle& bundle, const std::string& set_id);

/// The reference graph (GDD §3.3.1.3) of the bundle's gametype as SVG (reference_graph_svg).
std::string gametype_graph_svg(const sdk::Bundle& bundle);

}  // namespace cherries::host
