// Reading a plugin's own files (manifest, Lua file) safely: the file must be a regular file
// inside the plugin folder (a link out of it is refused before anything is opened), no larger
// than a limit; a named pipe or device is never opened, and every refusal says what the path is.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace cherries::sdk {

/// True when something (a file, folder, pipe, dangling link...) is at `path`: a plugin folder
/// is recognised by its manifest's name, and reading it then says what is wrong with it.
bool path_present(const std::filesystem::path& path);

/// Reads `file` of plugin `folder` into `text`. On failure returns false and sets `problem` to
/// why, for a diagnostic about `file` ("is a directory; expected a file", "is a named pipe;
/// expected a regular file", "cannot be read: Permission denied", "links to a file outside the
/// plugin folder", "is 2000000 bytes; expected at most 1048576"). `what` names the file's role
/// in messages ("the manifest", "the Lua file"). An empty `folder` skips the link check.
bool read_plugin_file(const std::filesystem::path& file, const std::filesystem::path& folder, std::size_t max_bytes,
                      const std::string& what, std::string& text, std::string& problem);

/// True when `relative` resolves, links included, to a path inside `folder`.
bool inside_folder(const std::filesystem::path& folder, const std::filesystem::path& relative);

}  // namespace cherries::sdk
