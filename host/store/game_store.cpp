#include "host/store/game_store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <fmt/core.h>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include <filesystem>
#include <sstream>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/store/irc_link_rows.hpp"
#include "host/store/notice_rows.hpp"
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
    Impl(const std::string& f, std::chrono::milliseconds busy)
        : file(f),
          busy_timeout(busy),
          db(open_database(f, kStoreSchemaVersion, busy)),
          add_line(*db, "INSERT INTO record_lines (game, seq, line) VALUES (?, "
                        "(SELECT coalesce(max(seq), -1) + 1 FROM record_lines WHERE game = ?), ?)"),
          set_state(*db, "UPDATE games SET state = ?, turns = ?, players = ? WHERE id = ? AND status = 'in_progress'"),
          set_state_only(*db, "UPDATE games SET state = ? WHERE id = ? AND status = 'in_progress'"),
          add_stats(*db, R"(INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?5)
                            ON CONFLICT(key) DO UPDATE SET name = ?2, games = games + 1, wins = wins + ?3,
                            turns = turns + ?4, points = points + ?5,
                            best = CASE WHEN best IS NULL OR best < ?5 THEN ?5 ELSE best END)") {}

    void lines(std::int64_t game, const std::vector<std::string>& text) {
        for (const auto& line : text) {
            add_line.bind(1, game);
            add_line.bind(2, game);
            add_line.bind(3, line);
            add_line.exec();
            add_line.reset();
        }
    }

    // After a failed statement: every cached statement reset (one left mid-step makes every later
    // COMMIT and ROLLBACK fail with "SQL statements in progress") and an open transaction rolled
    // back, so that the next write starts clean once the cause (a lock, a full disk) is gone.
    void recover() noexcept {
        for (SQLite::Statement* s : {&add_line, &set_state, &set_state_only, &add_stats}) {
            try {
                s->reset();
                s->clearBindings();
            } catch (...) {
            }
        }
        if (sqlite3_get_autocommit(db->getHandle()) == 0) sqlite3_exec(db->getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }

    template <class F>
    auto guarded(const char* what, F&& f) {
        try {
            return f();
        } catch (const SQLite::Exception& e) {
            recover();
            fail_store(file, fmt::format("cannot {}: {}", what, e.what()));
        } catch (const StoreError&) {
            recover();
            throw;
        }
    }

    void before_write() {
        if (write_fault) write_fault();
    }

    std::function<void()> write_fault;

    std::string file;
    std::chrono::milliseconds busy_timeout;
    std::unique_ptr<SQLite::Database> db;
    SQLite::Statement add_line, set_state, set_state_only, add_stats;
};

GameStore::GameStore(const std::string& file, std::chrono::milliseconds busy_timeout)
    : impl_(std::make_unique<Impl>(file, busy_timeout)) {}

void GameStore::keep_file() {
    struct stat st {};
    if (::stat(impl_->file.c_str(), &st) == 0) return;
    if (errno != ENOENT) return;  // cannot tell (a folder we may not read): write on as before
    // The file was deleted while open: SQLite refuses to write to it (SQLITE_READONLY_DBMOVED)
    // and a restart would find nothing. The open connection still reads everything, so it is
    // copied (SQLite's backup API) into a new file at the same path, and writing goes on there.
    const std::string file = impl_->file;
    try {
        impl_->recover();
        // SQLite no longer writes to a moved file (SQLITE_READONLY_DBMOVED) but still reads it,
        // its WAL included, through the files it has open. Their names go first, so that the
        // new file does not take the old -wal and -shm for its own.
        std::error_code ignored;
        std::filesystem::remove(file + "-wal", ignored);
        std::filesystem::remove(file + "-shm", ignored);
        {
            SQLite::Database fresh(file, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            sqlite3_backup* copy = sqlite3_backup_init(fresh.getHandle(), "main", impl_->db->getHandle(), "main");
            if (!copy) throw SQLite::Exception(fresh.getHandle(), sqlite3_errcode(fresh.getHandle()));
            const int rc = sqlite3_backup_step(copy, -1);
            sqlite3_backup_finish(copy);
            if (rc != SQLITE_DONE) throw SQLite::Exception(sqlite3_errstr(rc), rc);
        }
        auto fault = std::move(impl_->write_fault);
        const auto busy = impl_->busy_timeout;
        impl_.reset();  // the old connection and its statements
        impl_ = std::make_unique<Impl>(file, busy);
        impl_->write_fault = std::move(fault);
        warning_ = file + ": the database file was deleted while cherries used it; a new one was written there with "
                          "everything stored so far";
    } catch (const SQLite::Exception& e) {
        if (!impl_) impl_ = std::make_unique<Impl>(file, std::chrono::milliseconds(50));
        fail_store(file, fmt::format("the database file was deleted, and a new one cannot be written: {}", e.what()));
    }
}

std::string GameStore::take_warning() { return std::exchange(warning_, std::string()); }

void GameStore::set_write_fault(std::function<void()> fault) { impl_->write_fault = std::move(fault); }
GameStore::~GameStore() = default;

const std::string& GameStore::file() const { return impl_->file; }

int GameStore::schema_version() const {
    return impl_->guarded("read the schema version", [&] { return impl_->db->execAndGet("PRAGMA user_version").getInt(); });
}

std::int64_t GameStore::begin_game(const std::string& channel, const std::string& header_line, std::int64_t now_seconds) {
    keep_file();
    return impl_->guarded("store a new game", [&] {
        impl_->before_write();
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        // One game in progress per channel: an older one left behind (never resumed) is set aside.
        SQLite::Statement old(*impl_->db, "UPDATE games SET status = 'unresumable', state = NULL "
                                          "WHERE channel = ? AND status = 'in_progress'");
        old.bind(1, channel);
        old.exec();
        SQLite::Statement insert(*impl_->db, "INSERT INTO games (channel, started) VALUES (?, ?)");
        insert.bind(1, channel);
        insert.bind(2, now_seconds);
        insert.exec();
        const std::int64_t id = impl_->db->getLastInsertRowid();
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
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        impl_->lines(game, lines);
        auto& s = impl_->set_state;
        s.bind(1, state);
        s.bind(2, static_cast<std::int64_t>(turns));
        s.bind(3, players);
        s.bind(4, game);
        s.exec();
        s.reset();
        t.commit();
    });
}

void GameStore::update_state(std::int64_t game, const std::string& state) {
    keep_file();
    impl_->guarded("store the game", [&] {
        impl_->before_write();
        auto& s = impl_->set_state_only;
        s.bind(1, state);
        s.bind(2, game);
        s.exec();
        s.reset();
    });
}

void GameStore::finish(std::int64_t game, const std::vector<std::string>& lines, const std::string& status,
                       const std::string& winner, std::uint32_t turns, const std::vector<StatsUpdate>& stats,
                       const std::string& final_state, std::int64_t now_seconds, const std::optional<GameRating>& rating) {
    keep_file();
    impl_->guarded("store the finished game", [&] {
        impl_->before_write();
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        impl_->lines(game, lines);
        SQLite::Statement end(*impl_->db, "UPDATE games SET status = ?, winner = ?, turns = ?, state = ?, finished = ? WHERE id = ?");
        end.bind(1, status);
        end.bind(2, winner);
        end.bind(3, static_cast<std::int64_t>(turns));
        if (final_state.empty()) end.bind(4); else end.bind(4, final_state);
        end.bind(5, now_seconds);
        end.bind(6, game);
        end.exec();
        for (const StatsUpdate& u : stats) {
            auto& s = impl_->add_stats;
            s.bind(1, stats_key(u.key));  // "ann", "ANN", NFC and NFD "ánn": one row
            s.bind(2, u.name);
            s.bind(3, u.won ? 1 : 0);
            s.bind(4, static_cast<std::int64_t>(u.turns));
            s.bind(5, u.points);
            s.exec();
            s.reset();
        }
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
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
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
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        put_irc_link_code(*impl_->db, code_hash, skeleton, expires);
        t.commit();
    });
}

std::optional<NameClaim> GameStore::link_irc(const std::string& code_hash, const std::string& account, std::int64_t now) {
    keep_file();
    const auto skeleton = impl_->guarded("link the IRC account", [&] {
        impl_->before_write();
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
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
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        put_irc_message(*impl_->db, account, text, now, kMaxIrcMessages);
        t.commit();
    });
}

std::vector<IrcMessage> GameStore::take_irc_messages(const std::function<bool(const std::string&)>& deliverable, std::int64_t oldest) {
    keep_file();
    return impl_->guarded("take the IRC messages", [&] {
        impl_->before_write();
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
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
        SQLite::Transaction t(*impl_->db, SQLite::TransactionBehavior::IMMEDIATE);
        if (!end_line.empty()) impl_->lines(game, {end_line});
        SQLite::Statement s(*impl_->db, "UPDATE games SET status = ?, state = NULL WHERE id = ?");
        s.bind(1, status);
        s.bind(2, game);
        s.exec();
        t.commit();
    });
}

std::optional<StoredGame> GameStore::in_progress(const std::string& channel) {
    return impl_->guarded("read the game in progress", [&]() -> std::optional<StoredGame> {
        SQLite::Statement q(*impl_->db, "SELECT id, state, turns FROM games WHERE channel = ? AND status = 'in_progress' "
                                        "AND state IS NOT NULL ORDER BY id DESC LIMIT 1");
        q.bind(1, channel);
        if (!q.executeStep()) return std::nullopt;
        return StoredGame{.id = q.getColumn(0).getInt64(),
                          .channel = channel,
                          .state = q.getColumn(1).getString(),
                          .turns = static_cast<std::uint32_t>(q.getColumn(2).getInt64())};
    });
}

namespace {

// The rows of "SELECT id, channel, state, turns FROM games ...".
std::vector<StoredGame> stored_games(SQLite::Statement& q) {
    std::vector<StoredGame> out;
    while (q.executeStep())
        out.push_back(StoredGame{.id = q.getColumn(0).getInt64(),
                                 .channel = q.getColumn(1).getString(),
                                 .state = q.getColumn(2).getString(),
                                 .turns = static_cast<std::uint32_t>(q.getColumn(3).getInt64())});
    return out;
}

}  // namespace

std::vector<StoredGame> GameStore::in_progress_under(const std::string& prefix) {
    return impl_->guarded("read the games in progress", [&] {
        SQLite::Statement q(*impl_->db, "SELECT id, channel, state, turns FROM games WHERE status = 'in_progress' "
                                        "AND state IS NOT NULL AND substr(channel, 1, length(?1)) = ?1 ORDER BY id");
        q.bind(1, prefix);
        return stored_games(q);
    });
}

std::vector<StoredGame> GameStore::finished_under(const std::string& prefix, std::int64_t since_seconds) {
    return impl_->guarded("read the finished games", [&] {
        SQLite::Statement q(*impl_->db, "SELECT id, channel, state, turns FROM games WHERE status != 'in_progress' "
                                        "AND state IS NOT NULL AND finished >= ?2 AND substr(channel, 1, length(?1)) = ?1 "
                                        "ORDER BY id");
        q.bind(1, prefix);
        q.bind(2, since_seconds);
        return stored_games(q);
    });
}

void GameStore::drop_final_state(std::int64_t game) {
    keep_file();
    impl_->guarded("drop a finished game's state", [&] {
        impl_->before_write();
        SQLite::Statement s(*impl_->db, "UPDATE games SET state = NULL WHERE id = ? AND status != 'in_progress'");
        s.bind(1, game);
        s.exec();
    });
}

namespace {

// A row of "SELECT id, channel, players, winner, status, turns, started FROM games".
GameSummary summary_row(SQLite::Statement& q) {
    return {.id = q.getColumn(0).getInt64(),
            .channel = q.getColumn(1).getString(),
            .players = q.getColumn(2).getString(),
            .winner = q.getColumn(3).getString(),
            .status = q.getColumn(4).getString(),
            .turns = static_cast<std::uint32_t>(q.getColumn(5).getInt64()),
            .started = q.getColumn(6).getInt64()};
}

}  // namespace

std::vector<GameSummary> GameStore::games(std::size_t limit) {
    return impl_->guarded("list the games", [&] {
        SQLite::Statement q(*impl_->db, "SELECT id, channel, players, winner, status, turns, started FROM games "
                                        "ORDER BY id DESC LIMIT ?");
        q.bind(1, static_cast<std::int64_t>(limit));
        std::vector<GameSummary> out;
        while (q.executeStep()) out.push_back(summary_row(q));
        return out;
    });
}

std::optional<GameSummary> GameStore::last_game_in(const std::string& channel) {
    return impl_->guarded("find the last game of a channel", [&]() -> std::optional<GameSummary> {
        SQLite::Statement q(*impl_->db, "SELECT id, channel, players, winner, status, turns, started FROM games "
                                        "WHERE channel = ? ORDER BY id DESC LIMIT 1");
        q.bind(1, channel);
        if (!q.executeStep()) return std::nullopt;
        return summary_row(q);
    });
}

namespace {

PlayerStats stats_row(SQLite::Statement& q) {
    return {.key = q.getColumn(0).getString(),
            .name = q.getColumn(1).getString(),
            .games = static_cast<std::uint64_t>(q.getColumn(2).getInt64()),
            .wins = static_cast<std::uint64_t>(q.getColumn(3).getInt64()),
            .turns = static_cast<std::uint64_t>(q.getColumn(4).getInt64()),
            .points = q.getColumn(5).getInt64(),
            .best = q.getColumn(6).isNull() ? std::nullopt : std::optional<std::int64_t>(q.getColumn(6).getInt64())};
}

constexpr const char* kStatsColumns = "SELECT key, name, games, wins, turns, points, best FROM player_stats ";

}  // namespace

std::optional<PlayerStats> GameStore::stats(const std::string& key) {
    return impl_->guarded("read the statistics", [&]() -> std::optional<PlayerStats> {
        SQLite::Statement q(*impl_->db, std::string(kStatsColumns) + "WHERE key = ?");
        q.bind(1, stats_key(key));
        if (!q.executeStep()) return std::nullopt;
        return stats_row(q);
    });
}

std::vector<PlayerStats> GameStore::top(std::size_t limit, std::uint64_t min_games, const std::string& key_prefix,
                                        StatsOrder order, std::size_t offset) {
    return top(limit, min_games, std::vector<std::string>{key_prefix}, order, offset);
}

std::vector<PlayerStats> GameStore::top(std::size_t limit, std::uint64_t min_games, const std::vector<std::string>& key_prefixes,
                                        StatsOrder order, std::size_t offset) {
    return impl_->guarded("read the statistics", [&] {
        // Each ORDER BY is an index's own order (schema 4): SQLite walks the index and stops after
        // offset + limit rows that pass the filter, with no sort of the table.
        const char* by = order == StatsOrder::most_wins ? "ORDER BY wins DESC, points DESC, key"
                                                        : "ORDER BY CAST(wins AS REAL) / games DESC, wins DESC, points DESC, key";
        std::string prefixes;
        for (std::size_t i = 0; i < key_prefixes.size(); ++i)
            prefixes += fmt::format("{}substr(key, 1, length(?{})) = ?{}", i ? " OR " : "", i + 4, i + 4);
        SQLite::Statement q(*impl_->db, std::string(kStatsColumns) + "WHERE games >= ?2 AND games > 0 AND (" +
                                            (prefixes.empty() ? std::string("0") : prefixes) + ") " + by +
                                            " LIMIT ?1 OFFSET ?3");
        q.bind(1, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
        q.bind(2, static_cast<std::int64_t>(std::max<std::uint64_t>(min_games, 1)));
        q.bind(3, static_cast<std::int64_t>(std::min<std::size_t>(offset, INT64_MAX)));
        for (std::size_t i = 0; i < key_prefixes.size(); ++i) q.bind(static_cast<int>(i + 4), key_prefixes[i]);
        std::vector<PlayerStats> out;
        while (q.executeStep()) out.push_back(stats_row(q));
        return out;
    });
}

namespace {

std::optional<NameClaim> claim_row(SQLite::Statement& q) {
    if (!q.executeStep()) return std::nullopt;
    return NameClaim{.skeleton = q.getColumn(0).getString(),
                     .name = q.getColumn(1).getString(),
                     .key_hash = q.getColumn(2).getString(),
                     .claimed = q.getColumn(3).getInt64()};
}

}  // namespace

bool GameStore::claim_name(const NameClaim& claim) {
    keep_file();
    return impl_->guarded("store the claimed name", [&] {
        impl_->before_write();
        SQLite::Statement s(*impl_->db, "INSERT INTO name_claims (skeleton, name, key_hash, claimed) VALUES (?, ?, ?, ?) "
                                        "ON CONFLICT(skeleton) DO NOTHING");
        s.bind(1, claim.skeleton);
        s.bind(2, claim.name);
        s.bind(3, claim.key_hash);
        s.bind(4, claim.claimed);
        return s.exec() == 1;
    });
}

std::optional<NameClaim> GameStore::name_claim(const std::string& skeleton) {
    return impl_->guarded("read the claimed names", [&] {
        SQLite::Statement q(*impl_->db, "SELECT skeleton, name, key_hash, claimed FROM name_claims WHERE skeleton = ?");
        q.bind(1, skeleton);
        return claim_row(q);
    });
}

std::optional<NameClaim> GameStore::claim_of_key(const std::string& key_hash) {
    return impl_->guarded("read the claimed names", [&] {
        SQLite::Statement q(*impl_->db, "SELECT skeleton, name, key_hash, claimed FROM name_claims WHERE key_hash = ?");
        q.bind(1, key_hash);
        return claim_row(q);
    });
}

bool GameStore::replace_key(const std::string& old_hash, const std::string& new_hash) {
    keep_file();
    return impl_->guarded("store the new player key", [&] {
        impl_->before_write();
        SQLite::Statement s(*impl_->db, "UPDATE name_claims SET key_hash = ? WHERE key_hash = ?");
        s.bind(1, new_hash);
        s.bind(2, old_hash);
        return s.exec() == 1;
    });
}

std::string GameStore::record(std::int64_t game) {
    return impl_->guarded("read the record", [&] {
        SQLite::Statement exists(*impl_->db, "SELECT count(*) FROM games WHERE id = ?");
        exists.bind(1, game);
        exists.executeStep();
        if (exists.getColumn(0).getInt() == 0) fail_store(impl_->file, fmt::format("no game {} is stored", game));
        SQLite::Statement q(*impl_->db, "SELECT line FROM record_lines WHERE game = ? ORDER BY seq");
        q.bind(1, game);
        std::string out;
        while (q.executeStep()) out += q.getColumn(0).getString() + "\n";
        return out;
    });
}

}  // namespace cherries::host
