// The game store, one SQLite database for every front end that hosts tables (CherryBot's
// channels, `cherries serve`'s web tables; docs/irc-storage.md): every game in progress (its
// state after its last change, a hosted table's state: host/hosted/hosted_state.hpp), every
// game's record (the same JSON Lines as `--record`, one row per line, appended change by
// change), and per-player statistics. One transaction per change, so a crash at any instant
// leaves the last change. A game is kept under its table's key: an IRC channel's folded name
// ("#cherries") or "web:ID" for a web table (the column is still called `channel`).
#pragma once

#include <cstdint>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::host {

/// The schema this build writes; older databases are migrated when opened (docs/irc-storage.md).
inline constexpr int kStoreSchemaVersion = 8;

/// `key` ("nick:ANN", "web:a" + U+0301 + "nn") as statistics are kept under it: the part after
/// the first ':' in NFC and case-folded (host::nfc_name, host::fold_name), so "ann", "ANN",
/// "Ann" and both spellings of "ánn" are one player's. Bytes that are not UTF-8 become U+FFFD.
std::string stats_key(std::string_view key);

/// The order of a ranking (GameStore::top).
enum class StatsOrder {
    win_rate,   ///< the highest win rate (wins / games), then most wins, then most points: CherryBot's !top
    most_wins,  ///< most wins, then most points: the web's ranking (docs/web.md)
};

/// A database that cannot be opened, read or written: "FILE: what went wrong; what was expected".
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A stored game in progress, as its table left it after its last change.
struct StoredGame {
    std::int64_t id = 0;
    std::string channel;  ///< the table's key: "#cherries" (IRC, folded) or "web:ID"
    std::string state;    ///< JSON text: a hosted table's state (host/hosted/hosted_store.cpp writes it)
    std::uint32_t turns = 0;
};

/// One line of the listing of stored games (`cherries irc list`).
struct GameSummary {
    std::int64_t id = 0;
    std::string channel;
    std::string players;   ///< nicks in turn order, ", "-separated
    std::string winner;    ///< empty: none (yet)
    std::string status;    ///< "in_progress", "won", "ended", "aborted", "stopped", "unresumable"
    std::uint32_t turns = 0;
    std::int64_t started = 0;  ///< Unix seconds
};

/// One player's totals over finished games.
struct PlayerStats {
    std::string key;      ///< "account:NAME" or "nick:FOLDED"
    std::string name;     ///< the nick last seen
    std::uint64_t games = 0, wins = 0, turns = 0;
    std::int64_t points = 0;  ///< sum of final scores
    std::optional<std::int64_t> best;  ///< best final score; unknown for games counted by schema 1
};

/// What one finished game adds to a player's statistics.
struct StatsUpdate {
    std::string key;   ///< as PlayerStats::key
    std::string name;  ///< the nick now
    bool won = false;
    std::uint32_t turns = 0;  ///< turns this player took
    std::int64_t points = 0;  ///< final score
};

/// A player rated in a finished game (docs/ratings.md, "Rated tables"): the key their rating is
/// kept under and the name to show.
struct RatedPlayer {
    std::string key;   ///< "claimed:NAME" (the web), "account:NAME" (IRC), "bot:KIND"; folded as stats keys are
    std::string name;  ///< the name at the table
};

/// A finished game to rate: its gametype (ratings are kept per gametype) and its places, best
/// first, the players tied at a place together (host::rated_game makes it; 2 to 6 players).
struct GameRating {
    std::string gametype;
    std::vector<std::vector<RatedPlayer>> places;
};

/// The fewer rated games than this a player has, the more their rating is a guess: shown as
/// "provisional" (issue 42: under 5 games).
inline constexpr std::uint64_t kProvisionalGames = 5;

/// One player's rating in one gametype: OpenSkill's belief N(mu, sigma^2) (docs/ratings.md).
struct PlayerRating {
    std::string key;   ///< as RatedPlayer::key
    std::string name;  ///< the name last rated
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
    std::uint64_t games = 0;  ///< rated games of this gametype
    /// mu - 3 sigma, what ratings are listed by (openskill::ordinal).
    double ordinal() const { return mu - 3.0 * sigma; }
    bool provisional() const { return games < kProvisionalGames; }
};

/// The most browsers one claimed name is pushed to; a newer subscription drops the oldest.
inline constexpr std::size_t kMaxPushSubscriptions = 5;

/// A message `cherries serve` leaves for CherryBot to say to an IRC services account (a claimed
/// name's "your turn" at a web table, for the account linked to it: docs/irc.md).
struct IrcMessage {
    std::string account;       ///< the services account it is for
    std::string text;          ///< one line, printable
    std::int64_t created = 0;  ///< Unix seconds
};

/// The messages one account keeps waiting for CherryBot at most (the newest).
inline constexpr std::size_t kMaxIrcMessages = 20;
/// How long a link code lasts (docs/irc.md), seconds.
inline constexpr std::int64_t kIrcLinkCodeSeconds = 600;

/// A name that is someone's (docs/web.md, "A name that is yours"): claimed with a player key, a
/// secret only its owner holds. The store keeps the key's SHA-256, never the key.
struct NameClaim {
    std::string skeleton;      ///< host::name_skeleton of the name: claims are keyed by it ("ANN", Cyrillic "аnn" and "ann" are one)
    std::string name;          ///< the name as claimed, in NFC
    std::string key_hash;      ///< SHA-256 of the player key, 64 lowercase hex digits
    std::int64_t claimed = 0;  ///< when it was claimed, Unix seconds
};

/// A table's lease (schema 8; docs/cluster.md, "Several nodes"): the `cherries serve --node`
/// process that plays the table, until when. A lease expires unless renewed; another node may
/// take an expired one.
struct TableLease {
    std::string node;
    std::int64_t expires_ms = 0;  ///< Unix milliseconds
};

/// A write refused because this node no longer holds the table's lease (another node took it
/// after this one's expired): nothing was written, and the table is that node's to play now.
class LeaseLost : public StoreError {
public:
    using StoreError::StoreError;
};

/// The database. Not thread-safe: one front end's thread uses it. A database file deleted
/// while the bot runs is written anew at its path with everything stored so far (keep_file).
class GameStore {
public:
    /// Opens `file` (created when missing), switches it to WAL, and migrates an older schema to
    /// kStoreSchemaVersion in one transaction. Throws StoreError naming the file when it is not a
    /// SQLite database, is from a newer cherries, or cannot be written; the file is not changed then.
    /// `busy_timeout`: how long one statement waits for another process's lock before it fails
    /// (the front end's one thread waits that long at most; a failed write is retried later by
    /// the front end, its lines kept in memory). A read-only file is refused too.
    explicit GameStore(const std::string& file, std::chrono::milliseconds busy_timeout = std::chrono::milliseconds(50));
    ~GameStore();
    GameStore(const GameStore&) = delete;
    GameStore& operator=(const GameStore&) = delete;

    const std::string& file() const;
    /// Every write goes through this seam first (tests inject a fault: "database or disk is
    /// full"); it throws to fail the write as SQLite would. Unset: nothing.
    void set_write_fault(std::function<void()> fault);
    /// PRAGMA user_version.
    int schema_version() const;
    /// What the store did by itself that the operator and the players should hear of, once
    /// (then ""): a database file deleted while in use, written anew at its path.
    std::string take_warning();

    /// A new game at table key `channel` ("#chan" folded, or "web:ID"): its record's header line; returns its id.
    std::int64_t begin_game(const std::string& channel, const std::string& header_line, std::int64_t now_seconds);
    /// After a change (a turn, a command, mid-turn too): appends `lines` to the record and
    /// replaces the state, in one transaction. `players`: for the listing.
    void checkpoint(std::int64_t game, const std::vector<std::string>& lines, const std::string& state,
                    std::uint32_t turns, const std::string& players);
    /// Replaces only the state (a change during a turn: a pending join, a nick), no record lines.
    void update_state(std::int64_t game, const std::string& state);
    /// The game ended: appends the last `lines` (its end line included), sets its status,
    /// winner and the time it finished (`now_seconds`, Unix), keeps `final_state` (a web table
    /// shown for its close_finished_after time after the end; empty: the state is dropped) and adds
    /// `stats`, and rates it (`rating`, when it is rated: each player's rating in its gametype
    /// moves by OpenSkill's update; openskill::rate), in one transaction.
    void finish(std::int64_t game, const std::vector<std::string>& lines, const std::string& status,
                const std::string& winner, std::uint32_t turns, const std::vector<StatsUpdate>& stats,
                const std::string& final_state = {}, std::int64_t now_seconds = 0,
                const std::optional<GameRating>& rating = std::nullopt);
    /// Finished games whose final state is kept (finish's `final_state`), under keys that begin
    /// with `prefix`, that finished at `since_seconds` (Unix) or later; oldest first.
    std::vector<StoredGame> finished_under(const std::string& prefix, std::int64_t since_seconds);
    /// Drops the final state of finished game `game` (its table is closed); nothing for a game in
    /// progress.
    void drop_final_state(std::int64_t game);
    /// The game cannot resume (plugins changed, stopped): status `status`, state dropped, and
    /// `end_line` (unless empty) appended to its record, in one transaction.
    void set_aside(std::int64_t game, const std::string& status, const std::string& end_line = {});

    /// The game in progress at table key `channel`, if any.
    std::optional<StoredGame> in_progress(const std::string& channel);
    /// Every game in progress whose channel begins with `prefix` ("web:": the web tables), oldest
    /// first.
    std::vector<StoredGame> in_progress_under(const std::string& prefix);
    /// Stored games, newest first, at most `limit`.
    std::vector<GameSummary> games(std::size_t limit = 100);
    /// The newest game stored for `channel` ("web:ID": a web table), if any.
    std::optional<GameSummary> last_game_in(const std::string& channel);
    /// A player's statistics by key (stats_key: "nick:ANN" finds "nick:ann"), if they finished a game.
    std::optional<PlayerStats> stats(const std::string& key);
    /// The best players among those with at least `min_games` finished games, in `order` (then
    /// by key): at most `limit` of them after the first `offset`; only keys that begin with
    /// `key_prefix` ("web:": the web's players; "": everyone). Read from an index in that
    /// order, so a page costs its rows, not a sort of every player's.
    std::vector<PlayerStats> top(std::size_t limit = 5, std::uint64_t min_games = 1, const std::string& key_prefix = "",
                                 StatsOrder order = StatsOrder::win_rate, std::size_t offset = 0);
    /// The same with any of several key prefixes ({"web:", "claimed:"}: the web's ranking).
    std::vector<PlayerStats> top(std::size_t limit, std::uint64_t min_games, const std::vector<std::string>& key_prefixes,
                                 StatsOrder order, std::size_t offset = 0);

    /// The best-rated players of `gametype` by ordinal (then by key): at most `limit` after the
    /// first `offset`, read from an index in that order (schema 6).
    std::vector<PlayerRating> ratings(const std::string& gametype, std::size_t limit, std::size_t offset = 0);
    /// The gametypes whose games were rated, in byte order.
    std::vector<std::string> rated_gametypes();
    /// The rating of `key` ("claimed:ANN" finds "claimed:ann") in `gametype`, if they were rated.
    std::optional<PlayerRating> rating(const std::string& gametype, const std::string& key);

    /// Keeps the push subscription `json` (its endpoint `endpoint`) for the claimed name of
    /// skeleton `skeleton`; a name keeps its kMaxPushSubscriptions newest (docs/push.md).
    void add_push_subscription(const std::string& skeleton, const std::string& endpoint, const std::string& json,
                               std::int64_t now_seconds);
    /// The push subscriptions' JSON of the claimed name of skeleton `skeleton`, oldest first.
    std::vector<std::string> push_subscriptions(const std::string& skeleton);
    /// Drops the subscription of `endpoint`: the name's own (`skeleton`), or any (skeleton ""),
    /// when a push service said it is gone. True when there was one.
    bool remove_push_subscription(const std::string& endpoint, const std::string& skeleton = {});
    /// The webhook of the claimed name of skeleton `skeleton` becomes `url` ("" drops it).
    void set_webhook(const std::string& skeleton, const std::string& url, std::int64_t now_seconds);
    /// The webhook URL of the claimed name of skeleton `skeleton`, if any.
    std::optional<std::string> webhook(const std::string& skeleton);
    /// The server key `name` ("vapid": the VAPID private key): the one kept, or `make()` kept now.
    std::string server_key(const std::string& name, const std::function<std::string()>& make);

    /// Keeps a code that links the claimed name of skeleton `skeleton` to the IRC services account
    /// that says it to CherryBot (`!link CODE`; schema 7), until `expires` (Unix seconds). Only its
    /// SHA-256 (`code_hash`) is kept; the name's older codes go.
    void add_irc_link_code(const std::string& code_hash, const std::string& skeleton, std::int64_t expires);
    /// Spends the code of hash `code_hash` for `account` at `now`: the name it was made for is
    /// linked to the account (one name per account, one account per name). The name's claim, or
    /// nullopt (no such code, or it expired).
    std::optional<NameClaim> link_irc(const std::string& code_hash, const std::string& account, std::int64_t now);
    /// Drops `account`'s link (`!unlink`); true when there was one.
    bool unlink_irc(const std::string& account);
    /// The IRC services account linked to the claimed name of skeleton `skeleton`, if any.
    std::optional<std::string> irc_account(const std::string& skeleton);
    /// Leaves `text` for CherryBot to say to `account` (its kMaxIrcMessages newest are kept).
    void add_irc_message(const std::string& account, const std::string& text, std::int64_t now);
    /// The messages for the accounts `deliverable` says yes to, oldest first, taken out of the
    /// store in one transaction; messages older than `oldest` (Unix seconds) are dropped.
    std::vector<IrcMessage> take_irc_messages(const std::function<bool(const std::string&)>& deliverable, std::int64_t oldest);

    /// Stores `claim` (schema 5's name_claims). False, and nothing changed, when a claim of the
    /// same skeleton is there already.
    bool claim_name(const NameClaim& claim);
    /// The claim of names whose skeleton is `skeleton` (host::name_skeleton), if any.
    std::optional<NameClaim> name_claim(const std::string& skeleton);
    /// The claim whose player key hashes to `key_hash`, if any.
    std::optional<NameClaim> claim_of_key(const std::string& key_hash);
    /// The claim whose key hashes to `old_hash` takes `new_hash` instead (a revoked key: the old
    /// one proves nothing from then on). False, and nothing changed, when no claim has `old_hash`.
    bool replace_key(const std::string& old_hash, const std::string& new_hash);

    /// Takes the lease of table key `channel` for `node` until `now_ms + ttl_ms` (Unix
    /// milliseconds) when nobody holds it, `node` does (a renewal) or the holder's lease ran out at
    /// `now_ms` or before. Returns the lease as it is after: `node`'s when taken, else the live
    /// holder's, unchanged. A writer that holds the lease row (a turn's write under way) is waited for.
    TableLease take_lease(const std::string& channel, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms);
    /// Renews every lease `node` holds until `now_ms + ttl_ms`; returns the table keys it holds,
    /// in byte order (a table missing from them was taken by another node).
    std::vector<std::string> renew_leases(const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms);
    /// Gives up `node`'s lease of `channel` (a table closed here); nothing when another node holds it.
    void release_lease(const std::string& channel, const std::string& node);
    /// The lease of `channel`, if any node ever held one.
    std::optional<TableLease> lease(const std::string& channel);
    /// From now on every write of a game (begin_game, checkpoint, update_state, finish,
    /// set_aside) first checks, in its own transaction, that `node` holds the lease of the game's
    /// table key at `now_ms()`, and holds the lease's row until it commits, so that no other node
    /// takes the table between the check and the write. Without the lease the write changes
    /// nothing and throws LeaseLost. Empty `node`: no check (one process, the default).
    void write_as_node(std::string node, std::function<std::int64_t()> now_ms);

    /// Keeps the order of a table opened but not sat at yet under its key `channel` (schema 8): its
    /// setup as JSON text (its plugins, its seed: never shown), so that whichever node is asked
    /// for the table makes it (docs/cluster.md, "Several nodes"). Replaces one kept already.
    void put_table_order(const std::string& channel, const std::string& order, std::int64_t now_seconds);
    /// The order kept under `channel`, if any.
    std::optional<std::string> table_order(const std::string& channel);
    /// Every order kept under a key beginning with `prefix`, oldest first: (key, order).
    std::vector<std::pair<std::string, std::string>> table_orders(const std::string& prefix);
    /// Drops the order kept under `channel` (its table closed, or its game is stored now).
    void drop_table_order(const std::string& channel);

    /// A game's record as JSON Lines (each line ends with '\n'). Throws StoreError when there is
    /// no game `game`.
    std::string record(std::int64_t game);

private:
    /// Before every write: when the database file was deleted from its path while open, the
    /// open connection is copied into a new file there (nothing stored so far is lost) and
    /// writing goes on in it, with a warning (take_warning). Throws StoreError when it cannot.
    void keep_file();

    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::string warning_;
};

/// export_record(store, id): the record of game `id` as `cherries replay` reads it.
inline std::string export_record(GameStore& store, std::int64_t game) { return store.record(game); }

/// Opens (creating) `file` and migrates it only up to schema `version` (1 to kStoreSchemaVersion): tests make
/// databases of older versions with it. Throws StoreError like GameStore's constructor.
void migrate_database(const std::string& file, int version);

}  // namespace cherries::host
