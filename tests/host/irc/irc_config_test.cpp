// CherryBot's TOML config: every key read, every problem reported at once with file:line:col,
// secrets from the environment, and `cherries irc --check-config`.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "host/irc/config.hpp"
#include "host/store/game_store.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::irc;

namespace {

std::vector<std::string> problems_of(const std::string& text) {
    try {
        parse_bot_config(text, "bot.toml", "/etc/cherrybot");
    } catch (const sdk::LoadError& e) {
        std::vector<std::string> out;
        for (const auto& d : e.diagnostics()) out.push_back(d.to_string());
        return out;
    }
    return {};
}

}  // namespace

TEST_CASE("A full config: every key lands where the bot uses it; relative paths are the file's folder's") {
    ::setenv("CHERRIES_TEST_SASL", "from-env", 1);
    const BotConfig c = parse_bot_config(R"([server]
host = "irc.example.org"
tls = true
reconnect_delay = 2
reconnect_max = 60
ping_timeout = 90

[bot]
nick = "Dealer"
fallback_nicks = ["Dealer_", "Dealer2"]
user = "dealer"
realname = "The dealer"
channels = ["#cherries", "#cards"]
database = "cherrybot.sqlite"
plugin_path = ["plugins"]

[sasl]
account = "dealer"
password_env = "CHERRIES_TEST_SASL"

[game]
gametype = "closed-table"
sets = ["standard", "orchard"]
turn_timeout = 45
turn_warning = 7.5
pause_limit = 120
max_timeouts = 2
max_players = 6
bot_takes_over = true
colours = true

[flood]
burst = 4
per_second = 2
)", "bot.toml", "/etc/cherrybot");
    CHECK(c.server.host == "irc.example.org");
    CHECK(c.server.port == 6697);  // the TLS port when none is given
    CHECK(c.server.tls);
    CHECK(c.server.tls_verify);
    CHECK(c.server.reconnect_delay == std::chrono::seconds(2));
    CHECK(c.server.reconnect_max == std::chrono::seconds(60));
    CHECK(c.server.ping_timeout == std::chrono::seconds(90));
    CHECK(c.client.nick == "Dealer");
    CHECK(c.client.fallback_nicks == std::vector<std::string>{"Dealer_", "Dealer2"});
    CHECK(c.client.user == "dealer");
    CHECK(c.client.realname == "The dealer");
    CHECK(c.client.channels == std::vector<std::string>{"#cherries", "#cards"});
    CHECK(c.client.database == "/etc/cherrybot/cherrybot.sqlite");
    CHECK(c.plugin_path == std::vector<std::filesystem::path>{"/etc/cherrybot/plugins"});
    CHECK(c.client.sasl_account == "dealer");
    CHECK(c.client.sasl_password == "from-env");
    CHECK(c.client.game.gametype == "closed-table");
    CHECK(c.client.game.sets == std::vector<std::string>{"standard", "orchard"});
    CHECK(c.client.game.turn_timeout == std::chrono::seconds(45));
    CHECK(c.client.game.turn_warning == std::chrono::milliseconds(7500));
    CHECK(c.client.game.pause_limit == std::chrono::seconds(120));
    CHECK(c.client.game.max_timeouts == 2);
    CHECK(c.client.game.max_players == 6);
    CHECK(c.client.game.bot_takes_over);
    CHECK(c.client.game.colours);
    CHECK(c.client.flood.burst == 4);
    CHECK(c.client.flood.interval == std::chrono::milliseconds(500));
    CHECK_FALSE(c.flood_off);
    // The plugins exist; the folders under /etc/cherrybot do not (a test machine), and the check says so.
    std::vector<std::string> problems;
    for (const auto& d : check_bot_config(c)) problems.push_back(d.to_string());
    CHECK(problems == std::vector<std::string>{
        "bot.toml:15:16: error: [bot] plugin_path '/etc/cherrybot/plugins': no such folder; expected a folder of plugins",
        "bot.toml:14:12: error: [bot] database '/etc/cherrybot/cherrybot.sqlite': the folder '/etc/cherrybot' does not "
        "exist; expected an existing folder CherryBot can write"});
}

TEST_CASE("Every problem at once, each with file:line:col and what was expected") {
    ::unsetenv("CHERRIES_TEST_UNSET");
    const auto problems = problems_of(R"([server]
hots = "x"
port = 70000
tls = "yes"

[bot]
channels = "#cherries"

[nickserv]
password_env = "CHERRIES_TEST_UNSET"

[game]
turn_timeout = 0.01

[flood]
per_second = 0

[extras]
)");
    REQUIRE(problems.size() == 8);
    CHECK(problems[0] == "bot.toml:18:2: error: unknown key 'extras'; expected one of: server bot sasl nickserv game flood");
    CHECK(problems[1] == "bot.toml:2:1: error: [server] unknown key 'hots'; did you mean 'host'?");
    CHECK(problems[2] == "bot.toml:3:8: error: [server] key 'port': expected integer from 1 to 65535, saw 70000");
    CHECK(problems[3] == "bot.toml:4:7: error: [server] key 'tls': expected true or false, saw string \"yes\"");
    CHECK(problems[4] == "bot.toml:7:12: error: [bot] key 'channels': expected an array of strings, saw string \"#cherries\"");
    CHECK(problems[5] == "bot.toml:13:16: error: [game] key 'turn_timeout': expected number from 0.05 to 86400, saw 0.01");
    CHECK(problems[6] == "bot.toml:16:14: error: [flood] key 'per_second': expected number from 0.01 to 1000, saw 0");
    CHECK(problems[7] == "bot.toml:10:16: error: [nickserv] key 'password_env': the environment variable CHERRIES_TEST_UNSET "
                         "is not set; expected it to hold the password");
}

TEST_CASE("Malformed TOML is one error at its place") {
    const auto problems = problems_of("[server]\nhost = \n");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rfind("bot.toml:2:", 0) == 0);
    CHECK(problems[0].find("malformed TOML") != std::string::npos);
}

TEST_CASE("check_bot_config: no channel, an unknown gametype or set") {
    BotConfig c = parse_bot_config("[game]\ngametype = \"nope\"\nsets = [\"standard\", \"nada\"]\n", "bot.toml", "");
    std::vector<std::string> problems;
    for (const auto& d : check_bot_config(c)) problems.push_back(d.message);
    CHECK(problems == std::vector<std::string>{"no channel: expected [bot] channels = [\"#name\"] (or --channel NAME)",
                                               "[game] gametype 'nope' is not on the plugin search path",
                                               "[game] set 'nada' is not on the plugin search path"});
}

TEST_CASE("cherries irc --check-config: a summary and 0, or every problem and 1; secrets never printed") {
    test::TempFolder folder;
    const auto good = folder.write("good.toml", "[server]\nhost = \"irc.example.org\"\npassword = \"hunter2\"\n\n"
                                                "[bot]\nchannels = [\"#cherries\"]\n");
    const auto ok = test::run_cli("irc --check-config '" + good.string() + "'");
    CHECK(ok.status == 0);
    CHECK(ok.out.find("server:   irc.example.org:6667") != std::string::npos);
    CHECK(ok.out.find("channels: #cherries") != std::string::npos);
    CHECK(ok.out.find("hunter2") == std::string::npos);
    const auto same = test::run_cli("irc --config '" + good.string() + "' --check-config");
    CHECK(same.status == 0);

    const auto bad = folder.write("bad.toml", "[bot]\nnick = 5\nchanels = []\n");
    const auto run = test::run_cli("irc --check-config '" + bad.string() + "'");
    CHECK(run.status == 1);
    const auto lines = run.err_lines();
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == bad.string() + ":3:1: error: [bot] unknown key 'chanels'; did you mean 'channels'?");
    CHECK(lines[1] == bad.string() + ":2:8: error: [bot] key 'nick': expected string, saw integer 5");
    // In the same pass: what the whole config lacks.
    CHECK(lines[2] == bad.string() + ": error: no channel: expected [bot] channels = [\"#name\"] (or --channel NAME)");

    // Flags override the file.
    const auto flags = test::run_cli("irc --check-config '" + good.string() + "' --server 127.0.0.1:7000 --nick Dealer");
    CHECK(flags.out.find("server:   127.0.0.1:7000") != std::string::npos);
    CHECK(flags.out.find("nick:     Dealer") != std::string::npos);
    CHECK(test::run_cli("irc --check-config '" + good.string() + "' --server host:99999").status == 2);
}

TEST_CASE("cherries irc --help names every config key the reader accepts") {
    const auto help = test::run_cli("irc --help");
    CHECK(help.status == 0);
    for (const char* key : {"host", "port", "tls_verify", "password_env", "reconnect_delay", "reconnect_max", "ping_timeout",
                            "fallback_nicks", "realname", "channels", "database", "plugin_path", "account", "gametype",
                            "turn_timeout", "turn_warning", "pause_limit", "max_timeouts", "max_players", "burst", "per_second", "off"})
        CHECK(help.out.find(key) != std::string::npos);
    // Flags alone, without a file, make a config too.
    const auto flags = test::run_cli("irc --check-config --server irc.example.org --channel '#c'");
    CHECK(flags.status == 0);
    CHECK(flags.out.find("flags: ok") != std::string::npos);
}

TEST_CASE("cherries irc --check-config: syntax, nick and channel grammar, unknown plugins and an unusable database "
          "in one pass, each at file:line:col") {
    test::TempFolder folder;
    const auto file = folder.write("bot.toml", R"([server]
host = "127.0.0.1"
prot = 6667

[bot]
nick = "Cherry Bot"
fallback_nicks = ["9lives"]
channels = ["cherries", "#cards", "#Cards", "#a,b"]
database = "missing/games.sqlite"

[game]
gametype = "offical"
sets = ["standard", "nada"]
)");
    const auto run = test::run_cli("irc --check-config '" + file.string() + "'");
    CHECK(run.status == 1);
    const std::string f = file.string();
    const std::string grammar = "expected letters, digits and []\\`_^{|}- not starting with a digit or '-' (RFC 2812 §2.3.1)";
    const std::string channel = "expected a name starting with # (or & + !), at most 50 bytes, without spaces, commas, "
                                "colons or control characters (RFC 2812 §1.3)";
    CHECK(run.err_lines() == std::vector<std::string>{
        f + ":3:1: error: [server] unknown key 'prot'; did you mean 'port'?",
        f + ":6:8: error: [bot] nick 'Cherry Bot': " + grammar,
        f + ":7:19: error: [bot] fallback nick '9lives': " + grammar,
        f + ":8:13: error: [bot] channel 'cherries': " + channel + " (did you mean '#cherries'?)",
        f + ":8:35: error: [bot] channel '#Cards' is listed twice (first at line 8:25); expected each channel once",
        f + ":8:45: error: [bot] channel '#a,b': " + channel,
        f + ":12:12: error: [game] gametype 'offical' is not on the plugin search path; did you mean 'official'?",
        f + ":13:21: error: [game] set 'nada' is not on the plugin search path",
        f + ":9:12: error: [bot] database '" + (folder.path() / "missing/games.sqlite").string() + "': the folder '" +
            (folder.path() / "missing").string() + "' does not exist; expected an existing folder CherryBot can write"});
}

TEST_CASE("check_bot_config: a database file that is not SQLite is refused, a SQLite one or a new path is fine") {
    test::TempFolder folder;
    BotConfig c = parse_bot_config("[bot]\nchannels = [\"#c\"]\ndatabase = \"notes.txt\"\n", "bot.toml", folder.path());
    folder.write("notes.txt", "shopping: cherries\n");
    std::vector<std::string> problems;
    for (const auto& d : check_bot_config(c)) problems.push_back(d.to_string());
    CHECK(problems == std::vector<std::string>{"bot.toml:3:12: error: [bot] database '" + (folder.path() / "notes.txt").string() +
                                               "': not a SQLite database; expected a file CherryBot wrote, or a new path"});
    c.client.database = (folder.path() / "games.sqlite").string();
    CHECK(check_bot_config(c).empty());  // not there yet: created at start
    { host::GameStore store(c.client.database); }
    CHECK(check_bot_config(c).empty());
    c.client.database = (folder.path() / "notes.txt" / "games.sqlite").string();  // a file as the folder
    REQUIRE(check_bot_config(c).size() == 1);
    CHECK(check_bot_config(c)[0].message.find("does not exist; expected an existing folder") != std::string::npos);
}
