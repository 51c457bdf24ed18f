// `cherries ladder`: the Bradley–Terry (Luce) ratings and the round-robin line-ups.
#include <catch2/catch.hpp>

#include "host/batch/ladder.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/batch/ratings.hpp"
#include "host/base/input_error.hpp"

using namespace cherries;
using namespace cherries::host;

TEST_CASE("equal bots get equal ratings; the anchor is 0", "[host][ladder]") {
    // Two bots, each alone against three of the other, each winning a quarter: equal strength.
    const std::vector<Lineup> lineups{{{1, 3}, {25, 75}}, {{3, 1}, {75, 25}}};
    const auto r = fit_ratings(lineups, 2, 0);
    CHECK(r[0] == Approx(0).margin(1e-9));
    CHECK(r[1] == Approx(0).margin(1e-6));
}

TEST_CASE("a bot that wins half its games alone against three is rated 3x as strong", "[host][ladder]") {
    // Luce: P(lone wins) = w / (w + 3) = 1/2 gives w = 3, i.e. 400 log10(3) = 191 Elo points.
    const std::vector<Lineup> lineups{{{1, 3}, {5000, 5000}}, {{3, 1}, {9000, 1000}}};
    const auto r = fit_ratings(lineups, 2, 1);
    CHECK(r[0] == Approx(190.8).margin(2));
    const auto rated = rate_bots(lineups, 2, 1, 7, 100);
    CHECK(rated[0].low < rated[0].value);
    CHECK(rated[0].value < rated[0].high);
    CHECK(rated[0].low > 150);
    CHECK(rated[1].low == 0);  // the anchor
}

TEST_CASE("a bot that never wins keeps a finite rating", "[host][ladder]") {
    const std::vector<Lineup> lineups{{{1, 3}, {0, 100}}, {{3, 1}, {0, 100}}};
    const auto r = rate_bots(lineups, 2, 1, 1, 50);
    CHECK(std::isfinite(r[0].value));
    CHECK(r[0].value < -300);
}

TEST_CASE("ladder plays every ordered pair with seats rotated, the same for any number of jobs",
          "[host][ladder]") {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    LadderOptions options;
    options.bots = {"random", "greedy"};
    options.games = 12;
    const LadderResults one = run_ladder(bundle, options);
    options.jobs = 2;
    const LadderResults two = run_ladder(bundle, options);
    REQUIRE(one.pairs.size() == 2);
    for (std::size_t p = 0; p < 2; ++p) {
        CHECK(one.pairs[p].games == 12);
        CHECK(one.pairs[p].lone_wins == two.pairs[p].lone_wins);
        CHECK(one.pairs[p].rest_wins == two.pairs[p].rest_wins);
    }
    CHECK(one.turns == two.turns);
    CHECK(one.ratings[1].value > one.ratings[0].value);  // greedy above random
    const std::string report = ladder_report(one, bundle);
    CHECK_THAT(report, Catch::Contains("rank  bot     rating  95% interval"));
    CHECK_THAT(report, Catch::Contains("win share of the row bot alone against 3 of the column bot"));
}

TEST_CASE("ladder refuses one bot, a repeated bot and an unknown bot", "[host][ladder]") {
    LadderOptions options;
    options.bots = {"greedy"};
    CHECK_THROWS_AS(check_ladder_options(options), InputError);
    options.bots = {"greedy", "greedy"};
    CHECK_THROWS_AS(check_ladder_options(options), InputError);
    options.bots = {"greedy", "clever"};
    CHECK_THROWS_WITH(check_ladder_options(options), Catch::Contains("unknown bot 'clever'"));
}
