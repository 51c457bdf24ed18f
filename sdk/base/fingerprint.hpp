// Content fingerprints of plugins: what a record names so that a replay can tell whether the
// plugin installed now is byte for byte the one the game was played with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cherries::sdk {

/// One file of a plugin as it is fingerprinted: its name relative to the plugin folder
/// ("set.toml", "set.lua") and its bytes.
struct PluginFile {
    std::string name;
    std::string bytes;
};

/// SHA-256 (libmd) over the plugin's files in the order given (manifest first, then its Lua
/// file), each framed as `name NUL size NUL bytes` so that no two different file lists hash
/// alike. Returns 64 lowercase hex digits.
std::string fingerprint(const std::vector<PluginFile>& files);

/// SHA-256 of `bytes` as 64 lowercase hex digits (libmd): the fair deal's commitment
/// (host/records/deal.hpp) hashes with it.
std::string sha256_hex(std::string_view bytes);

/// The first 12 hex digits of a fingerprint, for listings; records keep all 64.
inline std::string_view short_fingerprint(std::string_view fingerprint) { return fingerprint.substr(0, 12); }

}  // namespace cherries::sdk
