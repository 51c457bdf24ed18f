// `cherries new set|gametype NAME`: scaffolding for plugin authors.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cherries::host {

/// Writes a new plugin folder `dir`/`id` for `kind` ("set" or "gametype"): a commented
/// manifest and its Lua file (host/cli/new_templates.hpp) that load at once. Returns the files
/// written. Throws UsageError, with nothing written, when `kind` is unknown, `id` is not a valid
/// plugin id (lowercase letters, digits and '-', starting with a letter or digit) or the folder
/// already exists.
std::vector<std::filesystem::path> create_plugin(const std::string& kind, const std::string& id,
                                                 const std::filesystem::path& dir);

/// The display name `new` gives a plugin id: words split at '-', each capitalised ("my-set" ->
/// "My Set").
std::string display_name(const std::string& id);

}  // namespace cherries::host
