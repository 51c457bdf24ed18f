// CherryBot's side of the IRC protocol without the socket: server lines in, lines to send out.
// It registers (CAP, NICK, USER), answers PING, learns ISUPPORT, joins its channels, keeps
// track of who is in each channel and who is an operator, and routes channel lines to one
// ChannelGame per channel. Replies go through flood control, split to fit the wire. The
// connection (Asio, TLS) only moves bytes: a test drives this with lines and a clock.
// Each channel's game work (plugins, bots, the engine, the store's writes) runs through a
// ChannelExecutor (host/irc/channel_work.hpp), one piece of work per channel at a time; its
// lines come back to this object on the loop thread. Everything here but that work is the
// loop's: the Client is not thread-safe, and a job touches nothing of it.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "host/base/token_bucket.hpp"
#include "host/irc/channel_commands.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_work.hpp"
#include "host/irc/flood.hpp"
#include "host/irc/message.hpp"
#include "host/store/game_store.hpp"
#include "host/irc/text.hpp"

namespace cherries::irc {

/// Who the bot is and where it plays.
struct ClientOptions {
    std::string nick = "CherryBot";
    std::vector<std::string> fallback_nicks;  ///< tried in order when the nick is taken (433), then an added "_"
    std::string user = "cherrybot";
    std::string realname = "CherryBot, the Cherries dealer";
    std::string password;               ///< server password (PASS), empty for none
    std::string sasl_account;           ///< SASL PLAIN when non-empty (with sasl_password), during CAP
    std::string sasl_password;
    std::string nickserv_account;       ///< "IDENTIFY [account] password" to NickServ after 001 ...
    std::string nickserv_password;      ///< ... when this is non-empty
    std::vector<std::string> channels;  ///< joined after registration, a game in each
    /// The SQLite database file where games in progress, finished games' records and player
    /// statistics are kept (docs/irc.md); empty: nothing is stored.
    std::string database;
    /// How long one database statement waits for another process's lock before it fails (a
    /// channel's worker waits that long at most, and other channels' writes behind it; the game
    /// keeps the write and tries again).
    std::chrono::milliseconds database_busy_timeout{50};
    ChannelOptions game;
    FloodOptions flood;
    /// How long after a KICK from a configured channel, or a refused JOIN to one (471 full,
    /// 473 invite only, 474 banned, 475 bad key), the bot joins it again; each refusal in a
    /// row doubles the wait, up to rejoin_max. An INVITE to it joins at once.
    std::chrono::milliseconds rejoin_delay{30'000};
    std::chrono::milliseconds rejoin_max{600'000};
    /// Each player's command budget in each channel: `player_burst` commands at once, then one
    /// more per `player_interval`. Commands beyond it are ignored (the first of a run gets a
    /// one-line NOTICE), so one flooder cannot fill the channel's queue and stall its game. The
    /// move of the player whose turn it is (!keep, !give) is never counted.
    std::size_t player_burst = 5;
    std::chrono::milliseconds player_interval{2000};
};

/// How long after being kicked from a configured channel the bot joins it again (the default
/// ClientOptions::rejoin_delay).
inline constexpr std::chrono::seconds kRejoinAfterKick{30};

/// Nicks tried at registration besides the fallback nicks (the configured nick and its
/// variants) before the bot gives up (Client::gave_up()).
inline constexpr std::size_t kNickTries = 4;

/// The IRCv3 capabilities asked for when the server offers them.
const std::vector<std::string>& wanted_capabilities();

/// The protocol state of one connection.
class Client {
public:
    /// `library` must outlive the client. Opens options.database when set (host/store/game_store.hpp):
    /// throws host::StoreError naming the file when it cannot. `work` runs the channels' game
    /// work (null: InlineChannelWork, at once on the caller's thread); a pool's jobs must be
    /// joined (ChannelExecutor::join) before the client goes.
    Client(ClientOptions options, GameLibrary& library, GameClock::time_point now,
           std::shared_ptr<ChannelExecutor> work = nullptr);
    ~Client();

    /// The first lines of a connection: CAP LS 302, PASS, NICK, USER (queued; see outgoing()).
    void connect();

    /// One line from the server, without CRLF. A malformed line is counted and ignored.
    void receive(std::string_view line, GameClock::time_point now);

    /// The connection was lost: the protocol state is reset (a new registration follows
    /// connect()), games stay as they are and go on after the channels are joined again. What
    /// games say meanwhile stays queued (flood control's per-channel limit) until registration.
    void disconnected();

    /// Queues "QUIT :reason" ahead of everything else.
    void quit(const std::string& reason);

    /// Lets time pass for every game whose deadline (as its last work left it) is due and that
    /// is idle (a busy channel is ticked once its work is done), and joins again a configured
    /// channel ClientOptions::rejoin_delay after a KICK (longer after refused JOINs).
    void tick(GameClock::time_point now);

    /// Shutdown: no channel work starts any more, and what waits for a busy channel is dropped.
    /// The work in flight goes on (ChannelExecutor::join waits for it); each piece of work
    /// stores its own change, so once it is done everything is saved.
    void stop_work();
    /// True while `channel` (any case) has work running or waiting.
    bool busy(std::string_view channel) const;

    /// The lines to write now, without CRLF: protocol lines (PONG, CAP, JOIN...) first, then
    /// channel text as flood control allows.
    std::vector<std::string> outgoing(GameClock::time_point now);

    /// The lines outgoing() returned so far were all written to the socket at `now`: a turn prompt
    /// among them starts (or restarts) its player's clock from this time (docs/irc.md, "A fair
    /// clock"). outgoing() starts it already at its own `now`, so a test without a socket
    /// need not call this.
    void written(GameClock::time_point now);

    /// When outgoing() or tick() next has something to do, if ever. A busy channel's deadline
    /// is not counted: its work's result wakes the loop anyway.
    std::optional<GameClock::time_point> next_wakeup() const;

    bool registered() const { return registered_; }
    const std::string& nick() const { return nick_; }
    const ISupport& isupport() const { return isupport_; }
    /// Capabilities the server acknowledged.
    const std::set<std::string>& capabilities() const { return caps_; }
    /// The game of `channel` (any case), or nullptr when the bot is not in it. Read it only
    /// while the channel is not busy() (a worker may be running it otherwise).
    const ChannelGame* game(std::string_view channel) const;
    /// The database (ClientOptions::database), or nullptr when nothing is stored. Shared with
    /// the channels' work: use it only while no channel is busy(), or under
    /// ClientOptions::game.store_lock.
    host::GameStore* store() const { return store_.get(); }
    /// The services account of `nick` (IRCv3 account-tag, extended-join), or "".
    std::string account(std::string_view nick) const;
    /// How SASL went: "" (not asked), "pending", "ok" (903) or the failing numeric's text.
    const std::string& sasl_state() const { return sasl_state_; }
    /// Why the bot cannot go on ("" while it can): the server refused every nick tried at
    /// registration (432, 433, 436; the nick, the fallback nicks and variants, kNickTries
    /// besides the fallbacks). The connection
    /// then quits and `cherries irc` exits 1 with this text.
    const std::string& gave_up() const { return gave_up_; }
    /// Server lines that could not be parsed.
    std::uint64_t malformed() const { return malformed_; }

private:
    /// The services accounts known (folded nick -> account), as a job sees them: the map as
    /// it was when the job was given, never changed after (copy on write).
    struct Accounts {
        std::map<std::string, std::string> by_nick;
        CaseMapping casemapping = CaseMapping::rfc1459;
    };
    /// What a channel's account lookup reads: set by each of its jobs on the worker, for that job.
    struct AccountsSeen {
        std::shared_ptr<const Accounts> accounts;
    };
    struct Channel {
        std::shared_ptr<ChannelGame> game;           // shared with the job running it
        std::string name;                            // as the game spells it (ChannelGame::channel)
        std::shared_ptr<AccountsSeen> seen;          // the game's account lookup
        // The game as its last work left it (the loop never reads the game itself).
        std::optional<GameClock::time_point> deadline;
        std::string to_play;
        std::map<std::string, std::string> members;  // folded nick -> membership symbols
        std::map<std::string, std::string> names;    // a NAMES reply being received
    };
    /// What one piece of a channel's work gives back to the loop.
    struct Outcome {
        Replies lines;
        std::optional<ChannelGame::Prompt> prompt;  // the unsent prompt after the work
        std::optional<GameClock::time_point> deadline;
        std::string to_play;
        std::optional<std::uint32_t> resumed_after;
    };
    /// A channel's work queue, by folded channel name (outlives the Channel: a job in flight
    /// when the bot leaves finishes before a new game of that channel starts).
    struct Lane {
        bool busy = false;                           // a job runs (ChannelExecutor)
        std::deque<std::function<void()>> waiting;   // what comes next, in order
        std::set<std::string> told;                  // folded nicks told it is busy, this time
    };
    using Work = std::function<Replies(ChannelGame&)>;
    using Then = std::function<void(Channel&, Outcome&)>;
    /// Runs `work` on channel `folded`'s game through the executor when no other work of that
    /// channel runs (else after it, in order), then `then` on the loop with its outcome (default:
    /// say() its lines as announcements). Nothing when the channel is gone or work stopped.
    void game_work(const std::string& folded, Work work, Then then = {});
    /// What waited for channel `folded`, run in order until it is busy again.
    void run_waiting(const std::string& folded);
    /// True when channel `folded` has work running or waiting.
    bool lane_busy(const std::string& folded) const;
    /// Changes the accounts (copy on write: a job may hold the current map).
    Accounts& change_accounts();

    void send(Message message);
    /// Queues a game's lines; `priority` says whether they answer a command (LinePriority::reply)
    /// or announce the game. `prompt` (the game's unsent turn prompt) among them is tagged so
    /// that its clock starts when it goes.
    void say(const std::string& channel, const std::vector<std::string>& lines,
             LinePriority priority = LinePriority::announcement,
             const std::optional<ChannelGame::Prompt>& prompt = std::nullopt);
    Channel* find(std::string_view channel);
    /// A line for the operator's log (ClientOptions::game.log), if there is one.
    void log(const std::string& text) const {
        if (options_.game.log) options_.game.log(text);
    }
    bool is_me(std::string_view nick) const { return isupport_.same(nick, nick_); }
    bool is_op(const Channel& channel, std::string_view nick) const;
    void on_cap(const Message& m);
    void on_sasl(const Message& m);
    void end_cap();
    // Channel presence (host/irc/client_presence.cpp): nicks refused at registration, kicks,
    // refused JOINs with backoff, invites.
    void next_nick(const Message& refusal);
    /// The configured spelling of `channel`, or nullptr when it is not a configured channel.
    const std::string* configured(std::string_view channel) const;
    void on_kick(const Message& m, GameClock::time_point now);
    void on_join_refused(const Message& m, GameClock::time_point now);
    void on_invite(const Message& m);
    void on_privmsg(const Message& m, GameClock::time_point now);
    // Replies beyond the channel (host/irc/client_replies.cpp): a private message's pointer to
    // the channels, NOTICE replies, each player's command budget.
    void on_private(const std::string& from, const std::string& text, GameClock::time_point now);
    // `!link CODE` and `!unlink` in a private message (client_links.cpp): true when it was one.
    bool on_link(const std::string& from, const std::string& text, GameClock::time_point now);
    // The messages `cherries serve` left for accounts logged in here, said to them (every
    // kLinkPoll, from tick()).
    void poll_links(GameClock::time_point now);
    // Runs a link job on the executor's link lane, then `then` on the loop (links_busy_ cleared).
    void run_link_job(std::function<void()> job, std::function<void()> then);
    /// Queues `lines` as NOTICEs to `nick` (split to fit the wire), as replies.
    void notice(const std::string& nick, const std::vector<std::string>& lines);
    /// True when `nick` may have `command` answered in `channel` now (and counts it).
    bool within_budget(const std::string& channel, const std::string& nick, const ChannelCommand& command,
                       GameClock::time_point now);
    void on_departure(const std::string& channel, const std::string& nick, GameClock::time_point now);
    // Storage (host/irc/client_store.cpp): accounts seen, and the stored game of a channel joined.
    void note_account(const Message& m);
    void open_channel_game(Channel& ch, const std::string& channel, GameClock::time_point now);

    ClientOptions options_;
    GameLibrary& library_;
    FloodControl flood_;
    std::deque<std::string> urgent_;
    ISupport isupport_;
    std::string nick_;
    bool registered_ = false;
    bool cap_done_ = false;
    std::vector<std::string> offered_;  // CAP LS so far
    std::set<std::string> caps_;
    std::map<std::string, GameClock::time_point> rejoin_;  // channel -> when to JOIN again after a KICK
    std::map<std::string, unsigned> refusals_;             // folded channel -> JOINs refused in a row
    std::size_t fallback_ = 0;  // fallback_nicks_ tried so far
    std::vector<std::string> nicks_tried_;  // at this registration
    bool short_nicks_ = false;              // a 432 at this registration: keep to isupport_.nicklen
    std::string gave_up_;
    std::string sasl_state_;
    std::map<std::string, Channel> channels_;  // by folded name
    std::uint64_t malformed_ = 0;
    std::shared_ptr<host::GameStore> store_;
    bool links_busy_ = false;                        // a link job runs (one at a time)
    std::optional<GameClock::time_point> links_next_;  // the next look for messages
    std::shared_ptr<Accounts> accounts_ = std::make_shared<Accounts>();  // jobs hold it as const
    std::shared_ptr<ChannelExecutor> work_;
    std::map<std::string, Lane> lanes_;  // by folded channel
    bool work_stopped_ = false;
    struct Budget {
        host::TokenBucket bucket;
        bool told = false;  // the NOTICE of this run of ignored commands went
    };
    std::map<std::string, Budget> budgets_;                      // "folded channel folded nick"
    std::map<std::string, GameClock::time_point> pointed_;       // folded nick -> last private-message NOTICE
    struct PromptTag {
        std::string channel;  // folded
        std::uint64_t serial = 0;
    };
    std::map<std::uint64_t, PromptTag> prompt_tags_;  // flood tag -> the prompt it is
    std::vector<PromptTag> just_written_;            // prompts given by outgoing() since written()
    std::uint64_t next_tag_ = 1;
};

}  // namespace cherries::irc
