// The report as one self-contained HTML page: inline CSS and SVG, no script, no network.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// The page for `report` (report_json). Draws the charts with gnuplot (gnuplot_svgs): throws
/// InputError when gnuplot cannot be run.
std::string report_html(const nlohmann::json& report);

/// The command that plays the report of `setup` again ("cherries report --set A --set B
/// --gametype G --games N --players P --bots B --seed S", and any option off its default).
std::string reproduce_command(const nlohmann::json& setup);

/// `text` with &, <, > and " escaped for HTML.
std::string html_escape(const std::string& text);

}  // namespace cherries::host
