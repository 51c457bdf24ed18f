#include "host/store/game_store.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/store/irc_link_rows.hpp"
#include "host/store/notice_rows.hpp"
#include "host/store/store_location.hpp"
#include "host/store/rating_rows.hpp"
#include "host/store/store_schema.hpp"

namespace cherries::host {

std::string stats_key(std::string_view key) {
    const std::size_t colon = key.find(':');
    const std::string_view kind = colon == std::string_view::npos ? std::string_view() : key.substr(0, colon + 1);
    const std::string_view name = key.substr(kind.size());
    return std::string(kind) + fold_name(nfc_name(to_valid_utf8(name)));
}

struct GameStore::Impl {
    Impl(const std::string& where, std::chrono::milliseconds busy)
        : file(shown_location(where)), db(open_database(where, kStoreSchemaVersion, busy)) {}

    void lines(std::int64_t game, const std::vector<std::string>& text) {
        for (const auto& line : text)
            db->run("INSERT INTO record_lines (game, seq, line) VALUES ($1, "
                    "(SELECT coalesce(max(seq), -1) + 1 FROM record_lines WHERE game = $1), $2)",
                    {game, line});
    }

    // A failed statement ends its transaction (SqlConnection::recover) and says what failed.
    template <class F>
    auto guarded(const char* what, F&& f) {
        try {
            return f();
        } catch (const SqlError& e) {
            db->recover();
            fail_store(file, fmt::format("cannot {}: {}", what, e.what()));
        } catch (const StoreError&) {
            db->recover();
            throw;
        }
    }

    void before_write() {
        if (write_fault) write_fault();
    }

    // write_as_node's check, inside the write's transaction: this node's lease of the table key
    // `channel` (or game `game`'s key, when `channel` is empty) is live, and its row stays locked
    // (the UPDATE) until the write commits, so a take_lease elsewhere waits for it.
    void check_lease(std::int64_t game, const std::string& channel = {}) {
        if (node.empty()) return;
        const std::int64_t now = now_ms();
        const SqlRows held =
            channel.empty()
                ? db->run("UPDATE table_leases SET expires = expires WHERE node = $1 AND expires > $2 AND "
                          "channel = (SELECT channel FROM games WHERE id = $3) RETURNING channel",
                          {node, now, game})
                : db->run("UPDATE table_leases SET expires = expires WHERE node = $1 AND expires > $2 AND channel = $3 "
                          "RETURNING channel",
                          {node, now, channel});
        if (!held.empty()) return;
        const std::string key =
            channel.empty() ? db->run("SELECT channel FROM games WHERE id = $1", {game}).text(0, 0) : channel;
        const SqlRows holder = db->run("SELECT node FROM table_leases WHERE channel = $1", {key});
        throw LeaseLost(fmt::format("{}: node '{}' no longer holds the lease of table {}{}", file, node, key,
                                    holder.empty() ? "" : "; node '" + holder.text(0, 0) + "' plays it now"));
    }

    std::function<void()> write_fault;
    std::string node;  ///< write_as_node's; "" when writes are not checked
    std::function<std::int64_t()> now_ms;
    std::string file;  ///< as errors name the database: its path, or its URL without a password
    std::unique_ptr<SqlConnection> db;
};

GameStore::GameStore(const std::string& file, std::chrono::milliseconds busy_timeout)
    : impl_(std::make_unique<Impl>(file, busy_timeout)) {}

void GameStore::keep_file() {
    std::string said = impl_->db->before_write();
    if (!said.empty()) warning_ = std::move(said);
}

std::string GameStore::take_warning() { return std::exchange(warning_, std::string()); }

void GameStore::set_write_fault(std::function<void()> fault) { impl_->write_fault = std::move(fault); }
GameStore::~GameStore() = default;

const std::string& GameStore::file() const { return impl_->file; }

int GameStore::schema_version() const {
    return impl_->guarded("read the schema version", [&] { return impl_->db->schema_version(); });
}

std::int64_t GameStore::begin_game(const std::string& channel, const std::string& header_line, std::int64_t now_seconds) {
    keep_file();
    return impl_->guarded("store a new game", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        impl_->check_lease(0, channel);
        // One game in progress per channel: an older one left behind (never resumed) is set aside.
        impl_->db->run("UPDATE games SET status = 'unresumable', state = NULL WHERE channel = $1 AND status = 'in_progress'",
                       {channel});
        const std::int64_t id =
            impl_->db->run("INSERT INTO games (channel, started) VALUES ($1, $2) RETURNING id", {channel, now_seconds}).integer(0, 0);
        impl_->lines(id, {header_line});
        t.commit();
        return id;
    });
}

void GameStore::checkpoint(std::int64_t game, const std::vector<std::string>& lines, const std::string& state,
                           std::uint32_t turns, const std::string& players) {
    keep_file();
    impl_->guarded("store the turn", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        impl_->check_lease(game);
        impl_->lines(game, lines);
        impl_->db->run("UPDATE games SET state = $1, turns = $2, players = $3 WHERE id = $4 AND status = 'in_progress'",
                       {state, static_cast<std::int64_t>(turns), players, game});
        t.commit();
    });
}

void GameStore::update_state(std::int64_t game, const std::string& state) {
    keep_file();
    impl_->guarded("store the game", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        impl_->check_lease(game);
        impl_->db->run("UPDATE games SET state = $1 WHERE id = $2 AND status = 'in_progress'", {state, game});
        t.commit();
    });
}

void GameStore::finish(std::int64_t game, const std::vector<std::string>& lines, const std::string& status,
                       const std::string& winner, std::uint32_t turns, const std::vector<StatsUpdate>& stats,
                       const std::string& final_state, std::int64_t now_seconds, const std::optional<GameRating>& rating) {
    keep_file();
    impl_->guarded("store the finished game", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        impl_->check_lease(game);
        impl_->lines(game, lines);
        impl_->db->run("UPDATE games SET status = $1, winner = $2, turns = $3, state = $4, finished = $5 WHERE id = $6",
                       {status, winner, static_cast<std::int64_t>(turns), final_state.empty() ? SqlValue() : SqlValue(final_state),
                        now_seconds, game});
        for (const StatsUpdate& u : stats)
            impl_->db->run(
                "INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES ($1, $2, 1, $3, $4, $5, $5) "
                "ON CONFLICT(key) DO UPDATE SET name = $2, games = player_stats.games + 1, wins = player_stats.wins + $3, "
                "turns = player_stats.turns + $4, points = player_stats.points + $5, "
                "best = CASE WHEN player_stats.best IS NULL OR player_stats.best < $5 THEN $5 ELSE player_stats.best END",
                // "ann", "ANN", NFC and NFD "ánn": one row
                {stats_key(u.key), u.name, std::int64_t{u.won ? 1 : 0}, static_cast<std::int64_t>(u.turns), u.points});
        if (rating) {
            try {
                apply_rating(*impl_->db, *rating);
            } catch (const std::invalid_argument& e) {  // host::rated_game makes none: a bug, said as the store's error
                fail_store(impl_->file, std::string("cannot rate the finished game: ") + e.what());
            }
        }
        t.commit();
    });
}

std::vector<PlayerRating> GameStore::ratings(const std::string& gametype, std::size_t limit, std::size_t offset) {
    return impl_->guarded("read the ratings", [&] { return read_ratings(*impl_->db, gametype, limit, offset); });
}

void GameStore::add_push_subscription(const std::string& skeleton, const std::string& endpoint, const std::string& json,
                                      std::int64_t now_seconds) {
    keep_file();
    impl_->guarded("store the push subscription", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        put_push_subscription(*impl_->db, skeleton, endpoint, json, now_seconds, kMaxPushSubscriptions);
        t.commit();
    });
}

std::vector<std::string> GameStore::push_subscriptions(const std::string& skeleton) {
    return impl_->guarded("read the push subscriptions", [&] { return read_push_subscriptions(*impl_->db, skeleton); });
}

bool GameStore::remove_push_subscription(const std::string& endpoint, const std::string& skeleton) {
    keep_file();
    return impl_->guarded("drop the push subscription", [&] {
        impl_->before_write();
        return delete_push_subscription(*impl_->db, endpoint, skeleton);
    });
}

void GameStore::set_webhook(const std::string& skeleton, const std::string& url, std::int64_t now_seconds) {
    keep_file();
    impl_->guarded("store the webhook", [&] {
        impl_->before_write();
        put_webhook(*impl_->db, skeleton, url, now_seconds);
    });
}

std::optional<std::string> GameStore::webhook(const std::string& skeleton) {
    return impl_->guarded("read the webhook", [&] { return read_webhook(*impl_->db, skeleton); });
}

void GameStore::add_irc_link_code(const std::string& code_hash, const std::string& skeleton, std::int64_t expires) {
    keep_file();
    impl_->guarded("store the link code", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        put_irc_link_code(*impl_->db, code_hash, skeleton, expires);
        t.commit();
    });
}

std::optional<NameClaim> GameStore::link_irc(const std::string& code_hash, const std::string& account, std::int64_t now) {
    keep_file();
    const auto skeleton = impl_->guarded("link the IRC account", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        auto linked = spend_irc_link_code(*impl_->db, code_hash, account, now);
        t.commit();
        return linked;
    });
    if (!skeleton) return std::nullopt;
    return name_claim(*skeleton);
}

bool GameStore::unlink_irc(const std::string& account) {
    keep_file();
    return impl_->guarded("unlink the IRC account", [&] {
        impl_->before_write();
        return delete_irc_link(*impl_->db, account);
    });
}

std::optional<std::string> GameStore::irc_account(const std::string& skeleton) {
    return impl_->guarded("read the IRC link", [&] { return read_irc_link(*impl_->db, skeleton); });
}

void GameStore::add_irc_message(const std::string& account, const std::string& text, std::int64_t now) {
    keep_file();
    impl_->guarded("store the IRC message", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        put_irc_message(*impl_->db, account, text, now, kMaxIrcMessages);
        t.commit();
    });
}

std::vector<IrcMessage> GameStore::take_irc_messages(const std::function<bool(const std::string&)>& deliverable, std::int64_t oldest) {
    keep_file();
    return impl_->guarded("take the IRC messages", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        auto taken = host::take_irc_messages(*impl_->db, deliverable, oldest);
        t.commit();
        return taken;
    });
}

std::string GameStore::server_key(const std::string& name, const std::function<std::string()>& make) {
    if (auto kept = impl_->guarded("read the server's keys", [&] { return read_server_key(*impl_->db, name); })) return *kept;
    const std::string value = make();
    keep_file();
    return impl_->guarded("store the server's key", [&] {
        impl_->before_write();
        return put_server_key(*impl_->db, name, value);
    });
}

std::vector<std::string> GameStore::rated_gametypes() {
    return impl_->guarded("read the ratings", [&] { return read_rated_gametypes(*impl_->db); });
}

std::optional<PlayerRating> GameStore::rating(const std::string& gametype, const std::string& key) {
    return impl_->guarded("read the ratings", [&] { return read_rating(*impl_->db, gametype, stats_key(key)); });
}

void GameStore::set_aside(std::int64_t game, const std::string& status, const std::string& end_line) {
    keep_file();
    impl_->guarded("set the game aside", [&] {
        SqlTransaction t(*impl_->db);
        impl_->check_lease(game);
        if (!end_line.empty()) impl_->lines(game, {end_line});
        impl_->db->run("UPDATE games SET status = $1, state = NULL WHERE id = $2", {status, game});
        t.commit();
    });
}

namespace {

// Row `i` of "SELECT id, channel, state, turns FROM games ...".
StoredGame stored_game(const SqlRows& q, std::size_t i) {
    return StoredGame{.id = q.integer(i, 0),
                      .channel = q.text(i, 1),
                      .state = q.text(i, 2),
                      .turns = static_cast<std::uint32_t>(q.integer(i, 3))};
}

std::vector<StoredGame> stored_games(const SqlRows& q) {
    std::vector<StoredGame> out;
    for (std::size_t i = 0; i < q.rows.size(); ++i) out.push_back(stored_game(q, i));
    return out;
}

}  // namespace

std::optional<StoredGame> GameStore::in_progress(const std::string& channel) {
    return impl_->guarded("read the game in progress", [&]() -> std::optional<StoredGame> {
        const SqlRows q = impl_->db->run("SELECT id, channel, state, turns FROM games WHERE channel = $1 AND "
                                         "status = 'in_progress' AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
                                         {channel});
        if (q.empty()) return std::nullopt;
        return stored_game(q, 0);
    });
}

std::vector<StoredGame> GameStore::in_progress_under(const std::string& prefix) {
    return impl_->guarded("read the games in progress", [&] {
        return stored_games(impl_->db->run("SELECT id, channel, state, turns FROM games WHERE status = 'in_progress' "
                                           "AND state IS NOT NULL AND substr(channel, 1, length($1)) = $1 ORDER BY id",
                                           {prefix}));
    });
}

std::vector<StoredGame> GameStore::finished_under(const std::string& prefix, std::int64_t since_seconds) {
    return impl_->guarded("read the finished games", [&] {
        return stored_games(impl_->db->run("SELECT id, channel, state, turns FROM games WHERE status != 'in_progress' "
                                           "AND state IS NOT NULL AND finished >= $2 AND substr(channel, 1, length($1)) = $1 "
                                           "ORDER BY id",
                                           {prefix, since_seconds}));
    });
}

void GameStore::drop_final_state(std::int64_t game) {
    keep_file();
    impl_->guarded("drop a finished game's state", [&] {
        impl_->before_write();
        impl_->db->run("UPDATE games SET state = NULL WHERE id = $1 AND status != 'in_progress'", {game});
    });
}

namespace {

constexpr const char* kSummaryColumns = "SELECT id, channel, players, winner, status, turns, started FROM games ";

GameSummary summary_row(const SqlRows& q, std::size_t i) {
    return {.id = q.integer(i, 0),
            .channel = q.text(i, 1),
            .players = q.text(i, 2),
            .winner = q.text(i, 3),
            .status = q.text(i, 4),
            .turns = static_cast<std::uint32_t>(q.integer(i, 5)),
            .started = q.integer(i, 6)};
}

}  // namespace

std::vector<GameSummary> GameStore::games(std::size_t limit) {
    return impl_->guarded("list the games", [&] {
        const SqlRows q = impl_->db->run(std::string(kSummaryColumns) + "ORDER BY id DESC LIMIT $1",
                                         {static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX))});
        std::vector<GameSummary> out;
        for (std::size_t i = 0; i < q.rows.size(); ++i) out.push_back(summary_row(q, i));
        return out;
    });
}

std::optional<GameSummary> GameStore::last_game_in(const std::string& channel) {
    return impl_->guarded("find the last game of a channel", [&]() -> std::optional<GameSummary> {
        const SqlRows q = impl_->db->run(std::string(kSummaryColumns) + "WHERE channel = $1 ORDER BY id DESC LIMIT 1", {channel});
        if (q.empty()) return std::nullopt;
        return summary_row(q, 0);
    });
}

namespace {

PlayerStats stats_row(const SqlRows& q, std::size_t i) {
    return {.key = q.text(i, 0),
            .name = q.text(i, 1),
            .games = static_cast<std::uint64_t>(q.integer(i, 2)),
            .wins = static_cast<std::uint64_t>(q.integer(i, 3)),
            .turns = static_cast<std::uint64_t>(q.integer(i, 4)),
            .points = q.integer(i, 5),
            .best = q.is_null(i, 6) ? std::nullopt : std::optional<std::int64_t>(q.integer(i, 6))};
}

constexpr const char* kStatsColumns = "SELECT key, name, games, wins, turns, points, best FROM player_stats ";

}  // namespace

std::optional<PlayerStats> GameStore::stats(const std::string& key) {
    return impl_->guarded("read the statistics", [&]() -> std::optional<PlayerStats> {
        const SqlRows q = impl_->db->run(std::string(kStatsColumns) + "WHERE key = $1", {stats_key(key)});
        if (q.empty()) return std::nullopt;
        return stats_row(q, 0);
    });
}

std::vector<PlayerStats> GameStore::top(std::size_t limit, std::uint64_t min_games, const std::string& key_prefix,
                                        StatsOrder order, std::size_t offset) {
    return top(limit, min_games, std::vector<std::string>{key_prefix}, order, offset);
}

std::vector<PlayerStats> GameStore::top(std::size_t limit, std::uint64_t min_games, const std::vector<std::string>& key_prefixes,
                                        StatsOrder order, std::size_t offset) {
    return impl_->guarded("read the statistics", [&] {
        // Each ORDER BY is an index's own order (schema 4): the database walks the index and
        // stops after offset + limit rows that pass the filter, with no sort of the table.
        const char* by = order == StatsOrder::most_wins ? "ORDER BY wins DESC, points DESC, key"
                                                        : "ORDER BY (CAST(wins AS REAL) / games) DESC, wins DESC, points DESC, key";
        std::string prefixes;
        for (std::size_t i = 0; i < key_prefixes.size(); ++i)
            prefixes += fmt::format("{}substr(key, 1, length(${})) = ${}", i ? " OR " : "", i + 4, i + 4);
        std::vector<SqlValue> params{static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)),
                                     static_cast<std::int64_t>(std::max<std::uint64_t>(min_games, 1)),
                                     static_cast<std::int64_t>(std::min<std::size_t>(offset, INT64_MAX))};
        params.insert(params.end(), key_prefixes.begin(), key_prefixes.end());
        const SqlRows q = impl_->db->run(std::string(kStatsColumns) + "WHERE games >= $2 AND games > 0 AND (" +
                                             (prefixes.empty() ? std::string("1 = 0") : prefixes) + ") " + by +
                                             " LIMIT $1 OFFSET $3",
                                         params);
        std::vector<PlayerStats> out;
        for (std::size_t i = 0; i < q.rows.size(); ++i) out.push_back(stats_row(q, i));
        return out;
    });
}

namespace {

constexpr const char* kClaimColumns = "SELECT skeleton, name, key_hash, claimed FROM name_claims ";

std::optional<NameClaim> claim_row(const SqlRows& q) {
    if (q.empty()) return std::nullopt;
    return NameClaim{.skeleton = q.text(0, 0), .name = q.text(0, 1), .key_hash = q.text(0, 2), .claimed = q.integer(0, 3)};
}

}  // namespace

bool GameStore::claim_name(const NameClaim& claim) {
    keep_file();
    return impl_->guarded("store the claimed name", [&] {
        impl_->before_write();
        return impl_->db->run("INSERT INTO name_claims (skeleton, name, key_hash, claimed) VALUES ($1, $2, $3, $4) "
                              "ON CONFLICT(skeleton) DO NOTHING",
                              {claim.skeleton, claim.name, claim.key_hash, claim.claimed})
                   .changed == 1;
    });
}

std::optional<NameClaim> GameStore::name_claim(const std::string& skeleton) {
    return impl_->guarded("read the claimed names",
                          [&] { return claim_row(impl_->db->run(std::string(kClaimColumns) + "WHERE skeleton = $1", {skeleton})); });
}

std::optional<NameClaim> GameStore::claim_of_key(const std::string& key_hash) {
    return impl_->guarded("read the claimed names",
                          [&] { return claim_row(impl_->db->run(std::string(kClaimColumns) + "WHERE key_hash = $1", {key_hash})); });
}

bool GameStore::replace_key(const std::string& old_hash, const std::string& new_hash) {
    keep_file();
    return impl_->guarded("store the new player key", [&] {
        impl_->before_write();
        return impl_->db->run("UPDATE name_claims SET key_hash = $1 WHERE key_hash = $2", {new_hash, old_hash}).changed == 1;
    });
}

TableLease GameStore::take_lease(const std::string& channel, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms) {
    keep_file();
    return impl_->guarded("take the table's lease", [&] {
        impl_->before_write();
        SqlTransaction t(*impl_->db);
        impl_->db->run("INSERT INTO table_leases (channel, node, expires) VALUES ($1, $2, $4) "
                       "ON CONFLICT(channel) DO UPDATE SET node = excluded.node, expires = excluded.expires "
                       "WHERE table_leases.node = excluded.node OR table_leases.expires <= $3",
                       {channel, node, now_ms, now_ms + ttl_ms});
        const SqlRows held = impl_->db->run("SELECT node, expires FROM table_leases WHERE channel = $1", {channel});
        t.commit();
        return TableLease{.node = held.text(0, 0), .expires_ms = held.integer(0, 1)};
    });
}

std::vector<std::string> GameStore::renew_leases(const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms) {
    keep_file();
    return impl_->guarded("renew the tables' leases", [&] {
        impl_->before_write();
        const SqlRows held =
            impl_->db->run("UPDATE table_leases SET expires = $2 WHERE node = $1 RETURNING channel", {node, now_ms + ttl_ms});
        std::vector<std::string> out;
        for (std::size_t i = 0; i < held.rows.size(); ++i) out.push_back(held.text(i, 0));
        std::sort(out.begin(), out.end());
        return out;
    });
}

void GameStore::release_lease(const std::string& channel, const std::string& node) {
    keep_file();
    impl_->guarded("give up the table's lease", [&] {
        impl_->before_write();
        impl_->db->run("DELETE FROM table_leases WHERE channel = $1 AND node = $2", {channel, node});
    });
}

std::optional<TableLease> GameStore::lease(const std::string& channel) {
    return impl_->guarded("read the table's lease", [&]() -> std::optional<TableLease> {
        const SqlRows q = impl_->db->run("SELECT node, expires FROM table_leases WHERE channel = $1", {channel});
        if (q.empty()) return std::nullopt;
        return TableLease{.node = q.text(0, 0), .expires_ms = q.integer(0, 1)};
    });
}

void GameStore::put_table_order(const std::string& channel, const std::string& order, std::int64_t now_seconds) {
    keep_file();
    impl_->guarded("store the table's order", [&] {
        impl_->before_write();
        impl_->db->run("INSERT INTO table_orders (channel, table_order, created) VALUES ($1, $2, $3) "
                       "ON CONFLICT(channel) DO UPDATE SET table_order = excluded.table_order, created = excluded.created",
                       {channel, order, now_seconds});
    });
}

std::optional<std::string> GameStore::table_order(const std::string& channel) {
    return impl_->guarded("read the table's order", [&]() -> std::optional<std::string> {
        const SqlRows q = impl_->db->run("SELECT table_order FROM table_orders WHERE channel = $1", {channel});
        if (q.empty()) return std::nullopt;
        return q.text(0, 0);
    });
}

std::vector<std::pair<std::string, std::string>> GameStore::table_orders(const std::string& prefix) {
    return impl_->guarded("read the tables' orders", [&] {
        const SqlRows q = impl_->db->run("SELECT channel, table_order FROM table_orders WHERE substr(channel, 1, length($1)) = $1 "
                                         "ORDER BY created, channel",
                                         {prefix});
        std::vector<std::pair<std::string, std::string>> out;
        for (std::size_t i = 0; i < q.rows.size(); ++i) out.emplace_back(q.text(i, 0), q.text(i, 1));
        return out;
    });
}

void GameStore::drop_table_order(const std::string& channel) {
    keep_file();
    impl_->guarded("drop the table's order", [&] {
        impl_->before_write();
        impl_->db->run("DELETE FROM table_orders WHERE channel = $1", {channel});
    });
}

void GameStore::write_as_node(std::string node, std::function<std::int64_t()> now_ms) {
    impl_->node = std::move(node);
    impl_->now_ms = std::move(now_ms);
}

std::string GameStore::record(std::int64_t game) {
    return impl_->guarded("read the record", [&] {
        if (impl_->db->run("SELECT count(*) FROM games WHERE id = $1", {game}).integer(0, 0) == 0)
            fail_store(impl_->file, fmt::format("no game {} is stored", game));
        const SqlRows q = impl_->db->run("SELECT line FROM record_lines WHERE game = $1 ORDER BY seq", {game});
        std::string out;
        for (std::size_t i = 0; i < q.rows.size(); ++i) out += q.text(i, 0) + "\n";
        return out;
    });
}

}  // namespace cherries::host
