// A Cherries game in one IRC channel: lines from players in, reply lines out. It knows nothing
// of sockets: the caller passes what was said (nick, text), nick changes and departures, and
// the time; a test drives it with lines and no server. Cards are public (GDD §3.4.2.3.1), so
// everything is said in the channel.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "host/irc/channel_commands.hpp"
#include "host/session/game_library.hpp"
#include "host/session/hosted_table_options.hpp"
#include "host/irc/text.hpp"
#include "host/session/plugin_list.hpp"
#include "host/hosted/clock.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/table/rematch.hpp"
#include "host/table/table.hpp"
#include "host/table/turn_clock.hpp"

namespace cherries::host {
class Bot;
class LibraryBots;
}  // namespace cherries::host
namespace cherries::sdk {
struct BotPlugin;
}  // namespace cherries::sdk

namespace cherries::host {
class GameStore;
class HostedStore;
struct StoredGame;
}  // namespace cherries::host

namespace cherries::irc {

/// The plugins a channel game may use (host/session/game_library.hpp).
using host::GameLibrary;

using GameClock = std::chrono::steady_clock;

/// How games in a channel are run.
struct ChannelOptions : host::HostedTableOptions {
    // The base's turn_timeout is counted from when the turn's prompt line is written to the
    // server (not when the card is drawn: a queued prompt costs nobody time).
    std::string gametype = "official";             ///< !cherries without a GAMETYPE
    std::vector<std::string> sets{"standard"};     ///< !cherries without SETs
    /// "ann: 15 s left." this long before the timeout (only when the timeout is longer).
    std::chrono::milliseconds turn_warning{15'000};
    /// A !pause ends by itself after this long (the turn clock then runs on).
    std::chrono::milliseconds pause_limit{600'000};
    /// A write to the database that failed is tried again every this long, never backing off
    /// (the game goes on in memory meanwhile; docs/irc-storage.md).
    std::chrono::milliseconds store_retry{1000};
    CaseMapping casemapping = CaseMapping::rfc1459;
    /// Announcements with mIRC colour codes (cherries red, scores bold); off: plain text.
    bool colours = false;
    /// Compact mode (`!quiet` switches it per channel): every turn in one line, and the scores
    /// once a round ("Round 3 over. Scores: ...") instead of after every turn. Off: a human's
    /// turn ends with a "Scores:" line; a bot's turn is one line either way.
    bool compact = false;
    /// Answers to !help, !status, !card and !cards go to the asker by NOTICE instead of the
    /// channel (host/irc/client.cpp routes them).
    bool notice_replies = false;
    /// !top ranks by win rate the players with at least this many finished games.
    unsigned top_min_games = 3;
    /// The time stored games are dated by (when a game began and finished); default: the
    /// system's (host::SystemClock). The channel's steady time is the `now` of every call.
    std::shared_ptr<const host::Clock> clock;
    /// The seed of each new game; default: host::random_seed (getrandom(2)).
    std::function<std::uint64_t()> seed;
    /// The salt that seals each new game's deal (docs/records.md, "The fair deal"); default:
    /// host::new_salt (the OS's random source). Tests fix it to show a fixed commitment.
    std::function<std::string()> salt;
    /// The operator's log (`cherries irc`: standard error): what failed in detail, with the
    /// server's files and SQLite's words, which the channel is not told. Unset: not logged.
    std::function<void(const std::string&)> log;
    /// Held around every use of the store (host::GameStore is not thread-safe): the games of one
    /// Client share one store and run on worker threads side by side (host/irc/channel_work.hpp),
    /// so the Client gives them all the same lock. Held only while SQLite works, never while a
    /// plugin or bot runs. Default: a lock of this game's own.
    std::shared_ptr<std::recursive_mutex> store_lock;
};

/// How long a one-line answer is not repeated to the same nick (ChannelGame::on_text).
inline constexpr std::chrono::seconds kRepeatQuiet{10};

/// Lines to say in the channel, in order (plain text; the caller splits them for the wire).
using Replies = std::vector<std::string>;

/// One channel's game, from !cherries to the win or !stop. Never throws out of its public
/// functions for anything players say or plugins do (GDD §3.5 faults are the engine's).
class ChannelGame {
public:
    /// `library` provides the plugins and must outlive this object.
    ChannelGame(std::string channel, GameLibrary& library, ChannelOptions options = {});
    ~ChannelGame();
    ChannelGame(const ChannelGame&) = delete;
    ChannelGame& operator=(const ChannelGame&) = delete;

    /// `nick` said `text` in the channel at `now`; `op`: they are a channel operator. Chat that
    /// is no command gets no reply; a refused command gets exactly one line, and the same
    /// one-line answer to the same command from the same nick again within kRepeatQuiet is
    /// dropped (five !keep out of turn: one refusal).
    Replies on_text(std::string_view nick, std::string_view text, GameClock::time_point now, bool op = false);

    /// `old_nick` is now `new_nick` (NICK): a seated player stays in the seat. No reply.
    void on_nick(std::string_view old_nick, std::string_view new_nick);

    /// `nick` left the channel (PART, QUIT or KICK): a seated player leaves between turns.
    Replies on_departure(std::string_view nick, GameClock::time_point now);

    /// Lets time pass: a player whose turn timeout ran out gets the greedy bot's decision.
    Replies tick(GameClock::time_point now);

    /// Keeps this channel's games in `store` (null: nothing is stored; docs/irc-storage.md) and
    /// resumes the game stored for this channel, if there is one and none is open here. Returns
    /// "Resumed after turn N ..." and what follows, or, once, why the stored game cannot resume
    /// (its plugins changed, GDD §3.5 determinism); never throws.
    Replies attach_store(std::shared_ptr<host::GameStore> store, GameClock::time_point now);
    /// The turn the last attach_store resumed after (what the channel was told), or nullopt when
    /// it resumed nothing. The game may have gone on since (its bots play at once).
    std::optional<std::uint32_t> resumed_after() const { return resumed_after_; }

    /// How to learn a nick's services account (IRCv3 account-tag, extended-join); "" for none.
    /// Statistics are kept by account when there is one, else by case-mapped nick.
    void set_account_lookup(std::function<std::string(std::string_view nick)> lookup) { account_ = std::move(lookup); }

    /// The prompt line this game asked for (as returned by on_text, tick... after colours) whose
    /// writing to the server starts the turn clock, with its serial; nullopt when none waits.
    struct Prompt {
        std::uint64_t serial = 0;
        std::string line;
    };
    std::optional<Prompt> unsent_prompt() const;
    /// Prompt `serial` was written to the server at `now`: the player has the full turn
    /// timeout from here (written again, e.g. after "CherryBot is back": from the later time).
    /// A stale serial (the turn was played meanwhile) is ignored.
    void prompt_written(std::uint64_t serial, GameClock::time_point now);
    /// The connection to the server was lost: the turn clock stops; back() asks again.
    void connection_lost();
    /// The bot is in the channel again (after a reconnect): "CherryBot is back." with the table
    /// and, on a human's turn, the prompt again (its clock starts when that is written).
    Replies back();
    /// `nick` joined the channel: a seated player who comes back is shown the table and, on
    /// their turn, the prompt again. No reply for anyone else.
    Replies on_join(std::string_view nick, GameClock::time_point now);

    /// Compact mode (ChannelOptions::compact, or as !quiet last switched it).
    bool compact() const { return compact_; }
    /// True while a game is open (being set up or running).
    bool open() const { return open_ != nullptr; }
    /// When tick() has something to do next (a turn timeout), if anything.
    std::optional<GameClock::time_point> deadline() const;
    const std::string& channel() const { return channel_; }

    // --- for tests and status pages: read-only --------------------------------------------
    /// The open game, or nullptr.
    const Game* game() const;
    /// Current nicks of the seated players in turn order (bots by their names).
    std::vector<std::string> seated() const;
    /// The nick whose decision is awaited (a human's turn), or "".
    std::string to_play() const;
    /// The last detail given to the operator's log (ChannelOptions::log), or "": why a game's
    /// plugins or a bot plugin do not load, why storing or reading the database failed.
    const std::string& load_error() const { return load_error_; }

    /// The open game's state: a host::Table and the channel's part (channel_open_game.hpp, private
    /// to channel_*.cpp).
    struct OpenGame;

private:

    void command(const ChannelCommand& c, const std::string& nick, bool op, GameClock::time_point now, Replies& out);
    void open_game(const ChannelCommand& c, const std::string& nick, Replies& out);
    void join(const std::string& nick, const std::string& bot_name, Replies& out);
    void leave(const std::string& nick, bool departed, Replies& out);
    void start(const std::string& nick, GameClock::time_point now, Replies& out);
    void play(const ChannelCommand& c, const std::string& nick, GameClock::time_point now, Replies& out);
    void status(Replies& out) const;
    void pause(const std::string& nick, GameClock::time_point now, Replies& out);
    void resume_clock(const std::string& nick, GameClock::time_point now, Replies& out);
    // !skip: another person's choice for a player out of time (host::HostedTable::choose_out_of_time).
    void skip(const std::string& nick, GameClock::time_point now, Replies& out);
    /// The prompt of the current human turn ("Turn 3: ... ann: !keep or !give NICK (90 s)."),
    /// `lead` its first part; remembered as unsent: its clock starts when it is written.
    std::string prompt(std::string lead);
    void card(const ChannelCommand& c, Replies& out);
    void rules(Replies& out);
    /// How this channel's host::Table runs (seats, timeouts, take-over, nicks folded).
    host::TableOptions table_options() const;
    /// How a game of this channel is hosted (host::HostedTable): its plugins, its table's
    /// options, its turn clock (turn_timeout, turn_warning, pause_limit) and the store's retry.
    host::HostedSetup hosted_setup(std::shared_ptr<const sdk::Bundle> bundle) const {
        return {.bundle = std::move(bundle), .options = table_options(),
                .clock = {.turn_timeout = options_.turn_timeout, .turn_warning = options_.turn_warning, .pause_limit = options_.pause_limit,
                          .bank = host::time_bank_of(options_)},
                .store_retry = options_.store_retry};
    }
    /// Plays on (bots at once) until a human must act, the game ends or is suspended; says it all.
    void advance(GameClock::time_point now, Replies& out);
    /// Ends the game before its end: tells the channel "The game is over: WHY." and stores it as
    /// `stopped`, its record's end line naming `reason` (empty: `why`; docs/irc-storage.md).
    void close(Replies& out, std::string why, std::string reason = {});
    // host/irc/channel_store.cpp
    void resume(const host::StoredGame& stored, GameClock::time_point now, Replies& out);
    /// Begins the open game in the store (its record's header). Throws host::StoreError.
    void begin_stored();
    /// The after-change pipeline (host::after_change): what changed stored, unless the store fails
    /// and its retry is not due; the store's news for the channel to `out`, its details to the operator.
    void persist(Replies& out);
    /// Holds ChannelOptions::store_lock until the returned lock goes.
    std::unique_lock<std::recursive_mutex> lock_store() const { return std::unique_lock(*options_.store_lock); }
    /// The store's writer on `clock` (the channel's time, the options' dates).
    host::HostedStore writer(const host::Clock& clock) const;
    /// Stores the game's end: its last record lines, the end line (with `reason` when the game
    /// was stopped: docs/records.md, "The end line"), the status and the statistics. Throws
    /// host::StoreError when the end could not be stored (the operator was told why).
    void store_end(const std::string& status, const std::string& reason = {});
    /// The channel's part in the after-change pipeline (channel_store.cpp).
    class StoreFront;
    /// The seat a stand-in bot holds for `nick` (same services account, or same nick), or kNoPlayer.
    PlayerId held_seat(const std::string& nick) const;
    /// `nick` sits down: takes back a seat kept for them (by services account too), or joins.
    host::Reply seat_person(const std::string& nick);
    Replies paint(Replies lines) const;
    // host/irc/channel_rematch.cpp
    /// Remembers the open game's gametype, sets and seats (a seat a bot holds for a person
    /// counts as theirs) for !rematch; called just before the table goes.
    void remember_table();
    /// !rematch: the last game's table again, as a new game (docs/irc.md).
    void rematch(const std::string& nick, bool op, Replies& out);
    // host/irc/channel_bots.cpp
    /// "random, greedy, expert, leader": the built-in bots, then the bot plugins found.
    std::string bot_list() const;
    /// The one-line refusal of `!bot KIND`, or "" when KIND can be seated: no such bot, its
    /// plugin does not load (details in load_error_), or it changed since the record named it.
    std::string bot_refusal(const std::string& kind);
    /// Seat `id`'s bot decides; a bot plugin's first fault in this game is told in the channel.
    PlayerId bot_decision(PlayerId id, host::Bot& bot, const PlayerView& view, Replies& out);
    std::string account_of(const std::string& nick) const;
    void stats(const ChannelCommand& c, const std::string& nick, Replies& out);
    void top(Replies& out);
    /// Gives `detail` to the operator's log, "CHANNEL: DETAIL", and keeps it as load_error().
    void tell_operator(const std::string& detail);
    /// An exception that ends a command: the operator's log gets its details; the channel is
    /// told "WHAT (the operator can see why)", and an open game is stopped with that reason.
    void internal_error(const std::exception& e, Replies& out);

    std::string channel_;
    GameLibrary& library_;
    ChannelOptions options_;
    std::string load_error_;
    std::unique_ptr<host::LibraryBots> bots_;  // every game's bots come from here
    std::unique_ptr<OpenGame> open_;  // the open game, or null
    std::shared_ptr<host::GameStore> store_;
    std::optional<std::uint32_t> resumed_after_;
    std::function<std::string(std::string_view)> account_;
    std::vector<std::string> red_;  // colours: the names of the cherry cards of the last game
    bool compact_ = false;          // options_.compact, switched by !quiet
    std::optional<host::Rematch> last_table_;  // the last game's, for !rematch (host/table/rematch)
    struct LastAnswer {
        std::string nick;     // folded
        std::string command;  // name and arguments
        std::string line;
        GameClock::time_point at{};
    } last_answer_;  // the last one-line answer, not repeated within kRepeatQuiet
    GameClock::time_point now_{};   // the time of the last call from outside (a retry's base)
};

}  // namespace cherries::irc
