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
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "host/irc/channel_commands.hpp"
#include "host/irc/game_library.hpp"
#include "host/irc/text.hpp"

namespace cherries::irc {

struct PendingChange;
using GameClock = std::chrono::steady_clock;

/// How games in a channel are run.
struct ChannelOptions {
    std::string gametype = "official";             ///< !cherries without a GAMETYPE
    std::vector<std::string> sets{"standard"};     ///< !cherries without SETs
    std::chrono::seconds turn_timeout{90};         ///< then the greedy bot decides for the player
    unsigned max_timeouts = 3;                     ///< timeouts in a row, then the player leaves
    std::size_t max_players = 10;                  ///< seats at one table, bots included
    CaseMapping casemapping = CaseMapping::rfc1459;
    /// The seed of each new game; default: std::random_device.
    std::function<std::uint64_t()> seed;
};

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
    /// is no command gets no reply; a refused command gets exactly one line.
    Replies on_text(std::string_view nick, std::string_view text, GameClock::time_point now, bool op = false);

    /// `old_nick` is now `new_nick` (NICK): a seated player keeps the seat. No reply.
    void on_nick(std::string_view old_nick, std::string_view new_nick);

    /// `nick` left the channel (PART, QUIT or KICK): a seated player leaves between turns.
    Replies on_departure(std::string_view nick, GameClock::time_point now);

    /// Lets time pass: a player whose turn timeout ran out gets the greedy bot's decision.
    Replies tick(GameClock::time_point now);

    /// True while a game is open (being set up or running).
    bool open() const { return table_ != nullptr; }
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
    /// Why the last !cherries could not load its plugins (for the operator's log), or "".
    const std::string& load_error() const { return load_error_; }

private:
    struct Table;

    void command(const ChannelCommand& c, const std::string& nick, bool op, GameClock::time_point now, Replies& out);
    void open_game(const ChannelCommand& c, const std::string& nick, Replies& out);
    void join(const std::string& nick, const std::string& bot_kind, Replies& out);
    void leave(const std::string& nick, bool departed, Replies& out);
    void start(const std::string& nick, GameClock::time_point now, Replies& out);
    void play(const ChannelCommand& c, const std::string& nick, GameClock::time_point now, Replies& out);
    void status(Replies& out) const;
    void card(const ChannelCommand& c, Replies& out);
    void rules(Replies& out);
    void seat(const PendingChange& change, Replies& out);
    void unseat(PlayerId id, Replies& out);
    void give(PlayerId receiver, Replies& out);
    void apply_pending(Replies& out);
    void advance(GameClock::time_point now, Replies& out);
    void close(Replies& out, std::string why);

    std::string channel_;
    GameLibrary& library_;
    ChannelOptions options_;
    std::unique_ptr<Table> table_;
    std::string load_error_;
};

}  // namespace cherries::irc
