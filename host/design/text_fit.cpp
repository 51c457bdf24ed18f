#include "host/design/text_fit.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace cherries::host {

namespace {

// Advance widths of the code points 32..126 in font units (2048 per em), read from the hmtx
// and cmap tables of Debian's fonts-dejavu-core DejaVuSans.ttf and DejaVuSans-Bold.ttf (2.37).
constexpr double kUnitsPerEm = 2048;
constexpr std::array<short, 95> kRegular{
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405,
    1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300,
    1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300,
    1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300, 1300, 842, 1067, 803, 1298,
    1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716};
constexpr std::array<short, 95> kBold{
    713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425,
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561,
    1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475,
    1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466,
    1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219, 979, 1458,
    1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716};
// A line's height: ascent 1901 + descent 483 units (hhea; no line gap), as pango lays out lines.
constexpr double kLineEm = (1901.0 + 483.0) / kUnitsPerEm;
constexpr double kOtherEm = 1303.0 / kUnitsPerEm;  // a digit's advance, for code points past ASCII

// One piece between break opportunities: its text with the space after it, if any.
struct Piece {
    double width = 0;        // without the trailing space
    double space = 0;        // the trailing space's width (not counted at a line's end)
    std::string_view text;
};

std::vector<Piece> pieces(std::string_view text, double size, bool bold) {
    std::vector<Piece> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const bool end = i == text.size();
        if (!end && text[i] != ' ' && text[i] != '-') continue;
        if (!end && text[i] == '-') {  // a break after a hyphen, the hyphen on the first line
            out.push_back({text_width(text.substr(start, i + 1 - start), size, bold), 0, text.substr(start, i + 1 - start)});
            start = i + 1;
            continue;
        }
        const std::string_view word = text.substr(start, i - start);
        if (!word.empty() || end) out.push_back({text_width(word, size, bold), end ? 0 : text_width(" ", size, bold), word});
        else if (!out.empty()) out.back().space += text_width(" ", size, bold);
        start = i + 1;
    }
    return out;
}

}  // namespace

double text_width(std::string_view text, double size, bool bold) {
    const auto& table = bold ? kBold : kRegular;
    double em = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 32 && c < 127) em += table[c - 32] / kUnitsPerEm;
        else if (c >= 0xC0) em += kOtherEm;  // the lead byte of a UTF-8 sequence: one code point
    }
    return em * size;
}

TextFit fit_text(std::string_view text, const TextBox& box) {
    TextFit fit;
    if (text.empty()) return fit;
    for (double s = box.size;; s *= kShrinkStep) {
        fit = TextFit{};
        fit.size = s;
        // Greedy filling, as pango's word wrapping: a piece goes on the line if it fits, else
        // starts the next; a piece wider than a whole line is broken between letters.
        double line = 0, pending_space = 0;
        fit.lines = 1;
        for (const Piece& p : pieces(text, s, box.bold)) {
            if (line > 0 && line + pending_space + p.width > box.w) {
                fit.width = std::max(fit.width, line);
                ++fit.lines;
                line = 0;
            }
            double width = line > 0 ? line + pending_space + p.width : p.width;
            if (width > box.w) {  // the word alone is too wide: letters spill onto further lines
                fit.broken = true;
                double w = line > 0 ? line + pending_space : 0;
                for (char c : p.text) {
                    const double cw = text_width(std::string_view(&c, 1), s, box.bold);
                    if (w > 0 && w + cw > box.w) {
                        fit.width = std::max(fit.width, w);
                        ++fit.lines;
                        w = 0;
                    }
                    w += cw;
                }
                width = w;
            }
            line = width;
            pending_space = p.space;
        }
        fit.width = std::max(fit.width, line);
        fit.height = fit.lines * kLineEm * s;
        fit.fits = fit.height <= box.h && fit.width <= box.w;
        if (fit.fits || s < box.size * kSmallestShare) break;
    }
    return fit;
}

}  // namespace cherries::host
