#include "host/store/rating_rows.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>

#include "host/ratings/openskill.hpp"

namespace cherries::host {

namespace {

constexpr const char* kColumns = "SELECT key, name, mu, sigma, games FROM ratings ";

PlayerRating rating_row(const SqlRows& q, std::size_t i) {
    return {.key = q.text(i, 0),
            .name = q.text(i, 1),
            .mu = q.real(i, 2),
            .sigma = q.real(i, 3),
            .games = static_cast<std::uint64_t>(q.integer(i, 4))};
}

}  // namespace

std::optional<PlayerRating> read_rating(SqlConnection& db, const std::string& gametype, const std::string& key) {
    const SqlRows q = db.run(std::string(kColumns) + "WHERE gametype = $1 AND key = $2", {gametype, key});
    if (q.empty()) return std::nullopt;
    return rating_row(q, 0);
}

std::vector<PlayerRating> read_ratings(SqlConnection& db, const std::string& gametype, std::size_t limit, std::size_t offset) {
    // The index's own order (ratings_by_ordinal): the database stops after offset + limit rows.
    const SqlRows q = db.run(std::string(kColumns) + "WHERE gametype = $1 ORDER BY ordinal DESC, key LIMIT $2 OFFSET $3",
                             {gametype, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)),
                              static_cast<std::int64_t>(std::min<std::size_t>(offset, INT64_MAX))});
    std::vector<PlayerRating> out;
    for (std::size_t i = 0; i < q.rows.size(); ++i) out.push_back(rating_row(q, i));
    return out;
}

std::vector<std::string> read_rated_gametypes(SqlConnection& db) {
    std::vector<std::string> out;
    std::string after;
    for (;;) {
        const SqlRows next = db.run("SELECT gametype FROM ratings WHERE gametype > $1 ORDER BY gametype LIMIT 1", {after});
        if (next.empty()) break;
        after = next.text(0, 0);
        out.push_back(after);
    }
    return out;
}

void apply_rating(SqlConnection& db, const GameRating& game) {
    // One team per player (a free-for-all); tied players share their place's rank.
    std::vector<PlayerRating> before;
    std::vector<openskill::Team> teams;
    std::vector<double> ranks;
    std::set<std::string> seen;
    for (std::size_t place = 0; place < game.places.size(); ++place)
        for (const RatedPlayer& p : game.places[place]) {
            const std::string key = stats_key(p.key);
            if (!seen.insert(key).second) throw std::invalid_argument("player '" + key + "' is rated twice in one game");
            PlayerRating r = read_rating(db, game.gametype, key).value_or(PlayerRating{.key = key});
            r.name = p.name;
            teams.push_back({openskill::Rating{r.mu, r.sigma}});
            ranks.push_back(static_cast<double>(place));
            before.push_back(std::move(r));
        }
    const std::vector<openskill::Team> after = openskill::rate(teams, ranks);
    for (std::size_t i = 0; i < before.size(); ++i) {
        PlayerRating& r = before[i];
        r.mu = after[i][0].mu;
        r.sigma = after[i][0].sigma;
        ++r.games;
        db.run("INSERT INTO ratings (gametype, key, name, mu, sigma, ordinal, games) VALUES ($1, $2, $3, $4, $5, $6, $7) "
               "ON CONFLICT(gametype, key) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
               "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games",
               {game.gametype, r.key, r.name, r.mu, r.sigma, r.ordinal(), static_cast<std::int64_t>(r.games)});
    }
}

}  // namespace cherries::host
