#include "host/ratings/standings.hpp"

#include <algorithm>

namespace cherries::host {

std::map<std::string, GametypeStandings> rate_games(const std::vector<RatedGame>& games, const openskill::Options& options) {
    std::map<std::string, std::map<std::string, Standing>> kept;  // gametype -> player -> standing
    std::map<std::string, std::uint64_t> played;
    for (const RatedGame& game : games) {
        auto& players = kept[game.gametype];
        std::vector<Standing*> seated;
        std::vector<openskill::Team> teams;
        std::vector<double> ranks;
        for (std::size_t place = 0; place < game.order.size(); ++place)
            for (const std::string& name : game.order[place]) {
                Standing& s = players.try_emplace(name, Standing{name, {}, 0}).first->second;
                seated.push_back(&s);
                teams.push_back({s.rating});
                ranks.push_back(static_cast<double>(place + 1));
            }
        const auto rated = openskill::rate(teams, ranks, options);
        for (std::size_t i = 0; i < seated.size(); ++i) {
            seated[i]->rating = rated[i][0];
            ++seated[i]->games;
        }
        ++played[game.gametype];
    }
    std::map<std::string, GametypeStandings> out;
    for (auto& [gametype, players] : kept) {
        GametypeStandings& table = out[gametype];
        table.games = played[gametype];
        for (auto& [name, standing] : players) table.players.push_back(std::move(standing));
        std::stable_sort(table.players.begin(), table.players.end(), [](const Standing& a, const Standing& b) {
            return openskill::ordinal(a.rating) > openskill::ordinal(b.rating);  // names already in order
        });
    }
    return out;
}

nlohmann::ordered_json standings_json(const std::map<std::string, GametypeStandings>& standings, const openskill::Options& options) {
    const openskill::Rating fresh;
    nlohmann::ordered_json gametypes = nlohmann::ordered_json::object();
    std::uint64_t games = 0;
    for (const auto& [gametype, table] : standings) {
        nlohmann::ordered_json players = nlohmann::ordered_json::array();
        for (const Standing& s : table.players)
            players.push_back(nlohmann::ordered_json{{"name", s.player},
                               {"mu", s.rating.mu},
                               {"sigma", s.rating.sigma},
                               {"ordinal", openskill::ordinal(s.rating)},
                               {"games", s.games}});
        gametypes[gametype] = nlohmann::ordered_json{{"games", table.games}, {"players", players}};
        games += table.games;
    }
    const nlohmann::ordered_json model = {{"name", "openskill plackett-luce"}, {"mu", fresh.mu},       {"sigma", fresh.sigma},
                                  {"beta", options.beta},               {"kappa", options.kappa}, {"tau", options.tau},
                                  {"ordinal", "mu - 3 sigma"}};
    return nlohmann::ordered_json{{"model", model}, {"games", games}, {"gametypes", gametypes}};
}

}  // namespace cherries::host
