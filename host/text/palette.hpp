// ANSI styles for a terminal: colour only on a terminal and never with NO_COLOR.
#pragma once

#include <string>
#include <string_view>

namespace cherries::host {

/// ANSI styles, or nothing when colour is off.
class Palette {
public:
    explicit Palette(bool color = false) : color_(color) {}
    bool color() const { return color_; }

    std::string bold(std::string_view s) const { return wrap("1", s); }
    std::string dim(std::string_view s) const { return wrap("2", s); }
    std::string red(std::string_view s) const { return wrap("31", s); }
    std::string green(std::string_view s) const { return wrap("32", s); }
    std::string yellow(std::string_view s) const { return wrap("33", s); }
    std::string cyan(std::string_view s) const { return wrap("36", s); }
    std::string reverse(std::string_view s) const { return wrap("7", s); }

private:
    std::string wrap(std::string_view code, std::string_view s) const;
    bool color_;
};

/// Colour for standard output: only when it is a terminal (isatty) and NO_COLOR is unset.
Palette stdout_palette();

}  // namespace cherries::host
