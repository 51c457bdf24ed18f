#include "host/base/printable.hpp"

#include "host/base/utf8.hpp"

#include <algorithm>
#include <cstdio>

namespace cherries::host {

namespace {

// A control character: C0, DEL, or C1 (U+0080..U+009F, UTF-8 C2 80..C2 9F; 9B is a CSI).
bool control(std::string_view s, std::size_t n) {
    const auto b = static_cast<unsigned char>(s[0]);
    if (n == 1) return b < 0x20 || b == 0x7f;
    return n == 2 && b == 0xc2 && static_cast<unsigned char>(s[1]) < 0xa0;
}

void escape(std::string& out, std::string_view bytes) {
    for (const char c : bytes) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(c));
        out += hex;
    }
}

}  // namespace

std::string name_problem(std::string_view name) {
    if (name.empty()) return "expected a name";
    if (!valid_utf8(name)) return "a name is UTF-8 text, saw bytes that are not UTF-8";
    for (std::size_t i = 0; i < name.size();) {
        const std::size_t n = utf8_sequence(name.substr(i));
        if (control(name.substr(i), n)) return "a name is printable text, saw a control character";
        if (n == 1 && name[i] == ' ') return "a name is one word, saw whitespace";
        i += n;
    }
    return {};
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = utf8_sequence(text.substr(i));
        if (n == 0 || control(text.substr(i), n)) {
            n = std::max<std::size_t>(n, 1);
            escape(out, text.substr(i, n));
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string excerpt(std::string_view text, std::size_t max) {
    if (text.size() <= max) return printable(text);
    return printable(cut_utf8(text, max)) + "...";  // between characters, never inside one
}

}  // namespace cherries::host
