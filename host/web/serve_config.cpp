#include "host/web/serve_config.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "host/base/file_io.hpp"
#include "host/session/game_library.hpp"
#include "host/session/hosted_table_options.hpp"
#include "host/store/store_location.hpp"
#include "sdk/base/plugin_file.hpp"
#include "sdk/toml/config_reader.hpp"

namespace cherries::web {

namespace {

using sdk::ConfigReader;
using sdk::TomlValue;

// Keeps where `key` of `t` ([section]) stands, for check_serve_config.
void remember(ServeConfig& c, const TomlValue& t, const std::string& section, const char* key) {
    if (const auto n = t.get(key)) c.where[section + "." + key] = {n->line(), n->column()};
}

void read_server(ConfigReader& r, const TomlValue& t, ServeConfig& c, const std::filesystem::path& folder) {
    const std::string ctx = "[server] ";
    for (const char* key : {"database", "web_root", "push_contact", "node"}) remember(c, t, "server", key);
    r.unknown_keys(t, {"listen", "database", "plugin_path", "web_root", "origin", "max_tables", "push_contact", "node", "lease"}, ctx);
    if (auto v = r.string(t, "listen", ctx)) {
        try {
            set_listen(c, *v);
        } catch (const std::invalid_argument& e) {
            r.error(*t.get("listen"), ctx + "key 'listen': " + e.what());
        }
    }
    if (auto v = r.location(t, "database", folder, ctx)) c.database = *v;
    if (auto v = r.paths(t, "plugin_path", folder, ctx)) c.plugin_path.insert(c.plugin_path.end(), v->begin(), v->end());
    if (auto v = r.path(t, "web_root", folder, ctx)) c.web_root = *v;
    if (auto v = r.strings(t, "origin", ctx)) {
        for (const auto& o : *v) {
            if (o.rfind("http://", 0) != 0 && o.rfind("https://", 0) != 0)
                r.error(*t.get("origin"), ctx + "key 'origin': expected \"http://HOST[:PORT]\" or \"https://HOST[:PORT]\", saw \"" + o + "\"");
            else c.origins.push_back(o);
        }
    }
    if (auto v = r.integer(t, "max_tables", 1, 1'000'000, ctx)) c.max_tables = static_cast<std::size_t>(*v);
    if (auto v = r.string(t, "node", ctx)) {
        if (const std::string problem = node_name_problem(*v); !problem.empty()) r.error(*t.get("node"), ctx + "key 'node': " + problem);
        else c.node = *v;
    }
    if (auto v = r.seconds(t, "lease", 1, 600, ctx)) c.lease = *v;
    if (auto v = r.string(t, "push_contact", ctx)) {
        if ((v->rfind("mailto:", 0) != 0 && v->rfind("https://", 0) != 0) || v->size() > 256)
            r.error(*t.get("push_contact"), ctx + "key 'push_contact': expected the operator's \"mailto:ADDRESS\" or \"https://...\" "
                                                   "contact (at most 256 characters), saw \"" + v->substr(0, 60) + "\"");
        else c.push_contact = *v;
    }
}

void read_tables(ConfigReader& r, const TomlValue& t, ServeConfig& c) {
    const std::string ctx = "[tables] ";
    for (const char* key : {"sets", "gametypes", "default_sets", "default_gametype"}) remember(c, t, "tables", key);
    std::vector<std::string_view> known = {"sets", "gametypes", "default_sets", "default_gametype"};
    for (const std::string_view key : host::hosted_table_keys()) known.push_back(key);
    known.insert(known.end(), {"close_finished_after", "close_idle_after", "bot_pace"});
    r.unknown_keys(t, known, ctx);
    if (auto v = r.strings(t, "sets", ctx)) c.sets = std::move(*v);
    if (auto v = r.strings(t, "gametypes", ctx)) c.gametypes = std::move(*v);
    if (auto v = r.strings(t, "default_sets", ctx)) {
        if (v->empty()) r.error(*t.get("default_sets"), ctx + "key 'default_sets': expected at least one set");
        else c.default_sets = std::move(*v);
    }
    if (auto v = r.string(t, "default_gametype", ctx)) c.default_gametype = std::move(*v);
    host::read_hosted_table_options(r, t, ctx, c);
    if (auto v = r.seconds(t, "close_finished_after", 0.05, 7 * 86400, ctx)) c.close_finished_after = *v;
    if (auto v = r.seconds(t, "close_idle_after", 0.05, 7 * 86400, ctx)) c.close_idle_after = *v;
    if (auto v = r.seconds(t, "bot_pace", 0, 10, ctx)) c.bot_pace = *v;
}

void read_limits(ConfigReader& r, const TomlValue& t, ServeConfig& c) {
    const std::string ctx = "[limits] ";
    r.unknown_keys(t, {"sockets_per_address", "tables_per_minute", "replays_per_minute", "names_per_minute", "tables_per_address", "trusted_proxies",
                       "http_idle", "websocket_idle"}, ctx);
    if (auto v = r.integer(t, "sockets_per_address", 2, 100'000, ctx)) c.sockets_per_address = static_cast<std::size_t>(*v);
    if (auto v = r.integer(t, "tables_per_minute", 1, 100'000, ctx)) c.tables_per_minute = static_cast<std::size_t>(*v);
    if (auto v = r.integer(t, "replays_per_minute", 1, 100'000, ctx)) c.replays_per_minute = static_cast<std::size_t>(*v);
    if (auto v = r.integer(t, "names_per_minute", 1, 100'000, ctx)) c.names_per_minute = static_cast<std::size_t>(*v);
    if (auto v = r.integer(t, "tables_per_address", 1, 1'000'000, ctx)) c.tables_per_address = static_cast<std::size_t>(*v);
    if (auto v = r.strings(t, "trusted_proxies", ctx)) {
        c.trusted_proxies.clear();
        for (const std::string& text : *v) {
            if (const auto range = parse_address_range(text)) c.trusted_proxies.push_back(*range);
            else
                r.error(*t.get("trusted_proxies"), ctx + "key 'trusted_proxies': '" + text.substr(0, 60) +
                                                       "' is not an address or a range; expected e.g. \"127.0.0.1\", \"10.0.0.0/8\" or \"::1\"");
        }
    }
    if (auto v = r.seconds(t, "http_idle", 0.05, 3600, ctx)) c.http_idle = *v;
    if (auto v = r.seconds(t, "websocket_idle", 0.05, 86400, ctx)) c.websocket_idle = *v;
}

}  // namespace

std::string node_name_problem(const std::string& name) {
    const bool ok = !name.empty() && name.size() <= 64 &&
                    name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == std::string::npos;
    return ok ? std::string() : "expected a node name of 1 to 64 letters, digits, '.', '_' or '-', saw \"" + name.substr(0, 70) + "\"";
}

void set_listen(ServeConfig& c, const std::string& text) {
    std::string host = text, port;
    if (!text.empty() && text[0] == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos) throw std::invalid_argument("expected [IPv6]:PORT, saw \"" + text + "\"");
        host = text.substr(1, close - 1);
        if (close + 1 < text.size()) {
            if (text[close + 1] != ':') throw std::invalid_argument("expected [IPv6]:PORT, saw \"" + text + "\"");
            port = text.substr(close + 2);
        }
    } else if (const auto colon = text.rfind(':'); colon != std::string::npos) {
        if (text.find(':') != colon) throw std::invalid_argument("expected [IPv6]:PORT for an IPv6 address, saw \"" + text + "\"");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (port.empty()) throw std::invalid_argument("expected a port from 0 to 65535 after ':', saw \"" + text + "\"");
    }
    if (host.empty()) throw std::invalid_argument("expected HOST:PORT, saw \"" + text + "\"");
    if (!port.empty()) {
        unsigned long value = 0;
        std::size_t used = 0;
        try {
            value = std::stoul(port, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != port.size() || value > 65535 || !std::isdigit(static_cast<unsigned char>(port[0])))
            throw std::invalid_argument("expected a port from 0 to 65535 after ':', saw \"" + text + "\"");
        c.port = static_cast<std::uint16_t>(value);
    }
    c.host = host;
}

namespace {

ServeConfig parse_into(const std::string& text, const std::string& shown, const std::filesystem::path& folder,
                       std::vector<sdk::Diagnostic>& problems) {
    ServeConfig c;
    c.file = shown;
    ConfigReader r(shown, problems);
    const std::optional<TomlValue> parsed = r.parse(text);
    if (!parsed) return c;
    const TomlValue& root = *parsed;
    r.unknown_keys(root, {"server", "tables", "limits"}, "");
    if (const auto t = r.table(root, "server", false, "")) read_server(r, *t, c, folder);
    if (const auto t = r.table(root, "tables", false, "")) read_tables(r, *t, c);
    if (const auto t = r.table(root, "limits", false, "")) read_limits(r, *t, c);
    return c;
}

}  // namespace

ServeConfig parse_serve_config(const std::string& text, const std::string& shown, const std::filesystem::path& folder) {
    std::vector<sdk::Diagnostic> problems;
    ServeConfig c = parse_into(text, shown, folder, problems);
    if (!problems.empty()) throw sdk::LoadError(problems);
    return c;
}

ServeConfig read_serve_config(const std::filesystem::path& file, std::vector<sdk::Diagnostic>& problems) {
    std::string bytes, problem;
    if (!sdk::read_plugin_file(file, {}, host::kMaxInputFileBytes, "the config file", bytes, problem)) {
        problems.push_back({sdk::Diagnostic::Severity::error, file.string(), 0, 0,
                            problem == "no such file" ? "cannot read the config file: no such file" : problem});
        ServeConfig c;
        c.file = file;
        return c;
    }
    ServeConfig c = parse_into(bytes, file.string(), file.parent_path(), problems);
    c.file = file;
    return c;
}

ServeConfig read_serve_config(const std::filesystem::path& file) {
    std::vector<sdk::Diagnostic> problems;
    ServeConfig c = read_serve_config(file, problems);
    if (!problems.empty()) throw sdk::LoadError(problems);
    return c;
}

std::vector<sdk::Diagnostic> check_serve_config(const ServeConfig& c) {
    std::vector<sdk::Diagnostic> out;
    auto problem = [&](const std::string& key, std::string message) {
        const auto at = c.where.find(key);
        const auto [line, column] = at == c.where.end() ? std::pair(0, 0) : at->second;
        out.push_back({sdk::Diagnostic::Severity::error, c.file.empty() ? std::string("flags") : c.file.string(), line,
                       column, std::move(message)});
    };
    const host::GameLibrary library(c.plugin_path);
    auto allowed = [](const std::vector<std::string>& list, const std::string& id) {
        return list.empty() || std::find(list.begin(), list.end(), id) != list.end();
    };
    // "set 'standrd' is not on the plugin search path; did you mean 'standard'?"
    auto missing = [&](const std::string& kind, const std::string& id) {
        std::string text = kind + " '" + id + "' is not on the plugin search path";
        if (const std::string near = sdk::closest_name(id, library.ids(kind)); !near.empty()) text += "; did you mean '" + near + "'?";
        else text += fmt::format(" (found: {})", library.ids(kind).empty() ? "none" : fmt::format("{}", fmt::join(library.ids(kind), ", ")));
        return text;
    };
    if (!c.node.empty() && c.database.empty())
        problem("server.node", "[server] node: several nodes share one database (their tables' leases are kept there); "
                               "set [server] database or --database, a postgresql:// URL for nodes on several machines");
    if (!c.push_contact.empty() && c.database.empty())
        problem("server.push_contact", "[server] push_contact: Web Push needs a database (its key pair and the subscriptions are kept there); "
                                       "set [server] database or --database");
    for (const auto& s : c.sets)
        if (!library.has("set", s)) problem("tables.sets", "[tables] sets: " + missing("set", s));
    for (const auto& g : c.gametypes)
        if (!library.has("gametype", g)) problem("tables.gametypes", "[tables] gametypes: " + missing("gametype", g));
    for (const auto& s : c.default_sets) {
        if (!library.has("set", s)) problem("tables.default_sets", "[tables] default_sets: " + missing("set", s));
        else if (!allowed(c.sets, s)) problem("tables.default_sets", "[tables] default_sets: set '" + s + "' is not one of [tables] sets");
    }
    if (!library.has("gametype", c.default_gametype))
        problem("tables.default_gametype", "[tables] default_gametype: " + missing("gametype", c.default_gametype));
    else if (!allowed(c.gametypes, c.default_gametype))
        problem("tables.default_gametype", "[tables] default_gametype: gametype '" + c.default_gametype + "' is not one of [tables] gametypes");
    if (!c.web_root.empty() && !std::filesystem::is_directory(c.web_root))
        problem("server.web_root", "web root '" + c.web_root.string() + "' is not a folder: expected the page's files (web/)");
    if (!c.database.empty() && !host::is_postgresql_url(c.database)) {
        const std::filesystem::path folder = std::filesystem::path(c.database).parent_path();
        if (!folder.empty() && !std::filesystem::is_directory(folder))
            problem("server.database", "database: the folder '" + folder.string() +
                                           "' does not exist; expected an existing folder cherries can write");
    }
    return out;
}

}  // namespace cherries::web
