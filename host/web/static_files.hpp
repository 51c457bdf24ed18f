// The page's files (docs/web.md, `/static/PATH`): only regular files under the web root, found
// by a path that cannot leave it (no "..", no symbolic link out of it), each with its type.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cherries::web {

/// The web root: `configured` when given, else the source tree's web/ when this program runs
/// from its build tree (/proc/self/exe under CHERRIES_BUILD_DIR), else PREFIX/share/cherries/web.
std::filesystem::path default_web_root(const std::filesystem::path& configured = {});

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
