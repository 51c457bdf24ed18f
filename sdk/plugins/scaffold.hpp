// Scaffolding for plugin authors (`cherries new set|gametype|bot NAME`).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace cherries::sdk {

/// Why create_plugin wrote nothing: an unknown plugin type, an invalid id, a folder that exists or
/// cannot be made, a file that cannot be written. One line for the user.
class ScaffoldError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};


/// Writes a new plugin folder `dir`/`id` for the plugin type `type` ("set", "gametype" or "bot"): a commented
/// manifest and its Lua file (sdk/plugins/scaffold_templates.hpp) that load at once. Returns the files
/// written. Throws ScaffoldError, with nothing written, when `type` is unknown, `id` is not a valid
/// plugin id (lowercase letters, digits and '-', starting with a letter or digit) or the folder
/// already exists.
std::vector<std::filesystem::path> create_plugin(const std::string& type, const std::string& id,
                                                 const std::filesystem::path& dir);

/// The display name `new` gives a plugin id: words split at '-', each capitalised ("my-set" ->
/// "My Set").
std::string display_name(const std::string& id);

}  // namespace cherries::sdk
