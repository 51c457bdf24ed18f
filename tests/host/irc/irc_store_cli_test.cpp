// `cherries irc list|export`: a game stored by a channel, exported with the binary, and
// verified by `cherries replay` (docs/irc-storage.md).
#include <catch2/catch.hpp>

#include <fstream>

#include "tests/support/run_cli.hpp"
#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;
using cherries::test::CliRun;
using cherries::test::run_cli;

TEST_CASE("cherries irc export GAME > game.jsonl, then cherries replay game.jsonl verifies it") {
    TempFolder tmp;
    const std::string db = tmp.file("bot.db");
    std::int64_t id = 0;
    {
        StoredChannel c(db);
        c.say("ann", "!cherries");
        c.say("bob", "!join");
        c.say("ann", "!start");
        while (c.game->open()) c.move();
        id = c.store->games().front().id;
    }
    const CliRun list = run_cli("irc list --database '" + db + "'");
    CHECK(list.status == 0);
    CHECK(list.out.find(std::to_string(id) + "\t#cherries\tann, bob\t") == 0);
    CHECK(list.out.find("\twon\t") != std::string::npos);

    const CliRun exported = run_cli("irc export " + std::to_string(id) + " --database '" + db + "'");
    REQUIRE(exported.status == 0);
    const std::string record = tmp.file("game.jsonl");
    std::ofstream(record, std::ios::binary) << exported.out;
    const CliRun replay = run_cli("replay '" + record + "'");
    CHECK(replay.status == 0);
    CHECK(replay.out.find("match the record") != std::string::npos);

    const CliRun missing = run_cli("irc export 999 --database '" + db + "'");
    CHECK(missing.status == 2);
    CHECK(missing.err.find("no game 999 is stored") != std::string::npos);
    const CliRun nofile = run_cli("irc list --database '" + tmp.file("nope.db") + "'");
    CHECK(nofile.status == 2);
    CHECK(nofile.err.find("nope.db: no such database file") != std::string::npos);
    CHECK_FALSE(fs::exists(tmp.file("nope.db")));
}
