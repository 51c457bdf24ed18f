// `cherries sim`: results that do not depend on the number of threads, the statistics, and the
// command line's errors (run through the real executable).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>

#include "sdk/plugins/plugin_search.hpp"
#include "host/batch/sim.hpp"
#include "host/batch/sim_stats.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

bool same_games(const SimResults& a, const SimResults& b) {
    if (a.games.size() != b.games.size()) return false;
    for (std::size_t i = 0; i < a.games.size(); ++i)
        if (a.games[i].turns != b.games[i].turns || a.games[i].outcome != b.games[i].outcome ||
            a.games[i].winner != b.games[i].winner)
            return false;
    return true;
}

struct Run {
    int status = -1;  // exit status
    std::string out;  // stdout (and stderr when redirected in the command)
};

// Runs the cherries executable with `arguments` (a shell fragment).
Run run_cherries(const std::string& arguments) {
    const std::string command = std::string("'") + CHERRIES_BINARY + "' " + arguments;
    Run run;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) run.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace

TEST_CASE("sim results are the same for every --jobs and every run", "[host][sim]") {
    SimOptions options;
    options.games = 300;
    options.players = 4;
    options.bots = {"random", "greedy", "random", "random"};
    options.seed = 11;
    options.jobs = 1;
    const SimResults one = run_sim(standard_bundle(), options);
    options.jobs = 2;
    const SimResults two = run_sim(standard_bundle(), options);
    options.jobs = 3;
    const SimResults three = run_sim(standard_bundle(), options);
    options.jobs = 2;
    const SimResults again = run_sim(standard_bundle(), options);

    CHECK(same_games(one, two));
    CHECK(same_games(one, three));
    CHECK(same_games(two, again));
    const auto summary = sim_summary(one, standard_bundle()).dump();
    CHECK(summary == sim_summary(two, standard_bundle()).dump());
    CHECK(summary == sim_summary(three, standard_bundle()).dump());
    CHECK(summary == sim_summary(again, standard_bundle()).dump());
}

TEST_CASE("sim summary adds up", "[host][sim]") {
    SimOptions options;
    options.games = 200;
    options.players = 3;
    options.seed = 5;
    const SimResults results = run_sim(standard_bundle(), options);
    REQUIRE(results.games.size() == 200);
    CHECK(results.seat_bots == std::vector<std::string>{"random", "random", "random"});
    const auto json = sim_summary(results, standard_bundle());
    CHECK(json["games"] == 200);
    CHECK(json["sets"] == nlohmann::json::array({"standard"}));
    CHECK(json["gametype"] == "official");
    CHECK(!json.contains("jobs"));
    CHECK(!json.contains("seconds"));
    std::uint64_t wins = 0;
    REQUIRE(json["wins"].size() == 3);
    for (const auto& seat : json["wins"]) {
        wins += seat["wins"].get<std::uint64_t>();
        CHECK(seat["ci95"][0].get<double>() <= seat["share"].get<double>());
        CHECK(seat["share"].get<double>() <= seat["ci95"][1].get<double>());
    }
    CHECK(wins + json["unfinished"].get<std::uint64_t>() + json["no_winner"].get<std::uint64_t>() == 200);
    CHECK(json["turns"]["max"].get<std::uint32_t>() >= json["turns"]["median"].get<double>());
    // A different seed plays different games.
    options.seed = 6;
    CHECK(!same_games(results, run_sim(standard_bundle(), options)));
}

TEST_CASE("sim counts games still going at --max-turns as unfinished", "[host][sim]") {
    SimOptions options;
    options.games = 50;
    options.max_turns = 3;  // three turns cannot score 10 with the Standard Set
    const SimResults results = run_sim(standard_bundle(), options);
    for (const SimGame& g : results.games) {
        CHECK(g.outcome == GameEnd::turn_cap);
        CHECK(g.turns == 3);
        CHECK(g.winner == -1);
    }
    CHECK(sim_summary(results, standard_bundle())["unfinished"] == 50);
}

TEST_CASE("sim options are checked", "[host][sim]") {
    SimOptions options;
    options.players = 3;
    CHECK(seat_bots(options) == std::vector<std::string>{"random", "random", "random"});
    options.bots = {"greedy", "random", "greedy"};
    CHECK(seat_bots(options) == options.bots);
    options.bots = {"greedy", "random"};
    CHECK_THROWS_AS(seat_bots(options), InputError);
    options.bots = {"clever"};
    CHECK_THROWS_WITH(seat_bots(options), Catch::Contains("unknown bot 'clever'"));
    options.bots = {"random"};
    options.players = 1;
    CHECK_THROWS_AS(seat_bots(options), InputError);
    options.players = 2;
    options.jobs = 0;
    CHECK_THROWS_AS(seat_bots(options), InputError);
}

TEST_CASE("Wilson interval and turn statistics", "[host][sim]") {
    const Interval half = wilson_interval(50, 100);  // textbook value: [0.4038, 0.5962]
    CHECK(half.low == Approx(0.4038).margin(1e-4));
    CHECK(half.high == Approx(0.5962).margin(1e-4));
    const Interval none = wilson_interval(0, 20);
    CHECK(none.low == 0);
    CHECK(none.high == Approx(0.1611).margin(1e-4));
    const TurnStats odd = turn_stats({5, 1, 9});
    CHECK(odd.median == 5);
    CHECK(odd.mean == 5);
    CHECK(odd.max == 9);
    CHECK(odd.total == 15);
    CHECK(turn_stats({4, 1, 2, 9}).median == 3);
}

TEST_CASE("cherries sim --json is byte-identical across --jobs and runs", "[host][sim][cli]") {
    const std::string flags = "sim --games 400 --players 4 --bot random --bot greedy --bot random --bot random --seed 3 --json 2>/dev/null";
    const Run one = run_cherries(flags + " --jobs 1");
    const Run two = run_cherries(flags + " --jobs 2");
    const Run again = run_cherries(flags + " --jobs 2");
    REQUIRE(one.status == 0);
    REQUIRE(two.status == 0);
    CHECK(nlohmann::json::parse(one.out)["games"] == 400);
    CHECK(one.out == two.out);
    CHECK(two.out == again.out);
}

TEST_CASE("cherries sim prints text results with the throughput", "[host][sim][cli]") {
    const Run run = run_cherries("sim --games 50 --players 2 2>&1");
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::Contains("games: 50"));
    CHECK_THAT(run.out, Catch::Contains("seat2"));
    CHECK_THAT(run.out, Catch::Contains("turns per second: "));
}

TEST_CASE("cherries sim rejects bad --bot and --players with exit status 2", "[host][sim][cli]") {
    const Run mismatch = run_cherries("sim --games 10 --players 3 --bot random --bot greedy 2>&1");
    CHECK(mismatch.status == 2);
    CHECK_THAT(mismatch.out, Catch::Contains("--bot given 2 times for 3 players"));
    CHECK(mismatch.out.find('\n') == mismatch.out.size() - 1);  // one line

    const Run unknown = run_cherries("sim --games 10 --bot clever 2>&1");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.out, Catch::Contains("unknown bot 'clever'; expected one of: random, greedy"));
    CHECK(unknown.out.find('\n') == unknown.out.size() - 1);

    const Run one_player = run_cherries("sim --games 10 --players 1 2>&1");
    CHECK(one_player.status == 2);

    const Run not_a_number = run_cherries("sim --games lots 2>&1");
    CHECK(not_a_number.status == 2);
}

TEST_CASE("two master seeds share no game: game i's seed is a hash of (seed, i), not seed + i", "[host][sim]") {
    // The old seeds, mix_seed(seed + i), made --seed 2's game i --seed 1's game i + 1: a rerun
    // "with another seed" replayed all but one game. Seeds 1..8, 100,000 games each: no repeat.
    std::unordered_set<std::uint64_t> seen;
    for (std::uint64_t seed = 1; seed <= 8; ++seed)
        for (std::uint64_t i = 0; i < 100'000; ++i) seen.insert(sim_game_seed(seed, i));
    CHECK(seen.size() == 800'000);
    CHECK(sim_game_seed(2, 0) != sim_game_seed(1, 1));
    CHECK(sim_game_seed(1, 7) == sim_game_seed(1, 7));  // a pure function: shards and jobs agree
    // And the games themselves: seed 2's games are not seed 1's shifted by one.
    SimOptions options;
    options.games = 101;
    options.players = 3;
    options.seed = 1;
    const SimResults one = run_sim(standard_bundle(), options);
    options.seed = 2;
    const SimResults two = run_sim(standard_bundle(), options);
    std::size_t same = 0;
    for (std::size_t i = 0; i + 1 < 101; ++i)
        same += two.games[i].turns == one.games[i + 1].turns && two.games[i].winner == one.games[i + 1].winner;
    CHECK(same < 50);  // the old seeds gave 100 of 100
}
