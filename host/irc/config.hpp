// CherryBot's configuration file (TOML, docs/irc.md "Configuration"): the server, who the bot is,
// its channels, the game defaults and flood control. Read whole, every problem reported at once
// with file:line:column, like a plugin manifest (sdk/plugins/manifest.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "host/irc/client.hpp"
#include "host/session/hosted_table_options.hpp"
#include "sdk/base/diagnostic.hpp"

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

/// Where a value was read: 1-based line and column in BotConfig::file.
struct ConfigPlace {
    int line = 0;
    int column = 0;
};

/// Everything a config file says (ClientOptions carries the protocol part).
struct BotConfig {
    std::filesystem::path file;                      ///< where it was read from ("" for flags only)
    /// Where check_bot_config's subjects were read: "bot.nick", "bot.fallback_nicks.N",
    /// "bot.channels.N", "bot.database", "bot.plugin_path.N", "game.gametype", "game.sets.N"
    /// (N from 0). A value given by a flag instead has none (forget()).
    std::map<std::string, ConfigPlace> places;
    ServerOptions server;
    ClientOptions client;  ///< its game options are a host::HostedTableOptions, with the block's defaults
    std::vector<std::filesystem::path> plugin_path;  ///< searched first for sets and gametypes
    bool flood_off = false;                          ///< [flood] off = true: no rate limit (bench, own server)

    /// Drops the places of `key` and of its elements ("bot.channels" drops "bot.channels.0"...):
    /// a flag replaced what the file said.
    void forget(const std::string& key);
};

/// Reads `file`. Secrets named by `*_env` keys are taken from the environment now. Relative
/// paths (database, plugin_path) are relative to the file's folder. Throws sdk::LoadError with
/// every problem found (unknown keys with a "did you mean", wrong types, bad ranges, a missing
/// environment variable), each "file:line:col: error: ...".
BotConfig read_bot_config(const std::filesystem::path& file);

/// The same from TOML text; `shown` is the file name used in diagnostics and `folder` the one
/// relative paths are resolved against.
BotConfig parse_bot_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder);

/// read_bot_config without throwing: every problem is appended to `problems` and the config
/// holds what could be read (the rest default). nullopt only when the file cannot be read or
/// is not TOML at all (one problem then).
std::optional<BotConfig> read_bot_config(const std::filesystem::path& file, std::vector<sdk::Diagnostic>& problems);
/// parse_bot_config the same way.
std::optional<BotConfig> parse_bot_config(const std::string& text, const std::string& shown,
                                          const std::filesystem::path& folder, std::vector<sdk::Diagnostic>& problems);

/// Problems a config has beyond its syntax that only a complete config shows, each at its
/// place in the file when it came from there: no server, nick or channel; a nick or fallback
/// nick or channel name against RFC 2812's grammar (text.hpp valid_nick, valid_channel_name);
/// a channel listed twice; a gametype or set not on the plugin search path (with a "did you
/// mean"); a plugin_path folder that does not exist; a database whose folder is missing or not
/// writable, or a file there that is not a SQLite database or cannot be written. Empty when it
/// can run. Reads nothing but the plugin search path and the database file's first 16 bytes.
std::vector<sdk::Diagnostic> check_bot_config(const BotConfig& config);

/// A few lines saying what the bot will do (for --check-config), secrets left out; the bots
/// `!bot` can seat (built-in kinds, then the bot plugins on the plugin search path) among them.
std::string describe_bot_config(const BotConfig& config);

}  // namespace cherries::irc
