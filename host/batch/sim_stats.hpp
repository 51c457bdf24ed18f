// Small statistics for simulation summaries.
#pragma once

#include <cstdint>
#include <vector>

namespace cherries::host {

/// A confidence interval [low, high] for a proportion.
struct Interval {
    double low = 0;
    double high = 0;
};

/// 95% Wilson score interval for `successes` out of `trials` (trials >= 1).
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials);

/// Summary of a sample of turn counts.
struct TurnStats {
    std::uint64_t total = 0;
    double mean = 0;
    double median = 0;  ///< mean of the two middle values for an even count
    std::uint32_t max = 0;
};

/// Mean, median, max and total of `turns` (0s for an empty sample). Sorts a copy.
TurnStats turn_stats(std::vector<std::uint32_t> turns);

}  // namespace cherries::host
