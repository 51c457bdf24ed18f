// Scenarios as tests (issue 9, item 5): `expect` tables in [[turn]] and in the file, asserted by
// play_scenario, `play --scenario` (exit 1 at the first mismatch) and `check` (a set's
// scenarios/*.toml); "did you mean" for card ids and player names; bot seats refused.
#include <catch2/catch.hpp>

#include <string>

#include "sdk/plugins/plugin_search.hpp"
#include "host/base/input_error.hpp"
#include "host/scenario/scenario.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

namespace {

host::ScenarioEnd run_text(const std::string& text) {
    const host::Scenario scenario = host::parse_scenario(text, "s.toml");
    host::ScenarioEnd end;
    host::scenario_json(scenario, sdk::load_bundle({"standard"}, "official"), &end);
    return end;
}

std::string usage_error(const std::string& text) {
    try {
        run_text(text);
    } catch (const host::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

// ann keeps a Double Cherry, then a Triple Cherry: 5 cherries at the end of her turn, +1 point
// under the official gametype (GDD §3.3.2.1.1.1 cherry cards, §3.3.1.1 the distribution).
const std::string kGame = "players = [\"ann\", \"bob\"]\ndeck = [\"double-cherry\", \"cherry\", \"triple-cherry\"]\n"
                          "[[turn]]\ngive = \"ann\"\n"                     // lines 3-4
                          "[[turn]]\ngive = \"bob\"\n"                     // 5-6
                          "[[turn]]\ngive = \"ann\"\n";                    // 7-8

}  // namespace

TEST_CASE("scenario expect: values that hold let the run complete (GDD §3.3.1.1, §3.3.2.1.1.1)") {
    const auto end = run_text(kGame + "expect.status = \"in_progress\"\nexpect.ann = { cherries = 5, score = 1, received = "
                                      "[\"double-cherry\", \"triple-cherry\"] }\nexpect.bob = { cherries = 1, modifiers = [] }\n");
    INFO(end.message);
    CHECK(end.end == host::GameEnd::scenario_done);
}

TEST_CASE("scenario expect: the first mismatch stops the run at the expected value, expected vs actual") {
    const auto end = run_text(kGame + "expect.ann = { cherries = 5, score = 2 }\n");
    CHECK(end.end == host::GameEnd::expect_failed);
    CHECK(end.failed());
    CHECK(end.message == "s.toml:9:38: expect after turn 3: ann's score: expected 2, got 1");
    CHECK(end.where.line == 9);
}

TEST_CASE("scenario expect: the file's own [expect] is checked at the end") {
    const auto end = run_text(kGame + "[expect]\nwinner = \"ann\"\n");
    CHECK(end.message == "s.toml:10:10: expect at the end, after turn 3: winner: expected \"ann\", got none");
    const auto status = run_text(kGame + "[expect]\nstatus = \"won\"\n");
    CHECK(status.message == "s.toml:10:10: expect at the end, after turn 3: status: expected \"won\", got \"in_progress\"");
}

TEST_CASE("scenario expect: a misspelt player or card id gets did you mean") {
    CHECK(run_text(kGame + "expect.an = { cherries = 5 }\n").message ==
          "s.toml:9:26: expect after turn 3: expect for unknown player 'an'; did you mean 'ann'?");
    CHECK(run_text(kGame + "expect.ann = { received = [\"double-chery\"] }\n").message ==
          "s.toml:9:27: expect after turn 3: ann's received: unknown card 'double-chery'; did you mean 'double-cherry'?");
    CHECK(usage_error("players = [\"ann\", \"bob\"]\ndeck = [\"tripple-cherry\"]\n") ==
          "s.toml:2:9: unknown card 'tripple-cherry'; did you mean 'triple-cherry'?");
    CHECK(usage_error("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"bobb\"\n") ==
          "s.toml:3:8: unknown player 'bobb' in 'give'; did you mean 'bob'?");
}

TEST_CASE("scenario expect: wrong keys and types are errors at their place") {
    CHECK(usage_error(kGame + "expect.ann = { cheries = 5 }\n") ==
          "s.toml:9:26: unknown key 'cheries' in expect for player 'ann'; did you mean 'cherries'?");
    CHECK(usage_error(kGame + "expect.status = \"over\"\n") ==
          "s.toml:9:17: expect status: expected one of in_progress, won, suspended, ended, aborted, saw \"over\"");
}

TEST_CASE("scenario: bot seats are refused, a scenario's seats are its decisions") {
    const std::string e = usage_error("players = [\"ann\", \"bot:greedy\"]\n");
    CHECK(e.rfind("s.toml:1:19: 'players': 'bot:greedy' is a bot; a scenario's seats are its decisions", 0) == 0);
}

TEST_CASE("play --scenario exits 1 with file:line:column on an expect mismatch") {
    test::TempFolder dir;
    dir.write("s.toml", kGame + "expect.ann = { cherries = 4 }\n");
    const auto run = test::run_cli("play --scenario '" + (dir.path() / "s.toml").string() + "' --json");
    CHECK(run.status == 1);
    CHECK(run.err.find("s.toml:9:27: expect after turn 3: ann's cherries: expected 4, got 5") != std::string::npos);
    const auto text = test::run_cli("play --scenario '" + (dir.path() / "s.toml").string() + "'");
    CHECK(text.status == 1);
    CHECK(text.out.find("Result: in progress after 3 turns (the scenario stopped at an expect that did not hold)") !=
          std::string::npos);
}

TEST_CASE("check runs a set's scenarios/*.toml as its designer tests") {
    test::TempFolder dir;
    std::filesystem::copy(std::filesystem::path(CHERRIES_SOURCE_DIR) / "sets/standard", dir.path() / "standard", std::filesystem::copy_options::recursive);
    dir.write("standard/scenarios/good.toml", kGame + "expect.ann = { cherries = 5 }\n");
    auto run = test::run_cli("check '" + (dir.path() / "standard").string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("ran 1 scenario") != std::string::npos);
    dir.write("standard/scenarios/wrong.toml", kGame + "expect.ann = { score = 3 }\n");
    run = test::run_cli("check '" + (dir.path() / "standard").string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    CHECK(run.out.find("scenarios/wrong.toml:9:24: error: expect after turn 3: ann's score: expected 3, got 1") !=
          std::string::npos);
    CHECK(run.out.find("ran 2 scenarios") != std::string::npos);
}

TEST_CASE("check finds a scenario's set by its folder name, and a gametype beside sets/, wherever it runs from") {
    test::TempFolder dir;
    namespace fs = std::filesystem;
    const fs::path source = CHERRIES_SOURCE_DIR;
    fs::create_directories(dir.path() / "proj/sets");
    fs::create_directories(dir.path() / "proj/gametypes");
    fs::create_directories(dir.path() / "elsewhere");
    fs::copy(source / "sets/standard", dir.path() / "proj/sets/grove", fs::copy_options::recursive);
    fs::copy(source / "gametypes/example-a", dir.path() / "proj/gametypes/house", fs::copy_options::recursive);
    dir.write("proj/sets/grove/scenarios/mine.toml", "sets = [\"grove\"]\ngametype = \"house\"\n" + kGame);
    const std::string cd = "cd '" + (dir.path() / "elsewhere").string() + "' &&";
    auto run = test::run_cli("check '" + (dir.path() / "proj/sets/grove").string() + "'", "", cd);
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("ran 1 scenario") != std::string::npos);
    // A card of a set the scenario does not name: the message says where the deck comes from.
    dir.write("proj/sets/grove/scenarios/mine.toml", "sets = [\"grove\"]\nplayers = [\"ann\", \"bob\"]\ndeck = [\"golden-apple\"]\n");
    run = test::run_cli("check '" + (dir.path() / "proj/sets/grove").string() + "'", "", cd);
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    CHECK(run.out.find("a card of another set needs it in sets = [...]") != std::string::npos);
}

TEST_CASE("cherries --version prints the version") {
    const auto run = test::run_cli("--version");
    CHECK(run.status == 0);
    CHECK(run.out == std::string("cherries ") + CHERRIES_TEST_VERSION + "\n");
}
