// `cherries serve` on the command line: --check-config reports every problem at once with
// file:line:column and exits 1; bad flags, a port in use and a file that is not a database
// are one clear line and exit status 2, before anything is served.
#include <catch2/catch.hpp>

#include <boost/asio.hpp>

#include "tests/support/run_cli.hpp"

using namespace cherries::test;

TEST_CASE("serve --check-config: ok, or every problem at file:line:col and exit 1", "[web]") {
    TempFolder dir;
    const auto good = dir.write("serve.toml", "[server]\nlisten = \"127.0.0.1:0\"\n[tables]\nturn_timeout = 30\n");
    const CliRun ok = run_cli("serve --check-config '" + good.string() + "'");
    CHECK(ok.status == 0);
    CHECK_THAT(ok.out, Catch::Contains("serve.toml: ok") && Catch::Contains("listen:   127.0.0.1:0"));

    const auto bad = dir.write("bad.toml", "[server]\nlisten = 8080\nmax_tabels = 3\n[tables]\nmax_players = 1\n");
    const CliRun run = run_cli("serve --check-config '" + bad.string() + "'");
    CHECK(run.status == 1);
    const auto lines = run.err_lines();
    REQUIRE(lines.size() >= 3);
    CHECK_THAT(run.err, Catch::Contains("bad.toml:3:1: error: [server] unknown key 'max_tabels'") && Catch::Contains("max_tables"));
    CHECK_THAT(run.err, Catch::Contains("bad.toml:2:10: error: [server] key 'listen'"));
    CHECK_THAT(run.err, Catch::Contains("bad.toml:5:15: error: [tables] key 'max_players'"));
}

TEST_CASE("serve: a bad --listen, a port in use, a file that is not a database: one line, exit 2", "[web]") {
    const CliRun listen = run_cli("serve --listen 127.0.0.1:http");
    CHECK(listen.status == 2);
    CHECK_THAT(listen.err, Catch::Contains("--listen: expected a port from 0 to 65535"));

    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor taken(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    const CliRun in_use = run_cli("serve --listen 127.0.0.1:" + std::to_string(taken.local_endpoint().port()));
    CHECK(in_use.status == 2);
    CHECK_THAT(in_use.err, Catch::Contains("cannot listen on 127.0.0.1:"));

    TempFolder dir;
    const auto not_db = dir.write("notes.txt", "these are not the tables you are looking for\n");
    const CliRun db = run_cli("serve --listen 127.0.0.1:0 --database '" + not_db.string() + "'");
    CHECK(db.status == 2);
    CHECK_THAT(db.err, Catch::Contains(not_db.string()));
}

TEST_CASE("serve --check-config: file, plugin and folder problems all in one pass, each at its line", "[web]") {
    TempFolder dir;
    const auto bad = dir.write("all.toml",
                               "[server]\nlisten = \"127.0.0.1:0\"\ndatabase = \"nowhere/games.db\"\nmax_tabels = 3\n"
                               "[tables]\ndefault_gametype = \"oficial\"\ndefault_sets = [\"standrd\"]\n");
    const CliRun run = run_cli("serve --check-config '" + bad.string() + "'");
    CHECK(run.status == 1);
    INFO(run.err);
    CHECK_THAT(run.err, Catch::Contains("all.toml:4:1: error: [server] unknown key 'max_tabels'"));
    CHECK_THAT(run.err, Catch::Contains("all.toml:6:20: error: [tables] default_gametype: gametype 'oficial' is not on the "
                                        "plugin search path; did you mean 'official'?"));
    CHECK_THAT(run.err, Catch::Contains("all.toml:7:16: error: [tables] default_sets: set 'standrd' is not on the plugin "
                                        "search path; did you mean 'standard'?"));
    CHECK_THAT(run.err, Catch::Contains("all.toml:3:12: error: database: the folder '") &&
                            Catch::Contains("nowhere' does not exist; expected an existing folder cherries can write"));
}
