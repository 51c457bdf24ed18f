// `cherries sim` with what-if options (docs/report.md, "What if"), through the real binary: the
// variants after the baseline, in the text and in --json, and the option's errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "tests/support/run_cli.hpp"

using cherries::test::CliRun;
using cherries::test::run_cli;

TEST_CASE("sim --json carries each variant's paired differences; the baseline is the plain sim's", "[host][sim][cli]") {
    const std::string common = "sim --games 200 --players 3 --seed 4 --json --quiet";
    const CliRun plain = run_cli(common);
    const CliRun what_if = run_cli(common + " --winning-score 1 --sweep count:cherry=9..10");
    REQUIRE(plain.status == 0);
    INFO(what_if.err);
    REQUIRE(what_if.status == 0);
    nlohmann::json with = nlohmann::json::parse(what_if.out);
    const nlohmann::json variants = with["what_if"];
    with.erase("what_if");
    CHECK(with == nlohmann::json::parse(plain.out));  // the same baseline games
    REQUIRE(variants.size() == 2);
    CHECK(variants[0]["variant"] == "--winning-score 1 --count cherry=9");
    CHECK(variants[1]["variant"] == "--winning-score 1 --count cherry=10");
    for (const auto& v : variants) {
        CHECK(v["games"] == 200);
        CHECK(v["length"]["ci95"][1].get<double>() < 0);  // GDD §3.4.3: one point wins
        CHECK(v["wins"].size() == 3);
        CHECK(v["wins"][0]["bot"] == "random");
        CHECK(v["unfinished"]["difference"] == 0.0);
    }
}

TEST_CASE("sim prints each variant after the baseline as text", "[host][sim][cli]") {
    const CliRun run = run_cli("sim --games 100 --players 2 --without point-drop --quiet");
    INFO(run.err);
    REQUIRE(run.status == 0);
    const auto at = run.out.find("what if --without point-drop: 100 games on the same seeds");
    REQUIRE(at != std::string::npos);
    CHECK(run.out.find("wins by seat (share, 95% Wilson interval)") < at);
    CHECK(run.out.find("turns, mean:", at) != std::string::npos);
    CHECK(run.out.find("seat2", at) != std::string::npos);
}

TEST_CASE("sim's what-if mistakes: exit status 2 and one line naming the option", "[host][sim][cli]") {
    const CliRun misspelt = run_cli("sim --games 10 --without pointdrop");
    CHECK(misspelt.status == 2);
    CHECK(misspelt.err_lines().size() == 1);
    CHECK(misspelt.err.find("--without: unknown card 'pointdrop' (did you mean 'point-drop'?)") != std::string::npos);
    const CliRun sharded = run_cli("sim --games 10 --count cherry=3 --shard 1/2");
    CHECK(sharded.status == 2);
    CHECK(sharded.err.find("go without --shard") != std::string::npos);
    const CliRun recorded = run_cli("sim --games 10 --count cherry=3 --record /tmp/never-written.jsonl");
    CHECK(recorded.status == 2);
    CHECK(recorded.err.find("--record goes without what-if runs") != std::string::npos);
    const CliRun zero = run_cli("sim --games 10 --winning-score 0");
    CHECK(zero.status == 2);
    CHECK(zero.err.find("--winning-score") != std::string::npos);
    const CliRun sweep = run_cli("sim --games 10 --sweep count:cherry=4");
    CHECK(sweep.status == 2);
    CHECK(sweep.err.find("--sweep: expected") != std::string::npos);
}

TEST_CASE("sim --json with variants is the same for every --jobs", "[host][sim][cli]") {
    const std::string common = "sim --games 120 --players 4 --bot greedy --seed 2 --json --quiet --without point-boost";
    const CliRun one = run_cli(common + " --jobs 1");
    const CliRun two = run_cli(common + " --jobs 2");
    REQUIRE(one.status == 0);
    CHECK(one.out == two.out);
    CHECK(nlohmann::json::parse(one.out)["what_if"][0]["variant"] == "--without point-boost");
}
