// CherryBot's side of the IRC protocol without the socket: server lines in, lines to send out.
// It registers (CAP, NICK, USER), answers PING, learns ISUPPORT, joins its channels, keeps
// track of who is in each channel and who is an operator, and routes channel lines to one
// ChannelGame per channel. Replies go through flood control, split to fit the wire. The
// connection (Asio, TLS) only moves bytes: a test drives this with lines and a clock.
#pragma once

#include <cstdint>
#include <deque>
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
    /// How long one database statement waits for another process's lock before it fails (the
    /// bot's one thread waits that long at most; the game keeps the write and tries again).
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
    /// throws host::StoreError naming the file when it cannot.
    Client(ClientOptions options, GameLibrary& library, GameClock::time_point now);
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

    /// Lets time pass for every game (turn timeouts), and joins again a configured channel
    /// ClientOptions::rejoin_delay after a KICK (longer after refused JOINs).
    void tick(GameClock::time_point now);

    /// The lines to write now, without CRLF: protocol lines (PONG, CAP, JOIN...) first, then
    /// channel text as flood control allows.
    std::vector<std::string> outgoing(GameClock::time_point now);

    /// The lines outgoing() returned so far were all written to the socket at `now`: a turn prompt
    /// among them starts (or restarts) its player's clock from this time (docs/irc.md, "A fair
    /// clock"). outgoing() starts it already at its own `now`, so a test without a socket
    /// need not call this.
    void written(GameClock::time_point now);

    /// When outgoing() or tick() next has something to do, if ever.
    std::optional<GameClock::time_point> next_wakeup() const;

    bool registered() const { return registered_; }
    const std::string& nick() const { return nick_; }
    const ISupport& isupport() const { return isupport_; }
    /// Capabilities the server acknowledged.
    const std::set<std::string>& capabilities() const { return caps_; }
    /// The game of `channel` (any case), or nullptr when the bot is not in it.
    const ChannelGame* game(std::string_view channel) const;
    /// The database (ClientOptions::database), or nullptr when nothing is stored.
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
    struct Channel {
        std::unique_ptr<ChannelGame> game;
        std::map<std::string, std::string> members;  // folded nick -> membership symbols
        std::map<std::string, std::string> names;    // a NAMES reply being received
    };

    void send(Message message);
    /// Queues a game's lines; `priority` says whether they answer a command (LinePriority::reply)
    /// or announce the game. The game's unsent turn prompt among them is tagged so that its
    /// clock starts when it goes.
    void say(const std::string& channel, const std::vector<std::string>& lines,
             LinePriority priority = LinePriority::announcement);
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
    std::map<std::string, std::string> accounts_;  // folded nick -> services account
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
