// The one way a number option is read (--seed, --games, --players, --jobs, --max-turns, --to,
// --game): the whole text is a decimal integer within [min, max], else CLI11 refuses it before
// it is converted (a cast would wrap "-1", clamp "18446744073709551616" and read "" as 0):
// "--games: expected an integer from 1 to 18446744073709551615, saw '-1'".
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "host/base/printable.hpp"

namespace cherries::host {

/// "an integer from 1 to 256"; "an integer >= 1" when `max` is the type's own limit.
template <class T>
std::string integer_range(T min, T max) {
    if (max == std::numeric_limits<T>::max() && min > std::numeric_limits<T>::min())
        return "an integer >= " + std::to_string(min);
    return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
}

/// A CLI11 validator for integers of type T within [min, max].
template <class T>
CLI::Validator integer_in(T min, T max) {
    static_assert(std::is_integral_v<T>);
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
            Wide value{};
            const char* end = text.data() + text.size();
            const auto [stop, error] = std::from_chars(text.data(), end, value);
            if (text.empty() || error != std::errc() || stop != end || value < Wide(min) || value > Wide(max))
                return "expected " + integer_range(min, max) + ", saw '" + excerpt(text) + "'";
            return {};
        },
        "INT in [" + std::to_string(min) + " - " + std::to_string(max) + "]");
}

/// Adds `--name` reading an integer within [min, max] into `value`.
template <class T>
CLI::Option* add_integer_option(CLI::App& app, const std::string& name, T& value, T min, T max,
                                const std::string& description) {
    return app.add_option(name, value, description)->check(integer_in<T>(min, max));
}

}  // namespace cherries::host
