// serve.toml (docs/web.md, "Configuration"): every key read, every problem reported at once
// with file:line:column, and what only a whole config shows.
#include <catch2/catch.hpp>

#include <filesystem>

#include "host/web/serve_config.hpp"

using namespace cherries;

TEST_CASE("serve.toml: every key, relative paths from the file's folder", "[web]") {
    const web::ServeConfig c = web::parse_serve_config(R"(
[server]
listen = "0.0.0.0:9000"
database = "games.db"
plugin_path = ["plugins"]
web_root = "/srv/web"
origin = ["https://cherries.example"]
max_tables = 50

[tables]
sets = ["standard"]
gametypes = ["official", "closed-table"]
default_sets = ["standard"]
default_gametype = "closed-table"
turn_timeout = 30.5
max_timeouts = 2
bot_takes_over = true
max_players = 6
close_finished_after = 60
close_idle_after = 0.5
bot_pace = 0.25
)", "serve.toml", "/etc/cherries");
    CHECK(c.host == "0.0.0.0");
    CHECK(c.port == 9000);
    CHECK(c.database == "/etc/cherries/games.db");
    CHECK(c.plugin_path == std::vector<std::filesystem::path>{"/etc/cherries/plugins"});
    CHECK(c.web_root == "/srv/web");
    CHECK(c.origins == std::vector<std::string>{"https://cherries.example"});
    CHECK(c.max_tables == 50);
    CHECK(c.gametypes.size() == 2);
    CHECK(c.default_gametype == "closed-table");
    CHECK(c.turn_timeout == std::chrono::milliseconds(30500));
    CHECK(c.max_timeouts == 2);
    CHECK(c.bot_takes_over);
    CHECK(c.max_players == 6);
    CHECK(c.close_finished_after == std::chrono::minutes(1));
    CHECK(c.close_idle_after == std::chrono::milliseconds(500));
    CHECK(c.bot_pace == std::chrono::milliseconds(250));
    CHECK(web::ServeConfig{}.bot_pace == std::chrono::milliseconds(800));  // a little under a second by default
    // /srv/web is not a folder here, and /etc/cherries (the database's folder) does not exist
    CHECK(web::check_serve_config(c).size() == (std::filesystem::is_directory("/etc/cherries") ? 1 : 2));
}

TEST_CASE("serve.toml: a PostgreSQL store's URL is kept as written, and no folder is asked of it", "[web]") {
    // docs/cluster.md, "One PostgreSQL store": a URL is not a path relative to the file's folder.
    const web::ServeConfig c = web::parse_serve_config(
        "[server]\ndatabase = \"postgresql://cherries@db.example:5432/games\"\n", "serve.toml", "/etc/cherries");
    CHECK(c.database == "postgresql://cherries@db.example:5432/games");
    CHECK(web::check_serve_config(c).empty());
    // A file name with a colon is still a file, relative to the folder.
    CHECK(web::parse_serve_config("[server]\ndatabase = \"a:b.db\"\n", "serve.toml", "/etc/cherries").database ==
          "/etc/cherries/a:b.db");
}

TEST_CASE("serve.toml: a node's name and lease; a node needs a database, and a name of its own words", "[web]") {
    // docs/cluster.md, "Several nodes".
    web::ServeConfig c = web::parse_serve_config("[server]\nnode = \"node-1.eu\"\nlease = 2.5\n", "serve.toml", "");
    CHECK(c.node == "node-1.eu");
    CHECK(c.lease == std::chrono::milliseconds(2500));
    CHECK(web::ServeConfig{}.lease == std::chrono::seconds(10));
    const auto problems = web::check_serve_config(c);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].message, Catch::Contains("[server] node: several nodes share one database"));
    CHECK(problems[0].line == 2);
    c.database = "postgresql://cherries@db.example/games";
    CHECK(web::check_serve_config(c).empty());
    try {
        web::parse_serve_config("[server]\nnode = \"a b\"\nlease = 0\n", "serve.toml", "");
        FAIL("no error");
    } catch (const sdk::LoadError& e) {
        std::vector<std::string> lines;
        for (const auto& d : e.diagnostics()) lines.push_back(d.to_string());
        REQUIRE(lines.size() == 2);
        CHECK_THAT(lines[0], Catch::StartsWith("serve.toml:2:8: error: [server] key 'node': expected a node name of 1 to 64 letters"));
        CHECK_THAT(lines[1], Catch::StartsWith("serve.toml:3:9:") && Catch::Contains("'lease': expected number from 1 to 600"));
    }
    CHECK(web::node_name_problem(std::string(65, 'a')) != "");
    CHECK(web::node_name_problem("a") == "");
}

TEST_CASE("serve.toml: every problem at once, each at its line and column", "[web]") {
    try {
        web::parse_serve_config("[server]\nlisten = \"127.0.0.1:99999\"\nmax_tables = 0\nport = 1\n[tables]\nturn_timeout = \"1m\"\n",
                                "serve.toml", "");
        FAIL("no error");
    } catch (const sdk::LoadError& e) {
        std::vector<std::string> lines;
        for (const auto& d : e.diagnostics()) lines.push_back(d.to_string());
        REQUIRE(lines.size() == 4);
        CHECK_THAT(lines[0], Catch::StartsWith("serve.toml:4:1:") && Catch::Contains("unknown key 'port'"));  // a section's unknown keys first
        CHECK_THAT(lines[1], Catch::StartsWith("serve.toml:2:10:") && Catch::Contains("a port from 0 to 65535"));
        CHECK_THAT(lines[2], Catch::StartsWith("serve.toml:3:14:") && Catch::Contains("max_tables"));
        CHECK_THAT(lines[3], Catch::StartsWith("serve.toml:6:") && Catch::Contains("turn_timeout"));
    }
}

TEST_CASE("serve.toml: defaults that are not on the plugin path or not allowed", "[web]") {
    web::ServeConfig c;
    c.sets = {"standard"};
    c.default_sets = {"no-such-set"};
    c.gametypes = {"official"};
    c.default_gametype = "closed-table";
    const auto problems = web::check_serve_config(c);
    REQUIRE(problems.size() == 2);
    CHECK_THAT(problems[0].message, Catch::Contains("set 'no-such-set' is not on the plugin search path"));
    CHECK_THAT(problems[1].message, Catch::Contains("gametype 'closed-table' is not one of [tables] gametypes"));
}

TEST_CASE("--listen: HOST:PORT, [IPv6]:PORT, port 0; anything else says what it expected", "[web]") {
    web::ServeConfig c;
    web::set_listen(c, "127.0.0.1:0");
    CHECK((c.host == "127.0.0.1" && c.port == 0));
    web::set_listen(c, "[::1]:8081");
    CHECK((c.host == "::1" && c.port == 8081));
    for (const std::string bad : {"127.0.0.1:", "127.0.0.1:x", ":80", "::1:80", "[::1", "host:70000", "host:-1"}) {
        INFO(bad);
        CHECK_THROWS_WITH(web::set_listen(c, bad), Catch::Contains("expected"));
    }
}

TEST_CASE("serve.toml: bot_pace is 0 to 10 seconds", "[web]") {
    CHECK(web::parse_serve_config("[tables]\nbot_pace = 0\n", "serve.toml", "").bot_pace == std::chrono::milliseconds(0));
    CHECK_THROWS_WITH(web::parse_serve_config("[tables]\nbot_pace = 11\n", "serve.toml", ""),
                      Catch::Contains("serve.toml:2:") && Catch::Contains("bot_pace"));
}

TEST_CASE("serve.toml: [limits] trusted_proxies are addresses or ranges; anything else is said where", "[web]") {
    const web::ServeConfig c = web::parse_serve_config("[limits]\ntrusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\", \"::1\"]\n"
                                                       "tables_per_address = 3\n", "serve.toml", "");
    REQUIRE(c.trusted_proxies.size() == 3);
    CHECK(c.trusted_proxies[1].contains(boost::asio::ip::make_address("10.9.8.7")));
    CHECK(c.tables_per_address == 3);
    CHECK(web::ServeConfig{}.trusted_proxies.empty());  // nobody's header is believed by default
    try {
        web::parse_serve_config("[limits]\ntrusted_proxies = [\"127.0.0.1\", \"nginx.local\"]\n", "serve.toml", "");
        FAIL("no error");
    } catch (const sdk::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        const std::string line = e.diagnostics()[0].to_string();
        CHECK_THAT(line, Catch::StartsWith("serve.toml:2:") && Catch::Contains("'nginx.local' is not an address or a range") &&
                             Catch::Contains("expected e.g. \"127.0.0.1\""));
    }
}

TEST_CASE("serve.toml: a correspondence table's time bank, the days-per-move preset, and a cap below the bank refused", "[web]") {
    const web::ServeConfig bank = web::parse_serve_config("[tables]\ntime_bank = 240\ntime_bank_add = 36\nvacation_days = 3\n", "serve.toml", "");
    CHECK(bank.time_bank == std::chrono::hours(240));
    CHECK(bank.time_bank_add == std::chrono::hours(36));
    CHECK(bank.vacation_days == 3);
    const web::ServeConfig days = web::parse_serve_config("[tables]\ndays_per_move = 3\n", "serve.toml", "");
    CHECK(days.time_bank == std::chrono::hours(72));
    CHECK(days.time_bank_add == std::chrono::hours(72));
    CHECK(days.time_bank_cap == std::chrono::hours(72));
    try {
        web::parse_serve_config("[tables]\ntime_bank = 240\ntime_bank_cap = 100\n", "serve.toml", "");
        FAIL("no error");
    } catch (const sdk::LoadError& e) {
        CHECK_THAT(e.what(), Catch::Contains("serve.toml:3:") && Catch::Contains("time_bank_cap is below time_bank"));
    }
    // The house rule for a person out of time: skip (the default) or stand_in; anything else in words.
    CHECK(bank.out_of_time == host::OutOfTime::skip);
    CHECK(web::parse_serve_config("[tables]\nout_of_time = \"stand_in\"\n", "serve.toml", "").out_of_time == host::OutOfTime::stand_in);
    try {
        web::parse_serve_config("[tables]\ntime_bank = 240\nout_of_time = \"kick\"\n", "serve.toml", "");
        FAIL("no error");
    } catch (const sdk::LoadError& e) {
        CHECK_THAT(e.what(), Catch::Contains("serve.toml:3:") && Catch::Contains("out_of_time is 'kick'; expected \"skip\""));
    }
}
