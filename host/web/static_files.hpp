// The page's files (docs/web.md, `/static/PATH`): only regular files under the web root, found
// by a path that cannot leave it (no "..", no symbolic link out of it), each with its type.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cherries::web {

/// The web root: `configured` when given, else the source tree's web/ when this program runs
/// from its build tree (/proc/self/exe under CHERRIES_BUILD_DIR), else the installed page beside
/// the program, `<the executable's folder>/../share/cherries/web` (PREFIX/share/cherries/web
/// wherever the package or `cmake --install` put it) when it is a folder, else the configured
/// CMAKE_INSTALL_PREFIX's.
std::filesystem::path default_web_root(const std::filesystem::path& configured = {});

/// The page's files that are missing (or empty) in `root`, relative to it and sorted: the pages the
/// server sends (index.html, table.html, replay.html, ranking.html, names.html) and every file they load, followed through
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

/// `bytes` compressed as gzip (RFC 1952) with Boost.Beast's deflate (header-only: no zlib to link).
std::string gzip(std::string_view bytes);

/// Whether a file's name says its bytes (a fingerprint in it: 64 hex digits, or a part of 8 to 64
/// hex digits between dots, "cherries.3f9a0c1d.css"): such a file may be cached for good.
bool fingerprinted(std::string_view name);

/// The answer to a GET of one of the page's files, for a browser that keeps what it fetched:
/// `status` 200 with `body`, or 304 with none when `if_none_match` (the request's If-None-Match)
/// names this representation's ETag (or is "*"). `headers`: ETag (a 64-bit FNV-1a of the bytes,
/// "-gz" added for the gzip form), Last-Modified (the file's time, HTTP date), Cache-Control
/// ("no-cache": the browser asks again each time and gets a 304 while the file is unchanged; for a
/// `fingerprinted` name "public, max-age=31536000, immutable"), Vary: Accept-Encoding, and
/// Content-Encoding: gzip when `accept_encoding` allows gzip and the gzip form is smaller. The gzip
/// forms are kept in memory by file, ETag and time, so a file is compressed once.
struct StaticAnswer {
    int status = 200;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};
StaticAnswer static_answer(const std::filesystem::path& file, const std::string& bytes, std::string_view if_none_match,
                           std::string_view accept_encoding, bool fingerprinted);

}  // namespace cherries::web
