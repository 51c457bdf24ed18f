// `cherries irc`: CherryBot, hosting games in IRC channels (docs/irc.md). The config file
// (--config) says everything; the common keys can also be given, or overridden, by flags.
#include <CLI/CLI.hpp>
#include <fmt/chrono.h>
#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "host/cli/commands.hpp"
#include "host/store/game_store.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/base/log_line.hpp"
#include "host/irc/config.hpp"
#include "host/irc/connection.hpp"

namespace cherries::host {

namespace {

struct IrcOptions {
    std::string config;
    bool check = false;
    std::string check_file;  // `--check-config FILE` (same as --config FILE --check-config)
    std::string server;      // HOST or HOST:PORT
    bool tls = false;
    std::string nick;
    std::vector<std::string> channels;
    std::string database;
    std::vector<std::filesystem::path> plugin_path;
};

// "host", "host:6697", "[::1]:6667" -> host and port (0 when not given).
std::pair<std::string, unsigned> split_server(const std::string& text) {
    std::string host = text;
    std::string port;
    if (!text.empty() && text[0] == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos) throw InputError("--server '" + text + "': expected [IPv6]:PORT");
        host = text.substr(1, close - 1);
        if (close + 1 < text.size() && text[close + 1] == ':') port = text.substr(close + 2);
    } else if (const auto colon = text.rfind(':'); colon != std::string::npos && text.find(':') == colon) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    }
    unsigned value = 0;
    if (!port.empty()) {
        try {
            std::size_t used = 0;
            value = static_cast<unsigned>(std::stoul(port, &used));
            if (used != port.size() || value == 0 || value > 65535) throw std::out_of_range(port);
        } catch (const std::exception&) {
            throw InputError("--server '" + text + "': expected a port from 1 to 65535 after ':'");
        }
    }
    if (host.empty()) throw InputError("--server '" + text + "': expected HOST or HOST:PORT");
    return {host, value};
}

// The config file with the flags over it. Every problem at once, the file's and those of the
// whole config (irc::check_bot_config), in one sdk::LoadError.
irc::BotConfig build_config(const IrcOptions& o) {
    const std::string file = !o.check_file.empty() ? o.check_file : o.config;
    std::vector<sdk::Diagnostic> problems;
    irc::BotConfig c;
    if (!file.empty()) {
        std::optional<irc::BotConfig> read = irc::read_bot_config(file, problems);
        if (!read) throw sdk::LoadError(problems);  // not readable, or not TOML: nothing more to say
        c = std::move(*read);
    }
    if (!o.server.empty()) {
        const auto [host, port] = split_server(o.server);
        c.server.host = host;
        c.forget("server.host");
        if (port) c.server.port = static_cast<std::uint16_t>(port);
        else if (o.tls) c.server.port = 6697;
    }
    if (o.tls) c.server.tls = true;
    if (!o.nick.empty()) {
        c.client.nick = o.nick;
        c.forget("bot.nick");
    }
    if (!o.channels.empty()) {
        c.client.channels = o.channels;
        c.forget("bot.channels");
    }
    if (!o.database.empty()) {
        c.client.database = o.database;
        c.forget("bot.database");
    }
    if (!o.plugin_path.empty()) {
        for (const auto& p : o.plugin_path) c.plugin_path.insert(c.plugin_path.begin(), p);
        c.forget("bot.plugin_path");  // the file's entries moved along
    }
    for (auto& d : irc::check_bot_config(c)) problems.push_back(std::move(d));
    if (!problems.empty()) throw sdk::LoadError(problems);
    return c;
}

void log_line(const std::string& text) { host::log_line("irc", text); }

int run_irc(const IrcOptions& o) {
    irc::BotConfig config = build_config(o);
    if (o.check) {
        std::cout << (config.file.empty() ? std::string("flags") : config.file.string()) << ": ok\n"
                  << irc::describe_bot_config(config);
        return 0;
    }
    try {
        return irc::run_bot(config, log_line);
    } catch (const host::StoreError& e) {  // the database named by `database` cannot be used
        throw InputError(e.what());
    }
}

}  // namespace

void add_irc_command(CLI::App& app, Command& run) {
    auto o = std::make_shared<IrcOptions>();
    CLI::App* cmd = app.add_subcommand("irc", "Run CherryBot: host games in IRC channels (docs/irc.md)");
    cmd->add_option("--config", o->config, "The bot's TOML config file (docs/irc.md lists every key)");
    cmd->add_option("--check-config", o->check_file,
                    "Check the config (this FILE, or the --config one), print what the bot would do, exit 0 or 1")
        ->expected(0, 1);
    cmd->add_option("--server", o->server, "The IRC server, HOST or HOST:PORT (default port 6667, 6697 with --tls)");
    cmd->add_flag("--tls", o->tls, "Connect with TLS, checking the server's certificate");
    cmd->add_option("--nick", o->nick, "The bot's nick (default CherryBot)");
    cmd->add_option("--channel", o->channels, "A channel to join and host games in (repeatable)");
    cmd->add_option("--database", o->database, "The store of games and statistics: a SQLite file, or a postgresql:// URL (docs/cluster.md)");
    cmd->add_option("--plugin-path", o->plugin_path, "A folder searched first for sets and gametypes (repeatable)");
    cmd->footer(
        "Config keys (docs/irc.md describes each):\n"
        "  [server]   host port tls tls_verify password password_env reconnect_delay reconnect_max ping_timeout\n"
        "  [bot]      nick fallback_nicks user realname channels database plugin_path rejoin_delay rejoin_max\n"
        "             database_busy_timeout\n"
        "  [sasl]     account password password_env        [nickserv] account password password_env\n"
        "  [game]     gametype sets turn_timeout turn_warning pause_limit max_timeouts max_players bot_takes_over colours\n"
        "             compact notice_replies top_min_games\n"
        "  [flood]    burst per_second off player_burst player_per_second\n"
        "SIGTERM or SIGINT: QUIT, then exit 0. A lost server is reconnected with backoff.");
    add_irc_store_commands(*cmd, run);
    cmd->callback([o, cmd, &run] {
        if (cmd->get_subcommands().size() > 0) return;  // `cherries irc list|export`
        o->check = cmd->count("--check-config") > 0;
        if (o->config.empty() && o->check_file.empty() && o->server.empty())
            throw CLI::ValidationError("--config", "expected --config FILE (or at least --server and --channel)");
        run = [o] {
            if (!o->check) return run_irc(*o);
            try {
                return run_irc(*o);
            } catch (const sdk::LoadError& e) {
                for (const auto& d : e.diagnostics())
                    fmt::print(stderr, "{}{}\n", d.file.empty() ? "cherries: " : "", printable(d.to_string()));
                return 1;  // --check-config: 1 for a config with problems, as documented
            }
        };
    });
}

}  // namespace cherries::host
