#include "host/irc/config.hpp"

#include <fmt/core.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>

#include "host/irc/game_library.hpp"
#include "sdk/toml_text.hpp"

namespace cherries::irc {

namespace {

// Reads typed keys, recording one Diagnostic per problem and going on.
class Reader {
public:
    Reader(std::string file, std::vector<sdk::Diagnostic>& out) : file_(std::move(file)), out_(out) {}

    void error(const toml::source_region& where, const std::string& message) {
        out_.push_back({sdk::Diagnostic::Severity::error, file_, static_cast<int>(where.begin.line),
                        static_cast<int>(where.begin.column), message});
    }

    void unknown_keys(const toml::table& t, std::initializer_list<std::string_view> known, const std::string& context) {
        for (auto&& [key, node] : t) {
            if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
            std::string message = context + "unknown key '" + std::string(key.str()) + "'";
            std::string_view best;
            std::size_t best_distance = 3;
            for (auto k : known)
                if (auto d = sdk::edit_distance(key.str(), k); d < best_distance) best = k, best_distance = d;
            if (!best.empty()) {
                message += "; did you mean '" + std::string(best) + "'?";
            } else {
                message += "; expected one of:";
                for (auto k : known) message += " " + std::string(k);
            }
            error(key.source(), message);
        }
    }

    const toml::table* table(const toml::table& t, std::string_view key) {
        const toml::node* node = t.get(key);
        if (!node) return nullptr;
        if (node->is_table()) return node->as_table();
        error(node->source(), "'" + std::string(key) + "': expected a table [" + std::string(key) + "], saw " +
                                  sdk::describe_toml(*node));
        return nullptr;
    }

    void text(const toml::table& t, std::string_view key, const std::string& context, std::string& into) {
        const toml::node* node = t.get(key);
        if (!node) return;
        if (!node->is_string()) {
            error(node->source(), context + "'" + std::string(key) + "': expected a string, saw " + sdk::describe_toml(*node));
            return;
        }
        const std::string v = *node->value<std::string>();
        // Everything here ends up in IRC lines: a control character would break the line.
        const auto bad = std::find_if(v.begin(), v.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
        if (bad != v.end()) {
            error(node->source(), context + "'" + std::string(key) + "': expected printable text, saw a control character");
            return;
        }
        into = v;
    }

    void texts(const toml::table& t, std::string_view key, const std::string& context, std::vector<std::string>& into) {
        const toml::node* node = t.get(key);
        if (!node) return;
        const toml::array* array = node->as_array();
        if (!array) {
            error(node->source(), context + "'" + std::string(key) + "': expected an array of strings, saw " +
                                      sdk::describe_toml(*node));
            return;
        }
        into.clear();
        for (const toml::node& element : *array) {
            if (!element.is_string()) {
                error(element.source(), context + "'" + std::string(key) + "': expected an array of strings, saw " +
                                            sdk::describe_toml(element) + " in it");
                continue;
            }
            into.push_back(*element.value<std::string>());
        }
    }

    std::optional<std::int64_t> integer(const toml::table& t, std::string_view key, std::int64_t min, std::int64_t max,
                                        const std::string& context) {
        const toml::node* node = t.get(key);
        if (!node) return std::nullopt;
        const std::string range = fmt::format("an integer from {} to {}", min, max);
        if (!node->is_integer()) {
            error(node->source(), context + "'" + std::string(key) + "': expected " + range + ", saw " + sdk::describe_toml(*node));
            return std::nullopt;
        }
        const std::int64_t v = *node->value<std::int64_t>();
        if (v < min || v > max) {
            error(node->source(), context + "'" + std::string(key) + "': expected " + range + ", saw " + std::to_string(v));
            return std::nullopt;
        }
        return v;
    }

    std::optional<double> number(const toml::table& t, std::string_view key, double min, double max, const std::string& context) {
        const toml::node* node = t.get(key);
        if (!node) return std::nullopt;
        const std::string range = fmt::format("a number from {} to {}", min, max);
        if (!node->is_number()) {
            error(node->source(), context + "'" + std::string(key) + "': expected " + range + ", saw " + sdk::describe_toml(*node));
            return std::nullopt;
        }
        const double v = *node->value<double>();
        if (!(v >= min && v <= max)) {
            error(node->source(), context + "'" + std::string(key) + "': expected " + range + ", saw " + fmt::format("{}", v));
            return std::nullopt;
        }
        return v;
    }

    void boolean(const toml::table& t, std::string_view key, const std::string& context, bool& into) {
        const toml::node* node = t.get(key);
        if (!node) return;
        if (node->is_boolean()) {
            into = *node->value<bool>();
            return;
        }
        error(node->source(), context + "'" + std::string(key) + "': expected true or false, saw " + sdk::describe_toml(*node));
    }

    // A secret: `password = "..."` in the file, or `password_env = "NAME"` read from the
    // environment (preferred: the file then holds no secret).
    void secret(const toml::table& t, const std::string& context, std::string& into) {
        text(t, "password", context, into);
        std::string name;
        text(t, "password_env", context, name);
        if (name.empty()) return;
        if (t.get("password")) {
            error(t.get("password_env")->source(), context + "'password_env': expected either it or 'password', not both");
            return;
        }
        const char* value = std::getenv(name.c_str());
        if (!value || !*value) {
            error(t.get("password_env")->source(), context + "'password_env': the environment variable " + name +
                                                        " is not set; expected it to hold the password");
            return;
        }
        into = value;
    }

private:
    std::string file_;
    std::vector<sdk::Diagnostic>& out_;
};

std::filesystem::path resolve(const std::filesystem::path& folder, const std::string& path) {
    const std::filesystem::path p(path);
    return p.is_absolute() || folder.empty() ? p : folder / p;
}

void read_server(Reader& r, const toml::table& t, BotConfig& c) {
    const std::string ctx = "[server] ";
    r.unknown_keys(t, {"host", "port", "tls", "tls_verify", "password", "password_env", "reconnect_delay", "reconnect_max",
                       "ping_timeout"}, ctx);
    r.text(t, "host", ctx, c.server.host);
    if (auto v = r.integer(t, "port", 1, 65535, ctx)) c.server.port = static_cast<std::uint16_t>(*v);
    r.boolean(t, "tls", ctx, c.server.tls);
    r.boolean(t, "tls_verify", ctx, c.server.tls_verify);
    r.secret(t, ctx, c.client.password);
    auto ms = [](double seconds) { return std::chrono::milliseconds(std::llround(seconds * 1000.0)); };
    if (auto v = r.number(t, "reconnect_delay", 0.05, 3600, ctx)) c.server.reconnect_delay = ms(*v);
    if (auto v = r.number(t, "reconnect_max", 0.05, 86400, ctx)) c.server.reconnect_max = ms(*v);
    if (auto v = r.number(t, "ping_timeout", 0.2, 3600, ctx)) c.server.ping_timeout = ms(*v);
    if (!t.get("port") && c.server.tls) c.server.port = 6697;
}

void read_bot(Reader& r, const toml::table& t, BotConfig& c, const std::filesystem::path& folder) {
    const std::string ctx = "[bot] ";
    r.unknown_keys(t, {"nick", "fallback_nicks", "user", "realname", "channels", "database", "plugin_path"}, ctx);
    r.text(t, "nick", ctx, c.client.nick);
    r.texts(t, "fallback_nicks", ctx, c.client.fallback_nicks);
    r.text(t, "user", ctx, c.client.user);
    r.text(t, "realname", ctx, c.client.realname);
    r.texts(t, "channels", ctx, c.client.channels);
    std::string database;
    r.text(t, "database", ctx, database);
    if (!database.empty()) c.client.database = resolve(folder, database).string();
    std::vector<std::string> path;
    r.texts(t, "plugin_path", ctx, path);
    for (const auto& p : path) c.plugin_path.push_back(resolve(folder, p));
}

void read_game(Reader& r, const toml::table& t, BotConfig& c) {
    const std::string ctx = "[game] ";
    r.unknown_keys(t, {"gametype", "sets", "turn_timeout", "turn_warning", "pause_limit", "max_timeouts", "max_players", "bot_takes_over", "colours"}, ctx);
    ChannelOptions& g = c.client.game;
    r.text(t, "gametype", ctx, g.gametype);
    r.texts(t, "sets", ctx, g.sets);
    // Seconds, fractions allowed (a test's table); whole milliseconds are kept.
    if (auto v = r.number(t, "turn_timeout", 0.05, 86400, ctx))
        g.turn_timeout = std::chrono::milliseconds(std::llround(*v * 1000.0));
    if (auto v = r.number(t, "turn_warning", 0, 86400, ctx))
        g.turn_warning = std::chrono::milliseconds(std::llround(*v * 1000.0));
    if (auto v = r.number(t, "pause_limit", 0.05, 86400, ctx))
        g.pause_limit = std::chrono::milliseconds(std::llround(*v * 1000.0));
    if (auto v = r.integer(t, "max_timeouts", 1, 1000, ctx)) g.max_timeouts = static_cast<unsigned>(*v);
    if (auto v = r.integer(t, "max_players", 2, 100, ctx)) g.max_players = static_cast<std::size_t>(*v);
    r.boolean(t, "bot_takes_over", ctx, g.bot_takes_over);
    r.boolean(t, "colours", ctx, g.colours);
}

void read_flood(Reader& r, const toml::table& t, BotConfig& c) {
    const std::string ctx = "[flood] ";
    r.unknown_keys(t, {"burst", "per_second", "off"}, ctx);
    if (auto v = r.integer(t, "burst", 1, 1000, ctx)) c.client.flood.burst = static_cast<std::size_t>(*v);
    if (auto v = r.number(t, "per_second", 0.01, 1000, ctx))
        c.client.flood.interval = std::chrono::milliseconds(std::max<std::int64_t>(1, std::llround(1000.0 / *v)));
    r.boolean(t, "off", ctx, c.flood_off);
}

void read_auth(Reader& r, const toml::table& t, const std::string& section, std::string& account, std::string& password) {
    const std::string ctx = "[" + section + "] ";
    r.unknown_keys(t, {"account", "password", "password_env"}, ctx);
    r.text(t, "account", ctx, account);
    r.secret(t, ctx, password);
    if (password.empty() && !t.get("password_env")) r.error(t.source(), ctx + "expected 'password' or 'password_env'");
}

}  // namespace

BotConfig parse_bot_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    BotConfig c;
    c.file = shown;
    toml::table root;
    try {
        root = toml::parse(text, shown);
    } catch (const toml::parse_error& e) {
        problems.push_back({sdk::Diagnostic::Severity::error, shown, static_cast<int>(e.source().begin.line),
                            static_cast<int>(e.source().begin.column), "malformed TOML: " + std::string(e.description())});
        throw sdk::LoadError(problems);
    }
    Reader r(shown, problems);
    r.unknown_keys(root, {"server", "bot", "sasl", "nickserv", "game", "flood"}, "");
    if (const toml::table* t = r.table(root, "server")) read_server(r, *t, c);
    if (const toml::table* t = r.table(root, "bot")) read_bot(r, *t, c, folder);
    if (const toml::table* t = r.table(root, "game")) read_game(r, *t, c);
    if (const toml::table* t = r.table(root, "flood")) read_flood(r, *t, c);
    if (const toml::table* t = r.table(root, "sasl")) read_auth(r, *t, "sasl", c.client.sasl_account, c.client.sasl_password);
    if (const toml::table* t = r.table(root, "nickserv"))
        read_auth(r, *t, "nickserv", c.client.nickserv_account, c.client.nickserv_password);
    if (c.client.sasl_account.empty() && !c.client.sasl_password.empty()) c.client.sasl_account = c.client.nick;
    if (!problems.empty()) throw sdk::LoadError(problems);
    return c;
}

BotConfig read_bot_config(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw sdk::LoadError({{sdk::Diagnostic::Severity::error, file.string(), 0, 0, "cannot read the config file"}});
    std::ostringstream bytes;
    bytes << in.rdbuf();
    BotConfig c = parse_bot_config(bytes.str(), file.string(), file.parent_path());
    c.file = file;
    return c;
}

std::vector<sdk::Diagnostic> check_bot_config(const BotConfig& c) {
    std::vector<sdk::Diagnostic> out;
    auto problem = [&](std::string message) {
        out.push_back({sdk::Diagnostic::Severity::error, c.file.string(), 0, 0, std::move(message)});
    };
    if (c.server.host.empty()) problem("no server: expected [server] host (or --server HOST[:PORT])");
    if (c.client.nick.empty()) problem("no nick: expected [bot] nick (or --nick NICK)");
    if (c.client.channels.empty()) problem("no channel: expected [bot] channels = [\"#name\"] (or --channel NAME)");
    for (const auto& channel : c.client.channels)
        if (channel.empty() || channel.find_first_of(" ,\x07") != std::string::npos || std::string("#&+!").find(channel[0]) == std::string::npos)
            problem("channel '" + channel + "': expected a name starting with # (or & + !) without spaces or commas");
    if (c.client.nick.find_first_of(" !@:#") != std::string::npos) problem("nick '" + c.client.nick + "': expected no spaces or !@:#");
    const GameLibrary library(c.plugin_path);
    if (!library.has("gametype", c.client.game.gametype))
        problem("[game] gametype '" + c.client.game.gametype + "' is not on the plugin search path");
    for (const auto& set : c.client.game.sets)
        if (!library.has("set", set)) problem("[game] set '" + set + "' is not on the plugin search path");
    return out;
}

std::string describe_bot_config(const BotConfig& c) {
    std::string channels;
    for (const auto& ch : c.client.channels) channels += (channels.empty() ? "" : " ") + ch;
    std::string sets;
    for (const auto& s : c.client.game.sets) sets += (sets.empty() ? "" : " ") + s;
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
    std::string bots;  // what !bot can seat: the built-in kinds, then the bot plugins found
    for (const auto& kind : host::bot_kinds()) bots += (bots.empty() ? "" : ", ") + kind;
    const GameLibrary library(c.plugin_path);
    for (const auto& id : library.ids("bot")) bots += ", " + id;
    out += fmt::format("bots:     {}\n", bots);
    out += c.flood_off ? "flood:    off\n"
                       : fmt::format("flood:    burst {}, then one line every {} ms\n", c.client.flood.burst,
                                     c.client.flood.interval.count());
    out += fmt::format("database: {}\n", c.client.database.empty() ? "(none: nothing is stored)" : c.client.database);
    return out;
}

}  // namespace cherries::irc
