#include "host/base/printable.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace cherries::host {

namespace {

// The length of the UTF-8 sequence at the start of `s` (1 to 4), or 0 if it is not one.
std::size_t sequence(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b = byte(0);
    if (b < 0x80) return 1;
    std::size_t n = 0;
    std::uint32_t code = 0;
    if (b >= 0xc2 && b <= 0xdf) n = 2, code = b & 0x1f;
    else if (b >= 0xe0 && b <= 0xef) n = 3, code = b & 0x0f;
    else if (b >= 0xf0 && b <= 0xf4) n = 4, code = b & 0x07;
    else return 0;  // a continuation byte, an overlong lead (C0, C1) or past U+10FFFF (F5..FF)
    if (s.size() < n) return 0;
    for (std::size_t i = 1; i < n; ++i) {
        if ((byte(i) & 0xc0) != 0x80) return 0;
        code = (code << 6) | (byte(i) & 0x3f);
    }
    if ((n == 3 && code < 0x800) || (n == 4 && (code < 0x10000 || code > 0x10ffff))) return 0;  // overlong, too big
    if (code >= 0xd800 && code <= 0xdfff) return 0;                                            // a surrogate
    return n;
}

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

bool valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequence(text.substr(i));
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string name_problem(std::string_view name) {
    if (name.empty()) return "expected a name";
    if (!valid_utf8(name)) return "a name is UTF-8 text, saw bytes that are not UTF-8";
    for (std::size_t i = 0; i < name.size();) {
        const std::size_t n = sequence(name.substr(i));
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
        std::size_t n = sequence(text.substr(i));
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
    std::size_t cut = max;
    // Cut between characters, never inside one.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
    return printable(text.substr(0, cut)) + "...";
}

}  // namespace cherries::host
