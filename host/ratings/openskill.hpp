// OpenSkill's Plackett–Luce model: Weng & Lin 2011, "A Bayesian Approximation Method for Online
// Ranking" (JMLR 12), Algorithm 4, with the defaults of openskill.py and openskill.js
// (docs/ratings.md). Pure: no I/O, no state; the same input gives the same ratings.
#pragma once

#include <vector>

namespace cherries::host::openskill {

/// A player's skill belief: a normal distribution N(mu, sigma^2), in OpenSkill's units (a new
/// player is N(25, (25/3)^2)).
struct Rating {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
};

/// The model's parameters. The defaults are openskill's, but for tau (docs/ratings.md, "Tau").
struct Options {
    double beta = 25.0 / 6.0;  ///< performance noise around skill: sigma of a new player / 2
    double kappa = 0.0001;     ///< floor of the factor that shrinks sigma^2, so sigma stays > 0
    /// Added to sigma before each game, sigma' = sqrt(sigma^2 + tau^2), so sigma never settles at
    /// 0 and skill can drift. 0 (off) by default; openskill.py's default is 25/300.
    double tau = 0.0;
};

/// A team: the ratings of its players. A free-for-all game has one player per team.
using Team = std::vector<Rating>;

/// The conservative skill estimate mu - z sigma (z = 3: the true skill is above it with
/// probability 99.87%). Leaderboards sort by it.
double ordinal(const Rating& rating, double z = 3.0);

/// The ratings after one game: `teams[i]` finished at `ranks[i]` (lower is better; equal ranks
/// are a tie; only their order counts, so 1, 2, 2, 4 and 0, 5, 5, 9 are alike). Returns the
/// teams' new ratings, in the order given. A team's mu is the sum of its players' and its
/// sigma^2 the sum of theirs; its change is shared in proportion to each player's sigma^2.
/// Throws std::invalid_argument unless there are 2 or more teams, each with a player, one rank
/// per team, and every mu finite and every sigma finite and > 0 (or >= 0 with tau > 0).
std::vector<Team> rate(const std::vector<Team>& teams, const std::vector<double>& ranks, const Options& options = {});

}  // namespace cherries::host::openskill
