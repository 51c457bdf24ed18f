#include "host/base/wrap.hpp"

#include <algorithm>

#include "host/base/utf8.hpp"

namespace cherries::host {

std::string wrap_line(const std::string& text, std::size_t width, std::size_t indent) {
    if (width == 0 || display_width(text) <= width) return text + '\n';
    indent = std::min(indent, width / 2);
    std::string out;
    std::string line;
    std::size_t at = 0;
    while (at < text.size() && text[at] == ' ') line += text[at++];  // the text's own indent
    bool fresh = true;                                                // no word on `line` yet
    auto flush = [&] {
        out += line + '\n';
        line = std::string(indent, ' ');
        fresh = true;
    };
    while (at < text.size()) {
        const std::size_t gap_start = at;
        while (at < text.size() && text[at] == ' ') ++at;
        if (at == text.size()) break;
        const std::string gap = text.substr(gap_start, at - gap_start);  // spacing kept as written
        std::size_t end = text.find(' ', at);
        if (end == std::string::npos) end = text.size();
        std::string word = text.substr(at, end - at);
        at = end;
        if (!fresh && display_width(line) + gap.size() + display_width(word) > width) flush();
        if (!fresh) line += gap;
        while (display_width(line) + display_width(word) > width && word.find('\x1b') == std::string::npos) {
            // a word longer than a line is cut between grapheme clusters; one with colour stays whole
            const std::size_t used = display_width(line);
            std::string_view piece = cut_to_width(word, width > used ? width - used : 0);
            // a line narrower than one character still takes one, so the loop ends
            if (piece.empty()) piece = std::string_view(word).substr(0, std::max<std::size_t>(utf8_sequence(word), 1));
            line += piece;
            word.erase(0, piece.size());
            flush();
            if (word.empty()) break;
        }
        line += word;
        fresh = false;
    }
    if (!fresh) out += line + '\n';
    return out;
}

}  // namespace cherries::host
