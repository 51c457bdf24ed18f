// What a user gets wrong on the command line or in a scenario file: exit status 2, one line on
// standard error that names what was wrong. Every case runs the real binary.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/run_cli.hpp"

using cherries::test::CliRun;
using cherries::test::run_cli;
using cherries::test::scenario_fixture;

namespace {

// Exit status 2 and exactly one line on stderr that contains every one of `needles`.
void check_usage_error(const CliRun& run, std::initializer_list<std::string> needles) {
    INFO("stderr: " << run.err);
    CHECK(run.status == 2);
    const auto lines = run.err_lines();
    REQUIRE(!lines.empty());
    CHECK(lines.size() == 1);
    for (const auto& needle : needles) CHECK(lines[0].find(needle) != std::string::npos);
}

std::string scenario(const std::string& name) { return "play --scenario '" + scenario_fixture(name) + "'"; }

}  // namespace

TEST_CASE("an unknown flag is named") {
    check_usage_error(run_cli("play --player ann --bogus"), {"--bogus"});
}

TEST_CASE("a missing plugin is named") {
    check_usage_error(run_cli("play --set nosuchset --player bot:random --player bot:random --seed 1"), {"nosuchset"});
    check_usage_error(run_cli("play --gametype nosuchgametype --player bot:random --player bot:random --seed 1"),
                      {"nosuchgametype"});
}

TEST_CASE("--player mistakes are named") {
    check_usage_error(run_cli("play"), {"at least one --player"});
    check_usage_error(run_cli("play --player bot:nosuch"), {"--player 'bot:nosuch'", "unknown bot 'nosuch'", "greedy"});
    check_usage_error(run_cli("play --player ann --player ann"), {"--player 'ann'", "the name 'ann' is taken"});
    check_usage_error(run_cli("play --player 'bot:random='"), {"--player 'bot:random='", "expected a name"});
    check_usage_error(run_cli("play --player 'a b'"), {"one word"});
    check_usage_error(run_cli("play --player ann --max-turns 0"), {"--max-turns: expected an integer >= 1, saw '0'"});
}

TEST_CASE("options that do not go together") {
    check_usage_error(run_cli("play --player ann --json"), {"--json", "--scenario"});
    check_usage_error(run_cli(scenario("join_leave.toml") + " --player ann"), {"--player", "--scenario"});
}

TEST_CASE("an unknown card id in a scenario is reported at its line and column") {
    check_usage_error(run_cli(scenario("bad_card.toml")),
                      {"bad_card.toml:4:26: ", "unknown card 'chery'; did you mean 'cherry'?"});
}

TEST_CASE("a give to a player who does not exist is reported at its line and column") {
    const CliRun run = run_cli(scenario("bad_player.toml"));
    check_usage_error(run, {"bad_player.toml:9:8: ", "unknown player 'bbo'", "players: ann, bob"});
    // The turn before the bad one was played and printed.
    CHECK(run.out.find("ann keeps") != std::string::npos);
}

TEST_CASE("a malformed scenario file is reported at its line and column") {
    check_usage_error(run_cli(scenario("bad_toml.toml") + " --json"), {"bad_toml.toml:3:7: ", "malformed TOML"});
}

TEST_CASE("a scenario file that cannot be read") {
    check_usage_error(run_cli("play --scenario /nonexistent/scenario.toml"),
                      {"/nonexistent/scenario.toml", "cannot read"});
}

TEST_CASE("--plugin-path and --set take one value per flag: the folder after them is the command's own") {
    // The issue's `cherries check --plugin-path . sets/x` read sets/x as a second plugin path and
    // said "nothing to check". One value per flag; repeat the flag for more.
    const std::string fixtures = CHERRIES_SOURCE_DIR "/tests/fixtures";
    const CliRun check = run_cli("check --plugin-path '" + fixtures + "' '" + fixtures + "/sets/planted-verdicts'");
    INFO("stderr: " << check.err << "\nstdout: " << check.out);
    CHECK(check.status == 0);
    CHECK(check.out.find("checked 1 set") != std::string::npos);
    // Repeated flags still add up.
    const CliRun sim = run_cli("sim --plugin-path '" + fixtures + "' --plugin-path '" + fixtures +
                               "' --set planted --set mistuned --gametype planted --games 2 --quiet");
    INFO("stderr: " << sim.err);
    CHECK(sim.status == 0);
    CHECK(sim.out.find("sets: planted, mistuned") != std::string::npos);
}
