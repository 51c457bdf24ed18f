// The length of valid UTF-8 text in Unicode code points, as JSON Schema's minLength and maxLength
// count it: the manifest reader's length bounds and the print lint's "it has N" use the same count.
#pragma once

#include <cstddef>
#include <string_view>

namespace cherries::sdk {

/// Code points in `text`, which must be valid UTF-8 (TOML text is; the count of invalid text is
/// its bytes that do not continue a sequence): each byte but a continuation byte starts one.
inline std::size_t code_points(std::string_view text) {
    std::size_t n = 0;
    for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

}  // namespace cherries::sdk
