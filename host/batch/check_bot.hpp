// `cherries check` for bot plugins: the manifest, the Lua code, and probe games in which the
// bot must decide every time without a fault.
#pragma once

#include <filesystem>
#include <vector>

#include "sdk/base/diagnostic.hpp"

namespace cherries::host {

/// Bot plugin folders in `paths`: a folder holding bot.toml, or such folders up to two levels
/// below (e.g. '.', 'bots'), each once, in order.
std::vector<std::filesystem::path> find_bot_folders(const std::vector<std::filesystem::path>& paths);

/// True when `path` holds bot plugins (find_bot_folders) and no set.toml or gametype.toml within
/// two levels: a path for check_bot alone.
bool holds_only_bots(const std::filesystem::path& path);

/// Every problem of the bot plugin in `folder`: load errors (file:line: message), then, if it
/// loads, two probe games with the Standard Set and the official gametype (the bot against three
/// greedy bots): each decision that faults (error, budget, not a player's name) is an error
/// naming bot.lua, reported once per distinct message.
std::vector<sdk::Diagnostic> check_bot(const std::filesystem::path& folder);

}  // namespace cherries::host
