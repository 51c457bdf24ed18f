// CherryBot's configuration file (TOML, docs/irc.md "Configuration"): the server, who the bot is,
// its channels, the game defaults and flood control. Read whole, every problem reported at once
// with file:line:column, like a plugin manifest (sdk/manifest.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "host/irc/client.hpp"
#include "sdk/diagnostic.hpp"

namespace cherries::irc {

/// Where the bot connects and how it comes back after losing the server.
struct ServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 6667;
    bool tls = false;
    bool tls_verify = true;                          ///< check the certificate and the host name
    // Seconds in the file, fractions allowed (tests wait no longer than they must).
    std::chrono::milliseconds reconnect_delay{1000};    ///< first wait after a lost connection
    std::chrono::milliseconds reconnect_max{300'000};   ///< the doubling wait stops growing here
    std::chrono::milliseconds ping_timeout{120'000};    ///< silent this long: PING; twice this: reconnect
};

/// Everything a config file says (ClientOptions carries the protocol part).
struct BotConfig {
    std::filesystem::path file;                      ///< where it was read from ("" for flags only)
    ServerOptions server;
    ClientOptions client;
    std::vector<std::filesystem::path> plugin_path;  ///< searched first for sets and gametypes
    bool flood_off = false;                          ///< [flood] off = true: no rate limit (bench, own server)
};

/// Reads `file`. Secrets named by `*_env` keys are taken from the environment now. Relative
/// paths (database, plugin_path) are relative to the file's folder. Throws sdk::LoadError with
/// every problem found (unknown keys with a "did you mean", wrong types, bad ranges, a missing
/// environment variable), each "file:line:col: error: ...".
BotConfig read_bot_config(const std::filesystem::path& file);

/// The same from TOML text; `shown` is the file name used in diagnostics and `folder` the one
/// relative paths are resolved against.
BotConfig parse_bot_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder);

/// Problems a config has beyond its syntax that only a complete config shows (no channel, no
/// nick, a gametype or set not on the plugin search path). Empty when it can run.
std::vector<sdk::Diagnostic> check_bot_config(const BotConfig& config);

/// A few lines saying what the bot will do (for --check-config), secrets left out; the bots
/// `!bot` can seat (built-in kinds, then the bot plugins on the plugin search path) among them.
std::string describe_bot_config(const BotConfig& config);

}  // namespace cherries::irc
