// check_bot_config: what a config says that only a complete config shows, each problem at its
// place in the file (BotConfig::places), all of them in one pass with the syntax problems
// (`cherries irc --check-config`, docs/irc.md "Configuration").
#include "host/irc/config.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <system_error>

#include "host/session/game_library.hpp"
#include "host/irc/text.hpp"
#include "host/store/store_location.hpp"

namespace cherries::irc {

namespace {

class Checker {
public:
    explicit Checker(const BotConfig& c) : c_(c) {}

    // A problem at the place of `key` (or at the file when a flag gave it).
    void problem(const std::string& key, std::string message) {
        const auto it = c_.places.find(key);
        const ConfigPlace at = it == c_.places.end() ? ConfigPlace{} : it->second;
        out_.push_back({sdk::Diagnostic::Severity::error, c_.file.string(), at.line, at.column, std::move(message)});
    }
    std::string where(const std::string& key) const {
        const auto it = c_.places.find(key);
        return it == c_.places.end() ? "" : fmt::format("line {}:{}", it->second.line, it->second.column);
    }
    std::vector<sdk::Diagnostic> take() { return std::move(out_); }

private:
    const BotConfig& c_;
    std::vector<sdk::Diagnostic> out_;
};

const char* kNickGrammar = "expected letters, digits and []\\`_^{|}- not starting with a digit or '-' (RFC 2812 §2.3.1)";

void check_nicks(const BotConfig& c, Checker& check) {
    if (c.client.nick.empty()) check.problem("bot.nick", "no nick: expected [bot] nick (or --nick NICK)");
    else if (!valid_nick(c.client.nick))
        check.problem("bot.nick", "[bot] nick '" + c.client.nick + "': " + kNickGrammar);
    for (std::size_t i = 0; i < c.client.fallback_nicks.size(); ++i)
        if (!valid_nick(c.client.fallback_nicks[i]))
            check.problem("bot.fallback_nicks." + std::to_string(i),
                          "[bot] fallback nick '" + c.client.fallback_nicks[i] + "': " + kNickGrammar);
}

void check_channels(const BotConfig& c, Checker& check) {
    if (c.client.channels.empty()) check.problem("bot.channels", "no channel: expected [bot] channels = [\"#name\"] (or --channel NAME)");
    std::map<std::string, std::size_t> seen;  // folded (RFC 1459 mapping, the common default) -> first index
    for (std::size_t i = 0; i < c.client.channels.size(); ++i) {
        const std::string& channel = c.client.channels[i];
        const std::string key = "bot.channels." + std::to_string(i);
        if (!valid_channel_name(channel)) {
            std::string hint;
            if (!channel.empty() && std::string("#&+!").find(channel[0]) == std::string::npos && valid_channel_name("#" + channel))
                hint = " (did you mean '#" + channel + "'?)";
            check.problem(key, "[bot] channel '" + channel +
                                   "': expected a name starting with # (or & + !), at most 50 bytes, without spaces, "
                                   "commas, colons or control characters (RFC 2812 §1.3)" + hint);
            continue;
        }
        const auto [it, fresh] = seen.emplace(fold_case(channel, CaseMapping::rfc1459), i);
        if (!fresh) {
            const std::string first = check.where("bot.channels." + std::to_string(it->second));
            check.problem(key, "[bot] channel '" + channel + "' is listed twice" + (first.empty() ? "" : " (first at " + first + ")") +
                                   "; expected each channel once");
        }
    }
}

void check_plugins(const BotConfig& c, Checker& check) {
    for (std::size_t i = 0; i < c.plugin_path.size(); ++i) {
        std::error_code ec;
        if (!std::filesystem::is_directory(c.plugin_path[i], ec))
            check.problem("bot.plugin_path." + std::to_string(i),
                          "[bot] plugin_path '" + c.plugin_path[i].string() + "': no such folder; expected a folder of plugins");
    }
    const GameLibrary library(c.plugin_path);
    auto unknown = [&](const std::string& kind, const std::string& id, const std::string& key) {
        const std::string close = sdk::closest_name(id, library.ids(kind));
        check.problem(key, "[game] " + kind + " '" + id + "' is not on the plugin search path" +
                               (close.empty() ? "" : "; did you mean '" + close + "'?"));
    };
    if (!library.has("gametype", c.client.game.gametype)) unknown("gametype", c.client.game.gametype, "game.gametype");
    for (std::size_t i = 0; i < c.client.game.sets.size(); ++i)
        if (!library.has("set", c.client.game.sets[i])) unknown("set", c.client.game.sets[i], "game.sets." + std::to_string(i));
}

// The database path: its folder exists and can be written (SQLite adds -wal and -shm files
// beside it); the file, when there is one, is SQLite and can be written. Nothing is created.
void check_database(const BotConfig& c, Checker& check) {
    if (c.client.database.empty() || host::is_postgresql_url(c.client.database)) return;  // a server: checked by connecting
    const std::filesystem::path file(c.client.database);
    const std::string said = "[bot] database '" + c.client.database + "': ";
    std::filesystem::path folder = file.parent_path();
    if (folder.empty()) folder = ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
        check.problem("bot.database", said + "the folder '" + folder.string() +
                                          "' does not exist; expected an existing folder CherryBot can write");
        return;
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
        check.problem("bot.database", said + "the folder '" + folder.string() +
                                          "' is not writable; expected a folder CherryBot can write (SQLite keeps its journal there)");
        return;
    }
    if (!std::filesystem::exists(file, ec)) return;  // created at start
    if (!std::filesystem::is_regular_file(file, ec)) {
        check.problem("bot.database", said + "not a regular file; expected a SQLite database file (or none yet)");
        return;
    }
    std::ifstream in(file, std::ios::binary);
    char header[16] = {};
    in.read(header, sizeof header);
    const auto got = in.gcount();
    if (got > 0 && (got < 16 || std::string(header, 16) != std::string("SQLite format 3\0", 16))) {
        check.problem("bot.database", said + "not a SQLite database; expected a file CherryBot wrote, or a new path");
        return;
    }
    if (::access(file.c_str(), W_OK) != 0)
        check.problem("bot.database", said + "the file is read-only; expected a file CherryBot can write (check its permissions)");
}

}  // namespace

std::vector<sdk::Diagnostic> check_bot_config(const BotConfig& c) {
    Checker check(c);
    if (c.server.host.empty()) check.problem("server.host", "no server: expected [server] host (or --server HOST[:PORT])");
    check_nicks(c, check);
    check_channels(c, check);
    check_plugins(c, check);
    check_database(c, check);
    return check.take();
}

}  // namespace cherries::irc
