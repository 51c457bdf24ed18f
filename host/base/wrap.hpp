// Lines fitted to a width: a long line broken at spaces, counted in display columns.
#pragma once

#include <cstddef>
#include <string>

namespace cherries::host {

/// `text` (one line; colour codes and UTF-8 allowed) broken at spaces into lines of at most
/// `width` columns (display_width),
/// the later ones indented by `indent` spaces (at most width / 2); spacing within a line is
/// kept as written; a word longer than a line is cut. Each line ends
/// with '\n'. `width` 0: `text` and '\n' unchanged.
std::string wrap_line(const std::string& text, std::size_t width, std::size_t indent = 4);

}  // namespace cherries::host
