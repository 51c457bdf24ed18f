#include "host/batch/ratings.hpp"

#include <algorithm>
#include <cmath>

#include "engine/random.hpp"

namespace cherries::host {

namespace {

constexpr double kPriorWins = 0.5;  // per bot, in one virtual game against strength 1
constexpr int kIterations = 500;

std::vector<double> elo(const std::vector<double>& strength, std::size_t anchor) {
    std::vector<double> out(strength.size());
    const double base = 400.0 * std::log10(strength[anchor]);
    for (std::size_t i = 0; i < strength.size(); ++i) out[i] = 400.0 * std::log10(strength[i]) - base;
    return out;
}

}  // namespace

std::vector<double> fit_ratings(const std::vector<Lineup>& lineups, std::size_t bots, std::size_t anchor) {
    std::vector<double> wins(bots, kPriorWins);
    for (const Lineup& l : lineups)
        for (std::size_t i = 0; i < bots; ++i) wins[i] += static_cast<double>(l.wins[i]);
    std::vector<double> w(bots, 1.0);
    std::vector<double> next(bots);
    for (int iteration = 0; iteration < kIterations; ++iteration) {
        for (std::size_t i = 0; i < bots; ++i) next[i] = 1.0 / (w[i] + 1.0);  // the virtual game
        for (const Lineup& l : lineups) {
            double games = 0, total = 0;
            for (std::size_t j = 0; j < bots; ++j) {
                games += static_cast<double>(l.wins[j]);
                total += l.seats[j] * w[j];
            }
            if (games == 0 || total <= 0) continue;
            for (std::size_t i = 0; i < bots; ++i) next[i] += games * l.seats[i] / total;
        }
        double change = 0;
        for (std::size_t i = 0; i < bots; ++i) {
            const double updated = wins[i] / next[i];
            change = std::max(change, std::abs(std::log(updated / w[i])));
            w[i] = updated;
        }
        if (change < 1e-10) break;
    }
    return elo(w, anchor);
}

std::vector<Rating> rate_bots(const std::vector<Lineup>& lineups, std::size_t bots, std::size_t anchor,
                              std::uint64_t seed, unsigned resamples) {
    const std::vector<double> point = fit_ratings(lineups, bots, anchor);
    std::vector<std::vector<double>> samples(bots);
    SplitMix64 random(seed);
    std::vector<Lineup> resampled = lineups;
    for (unsigned b = 0; b < resamples; ++b) {
        for (std::size_t g = 0; g < lineups.size(); ++g) {
            const Lineup& l = lineups[g];
            std::uint64_t games = 0;
            for (auto w : l.wins) games += w;
            std::fill(resampled[g].wins.begin(), resampled[g].wins.end(), 0);
            for (std::uint64_t k = 0; k < games; ++k) {  // draw one of the won games
                std::uint64_t pick = uniform_below(random, games);
                std::size_t i = 0;
                while (pick >= l.wins[i]) pick -= l.wins[i++];
                ++resampled[g].wins[i];
            }
        }
        const std::vector<double> r = fit_ratings(resampled, bots, anchor);
        for (std::size_t i = 0; i < bots; ++i) samples[i].push_back(r[i]);
    }
    std::vector<Rating> out(bots);
    for (std::size_t i = 0; i < bots; ++i) {
        out[i].value = point[i];
        auto& s = samples[i];
        std::sort(s.begin(), s.end());
        if (s.empty()) {
            out[i].low = out[i].high = point[i];
            continue;
        }
        const auto at = [&](double q) { return s[std::min(s.size() - 1, static_cast<std::size_t>(q * (s.size() - 1) + 0.5))]; };
        out[i].low = at(0.025);
        out[i].high = at(0.975);
    }
    return out;
}

}  // namespace cherries::host
