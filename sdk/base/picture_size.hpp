// A card picture's size, read from its header before anything decodes it: a PNG's IHDR, an SVG's
// root element (width, height, viewBox). A picture is decoded whole into memory (a 6000 × 6000
// PNG of 103 KB is 144 MB of pixels, a 32767² one 4 GiB) and drawn by `serve` while every table
// waits, so a manifest that names a picture past these limits is an error at its line in
// `cherries check` and at load, and the card painter checks again before it decodes.
// Standard C++ only: libcherries-design.so compiles this file too (docs/architecture.md, "Link
// layout").
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace cherries::sdk {

/// Widest and tallest picture, in pixels: a PNG's, or an SVG's size in CSS pixels (96 to the
/// inch). A card's picture box is 20 mm across, about 240 pixels at 300 dpi.
inline constexpr double kMaxPicturePixels = 2048;
/// Largest picture file, in bytes.
inline constexpr std::size_t kMaxPictureBytes = 1u << 20;

/// What is wrong with the picture `file` (.png or .svg, by its extension) before decoding it,
/// or "" when it is within the limits: "is 2000000 bytes; expected at most 1048576", "is 6000 ×
/// 6000 pixels; expected at most 2048 × 2048", "is not a PNG file (no PNG signature)", "has no
/// <svg> root element", "declares XML entities or attribute defaults; expected none ...", "cannot be read: ...". An SVG without width, height and viewBox takes the size of the
/// box it is drawn in, and passes.
std::string picture_problem(const std::filesystem::path& file);

}  // namespace cherries::sdk
