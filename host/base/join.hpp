// Joining what a list holds into one line: the projection `project` (a member pointer or a
// function) of each element, with `separator` between them. The same as
// fmt::join(items | std::views::transform(project), separator), which clang 14 (scripts/fuzz,
// Debian's clang) cannot compile against libstdc++ 12's ranges.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace cherries::host {

/// "a, b, c": fmt's `{}` of std::invoke(project, item) for each item of `items`, separated by `separator`.
template <class Range, class Projection>
std::string join_each(const Range& items, Projection project, std::string_view separator) {
    std::string out;
    bool first = true;
    for (const auto& item : items) {
        if (!first) out += separator;
        first = false;
        fmt::format_to(std::back_inserter(out), "{}", std::invoke(project, item));
    }
    return out;
}

}  // namespace cherries::host
