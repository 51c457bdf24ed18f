#include "sdk/base/printable_text.hpp"

#include <utf8.h>

#include <algorithm>
#include <cstdio>

namespace cherries::sdk {

std::size_t utf8_sequence(std::string_view text) {
    if (text.empty()) return 0;
    const auto lead = static_cast<unsigned char>(text[0]);
    const std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || n > text.size()) return 0;
    const std::string_view seq = text.substr(0, n);
    return utf8::is_valid(seq.begin(), seq.end()) ? n : 0;
}

bool starts_with_control(std::string_view text) {
    if (text.empty()) return false;
    const auto b = static_cast<unsigned char>(text[0]);
    if (b < 0x20 || b == 0x7f) return true;
    return b == 0xc2 && text.size() > 1 && static_cast<unsigned char>(text[1]) >= 0x80 && static_cast<unsigned char>(text[1]) < 0xa0;
}

std::string control_name(unsigned char byte) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", byte);
    return hex;
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = utf8_sequence(text.substr(i));
        if (n == 0 || starts_with_control(text.substr(i))) {
            n = std::max<std::size_t>(n, 1);
            for (const char c : text.substr(i, n)) out += control_name(static_cast<unsigned char>(c));
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string excerpt(std::string_view text, std::size_t max) {
    if (text.size() <= max) return printable(text);
    std::size_t end = 0;  // the end of the last whole character (or bad byte) within `max`
    while (end < max) {
        const std::size_t n = std::max<std::size_t>(utf8_sequence(text.substr(end)), 1);
        if (end + n > max) break;
        end += n;
    }
    return printable(text.substr(0, end)) + "...";
}

}  // namespace cherries::sdk
