// The store's schema, version by version, and the one way a database file is opened and brought
// to a version (docs/irc-storage.md, "Migrations"): each migration is a function of its own, run
// in order inside one transaction.
#include "host/store/store_schema.hpp"

#include <fmt/core.h>

#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/store/game_store.hpp"
#include "host/store/postgresql_driver.hpp"
#include "host/store/sqlite_connection.hpp"
#include "host/store/store_location.hpp"

namespace cherries::host {

namespace {

// Schema 1 (the first released layout): a game's record as one text, statistics by nick only.
void schema_v1(SqlConnection& db) {
    db.script(R"(
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
void schema_v2(SqlConnection& db) {
    db.script(R"(
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
    const SqlRows records = db.run("SELECT id, record FROM games");
    for (std::size_t r = 0; r < records.rows.size(); ++r) {
        std::istringstream text(records.text(r, 1));
        std::int64_t seq = 0;
        for (std::string line; std::getline(text, line);) {
            if (line.empty()) continue;
            db.run("INSERT INTO record_lines (game, seq, line) VALUES ($1, $2, $3)", {records.integer(r, 0), seq++, line});
        }
    }
    db.script("ALTER TABLE games DROP COLUMN record");
}

// Schema 3: when a game finished (Unix seconds; NULL for games finished before), so that a
// finished web table's final state, kept for its close_finished_after time, survives a restart.
void schema_v3(SqlConnection& db) { db.script("ALTER TABLE games ADD COLUMN finished INTEGER"); }

// Schema 4: one name is one name (issue 39). Statistics are keyed on the normalised name
// (stats_key: "nick:ANN" and "nick:ann", NFC and NFD "web:ánn" were separate rows), so rows
// whose keys normalise alike are merged, the name kept from the row with most games; and the
// rankings read indexes in their order instead of sorting the table (a million rows took 0.26 s).
void schema_v4(SqlConnection& db) {
    struct Row {
        std::string name;
        std::int64_t games = 0, wins = 0, turns = 0, points = 0, name_games = -1;
        std::optional<std::int64_t> best;
    };
    std::map<std::string, Row> merged;
    const SqlRows q = db.run("SELECT key, name, games, wins, turns, points, best FROM player_stats");
    for (std::size_t i = 0; i < q.rows.size(); ++i) {
        Row& r = merged[stats_key(q.text(i, 0))];
        const std::int64_t games = q.integer(i, 2);
        if (games > r.name_games) {
            r.name = q.text(i, 1);
            r.name_games = games;
        }
        r.games += games;
        r.wins += q.integer(i, 3);
        r.turns += q.integer(i, 4);
        r.points += q.integer(i, 5);
        if (!q.is_null(i, 6)) r.best = std::max(r.best.value_or(q.integer(i, 6)), q.integer(i, 6));
    }
    db.script("DELETE FROM player_stats");
    for (const auto& [key, r] : merged)
        db.run("INSERT INTO player_stats (key, name, games, wins, turns, points, best) VALUES ($1, $2, $3, $4, $5, $6, $7)",
               {key, r.name, r.games, r.wins, r.turns, r.points, r.best ? SqlValue(*r.best) : SqlValue()});
    db.script(R"(
        CREATE INDEX player_stats_by_wins ON player_stats(wins DESC, points DESC, key);
        CREATE INDEX player_stats_by_rate ON player_stats(CAST(wins AS REAL) / games DESC, wins DESC, points DESC, key);)");
}

// Schema 5: a name that is yours (issue 42): each claimed name under its skeleton (look-alikes
// are one name), with the SHA-256 of its player key (the key itself is never stored). Nothing
// older changes: statistics by typed names stay as they were.
void schema_v5(SqlConnection& db) {
    db.script(R"(
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
void schema_v6(SqlConnection& db) {
    db.script(R"(
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
void schema_v7(SqlConnection& db) {
    db.script(R"(
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

// Schema 8 (issue 43), the first written once for both engines: each table's lease, the node
// that plays it and until when (Unix milliseconds), for several `cherries serve --node`
// processes sharing one store; and the order of a table opened but not sat at yet (no game, no
// record yet), so that any node can make it.
void schema_v8(SqlConnection& db) {
    db.script(R"(
        CREATE TABLE table_leases (
            channel TEXT   NOT NULL PRIMARY KEY,
            node    TEXT   NOT NULL,
            expires BIGINT NOT NULL
        );
        CREATE TABLE table_orders (
            channel TEXT   NOT NULL PRIMARY KEY,
            table_order TEXT NOT NULL,
            created BIGINT NOT NULL
        );)");
}

using Migration = void (*)(SqlConnection&);
constexpr Migration kMigrations[] = {schema_v1, schema_v2, schema_v3, schema_v4, schema_v5, schema_v6, schema_v7, schema_v8};  // kMigrations[v] goes from v to v + 1
static_assert(std::size(kMigrations) == kStoreSchemaVersion);

// PostgreSQL starts at schema 7, the layout SQLite's migrations 1 to 7 arrive at (no PostgreSQL
// store is older), in PostgreSQL's types: 64-bit integers, double precision for ratings, byte
// order ("C") for the texts a ranking or a listing sorts by, as SQLite compares them. Every
// migration after 7 runs on both (schema_v8 above).
constexpr int kPostgresqlBaseline = 7;
void postgresql_v7(SqlConnection& db) {
    db.script(R"(
        CREATE TABLE games (
            id       BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            channel  TEXT    COLLATE "C" NOT NULL,
            started  BIGINT  NOT NULL,
            status   TEXT    NOT NULL DEFAULT 'in_progress',
            winner   TEXT    NOT NULL DEFAULT '',
            turns    BIGINT  NOT NULL DEFAULT 0,
            state    TEXT,
            players  TEXT    NOT NULL DEFAULT '',
            finished BIGINT
        );
        CREATE INDEX games_by_channel ON games(channel, status);
        CREATE TABLE record_lines (
            game BIGINT NOT NULL REFERENCES games(id),
            seq  BIGINT NOT NULL,
            line TEXT   NOT NULL,
            PRIMARY KEY (game, seq)
        );
        CREATE TABLE player_stats (
            key    TEXT   COLLATE "C" PRIMARY KEY,
            name   TEXT   NOT NULL,
            games  BIGINT NOT NULL,
            wins   BIGINT NOT NULL,
            turns  BIGINT NOT NULL,
            points BIGINT NOT NULL,
            best   BIGINT
        );
        CREATE INDEX player_stats_by_wins ON player_stats(wins DESC, points DESC, key);
        CREATE INDEX player_stats_by_rate ON player_stats((CAST(wins AS REAL) / games) DESC, wins DESC, points DESC, key);
        CREATE TABLE name_claims (
            skeleton TEXT   COLLATE "C" PRIMARY KEY,
            name     TEXT   NOT NULL,
            key_hash TEXT   NOT NULL UNIQUE,
            claimed  BIGINT NOT NULL
        );
        CREATE TABLE push_subscriptions (
            endpoint     TEXT   COLLATE "C" PRIMARY KEY,
            skeleton     TEXT   COLLATE "C" NOT NULL,
            subscription TEXT   NOT NULL,
            created      BIGINT NOT NULL
        );
        CREATE INDEX push_subscriptions_by_name ON push_subscriptions(skeleton, created);
        CREATE TABLE webhooks (
            skeleton TEXT   COLLATE "C" PRIMARY KEY,
            url      TEXT   NOT NULL,
            created  BIGINT NOT NULL
        );
        CREATE TABLE server_keys (
            name  TEXT COLLATE "C" PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE ratings (
            gametype TEXT             COLLATE "C" NOT NULL,
            key      TEXT             COLLATE "C" NOT NULL,
            name     TEXT             NOT NULL,
            mu       DOUBLE PRECISION NOT NULL,
            sigma    DOUBLE PRECISION NOT NULL,
            ordinal  DOUBLE PRECISION NOT NULL,
            games    BIGINT           NOT NULL,
            PRIMARY KEY (gametype, key)
        );
        CREATE INDEX ratings_by_ordinal ON ratings(gametype, ordinal DESC, key);
        CREATE TABLE irc_link_codes (
            code_hash TEXT   COLLATE "C" PRIMARY KEY,
            skeleton  TEXT   COLLATE "C" NOT NULL,
            expires   BIGINT NOT NULL
        );
        CREATE TABLE irc_links (
            skeleton TEXT   COLLATE "C" PRIMARY KEY,
            account  TEXT   COLLATE "C" NOT NULL UNIQUE,
            created  BIGINT NOT NULL
        );
        CREATE TABLE irc_messages (
            id      BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            account TEXT   COLLATE "C" NOT NULL,
            text    TEXT   NOT NULL,
            created BIGINT NOT NULL
        );
        CREATE INDEX irc_messages_by_account ON irc_messages(account, id);)");
}

// Brings `db` from schema `found` to `version`, each migration in order, in one transaction.
void migrate(SqlConnection& db, int found, int version) {
    SqlTransaction migration(db);
    if (db.dialect() == SqlDialect::postgresql) {
        // Nodes that start together: one migrates, the others wait here and find it done.
        db.run("SELECT pg_advisory_xact_lock(7239031)");
        found = db.schema_version();
        if (found >= version) return;  // rolled back: nothing was changed
        if (found == 0) {
            if (version < kPostgresqlBaseline)
                throw SqlError(fmt::format("a PostgreSQL store starts at schema {}", kPostgresqlBaseline));
            postgresql_v7(db);
            found = kPostgresqlBaseline;
        }
    }
    for (int v = found; v < version; ++v) kMigrations[v](db);
    db.set_schema_version(version);
    migration.commit();
}

}  // namespace

void fail_store(const std::string& file, const std::string& what) { throw StoreError(file + ": " + what); }

std::unique_ptr<SqlConnection> open_database(const std::string& where, int version, std::chrono::milliseconds busy) {
    const std::string shown = shown_location(where);
    std::unique_ptr<SqlConnection> db = is_postgresql_url(where) ? open_postgresql(where, busy) : open_sqlite(where, busy);
    int found = 0;
    try {
        found = db->schema_version();
    } catch (const SqlError& e) {
        fail_store(shown, fmt::format("cannot read the schema version: {}", e.what()));
    }
    if (found > kStoreSchemaVersion)
        fail_store(shown, fmt::format("database schema version {} is newer than this cherries reads (up to {})", found,
                                      kStoreSchemaVersion));
    try {
        if (found < version) migrate(*db, found, version);
    } catch (const SqlError& e) {
        fail_store(shown, fmt::format("cannot migrate the database from schema {} to {}: {}", found, version, e.what()));
    }
    return db;
}

void migrate_database(const std::string& where, int version) {
    if (version < 1 || version > kStoreSchemaVersion) fail_store(where, fmt::format("no schema version {}", version));
    open_database(where, version);
}

}  // namespace cherries::host
