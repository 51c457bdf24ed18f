#include "host/batch/sim_stats.hpp"

#include <algorithm>
#include <cmath>

namespace cherries::host {

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials) {
    constexpr double z = 1.959963984540054;  // two-sided 95%
    if (trials == 0) return {0, 1};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double denominator = 1 + z2 / n;
    const double center = (p + z2 / (2 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
    return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

TurnStats turn_stats(std::vector<std::uint32_t> turns) {
    TurnStats stats;
    if (turns.empty()) return stats;
    for (auto t : turns) stats.total += t;
    std::sort(turns.begin(), turns.end());
    const std::size_t n = turns.size();
    stats.mean = static_cast<double>(stats.total) / static_cast<double>(n);
    stats.median = n % 2 ? turns[n / 2] : (static_cast<double>(turns[n / 2 - 1]) + turns[n / 2]) / 2;
    stats.max = turns.back();
    return stats;
}

}  // namespace cherries::host
