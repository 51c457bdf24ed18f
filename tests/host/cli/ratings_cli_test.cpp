// `cherries ratings RESULTS.jsonl` run as a user runs it (issue 42 / Weng & Lin 2011 Algorithm 4;
// docs/ratings.md): the JSON on standard output for a fixture file, one error line per bad line
// with exit status 2, and --help.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "host/ratings/openskill.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using test::CliRun;
using test::run_cli;

namespace {

const std::string kFixture = CHERRIES_SOURCE_DIR "/tests/fixtures/ratings/results.jsonl";

nlohmann::json player(const nlohmann::json& out, const std::string& gametype, const std::string& name) {
    for (const auto& p : out["gametypes"][gametype]["players"])
        if (p["name"] == name) return p;
    FAIL("no " << name << " in " << gametype);
    return {};
}

// Exit status 2 and exactly the `expected` lines on stderr, nothing on stdout.
void check_refused(const test::TempFolder& tmp, const std::string& text, const std::vector<std::string>& expected) {
    const auto file = tmp.write("bad.jsonl", text);
    const CliRun run = run_cli("ratings '" + file.string() + "'");
    INFO("stderr: " << run.err);
    CHECK(run.status == 2);
    CHECK(run.out.empty());
    std::vector<std::string> lines;
    for (const auto& e : expected) lines.push_back("cherries: error: " + file.string() + e);
    CHECK(run.err_lines() == lines);
}

}  // namespace

TEST_CASE("cherries ratings: per gametype, in file order, best ordinal first", "[ratings][cli]") {
    const CliRun run = run_cli("ratings '" + kFixture + "'");
    INFO("stderr: " << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.err.empty());
    const auto out = nlohmann::json::parse(run.out);
    CHECK(out["games"] == 3);
    CHECK(out["model"]["tau"] == 0.0);
    CHECK(out["model"]["sigma"].get<double>() == Approx(25.0 / 3.0));
    // Line 1 is openskill.js's published game (rank [4, 1, 3, 2] of al, bea, cy, dan).
    const auto& official = out["gametypes"]["official"];
    CHECK(official["games"] == 1);
    std::vector<std::string> names;
    for (const auto& p : official["players"]) names.push_back(p["name"]);
    CHECK(names == std::vector<std::string>{"bea", "dan", "cy", "al"});
    const std::pair<const char*, std::pair<double, double>> published[] = {
        {"al", {20.963, 8.084}}, {"bea", {27.795, 8.263}}, {"cy", {24.689, 8.084}}, {"dan", {26.553, 8.179}}};
    for (const auto& [name, rating] : published) {
        INFO(name);
        const auto p = player(out, "official", name);
        CHECK(p["mu"].get<double>() == Approx(rating.first).margin(0.0005));
        CHECK(p["sigma"].get<double>() == Approx(rating.second).margin(0.0005));
        CHECK(p["ordinal"].get<double>() == Approx(p["mu"].get<double>() - 3 * p["sigma"].get<double>()));
        CHECK(p["games"] == 1);
    }
    // closed-table: its own ratings, two games in order, the tie of line 3 shared.
    const auto one = host::openskill::rate({{{}}, {{}}, {{}}}, {1, 2, 2});
    const auto two = host::openskill::rate({{one[2][0]}, {one[0][0]}}, {1, 2});
    CHECK(out["gametypes"]["closed-table"]["games"] == 2);
    CHECK(player(out, "closed-table", "cy")["mu"].get<double>() == Approx(two[0][0].mu).epsilon(1e-12));
    CHECK(player(out, "closed-table", "al")["sigma"].get<double>() == Approx(two[1][0].sigma).epsilon(1e-12));
    CHECK(player(out, "closed-table", "bea")["mu"].get<double>() == Approx(one[1][0].mu).epsilon(1e-12));
    CHECK(player(out, "closed-table", "al")["games"] == 2);
    // --tau is used, and said.
    const CliRun tau = run_cli("ratings --tau 0.0833 '" + kFixture + "'");
    REQUIRE(tau.status == 0);
    const auto with_tau = nlohmann::json::parse(tau.out);
    CHECK(with_tau["model"]["tau"] == 0.0833);
    CHECK(player(with_tau, "official", "al")["mu"].get<double>() != player(out, "official", "al")["mu"].get<double>());
}

TEST_CASE("cherries ratings: an empty file rates nothing", "[ratings][cli]") {
    const test::TempFolder tmp;
    const CliRun run = run_cli("ratings '" + tmp.write("empty.jsonl", "\n").string() + "'");
    REQUIRE(run.status == 0);
    const auto out = nlohmann::json::parse(run.out);
    CHECK(out["games"] == 0);
    CHECK(out["gametypes"].empty());
}

TEST_CASE("cherries ratings: bad lines are named at FILE:LINE, all of them, with exit status 2", "[ratings][cli]") {
    const test::TempFolder tmp;
    const std::string ok = "{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"]]}\n";
    check_refused(tmp, ok + "{\"gametype\": \"g\", \"order\": [[\"a\"]\n",
                  {":2: malformed JSON at column 34; expected one game as {\"gametype\": \"NAME\", \"order\": "
                   "[[\"FIRST\"], [\"TIED\", \"TIED\"], ...]}"});
    check_refused(tmp, "{\"order\": [[\"a\"], [\"b\"]]}\n", {":1: field 'gametype' is missing; expected the gametype's name, a non-empty string"});
    check_refused(tmp, ok + ok + "{\"gametype\": \"g\", \"order\": [[\"a\"]]}\n", {":3: 1 player; expected 2 to 6"});
    check_refused(tmp, "{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"], [\"c\"], [\"d\"], [\"e\"], [\"f\"], [\"g\"]]}\n",
                  {":1: 7 players; expected 2 to 6"});
    check_refused(tmp, "{\"gametype\": \"g\", \"order\": [[\"ann\", \"bob\"], [\"ann\"]]}\n" + ok + "[]\n",
                  {":1: \"ann\" is in the game twice; expected each player once",
                   ":3: expected one game as a JSON object {\"gametype\": \"NAME\", \"order\": [[\"FIRST\"], [\"TIED\", "
                   "\"TIED\"], ...]}, saw an array"});
    const CliRun missing = run_cli("ratings /nonexistent/results.jsonl");
    CHECK(missing.status == 2);
    CHECK(missing.err == "cherries: error: /nonexistent/results.jsonl: cannot read the results file: no such file\n");
    const CliRun no_file = run_cli("ratings");
    CHECK(no_file.status == 2);
    CHECK(no_file.err.find("results is required") != std::string::npos);
    const CliRun negative = run_cli("ratings --tau -1 '" + kFixture + "'");
    CHECK(negative.status == 2);
    CHECK(negative.err.find("--tau") != std::string::npos);
}

TEST_CASE("cherries ratings --help says the file's shape, the output and tau", "[ratings][cli]") {
    const CliRun run = run_cli("ratings --help");
    CHECK(run.status == 0);
    CHECK(run.out.find("\"order\": [[FIRST], [TIED, TIED], ...]") != std::string::npos);
    CHECK(run.out.find("2 to 6 players") != std::string::npos);
    CHECK(run.out.find("JSON on standard output") != std::string::npos);
    CHECK(run.out.find("--tau") != std::string::npos);
    CHECK(run_cli("--help").out.find("ratings") != std::string::npos);
}
