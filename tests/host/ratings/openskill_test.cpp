// The OpenSkill rating model (issue 42 / Weng & Lin 2011 Algorithm 4, the Plackett–Luce model,
// docs/ratings.md) against figures published by openskill.js and openskill.py, a 2-player game
// worked by hand from the paper's formulas, ties, and the invariants of the update. There is no
// GDD section for ratings.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

#include "host/ratings/openskill.hpp"

using namespace cherries::host::openskill;

namespace {

std::vector<Team> solo(const std::vector<Rating>& players) {
    std::vector<Team> teams;
    for (const Rating& p : players) teams.push_back({p});
    return teams;
}

const Rating kFresh{};

}  // namespace

TEST_CASE("four fresh players finishing 4th, 1st, 3rd, 2nd: openskill.js's published figures", "[ratings]") {
    // openskill.js's README, "Artificial Ranking": rate([[a1], [b1], [c1], [d1]], {rank: [4, 1, 3, 2]}),
    // printed to 3 decimals, so each figure holds to half a unit of its last digit. These figures
    // are reproduced only without tau (with openskill.py's tau = 25/300, A's mu is 20.9624 and B's
    // sigma 8.2636): the reason tau is 0 by default (docs/ratings.md, "Tau").
    const auto r = rate(solo({kFresh, kFresh, kFresh, kFresh}), {4, 1, 3, 2});
    REQUIRE(r.size() == 4);
    const double mu[] = {20.963, 27.795, 24.689, 26.553};
    const double sigma[] = {8.084, 8.263, 8.084, 8.179};
    for (int i = 0; i < 4; ++i) {
        INFO("player " << i);
        REQUIRE(r[i].size() == 1);
        CHECK(r[i][0].mu == Approx(mu[i]).margin(0.0005));
        CHECK(r[i][0].sigma == Approx(sigma[i]).margin(0.0005));
    }
    // Equal sigmas before the game: what the winners gain the losers lose.
    double change = 0;
    for (int i = 0; i < 4; ++i) change += r[i][0].mu - kFresh.mu;
    CHECK(change == Approx(0).margin(1e-12));
}

TEST_CASE("openskill.py's own fixtures, tau 25/300: teams, an order that is not the listed one, and a tie", "[ratings]") {
    // tests/models/data/plackettluce.json of openskill.py (its model with mu 31.3219..., sigma
    // 11.3799..., beta 25/6, tau 25/300), to 1e-9: the same formulas, to the last digits.
    const Rating r{31.321989232514305, 11.379964801443018};
    const Options py{25.0 / 6.0, 0.0001, 25.0 / 300.0};
    const auto ranks = rate({{r}, {r, r}}, {2, 1}, py);  // "ranks": the team of two wins
    CHECK(ranks[0][0].mu == Approx(30.19454401757094).epsilon(1e-9));
    CHECK(ranks[0][0].sigma == Approx(11.237778601372977).epsilon(1e-9));
    CHECK(ranks[1][1].mu == Approx(32.44943444745767).epsilon(1e-9));
    CHECK(ranks[1][1].sigma == Approx(11.17822477763209).epsilon(1e-9));
    const auto ties = rate({{r}, {r, r}, {r, r, r}}, {1, 2, 1}, py);  // "ties": teams 1 and 3 share first place
    CHECK(ties[0][0].mu == Approx(33.21874815457553).epsilon(1e-9));
    CHECK(ties[0][0].sigma == Approx(11.354896725884002).epsilon(1e-9));
    CHECK(ties[1][0].mu == Approx(30.27713112192334).epsilon(1e-9));
    CHECK(ties[1][0].sigma == Approx(11.291328826858104).epsilon(1e-9));
    CHECK(ties[2][2].mu == Approx(30.470088421044046).epsilon(1e-9));
    CHECK(ties[2][2].sigma == Approx(11.249240904583088).epsilon(1e-9));
    // A team's players share its change alike when their ratings are alike.
    CHECK(ties[2][0].mu == ties[2][2].mu);
}

TEST_CASE("two fresh players: the winner gains what the loser loses, as the paper's formulas give by hand", "[ratings]") {
    // With equal ratings, c^2 = 2 (sigma^2 + beta^2) and the winner's chance is 1/2, so
    // Omega = +-sigma^2 / (2c) and Delta = gamma sigma^2 / (4 c^2) with gamma = sigma / c.
    const double s = 25.0 / 3.0, beta = 25.0 / 6.0;
    const double c = std::sqrt(2 * (s * s + beta * beta));
    const double step = s * s / (2 * c);
    const double sigma_after = s * std::sqrt(1 - (s / c) * s * s / (4 * c * c));
    const auto r = rate(solo({kFresh, kFresh}), {1, 2});
    CHECK(r[0][0].mu == Approx(25 + step).epsilon(1e-12));
    CHECK(r[1][0].mu == Approx(25 - step).epsilon(1e-12));
    CHECK(r[0][0].sigma == Approx(sigma_after).epsilon(1e-12));
    CHECK(r[1][0].sigma == Approx(sigma_after).epsilon(1e-12));
    CHECK(step == Approx(2.6352).margin(1e-4));  // what the numbers are: 27.635 and 22.365
}

TEST_CASE("ties: tied players are rated alike, and a drawn game between equals moves no mu", "[ratings]") {
    const auto draw = rate(solo({kFresh, kFresh}), {1, 1});
    CHECK(draw[0][0].mu == Approx(25).margin(1e-12));
    CHECK(draw[1][0].mu == Approx(25).margin(1e-12));
    CHECK(draw[0][0].sigma < kFresh.sigma);  // a draw is still news
    // Three players, two tied for first: the tied pair alike, above the third.
    const auto r = rate(solo({kFresh, kFresh, kFresh}), {1, 2, 1});
    CHECK(r[0][0].mu == Approx(r[2][0].mu).epsilon(1e-12));
    CHECK(r[0][0].sigma == Approx(r[2][0].sigma).epsilon(1e-12));
    CHECK(r[0][0].mu > 25);
    CHECK(r[1][0].mu < 25);
    // A shared place is worth less than having it alone: between three equals, sharing first
    // (Omega c / sigma^2 = (1 - 1/3)/2 - (1/3)/2 = 1/6, each tied choice counted half) is worth
    // what second place alone is (-1/3 + 1/2 = 1/6).
    const auto alone = rate(solo({kFresh, kFresh, kFresh}), {1, 2, 3});
    CHECK(r[0][0].mu < alone[0][0].mu);
    CHECK(r[0][0].mu == Approx(alone[1][0].mu).epsilon(1e-12));
}

TEST_CASE("invariants: sum of mu changes weighted by 1/sigma^2 is 0; sigma never grows without tau", "[ratings]") {
    // Each choice q of Algorithm 4 adds (1 - p_q) to the chosen team's Omega/(sigma^2/c) and -p_i
    // to every other team left, which sum to 0; so sum_i Delta mu_i / sigma_i^2 = 0 for any
    // ratings, and sum_i Delta mu_i = 0 when the sigmas are equal.
    const std::vector<Rating> players{{31, 2.5}, {22, 7}, {25, 8.333}, {18, 4}, {27, 1.2}, {24, 6}};
    const auto r = rate(solo(players), {3, 1, 6, 2, 4, 5});
    double weighted = 0, plain = 0;
    for (std::size_t i = 0; i < players.size(); ++i) {
        const double change = r[i][0].mu - players[i].mu;
        weighted += change / (players[i].sigma * players[i].sigma);
        plain += change;
        CHECK(r[i][0].sigma < players[i].sigma);
        CHECK(r[i][0].sigma > 0);
    }
    CHECK(weighted == Approx(0).margin(1e-12));
    CHECK(std::abs(plain) > 0.01);  // unequal sigmas: the plain sum is not what is kept
    // With tau the same holds for the sigmas after tau is added.
    const Options tau{25.0 / 6.0, 0.0001, 0.5};
    const auto t = rate(solo(players), {3, 1, 6, 2, 4, 5}, tau);
    double weighted_tau = 0;
    for (std::size_t i = 0; i < players.size(); ++i)
        weighted_tau += (t[i][0].mu - players[i].mu) / (players[i].sigma * players[i].sigma + 0.25);
    CHECK(weighted_tau == Approx(0).margin(1e-12));
}

TEST_CASE("only the order of ranks counts, and the order teams are listed in does not", "[ratings]") {
    const std::vector<Rating> players{{31, 2.5}, {22, 7}, {25, 8.333}, {18, 4}};
    const auto a = rate(solo(players), {1, 2, 2, 4});
    const auto b = rate(solo(players), {0, 5, 5, 9});
    const auto swapped = rate(solo({players[3], players[2], players[1], players[0]}), {4, 2, 2, 1});
    for (std::size_t i = 0; i < players.size(); ++i) {
        CHECK(a[i][0].mu == Approx(b[i][0].mu).epsilon(1e-12));
        CHECK(a[i][0].sigma == Approx(b[i][0].sigma).epsilon(1e-12));
        CHECK(a[i][0].mu == Approx(swapped[3 - i][0].mu).epsilon(1e-12));
        CHECK(a[i][0].sigma == Approx(swapped[3 - i][0].sigma).epsilon(1e-12));
    }
    // An upset moves more than the expected result.
    const auto upset = rate(solo({{35, 3}, {15, 3}}), {2, 1});
    const auto expected = rate(solo({{35, 3}, {15, 3}}), {1, 2});
    CHECK(upset[1][0].mu - 15 > expected[0][0].mu - 35);
}

TEST_CASE("ordinal is mu - 3 sigma", "[ratings]") {
    CHECK(ordinal(kFresh) == Approx(0).margin(1e-12));
    CHECK(ordinal({30, 2}) == Approx(24));
    CHECK(ordinal({30, 2}, 2) == Approx(26));
}

TEST_CASE("rate refuses what is no game", "[ratings]") {
    CHECK_THROWS_AS(rate(solo({kFresh}), {1}), std::invalid_argument);
    CHECK_THROWS_AS(rate(solo({kFresh, kFresh}), {1}), std::invalid_argument);
    CHECK_THROWS_AS(rate({{kFresh}, {}}, {1, 2}), std::invalid_argument);
    CHECK_THROWS_AS(rate(solo({kFresh, {25, 0}}), {1, 2}), std::invalid_argument);
    CHECK_THROWS_AS(rate(solo({kFresh, {NAN, 1}}), {1, 2}), std::invalid_argument);
    CHECK_NOTHROW(rate(solo({kFresh, {25, 0}}), {1, 2}, {25.0 / 6.0, 0.0001, 0.1}));  // tau makes sigma > 0
}
