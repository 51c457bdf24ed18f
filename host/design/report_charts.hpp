// The report's charts as gnuplot scripts, from the report JSON (report_json).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/design/gnuplot.hpp"

namespace cherries::host {

/// The gametype's reference graph (GDD §3.3.1.3): the score change per cherry count as bars, the
/// winning score as a line, small.
GnuplotChart reference_chart(const nlohmann::json& report);
/// Game length: the share of games per turn count, one line per player count, for bot `bot`.
GnuplotChart length_chart(const nlohmann::json& report, const std::string& bot);
/// Win share by seat with 95% intervals, one series per player count, fair shares dashed, for `bot`.
GnuplotChart wins_chart(const nlohmann::json& report, const std::string& bot);
/// Mean ± one standard deviation over the turns of `field` ("cherries" or "score") for `bot`.
GnuplotChart over_turns_chart(const nlohmann::json& report, const std::string& bot, const std::string& field);

/// Each card's handling effect on its receiver (points, 95% interval) against its copies in the
/// deck, under the strongest bot, one colour per player count: the cards in question (`flagged`,
/// "set:card" ids) drawn large and named, every other card small and grey. Empty script when no
/// card has an effect to draw.
GnuplotChart effect_count_chart(const nlohmann::json& report, const std::vector<std::string>& flagged);

}  // namespace cherries::host
