// The store's schema, version by version, and the one way a database file is opened and brought
// to a version (docs/irc-storage.md, "Migrations"): each migration is a function of its own, run
// in order inside one transaction.
#include "host/store/store_schema.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <fmt/core.h>

#include <iterator>
#include <string>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/store/game_store.hpp"

namespace cherries::host {

namespace {

// Schema 1 (the first released layout): a game's record as one text, statistics by nick only.
void schema_v1(SQLite::Database& db) {
    db.exec(R"(
        CREATE TABLE games (
            id      INTEGER PRIMARY KEY,
            channel TEXT    NOT NULL,
            started INTEGER NOT NULL,
            status  TEXT    NOT NULL DEFAULT 'in_progress',
            winner  TEXT    NOT NULL DEFAULT '',
            turns   INTEGER NOT NULL DEFAULT 0,
            state   TEXT,
            record  TEXT    NOT NULL DEFAULT ''
        );
        CREATE TABLE stats (
            nick   TEXT PRIMARY KEY,
            games  INTEGER NOT NULL,
            wins   INTEGER NOT NULL,
            points INTEGER NOT NULL
        );)");
}

// Schema 2: records as one row per line (a turn appends its lines instead of rewriting the
// whole record), the players for the listing, statistics by account or nick with turns and
// the best score (unknown, NULL, for what v1 counted).
void schema_v2(SQLite::Database& db) {
    db.exec(R"(
        CREATE TABLE record_lines (
            game INTEGER NOT NULL REFERENCES games(id),
            seq  INTEGER NOT NULL,
            line TEXT    NOT NULL,
            PRIMARY KEY (game, seq)
        ) WITHOUT ROWID;
        ALTER TABLE games ADD COLUMN players TEXT NOT NULL DEFAULT '';
        CREATE INDEX games_by_channel ON games(channel, status);
        CREATE TABLE player_stats (
            key    TEXT PRIMARY KEY,
            name   TEXT    NOT NULL,
            games  INTEGER NOT NULL,
            wins   INTEGER NOT NULL,
            turns  INTEGER NOT NULL,
            points INTEGER NOT NULL,
            best   INTEGER
        );
        INSERT INTO player_stats (key, name, games, wins, turns, points, best)
            SELECT 'nick:' || nick, nick, games, wins, 0, points, NULL FROM stats;
        DROP TABLE stats;)");
    // Each v1 record text becomes its lines.
    SQLite::Statement insert(db, "INSERT INTO record_lines (game, seq, line) VALUES (?, ?, ?)");
    SQLite::Statement records(db, "SELECT id, record FROM games");
    while (records.executeStep()) {
        std::istringstream text(records.getColumn(1).getString());
        std::int64_t seq = 0;
        for (std::string line; std::getline(text, line);) {
            if (line.empty()) continue;
            insert.bind(1, records.getColumn(0).getInt64());
            insert.bind(2, seq++);
            insert.bind(3, line);
            insert.exec();
            insert.reset();
        }
    }
    db.exec("ALTER TABLE games DROP COLUMN record");
}

// Schema 3: when a game finished (Unix seconds; NULL for games finished before), so that a
// finished web table's final state, kept for its close_finished_after time, survives a restart.
void schema_v3(SQLite::Database& db) { db.exec("ALTER TABLE games ADD COLUMN finished INTEGER"); }

// Schema 4: one name is one name (issue 39). Statistics are keyed on the normalised name
// (stats_key: "nick:ANN" and "nick:ann", NFC and NFD "web:ánn" were separate rows), so rows
// whose keys normalise alike are merged, the name kept from the row with most games; and the
// rankings read indexes in their order instead of sorting the table (a million rows took 0.26 s).
void schema_v4(SQLite::Database& db) {
    struct Row {
        std::string name;
        std::int64_t games = 0, wins = 0, turns = 0, points = 0, name_games = -1;
        std::optional<std::int64_t> best;
    };
    std::map<std::string, Row> merged;
    {
        SQLite::Statement q(db, "SELECT key, name, games, wins, turns, points, best FROM player_stats");
        while (q.executeStep()) {
            Row& r = merged[stats_key(q.getColumn(0).getString())];
            const std::int64_t games = q.getColumn(2).getInt64();
            if (games > r.name_games) {
                r.name = q.getColumn(1).getString();
                r.name_games = games;
            }
            r.games += games;
            r.wins += q.getColumn(3).getInt64();
            r.turns += q.getColumn(4).getInt64();
            r.points += q.getColumn(5).getInt64();
            if (!q.getColumn(6).isNull()) r.best = std::max(r.best.value_or(q.getColumn(6).getInt64()), q.getColumn(6).getInt64());
        }
    }
    db.exec("DELETE FROM player_stats");
    SQLite::Statement insert(db, "INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (const auto& [key, r] : merged) {
        insert.bind(1, key);
        insert.bind(2, r.name);
        insert.bind(3, r.games);
        insert.bind(4, r.wins);
        insert.bind(5, r.turns);
        insert.bind(6, r.points);
        if (r.best) insert.bind(7, *r.best); else insert.bind(7);
        insert.exec();
        insert.reset();
    }
    db.exec(R"(
        CREATE INDEX player_stats_by_wins ON player_stats(wins DESC, points DESC, key);
        CREATE INDEX player_stats_by_rate ON player_stats(CAST(wins AS REAL) / games DESC, wins DESC, points DESC, key);)");
}

// Schema 5: a name that is yours (issue 42): each claimed name under its skeleton (look-alikes
// are one name), with the SHA-256 of its player key (the key itself is never stored). Nothing
// older changes: statistics by typed names stay as they were.
void schema_v5(SQLite::Database& db) {
    db.exec(R"(
        CREATE TABLE name_claims (
            skeleton TEXT PRIMARY KEY,
            name     TEXT    NOT NULL,
            key_hash TEXT    NOT NULL UNIQUE,
            claimed  INTEGER NOT NULL
        ) WITHOUT ROWID;)");
}

// Schema 6 (issue 42): ratings, per gametype and player key, with the ordinal (mu - 3 sigma)
// stored beside mu and sigma so that a ranking walks an index in its order; where a claimed name
// is told "your turn" (its browsers' push subscriptions, its webhook); the server's own keys
// (the VAPID key pair pushes are signed with).
void schema_v6(SQLite::Database& db) {
    db.exec(R"(
        CREATE TABLE push_subscriptions (
            endpoint     TEXT    PRIMARY KEY,
            skeleton     TEXT    NOT NULL,
            subscription TEXT    NOT NULL,
            created      INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX push_subscriptions_by_name ON push_subscriptions(skeleton, created);
        CREATE TABLE webhooks (
            skeleton TEXT    PRIMARY KEY,
            url      TEXT    NOT NULL,
            created  INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE server_keys (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE ratings (
            gametype TEXT    NOT NULL,
            key      TEXT    NOT NULL,
            name     TEXT    NOT NULL,
            mu       REAL    NOT NULL,
            sigma    REAL    NOT NULL,
            ordinal  REAL    NOT NULL,
            games    INTEGER NOT NULL,
            PRIMARY KEY (gametype, key)
        ) WITHOUT ROWID;
        CREATE INDEX ratings_by_ordinal ON ratings(gametype, ordinal DESC, key);)");
}

// Schema 7 (issue 42): a claimed name linked to an IRC services account (by a code the name's
// owner makes on the web and says to CherryBot: only its SHA-256 is kept), and the messages
// `cherries serve` leaves for CherryBot to say to such an account ("your turn" at a web table).
void schema_v7(SQLite::Database& db) {
    db.exec(R"(
        CREATE TABLE irc_link_codes (
            code_hash TEXT    PRIMARY KEY,
            skeleton  TEXT    NOT NULL,
            expires   INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE irc_links (
            skeleton TEXT    PRIMARY KEY,
            account  TEXT    NOT NULL UNIQUE,
            created  INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE irc_messages (
            id      INTEGER PRIMARY KEY,
            account TEXT    NOT NULL,
            text    TEXT    NOT NULL,
            created INTEGER NOT NULL
        );
        CREATE INDEX irc_messages_by_account ON irc_messages(account, id);)");
}

using Migration = void (*)(SQLite::Database&);
constexpr Migration kMigrations[] = {schema_v1, schema_v2, schema_v3, schema_v4, schema_v5, schema_v6, schema_v7};  // kMigrations[v] goes from v to v + 1
static_assert(std::size(kMigrations) == kStoreSchemaVersion);

// Opens `file` and brings its schema to `version`. Reads before it writes: a file that is no
// SQLite database, another program's database or a newer schema is refused untouched.
}  // namespace

void fail_store(const std::string& file, const std::string& what) { throw StoreError(file + ": " + what); }

std::unique_ptr<SQLite::Database> open_database(const std::string& file, int version, std::chrono::milliseconds busy) {
    std::unique_ptr<SQLite::Database> db;
    int found = 0;
    try {
        db = std::make_unique<SQLite::Database>(file, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                                                static_cast<int>(busy.count()));
        // SQLite opens a file it may not write read-only, silently: every write would fail later.
        if (sqlite3_db_readonly(db->getHandle(), "main") == 1)
            fail_store(file, "the database file is read-only; expected a file cherries can write (check its permissions "
                       "and its folder's)");
        found = db->execAndGet("PRAGMA user_version").getInt();
        if (found == 0 && db->execAndGet("SELECT count(*) FROM sqlite_master").getInt() > 0)
            fail_store(file, "a SQLite database of another program (tables but no Cherries schema version); expected a "
                       "Cherries database or a new file");
    } catch (const SQLite::Exception& e) {
        fail_store(file, fmt::format("cannot open the database: {}; expected a SQLite database file", e.what()));
    }
    if (found > kStoreSchemaVersion)
        fail_store(file, fmt::format("database schema version {} is newer than this cherries reads (up to {})", found, kStoreSchemaVersion));
    try {
        db->exec("PRAGMA journal_mode = WAL");
        db->exec("PRAGMA synchronous = FULL");  // a committed turn survives a power cut too
        db->exec("PRAGMA foreign_keys = ON");
        if (found < version) {
            SQLite::Transaction migration(*db, SQLite::TransactionBehavior::IMMEDIATE);
            for (int v = found; v < version; ++v) kMigrations[v](*db);
            db->exec(fmt::format("PRAGMA user_version = {}", version));
            migration.commit();
        }
    } catch (const SQLite::Exception& e) {
        fail_store(file, fmt::format("cannot migrate the database from schema {} to {}: {}", found, version, e.what()));
    }
    return db;
}

void migrate_database(const std::string& file, int version) {
    if (version < 1 || version > kStoreSchemaVersion) fail_store(file, fmt::format("no schema version {}", version));
    open_database(file, version);
}

}  // namespace cherries::host
