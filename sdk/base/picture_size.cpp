#include "sdk/base/picture_size.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string_view>

namespace cherries::sdk {

namespace {

// How much of an SVG is read to find its root element: the prolog (XML declaration, comments,
// a doctype) comes first, and a longer one is refused rather than read on.
constexpr std::size_t kSvgHeadBytes = 64 * 1024;

std::string size_words(double width, double height) {
    char text[96];
    std::snprintf(text, sizeof text, "is %.0f × %.0f pixels; expected at most %.0f × %.0f", width, height, kMaxPicturePixels,
                  kMaxPicturePixels);
    return text;
}

std::uint32_t big_endian(const unsigned char* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
}

// A PNG: the 8-byte signature, then the IHDR chunk (length 13, "IHDR", width, height).
std::string png_problem(std::string_view head) {
    static constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (head.size() < 8 || std::memcmp(head.data(), kSignature, 8) != 0) return "is not a PNG file (no PNG signature)";
    const auto* p = reinterpret_cast<const unsigned char*>(head.data());
    if (head.size() < 24 || big_endian(p + 8) != 13 || head.substr(12, 4) != "IHDR")
        return "is not a PNG file a reader can use (no IHDR chunk after the signature)";
    const double width = big_endian(p + 16), height = big_endian(p + 20);
    if (width == 0 || height == 0) return "is a PNG file of no pixels (width or height 0)";
    if (width > kMaxPicturePixels || height > kMaxPicturePixels) return size_words(width, height);
    return "";
}

// The value of attribute `name` in the start tag `tag` ("<svg a='1' b=\"2\">"), if present.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
    std::size_t i = 4;  // past "<svg"
    while (i < tag.size()) {
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        const std::size_t start = i;
        while (i < tag.size() && tag[i] != '=' && tag[i] != '>' && !std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        const std::string_view key = tag.substr(start, i - start);
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        if (i >= tag.size() || tag[i] != '=') {
            if (i < tag.size() && tag[i] != '>') continue;
            return std::nullopt;
        }
        ++i;
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        if (i >= tag.size() || (tag[i] != '"' && tag[i] != '\'')) return std::nullopt;
        const char quote = tag[i++];
        const std::size_t end = tag.find(quote, i);
        if (end == std::string_view::npos) return std::nullopt;
        if (key == name) return std::string(tag.substr(i, end - i));
        i = end + 1;
    }
    return std::nullopt;
}

// A length attribute in CSS pixels: "300", "300px", "2in", "50mm"; nullopt for a relative one
// ("100%", "10em") or none, which then takes its size from the viewBox; NaN when malformed.
std::optional<double> length_pixels(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    const char* begin = text->c_str();
    char* end = nullptr;
    errno = 0;
    const double number = std::strtod(begin, &end);
    if (end == begin) return std::nan("");
    std::string unit(end);
    unit.erase(std::remove_if(unit.begin(), unit.end(), [](unsigned char c) { return std::isspace(c); }), unit.end());
    if (unit.empty() || unit == "px") return number;
    if (unit == "in") return number * 96;
    if (unit == "cm") return number * 96 / 2.54;
    if (unit == "mm") return number * 96 / 25.4;
    if (unit == "pt") return number * 96 / 72;
    if (unit == "pc") return number * 16;
    if (unit == "%" || unit == "em" || unit == "ex") return std::nullopt;
    return std::nan("");
}

// An SVG: its root element's width and height (absolute lengths), else its viewBox's.
std::string svg_problem(std::string_view head) {
    if (head.find("<!ENTITY") != std::string_view::npos || head.find("<!ATTLIST") != std::string_view::npos)
        return "declares XML entities or attribute defaults; expected none (an entity may expand to any size, a default "
               "may set the size the root element does not show)";
    std::size_t i = 0;
    for (;;) {  // skip the prolog: the XML declaration, processing instructions, comments, a doctype
        i = head.find('<', i);
        if (i == std::string_view::npos) break;
        if (head.substr(i, 4) == "<!--") {
            const std::size_t end = head.find("-->", i + 4);
            if (end == std::string_view::npos) break;
            i = end + 3;
        } else if (head.substr(i, 2) == "<?" || head.substr(i, 2) == "<!") {
            const std::size_t end = head.find('>', i + 2);
            if (end == std::string_view::npos) break;
            i = end + 1;
        } else {
            break;
        }
    }
    const bool root = i != std::string_view::npos && head.substr(i, 4) == "<svg" && i + 4 < head.size() &&
                      (std::isspace(static_cast<unsigned char>(head[i + 4])) || head[i + 4] == '>' || head[i + 4] == '/');
    if (!root) return "has no <svg> root element in its first 64 KB; expected an SVG file";
    const std::size_t close = head.find('>', i);
    if (close == std::string_view::npos) return "has an <svg> start tag that does not end in its first 64 KB";
    const std::string_view tag = head.substr(i, close - i + 1);
    std::optional<double> width = length_pixels(attribute(tag, "width"));
    std::optional<double> height = length_pixels(attribute(tag, "height"));
    if ((width && std::isnan(*width)) || (height && std::isnan(*height)))
        return "has a width or height that is not a length (like \"300\", \"300px\" or \"50mm\")";
    if (!width || !height) {
        if (const auto box = attribute(tag, "viewBox")) {
            double x = 0, y = 0, w = 0, h = 0;
            std::string numbers = *box;
            std::replace(numbers.begin(), numbers.end(), ',', ' ');
            if (std::sscanf(numbers.c_str(), "%lf %lf %lf %lf", &x, &y, &w, &h) != 4 || !(w > 0) || !(h > 0))
                return "has a viewBox that is not four numbers with a positive width and height";
            if (!width) width = w;
            if (!height) height = h;
        }
    }
    if ((width && !(*width >= 0)) || (height && !(*height >= 0))) return "has a negative width or height";
    if ((width && *width > kMaxPicturePixels) || (height && *height > kMaxPicturePixels))
        return size_words(width.value_or(0), height.value_or(0));
    return "";
}

}  // namespace

std::string picture_problem(const std::filesystem::path& file) {
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(file, ec);
    if (ec) return "cannot be read: " + ec.message();
    if (bytes > kMaxPictureBytes)
        return "is " + std::to_string(bytes) + " bytes; expected at most " + std::to_string(kMaxPictureBytes);
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::string("cannot be read: ") + std::strerror(errno);
    std::string head(kSvgHeadBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".png" ? png_problem(head) : svg_problem(head);
}

}  // namespace cherries::sdk
