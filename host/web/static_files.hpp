// The page's files (docs/web.md, `/static/PATH`): only regular files under the web root, found
// by a path that cannot leave it (no "..", no symbolic link out of it), each with its type.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::web {

/// The web root: `configured` when given, else the source tree's web/ when this program runs
/// from its build tree (/proc/self/exe under CHERRIES_BUILD_DIR), else the installed page beside
/// the program, `<the executable's folder>/../share/cherries/web` (PREFIX/share/cherries/web
/// wherever the package or `cmake --install` put it) when it is a folder, else the configured
/// CMAKE_INSTALL_PREFIX's.
std::filesystem::path default_web_root(const std::filesystem::path& configured = {});

/// The page's files that are missing (or empty) in `root`, relative to it and sorted: the three pages the
/// server sends (index.html, table.html, replay.html) and every file they load, followed through
/// their `/static/PATH` links and the ES modules' `from './NAME.js'` imports. Empty when the root
/// is complete; {"(the folder itself)"} when `root` is no folder.
std::vector<std::string> missing_web_files(const std::filesystem::path& root);

/// The file `relative` (a URL path after /static/, percent-decoded) names under `root`, or
/// nullopt: an empty or absolute path, a ".." or "." part, a NUL or backslash, a file that is
/// not regular, or one whose canonical path (symbolic links resolved) is not under root's.
std::optional<std::filesystem::path> file_under(const std::filesystem::path& root, std::string_view relative);

/// The Content-Type for a file name by its extension ("text/html; charset=utf-8", ...);
/// "application/octet-stream" when unknown.
std::string content_type(const std::filesystem::path& file);

/// Percent-decodes a URL path; nullopt for a bad escape or an encoded NUL or '/'.
std::optional<std::string> url_decode(std::string_view text);

}  // namespace cherries::web
