#include "host/irc/config.hpp"
#include "host/base/file_io.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>

#include "host/session/game_library.hpp"
#include "host/session/hosted_table_options.hpp"
#include "host/store/store_location.hpp"
#include "sdk/base/plugin_file.hpp"
#include "sdk/toml/config_reader.hpp"

namespace cherries::irc {

namespace {

using sdk::ConfigReader;
using sdk::TomlValue;

void text(ConfigReader& r, const TomlValue& t, std::string_view key, const std::string& context, std::string& into) {
    if (auto v = r.string(t, key, context)) into = std::move(*v);
}

void texts(ConfigReader& r, const TomlValue& t, std::string_view key, const std::string& context,
           std::vector<std::string>& into) {
    if (auto v = r.strings(t, key, context)) into = std::move(*v);
}

void boolean(ConfigReader& r, const TomlValue& t, std::string_view key, const std::string& context, bool& into) {
    if (auto v = r.boolean(t, key, context)) into = *v;
}

// A secret: `password = "..."` in the file, or `password_env = "NAME"` read from the
// environment (preferred: the file then holds no secret).
void secret(ConfigReader& r, const TomlValue& t, const std::string& context, std::string& into) {
    text(r, t, "password", context, into);
    std::string name;
    text(r, t, "password_env", context, name);
    if (name.empty()) return;
    if (t.get("password")) {
        r.error(*t.get("password_env"), context + "key 'password_env': expected either it or 'password', not both");
        return;
    }
    const char* value = std::getenv(name.c_str());
    if (!value || !*value) {
        r.error(*t.get("password_env"), context + "key 'password_env': the environment variable " + name +
                                            " is not set; expected it to hold the password");
        return;
    }
    into = value;
}

// Remembers where `key` of `t` (and each element, when it is an array) was read.
void place(BotConfig& c, const TomlValue& t, std::string_view key, const std::string& name) {
    const auto node = t.get(key);
    if (!node) return;
    c.places[name] = ConfigPlace{node->line(), node->column()};
    const auto elements = node->elements();
    for (std::size_t i = 0; i < elements.size(); ++i)
        c.places[name + "." + std::to_string(i)] = ConfigPlace{elements[i].line(), elements[i].column()};
}

void read_server(ConfigReader& r, const TomlValue& t, BotConfig& c) {
    const std::string ctx = "[server] ";
    r.unknown_keys(t, {"host", "port", "tls", "tls_verify", "password", "password_env", "reconnect_delay", "reconnect_max",
                       "ping_timeout"}, ctx);
    place(c, t, "host", "server.host");
    text(r, t, "host", ctx, c.server.host);
    if (auto v = r.integer(t, "port", 1, 65535, ctx)) c.server.port = static_cast<std::uint16_t>(*v);
    boolean(r, t, "tls", ctx, c.server.tls);
    boolean(r, t, "tls_verify", ctx, c.server.tls_verify);
    secret(r, t, ctx, c.client.password);
    if (auto v = r.seconds(t, "reconnect_delay", 0.05, 3600, ctx)) c.server.reconnect_delay = *v;
    if (auto v = r.seconds(t, "reconnect_max", 0.05, 86400, ctx)) c.server.reconnect_max = *v;
    if (auto v = r.seconds(t, "ping_timeout", 0.2, 3600, ctx)) c.server.ping_timeout = *v;
    if (!t.get("port") && c.server.tls) c.server.port = 6697;
}

void read_bot(ConfigReader& r, const TomlValue& t, BotConfig& c, const std::filesystem::path& folder) {
    const std::string ctx = "[bot] ";
    r.unknown_keys(t, {"nick", "fallback_nicks", "user", "realname", "channels", "database", "plugin_path", "rejoin_delay",
                       "rejoin_max", "database_busy_timeout"}, ctx);
    if (auto v = r.seconds(t, "database_busy_timeout", 0.001, 60, ctx)) c.client.database_busy_timeout = *v;
    for (const char* key : {"nick", "fallback_nicks", "channels", "database", "plugin_path"})
        place(c, t, key, std::string("bot.") + key);
    if (auto v = r.seconds(t, "rejoin_delay", 0.05, 86400, ctx)) c.client.rejoin_delay = *v;
    if (auto v = r.seconds(t, "rejoin_max", 0.05, 86400, ctx)) c.client.rejoin_max = *v;
    text(r, t, "nick", ctx, c.client.nick);
    texts(r, t, "fallback_nicks", ctx, c.client.fallback_nicks);
    text(r, t, "user", ctx, c.client.user);
    text(r, t, "realname", ctx, c.client.realname);
    texts(r, t, "channels", ctx, c.client.channels);
    if (auto v = r.location(t, "database", folder, ctx)) c.client.database = *v;
    if (auto v = r.paths(t, "plugin_path", folder, ctx)) c.plugin_path.insert(c.plugin_path.end(), v->begin(), v->end());
}

void read_game(ConfigReader& r, const TomlValue& t, BotConfig& c) {
    const std::string ctx = "[game] ";
    std::vector<std::string_view> known = {"gametype", "sets"};
    for (const std::string_view key : host::hosted_table_keys()) known.push_back(key);
    for (const char* key : {"turn_warning", "pause_limit", "colours", "compact", "notice_replies", "top_min_games"})
        known.push_back(key);
    r.unknown_keys(t, known, ctx);
    ChannelOptions& g = c.client.game;
    place(c, t, "gametype", "game.gametype");
    place(c, t, "sets", "game.sets");
    text(r, t, "gametype", ctx, g.gametype);
    texts(r, t, "sets", ctx, g.sets);
    host::read_hosted_table_options(r, t, ctx, g);
    if (auto v = r.seconds(t, "turn_warning", 0, 86400, ctx)) g.turn_warning = *v;
    if (auto v = r.seconds(t, "pause_limit", 0.05, 86400, ctx)) g.pause_limit = *v;
    boolean(r, t, "colours", ctx, g.colours);
    boolean(r, t, "compact", ctx, g.compact);
    boolean(r, t, "notice_replies", ctx, g.notice_replies);
    if (auto v = r.integer(t, "top_min_games", 1, 1000, ctx)) g.top_min_games = static_cast<unsigned>(*v);
}

void read_flood(ConfigReader& r, const TomlValue& t, BotConfig& c) {
    const std::string ctx = "[flood] ";
    r.unknown_keys(t, {"burst", "per_second", "off", "player_burst", "player_per_second"}, ctx);
    if (auto v = r.integer(t, "player_burst", 1, 1000, ctx)) c.client.player_burst = static_cast<std::size_t>(*v);
    if (auto v = r.number(t, "player_per_second", 0.01, 1000, ctx))
        c.client.player_interval = std::chrono::milliseconds(std::max<std::int64_t>(1, std::llround(1000.0 / *v)));
    if (auto v = r.integer(t, "burst", 1, 1000, ctx)) c.client.flood.burst = static_cast<std::size_t>(*v);
    if (auto v = r.number(t, "per_second", 0.01, 1000, ctx))
        c.client.flood.interval = std::chrono::milliseconds(std::max<std::int64_t>(1, std::llround(1000.0 / *v)));
    boolean(r, t, "off", ctx, c.flood_off);
}

void read_auth(ConfigReader& r, const TomlValue& t, const std::string& section, std::string& account, std::string& password) {
    const std::string ctx = "[" + section + "] ";
    r.unknown_keys(t, {"account", "password", "password_env"}, ctx);
    text(r, t, "account", ctx, account);
    secret(r, t, ctx, password);
    if (password.empty() && !t.get("password_env")) r.error(t, ctx + "expected 'password' or 'password_env'");
}

}  // namespace

std::optional<BotConfig> parse_bot_config(const std::string& text, const std::string& shown,
                                          const std::filesystem::path& folder, std::vector<sdk::Diagnostic>& problems) {
    BotConfig c;
    c.file = shown;
    ConfigReader r(shown, problems);
    const std::optional<TomlValue> parsed = r.parse(text);
    if (!parsed) return std::nullopt;
    const TomlValue& root = *parsed;
    r.unknown_keys(root, {"server", "bot", "sasl", "nickserv", "game", "flood"}, "");
    if (const auto t = r.table(root, "server", false, "")) read_server(r, *t, c);
    if (const auto t = r.table(root, "bot", false, "")) read_bot(r, *t, c, folder);
    if (const auto t = r.table(root, "game", false, "")) read_game(r, *t, c);
    if (const auto t = r.table(root, "flood", false, "")) read_flood(r, *t, c);
    if (const auto t = r.table(root, "sasl", false, "")) read_auth(r, *t, "sasl", c.client.sasl_account, c.client.sasl_password);
    if (const auto t = r.table(root, "nickserv", false, ""))
        read_auth(r, *t, "nickserv", c.client.nickserv_account, c.client.nickserv_password);
    if (c.client.sasl_account.empty() && !c.client.sasl_password.empty()) c.client.sasl_account = c.client.nick;
    return c;
}

BotConfig parse_bot_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    std::optional<BotConfig> c = parse_bot_config(text, shown, folder, problems);
    if (!problems.empty() || !c) throw sdk::LoadError(problems);
    return std::move(*c);
}

std::optional<BotConfig> read_bot_config(const std::filesystem::path& file, std::vector<sdk::Diagnostic>& problems) {
    std::string bytes, problem;
    if (!sdk::read_plugin_file(file, {}, host::kMaxInputFileBytes, "the config file", bytes, problem)) {
        problems.push_back({sdk::Diagnostic::Severity::error, file.string(), 0, 0,
                            problem == "no such file" ? "cannot read the config file: no such file" : problem});
        return std::nullopt;
    }
    std::optional<BotConfig> c = parse_bot_config(bytes, file.string(), file.parent_path(), problems);
    if (c) c->file = file;
    return c;
}

BotConfig read_bot_config(const std::filesystem::path& file) {
    std::vector<sdk::Diagnostic> problems;
    std::optional<BotConfig> c = read_bot_config(file, problems);
    if (!problems.empty() || !c) throw sdk::LoadError(problems);
    return std::move(*c);
}

void BotConfig::forget(const std::string& key) {
    for (auto it = places.begin(); it != places.end();)
        it = it->first == key || it->first.starts_with(key + ".") ? places.erase(it) : std::next(it);
}

std::string describe_bot_config(const BotConfig& c) {
    const std::string channels = fmt::format("{}", fmt::join(c.client.channels, " "));
    const std::string sets = fmt::format("{}", fmt::join(c.client.game.sets, " "));
    std::string out;
    out += fmt::format("server:   {}:{}{}{}\n", c.server.host, c.server.port, c.server.tls ? " (TLS" : "",
                       c.server.tls ? (c.server.tls_verify ? ", certificate checked)" : ", certificate NOT checked)") : "");
    out += fmt::format("nick:     {}{}\n", c.client.nick,
                       c.client.sasl_account.empty() ? (c.client.nickserv_password.empty() ? "" : " (NickServ IDENTIFY)")
                                                     : " (SASL PLAIN as " + c.client.sasl_account + ")");
    out += fmt::format("channels: {}\n", channels);
    out += fmt::format("games:    {} with {}; turn timeout {}, {} timeouts in a row, at most {} players\n",
                       c.client.game.gametype, sets, seconds_text(c.client.game.turn_timeout), c.client.game.max_timeouts,
                       c.client.game.max_players);
    std::string bots = fmt::format("{}", fmt::join(host::builtin_bots(), ", "));  // what !bot can seat: built-in, then plugins
    const GameLibrary library(c.plugin_path);
    for (const auto& id : library.ids("bot")) bots += ", " + id;
    out += fmt::format("bots:     {}\n", bots);
    out += c.flood_off ? "flood:    off\n"
                       : fmt::format("flood:    burst {}, then one line every {} ms\n", c.client.flood.burst,
                                     c.client.flood.interval.count());
    out += fmt::format("database: {}\n", c.client.database.empty() ? "(none: nothing is stored)" : host::shown_location(c.client.database));
    return out;
}

}  // namespace cherries::irc
