// Helpers of the tests against a real server (ngircd) with the real `cherries irc` binary.
#pragma once

#include <catch2/catch.hpp>

#include <fmt/core.h>

#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/bot_process.hpp"
#include "tests/support/irc_test_client.hpp"
#include "tests/support/ngircd.hpp"

namespace irc_server_test {

using namespace cherries::test;
using namespace std::chrono_literals;

/// A gametype whose games end after a few turns: 1 to 3 cherries at the end of a turn score 1,
/// and 2 points win (in plugins/gametypes/quick under `folder`). A test whose steps must all
/// happen before anyone can win (the bot's game seed is random) passes a higher winning score.
inline void write_quick_gametype(const TempFolder& folder, int winning_score = 2) {
    folder.write("plugins/gametypes/quick/gametype.toml",
                 "[gametype]\nid = \"quick\"\nname = \"Quick\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = " +
                     std::to_string(winning_score) + "\n\n[distribution]\n1 = 1\n2 = 1\n3 = 1\n");
}

/// The [bot] plugin_path, [game] and [flood] of the test bots: the quick gametype, a turn
/// timeout of `timeout` s (fractions allowed: a test waits no longer than it must), and flood
/// control at 10 lines/s after a burst of 10 (ngircd lets a client send about that much without
/// penalties). `game_extra`: more [game] keys.
inline std::string test_tables(double timeout = 30, const std::string& game_extra = "", int burst = 10, int per_second = 10) {
    return "plugin_path = [\"plugins\"]\n\n[game]\ngametype = \"quick\"\nturn_timeout = " + fmt::format("{}", timeout) +
           "\n" + game_extra + "\n[flood]\nburst = " + std::to_string(burst) + "\nper_second = " + std::to_string(per_second) + "\n";
}

/// The nick whose turn a bot line announces ("...: !keep or !give NICK"), or "".
inline std::string to_play(const std::string& line) {
    static const std::regex re(R"(\. (\S+): !keep or !give NICK)");
    std::smatch m;
    return std::regex_search(line, m, re) ? m[1].str() : "";
}

/// Plays a started game in `channel` to its end: whenever the bot asks one of `players` to
/// play, that player answers `!keep`. `watcher` (one of them) reads the channel. True when the
/// bot announced a winner within `timeout`.
inline bool play_to_end(IrcTestClient& watcher, const std::map<std::string, IrcTestClient*>& players,
                        const std::string& channel, std::chrono::seconds timeout = 60s) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    const std::string said = "PRIVMSG " + channel + " :";
    while (std::chrono::steady_clock::now() < until) {
        if (!watcher.wait_for(said + "(.*!keep or !give NICK|.*wins!|The game is over)", 15s)) return false;
        const std::string line = watcher.last();
        if (line.find("wins!") != std::string::npos) return true;
        if (line.find("The game is over") != std::string::npos) return false;
        const auto it = players.find(to_play(line));
        if (it != players.end()) it->second->say(channel, "!keep");
    }
    return false;
}

/// Starts a bot and waits until it is in every channel of `channels` (seen by `witness`, who
/// joined them all first).
inline std::unique_ptr<BotProcess> start_bot(const TempFolder& folder, const Ngircd& server, IrcTestClient& witness,
                                             const std::vector<std::string>& channels, const std::string& extra) {
    auto bot = std::make_unique<BotProcess>(folder, bot_config(server.port(), channels, extra));
    for (std::size_t i = 0; i < channels.size(); ++i)
        if (!witness.wait_for(":CherryBot!\\S+ JOIN :?#", 15s)) FAIL("the bot did not join:\n" << bot->log());
    return bot;
}

}  // namespace irc_server_test
