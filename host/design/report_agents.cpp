#include "host/design/report_agents.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "host/batch/sim_stats.hpp"
#include "host/design/report_html.hpp"
#include "host/design/report_numbers.hpp"

namespace cherries::host {

nlohmann::json agent_matrix_json(const LadderResults& results) {
    const auto& bots = results.options.bots;
    const double players = results.options.players;
    nlohmann::json cells = nlohmann::json::array();
    for (const LadderPair& p : results.pairs) {
        const double n = p.games ? static_cast<double>(p.games) : 1.0;
        const Interval ci = wilson_interval(p.lone_wins, p.games);
        cells.push_back({{"lone", bots[p.lone]},
                         {"rest", bots[p.rest]},
                         {"games", p.games},
                         {"lone_wins", p.lone_wins},
                         {"rest_wins", p.rest_wins},
                         {"no_winner", p.games - p.lone_wins - p.rest_wins},
                         {"share", rounded(static_cast<double>(p.lone_wins) / n)},
                         {"ci95", {rounded(ci.low), rounded(ci.high)}},
                         {"fair", rounded(1.0 / players)},
                         {"first_seat_share", rounded(static_cast<double>(p.first_seat_wins) / n)}});
    }
    nlohmann::json ratings = nlohmann::json::array();
    double low = 0, high = 0;
    for (std::size_t b = 0; b < results.ratings.size() && b < bots.size(); ++b) {
        const Rating& r = results.ratings[b];
        if (b == 0 || r.value < low) low = r.value;
        if (b == 0 || r.value > high) high = r.value;
        ratings.push_back({{"bot", bots[b]}, {"value", rounded(r.value)}, {"ci95", {rounded(r.low), rounded(r.high)}}});
    }
    return {{"players", results.options.players}, {"games", results.options.games}, {"seed", results.options.seed},
            {"bots", bots}, {"cells", std::move(cells)}, {"ratings", std::move(ratings)},
            {"skill_index", rounded(high - low)}};
}

std::string agents_section(const nlohmann::json& matrix) {
    if (matrix.is_null()) return "";
    const auto bots = matrix["bots"].get<std::vector<std::string>>();
    const int players = matrix["players"].get<int>();
    std::string out = fmt::format(
        "<h3>Agents: each against {} of another</h3><p class=note>Row: the one bot; column: the {} others. Each cell: "
        "the one bot's win share (fair: {:.1f}%) over {} games, its seat turning with the game, and the first seat's "
        "share of those games (whoever sat there). Skill index: the spread of the ladder's ratings (Elo points, the "
        "first bot at 0), <b>{:.0f}</b>.</p>",
        players - 1, players - 1, 100.0 / players, matrix["games"].get<std::uint64_t>(),
        matrix["skill_index"].get<double>());
    out += "<table id=agents><tr><th class=l>one \\ others</th>";
    for (const auto& b : bots) out += "<th>" + html_escape(b) + "</th>";
    out += "<th>rating</th></tr>";
    for (std::size_t r = 0; r < bots.size(); ++r) {
        out += "<tr><th class=l>" + html_escape(bots[r]) + "</th>";
        for (const auto& col : bots) {
            const nlohmann::json* cell = nullptr;
            for (const auto& c : matrix["cells"])
                if (c["lone"] == bots[r] && c["rest"] == col) cell = &c;
            if (!cell) {
                out += "<td>–</td>";
                continue;
            }
            out += fmt::format("<td>{:.1f}% <span class=ci>({:.0f}–{:.0f}); first seat {:.0f}%</span></td>",
                               100 * (*cell)["share"].get<double>(), 100 * (*cell)["ci95"][0].get<double>(),
                               100 * (*cell)["ci95"][1].get<double>(), 100 * (*cell)["first_seat_share"].get<double>());
        }
        const auto& rating = matrix["ratings"][r];
        out += fmt::format("<td>{:+.0f} <span class=ci>({:+.0f} to {:+.0f})</span></td></tr>", rating["value"].get<double>(),
                           rating["ci95"][0].get<double>(), rating["ci95"][1].get<double>());
    }
    return out + "</table>";
}

}  // namespace cherries::host
