#include "host/base/log_line.hpp"

#include <fmt/chrono.h>
#include <fmt/core.h>

#include <chrono>
#include <cstdio>

#include "host/base/printable.hpp"

namespace cherries::host {

void log_line(std::string_view program, std::string_view text) {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    fmt::print(stderr, "{:%Y-%m-%dT%H:%M:%SZ} cherries {}: {}\n", now, program, printable(text));
    std::fflush(stderr);
}

}  // namespace cherries::host
