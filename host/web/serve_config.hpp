// The web server's configuration (`cherries serve --config serve.toml`, docs/web.md
// "Configuration"): where it listens, its database, the plugins tables may use and their
// defaults, the turn clock and the limits. Read whole like CherryBot's config (host/irc/config):
// every problem at once, file:line:column.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "host/session/hosted_table_options.hpp"
#include "host/web/client_address.hpp"
#include "sdk/base/diagnostic.hpp"

namespace cherries::web {

/// Everything serve.toml says; flags override it (host/cli/serve_command.cpp). [tables] holds
/// the hosted table options (turn_timeout, max_timeouts, max_players, bot_takes_over), the same
/// block as irc.toml's [game]: the base's fields, read by host::read_hosted_table_options.
struct ServeConfig : host::HostedTableOptions {
    std::filesystem::path file;                      ///< where it was read from ("" for flags only)
    std::string host = "127.0.0.1";                  ///< [server] listen: address to bind
    std::uint16_t port = 8080;                       ///< [server] listen: 0 picks a free port
    std::string database;                            ///< SQLite file or postgresql:// URL; "" keeps nothing
    /// [server] node (--node NAME): this process's name among several `cherries serve` sharing
    /// one database (docs/cluster.md, "Several nodes"): each table is played by the node that
    /// holds its lease. "": the only process, no leases.
    std::string node;
    /// [server] lease: how long a node's lease of a table lasts unless renewed (it is renewed
    /// every third of it); a table whose lease ran out is taken by the next node asked for it.
    std::chrono::milliseconds lease{10'000};
    std::vector<std::filesystem::path> plugin_path;  ///< searched first for sets, gametypes, bots
    std::filesystem::path web_root;                  ///< the page's files; "" = the default
    /// Origins (scheme://host[:port]) whose pages may open a table's WebSocket besides the
    /// server's own (the Host header's, http or https).
    std::vector<std::string> origins;
    std::size_t max_tables = 1000;                   ///< open tables at once
    /// [server] push_contact: the operator's "mailto:" or "https://" contact that every Web Push
    /// names (VAPID's "sub", RFC 8292); set (with a database) turns "your turn" pushes on.
    std::string push_contact;
    std::vector<std::string> sets;                   ///< sets tables may use; empty: every one found
    std::vector<std::string> gametypes;              ///< gametypes tables may use; empty: every one found
    std::vector<std::string> default_sets{"standard"};
    std::string default_gametype = "official";
    /// A finished game's table stays open this long (its page shows the end, its record is
    /// served from memory), then it is dropped; its record stays in the database.
    std::chrono::milliseconds close_finished_after{600'000};
    /// A table that has not started and has nobody connected is dropped after this long.
    std::chrono::milliseconds close_idle_after{300'000};
    /// [tables] bot_pace: while someone has the table's page open, a bot's turn is shown this
    /// long before the next turn starts (people can follow it); 0: bots play at once.
    std::chrono::milliseconds bot_pace{800};
    /// [limits]: what one client may hold, so that no one client can take the server.
    std::size_t sockets_per_address = 64;            ///< open connections (HTTP and WebSocket) from one IP address
    std::size_t tables_per_minute = 20;              ///< tables one IP address may open in any 60 s
    std::size_t replays_per_minute = 30;             ///< records one IP address may send to POST /api/replay in any 60 s
    std::size_t names_per_minute = 5;                ///< names one IP address may claim, or keys revoke, in any 60 s (POST /api/names ...)
    std::size_t tables_per_address = 10;             ///< open tables one IP address may have opened at once (its share of max_tables)
    /// Proxies whose X-Forwarded-For / Forwarded header names the client (addresses or ranges,
    /// "127.0.0.1", "10.0.0.0/8"); empty: every peer is the client. Every limit above counts a
    /// client by its address, an IPv6 client by its /64 (client_address.hpp).
    std::vector<AddressRange> trusted_proxies;
    std::chrono::milliseconds http_idle{30'000};     ///< an HTTP connection with no request for this long is closed
    std::chrono::milliseconds websocket_idle{300'000}; ///< a WebSocket silent this long (pings unanswered) is closed
    /// Where keys were read from the file ("server.database", "tables.default_sets" ...):
    /// {line, column}, so that check_serve_config points at them.
    std::map<std::string, std::pair<int, int>> where;
};

/// Why `name` cannot be a node's name (1 to 64 ASCII letters, digits, '.', '_', '-'), or "".
std::string node_name_problem(const std::string& name);

/// Splits "HOST:PORT", "[IPv6]:PORT" or "HOST" (port kept) into `config`. Throws
/// std::invalid_argument with "expected HOST:PORT with a port from 0 to 65535" and the text.
void set_listen(ServeConfig& config, const std::string& text);

/// Reads `file`; relative paths (database, plugin_path, web_root) are relative to its folder.
/// Throws sdk::LoadError with every problem, each "file:line:col: error: ...".
ServeConfig read_serve_config(const std::filesystem::path& file);

/// The same, but every problem goes to `problems` and the config holds what could be read:
/// for `serve --check-config`, which adds check_serve_config's problems and says all at once.
ServeConfig read_serve_config(const std::filesystem::path& file, std::vector<sdk::Diagnostic>& problems);

/// The same from TOML text; `shown` names it in diagnostics, `folder` resolves relative paths.
ServeConfig parse_serve_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder);

/// What only a complete config shows: a default set or gametype that is not allowed or not on
/// the plugin search path ("did you mean"), an allowed one that is not there, a web root that
/// is no folder, a database in a folder that does not exist. Each at the key's line when it
/// was read from the file. Empty when it can run.
std::vector<sdk::Diagnostic> check_serve_config(const ServeConfig& config);

}  // namespace cherries::web
