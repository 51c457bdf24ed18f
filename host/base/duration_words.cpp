#include "host/base/duration_words.hpp"

#include <fmt/core.h>

namespace cherries::host {

std::string duration_words(std::chrono::milliseconds duration) {
    const double seconds = static_cast<double>(duration.count()) / 1000.0;
    if (seconds >= 48 * 3600) return fmt::format("{:.3g} days", seconds / 86400);
    if (seconds >= 2 * 3600) return fmt::format("{:.3g} h", seconds / 3600);
    return fmt::format("{:g} s", seconds);
}

}  // namespace cherries::host
