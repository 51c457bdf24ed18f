// Reading print outputs back for tests: running poppler's tools, PGM and PNG headers.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cherries::test {

/// Standard output of a shell command ("" when it cannot run).
inline std::string command_output(const std::string& command) {
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
        pclose(pipe);
    }
    return out;
}

/// A greyscale image (pdftoppm -gray writes binary PGM, "P5").
struct GreyImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> pixels;  ///< row-major, 0 = black
    int at(int x, int y) const { return pixels[static_cast<std::size_t>(y) * width + x]; }
};

/// Reads a binary PGM; an empty image when it is not one.
inline GreyImage read_pgm(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string magic;
    int max = 0;
    GreyImage image;
    in >> magic >> image.width >> image.height >> max;
    in.get();
    if (magic != "P5" || max != 255 || image.width <= 0 || image.height <= 0) return {};
    image.pixels.resize(static_cast<std::size_t>(image.width) * image.height);
    in.read(reinterpret_cast<char*>(image.pixels.data()), static_cast<std::streamsize>(image.pixels.size()));
    return in ? image : GreyImage{};
}

/// Width and height from a PNG's IHDR chunk; {0, 0} when the file is not a PNG.
inline std::pair<int, int> png_size(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    unsigned char h[24] = {};
    in.read(reinterpret_cast<char*>(h), sizeof h);
    if (!in || h[1] != 'P' || h[2] != 'N' || h[3] != 'G') return {0, 0};
    const auto be32 = [&](int i) { return (h[i] << 24) | (h[i + 1] << 16) | (h[i + 2] << 8) | h[i + 3]; };
    return {be32(16), be32(20)};
}

/// How often `needle` occurs in `text`.
inline int occurrences(const std::string& text, const std::string& needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
    return n;
}

}  // namespace cherries::test
