// Numbers every part of the balance report shares: the z of its 95% intervals and the rounding
// of the figures it writes (so that a report is the same text on every machine).
#pragma once

#include <cmath>

namespace cherries::host {

/// z of a two-sided 95% normal interval: mean ± kZ × standard error.
inline constexpr double kZ = 1.959964;

/// `x` rounded to 6 decimal places, as the report's JSON holds its figures.
inline double rounded(double x) { return std::round(x * 1e6) / 1e6; }

}  // namespace cherries::host
