#include "host/base/utf8.hpp"

#include <utf8cpp/utf8.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdint>

namespace cherries::host {

namespace {

// One grapheme cluster at the start of `text`: its length in bytes and its columns.
struct Cluster {
    std::size_t bytes = 0;
    std::size_t columns = 0;
};

// The code point of the valid sequence at the start of `text` (utf8_sequence said it is one).
std::uint32_t decode(std::string_view text) {
    const char* it = text.data();
    return utf8::unchecked::next(it);
}

std::size_t columns_of(std::uint32_t cp) {
    const int w = utf8proc_charwidth(static_cast<utf8proc_int32_t>(cp));
    return w > 0 ? static_cast<std::size_t>(w) : 0;
}

// The cluster at the start of non-empty `text` (utf8proc's extended grapheme cluster rules);
// an invalid byte is a cluster of its own, one column wide.
Cluster next_cluster(std::string_view text) {
    std::size_t n = utf8_sequence(text);
    if (n == 0) return {1, 1};
    std::uint32_t cp = decode(text);
    Cluster cluster{n, columns_of(cp)};
    utf8proc_int32_t state = 0;
    while (cluster.bytes < text.size()) {
        const std::string_view rest = text.substr(cluster.bytes);
        n = utf8_sequence(rest);
        if (n == 0) break;
        const std::uint32_t next = decode(rest);
        if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(cp), static_cast<utf8proc_int32_t>(next),
                                             &state))
            break;
        // U+FE0F asks for emoji presentation: two columns.
        cluster.columns = std::max(cluster.columns, next == 0xFE0F ? std::size_t{2} : columns_of(next));
        cluster.bytes += n;
        cp = next;
    }
    return cluster;
}

// The length of the SGR escape sequence ("\x1b[...m") at the start of `text`, or 0.
std::size_t escape_sequence(std::string_view text) {
    if (text.empty() || text[0] != '\x1b') return 0;
    const std::size_t end = text.find('m');
    return end == std::string_view::npos ? text.size() : end + 1;
}

}  // namespace

bool valid_utf8(std::string_view text) { return utf8::is_valid(text.begin(), text.end()); }

std::string to_valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (auto at = text.begin(); at != text.end();) {
        const auto bad = utf8::find_invalid(at, text.end());
        out.append(at, bad);
        if (bad == text.end()) break;
        out += "\xEF\xBF\xBD";  // one per bad byte
        at = bad + 1;
    }
    return out;
}

std::string_view cut_utf8(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    std::size_t end = 0;
    while (end < text.size()) {
        const Cluster c = next_cluster(text.substr(end));
        if (end + c.bytes > max_bytes) break;
        end += c.bytes;
    }
    return text.substr(0, end);
}

std::size_t display_width(std::string_view text) {
    std::size_t columns = 0;
    for (std::size_t at = 0; at < text.size();) {
        if (const std::size_t esc = escape_sequence(text.substr(at))) {
            at += esc;
            continue;
        }
        const Cluster c = next_cluster(text.substr(at));
        columns += c.columns;
        at += c.bytes;
    }
    return columns;
}

std::string_view cut_to_width(std::string_view text, std::size_t columns) {
    std::size_t end = 0;
    std::size_t used = 0;
    while (end < text.size()) {
        const Cluster c = next_cluster(text.substr(end));
        if (used + c.columns > columns) break;
        used += c.columns;
        end += c.bytes;
    }
    return text.substr(0, end);
}

std::string pad_to_width(std::string_view text, std::size_t columns) {
    std::string out(text);
    const std::size_t used = display_width(text);
    if (used < columns) out.append(columns - used, ' ');
    return out;
}

std::string bidi_isolate(std::string_view text) {
    if (!valid_utf8(text)) return std::string(text);
    auto it = text.begin();
    while (it != text.end()) {
        const auto cp = static_cast<utf8proc_int32_t>(utf8::unchecked::next(it));
        const utf8proc_property_t* p = utf8proc_get_property(cp);
        if (p->bidi_class == UTF8PROC_BIDI_CLASS_R || p->bidi_class == UTF8PROC_BIDI_CLASS_AL)
            return "\u2068" + std::string(text) + "\u2069";
    }
    return std::string(text);
}

}  // namespace cherries::host
