// Charts for the report, drawn by gnuplot's SVG terminal (a subprocess): no charting code here.
#pragma once

#include <string>
#include <vector>

namespace cherries::host {

/// One chart: gnuplot commands that plot (data inline as `$name << EOD` blocks) and its size in pixels.
struct GnuplotChart {
    std::string script;
    int width = 640;
    int height = 360;
};

/// Draws `charts` with one run of `gnuplot` (found on PATH) and returns each as an inline <svg>
/// element (the XML prolog removed). When that run fails, each chart is drawn alone and one
/// gnuplot refuses (degenerate data) becomes a box saying it was not drawn, so the page is still
/// written. Throws InputError, with gnuplot's error output, only when no chart can be drawn
/// (gnuplot missing or broken).
std::vector<std::string> gnuplot_svgs(const std::vector<GnuplotChart>& charts);

/// `text` as a gnuplot single-quoted string ('it''s').
std::string gnuplot_quote(const std::string& text);

}  // namespace cherries::host
