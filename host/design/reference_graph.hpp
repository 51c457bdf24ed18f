// The reference graph of a gametype (GDD §3.3.1.3, Figures 3.1-3.3): cherry count brackets
// along the horizontal axis, the score change as bars above and below zero, and the winning
// score as one horizontal line across the whole width. Drawn as SVG text; PNG and PDF are
// that SVG rendered by librsvg onto cairo, in libcherries-design.so (drawing.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"

namespace cherries::host {

/// Largest --max-cherries: past it the brackets are too thin to read.
inline constexpr std::int64_t kMaxGraphCherries = 1000;

/// What a reference graph shows.
struct ReferenceGraph {
    std::string title;                  ///< the gametype's name and version, "Official 1.0.0"
    std::int64_t winning_score = 0;     ///< GDD §3.3.1.2
    std::vector<std::int64_t> changes;  ///< score change for cherry count = index (§3.3.1.1)
};

/// Tabulates `gametype` for cherry counts 0 .. `max_cherries`, or, without it, 0 .. the last
/// count with a non-zero change in the gametype's table plus two (at least 0 .. 3). Counts past
/// the table are asked of `evaluator` (a Lua distribution's tail). Throws InputError when
/// max_cherries is outside 0 .. kMaxGraphCherries or the distribution function fails.
ReferenceGraph tabulate_reference_graph(const Gametype& gametype, Evaluator& evaluator,
                                        std::optional<std::int64_t> max_cherries = std::nullopt);

/// The graph as a standalone SVG document, 720 x 420 user units. Bars are
/// `<rect class="bar positive|negative" data-cherries="N" data-change="C" .../>` (one per
/// non-zero change, height proportional to |C|), the winning score is
/// `<line class="winning-score" data-score="S" .../>` spanning the plot's whole width.
std::string reference_graph_svg(const ReferenceGraph& graph);

/// Writes the graph to `file` as SVG, PNG (1440 x 840 px) or PDF, chosen by its extension.
/// Throws InputError for another extension or when the file cannot be written.
void write_reference_graph(const ReferenceGraph& graph, const std::filesystem::path& file);

}  // namespace cherries::host
