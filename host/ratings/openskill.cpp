#include "host/ratings/openskill.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cherries::host::openskill {

namespace {

void check(bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("openskill::rate: ") + what);
}

void check_input(const std::vector<Team>& teams, const std::vector<double>& ranks, const Options& o) {
    check(std::isfinite(o.beta) && o.beta >= 0, "beta must be finite and >= 0");
    check(std::isfinite(o.kappa) && o.kappa > 0 && o.kappa <= 1, "kappa must be in (0, 1]");
    check(std::isfinite(o.tau) && o.tau >= 0, "tau must be finite and >= 0");
    check(teams.size() >= 2, "expected 2 or more teams");
    check(ranks.size() == teams.size(), "expected one rank per team");
    for (double r : ranks) check(std::isfinite(r), "ranks must be finite");
    for (const Team& team : teams) {
        check(!team.empty(), "expected a player in every team");
        for (const Rating& p : team) {
            check(std::isfinite(p.mu), "mu must be finite");
            check(std::isfinite(p.sigma) && p.sigma >= 0, "sigma must be finite and >= 0");
            check(p.sigma > 0 || o.tau > 0, "sigma must be > 0 (or tau > 0)");
        }
    }
}

// A team's sums: mu and sigma^2 of its players (Weng & Lin's theta_i and sigma_i^2).
struct TeamSums {
    double mu = 0;
    double sigma_squared = 0;
};

}  // namespace

double ordinal(const Rating& rating, double z) { return rating.mu - z * rating.sigma; }

std::vector<Team> rate(const std::vector<Team>& teams, const std::vector<double>& ranks, const Options& options) {
    check_input(teams, ranks, options);
    const std::size_t k = teams.size();
    // Dynamics first (openskill applies tau to every player before the update).
    std::vector<Team> out = teams;
    for (Team& team : out)
        for (Rating& p : team) p.sigma = std::sqrt(p.sigma * p.sigma + options.tau * options.tau);

    std::vector<TeamSums> sums(k);
    double c_squared = 0;
    for (std::size_t i = 0; i < k; ++i) {
        for (const Rating& p : out[i]) {
            sums[i].mu += p.mu;
            sums[i].sigma_squared += p.sigma * p.sigma;
        }
        c_squared += sums[i].sigma_squared + options.beta * options.beta;
    }
    const double c = std::sqrt(c_squared);

    // exp(mu_i / c), scaled by a common factor (it cancels in every ratio below) so it cannot overflow.
    double top = sums[0].mu;
    for (const TeamSums& s : sums) top = std::max(top, s.mu);
    std::vector<double> strength(k);
    for (std::size_t i = 0; i < k; ++i) strength[i] = std::exp((sums[i].mu - top) / c);
    // sum_q: the strengths of the teams that did not finish ahead of q; a_q: how many tied at q's rank.
    std::vector<double> sum_q(k, 0.0), a(k, 0.0);
    for (std::size_t q = 0; q < k; ++q)
        for (std::size_t i = 0; i < k; ++i) {
            if (ranks[i] >= ranks[q]) sum_q[q] += strength[i];
            if (ranks[i] == ranks[q]) a[q] += 1;
        }

    for (std::size_t i = 0; i < k; ++i) {
        double omega = 0, delta = 0;
        for (std::size_t q = 0; q < k; ++q) {
            if (ranks[q] > ranks[i]) continue;  // only the choices team i took part in
            const double p = strength[i] / sum_q[q];  // P(i is chosen from those left at q's choice)
            delta += p * (1 - p) / a[q];
            omega += ((q == i ? 1.0 : 0.0) - p) / a[q];
        }
        const double s2 = sums[i].sigma_squared;
        const double gamma = std::sqrt(s2) / c;  // openskill's default gamma
        omega *= s2 / c;
        delta *= gamma * s2 / c_squared;
        for (Rating& p : out[i]) {
            const double share = p.sigma * p.sigma / s2;
            p.mu += share * omega;
            p.sigma *= std::sqrt(std::max(1 - share * delta, options.kappa));
        }
    }
    return out;
}

}  // namespace cherries::host::openskill
