#include "host/store/rating_rows.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>

#include "host/ratings/openskill.hpp"

namespace cherries::host {

namespace {

constexpr const char* kColumns = "SELECT key, name, mu, sigma, games FROM ratings ";

PlayerRating rating_row(SQLite::Statement& q) {
    return {.key = q.getColumn(0).getString(),
            .name = q.getColumn(1).getString(),
            .mu = q.getColumn(2).getDouble(),
            .sigma = q.getColumn(3).getDouble(),
            .games = static_cast<std::uint64_t>(q.getColumn(4).getInt64())};
}

}  // namespace

std::optional<PlayerRating> read_rating(SQLite::Database& db, const std::string& gametype, const std::string& key) {
    SQLite::Statement q(db, std::string(kColumns) + "WHERE gametype = ? AND key = ?");
    q.bind(1, gametype);
    q.bind(2, key);
    if (!q.executeStep()) return std::nullopt;
    return rating_row(q);
}

std::vector<PlayerRating> read_ratings(SQLite::Database& db, const std::string& gametype, std::size_t limit, std::size_t offset) {
    // The index's own order (ratings_by_ordinal): SQLite stops after offset + limit rows.
    SQLite::Statement q(db, std::string(kColumns) + "WHERE gametype = ?1 ORDER BY ordinal DESC, key LIMIT ?2 OFFSET ?3");
    q.bind(1, gametype);
    q.bind(2, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
    q.bind(3, static_cast<std::int64_t>(std::min<std::size_t>(offset, INT64_MAX)));
    std::vector<PlayerRating> out;
    while (q.executeStep()) out.push_back(rating_row(q));
    return out;
}

std::vector<std::string> read_rated_gametypes(SQLite::Database& db) {
    SQLite::Statement next(db, "SELECT gametype FROM ratings WHERE gametype > ? ORDER BY gametype LIMIT 1");
    std::vector<std::string> out;
    std::string after;
    for (;;) {
        next.bind(1, after);
        if (!next.executeStep()) break;
        after = next.getColumn(0).getString();
        out.push_back(after);
        next.reset();
    }
    return out;
}

void apply_rating(SQLite::Database& db, const GameRating& game) {
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
    SQLite::Statement put(db, "INSERT INTO ratings (gametype, key, name, mu, sigma, ordinal, games) VALUES (?, ?, ?, ?, ?, ?, ?) "
                              "ON CONFLICT(gametype, key) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                              "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games");
    for (std::size_t i = 0; i < before.size(); ++i) {
        PlayerRating& r = before[i];
        r.mu = after[i][0].mu;
        r.sigma = after[i][0].sigma;
        ++r.games;
        put.bind(1, game.gametype);
        put.bind(2, r.key);
        put.bind(3, r.name);
        put.bind(4, r.mu);
        put.bind(5, r.sigma);
        put.bind(6, r.ordinal());
        put.bind(7, static_cast<std::int64_t>(r.games));
        put.exec();
        put.reset();
    }
}

}  // namespace cherries::host
