#include "host/design/report_whatif.hpp"
#include "host/design/report_numbers.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace cherries::host {

nlohmann::json compare_what_if(const ReportData& base, const ReportData& variant, const std::string& label,
                               const std::vector<std::string>& cards) {
    const auto rounded = [](double x) { return std::round(x * 1e6) / 1e6; };
    nlohmann::json configs = nlohmann::json::array();
    for (std::size_t c = 0; c < base.tallies.size() && c < variant.tallies.size(); ++c) {
        const ReportTally& tb = base.tallies[c];
        const ReportTally& tv = variant.tallies[c];
        const GamesComparison games = compare_games(base.games.at(c), variant.games.at(c), tb.players);
        nlohmann::json seats = nlohmann::json::array();
        for (std::size_t s = 0; s < games.wins.size(); ++s) {
            nlohmann::json row = paired_json(games.wins[s]);
            row["seat"] = fmt::format("seat{}", s + 1);
            seats.push_back(std::move(row));
        }
        nlohmann::json card_rows = nlohmann::json::array();
        for (std::size_t k = 0; k < cards.size() && k < tb.causal.kinds() && k < tv.causal.kinds(); ++k) {
            const PairedSums& a = tb.causal.handling.receiver[k];
            const PairedSums& b = tv.causal.handling.receiver[k];
            if (a.games < 2 || b.games < 2) {
                card_rows.push_back({{"card", cards[k]}, {"difference", nullptr}});
                continue;
            }
            const auto se = [](const PairedSums& p) { return p.outcome_se(); };
            const double d = b.mean() - a.mean(), half = kZ * std::sqrt(se(a) * se(a) + se(b) * se(b));
            card_rows.push_back({{"card", cards[k]}, {"base", rounded(a.mean())}, {"variant", rounded(b.mean())},
                                 {"difference", rounded(d)}, {"ci95", {rounded(d - half), rounded(d + half)}}});
        }
        configs.push_back({{"players", tb.players}, {"bot", tb.bot}, {"games", games.games}, {"wins", std::move(seats)},
                           {"length", paired_json(games.length)}, {"unfinished", paired_json(games.unfinished)},
                           {"cards", std::move(card_rows)}});
    }
    return {{"variant", label}, {"configurations", std::move(configs)}};
}

}  // namespace cherries::host
