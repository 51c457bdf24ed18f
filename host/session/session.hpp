// One game and its seats, the one session type every front end drives (docs/architecture.md, "Design intent"):
// terminal play (host/terminal), IRC channel games (host/irc), simulations and the ladder
// (host/sim). It owns the Game, the bots in their seats, the joins and leaves waiting for the
// end of a turn, and the plugins its record names; it plays the turn loop, calling back the
// front end for what only the front end knows (a human's decision, saving, printing). No I/O.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/session/seats.hpp"
#include "host/session/plugin_list.hpp"
#include "host/session/saved_state.hpp"
#include "host/session/bot_source.hpp"
#include "host/session/game_memo.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// The seed of the bot in seat `seat` (0-based: the seats ever taken before it, humans counted)
/// of the game with seed `game_seed`. The same in every front end, so a sim game, a played game
/// and their replays seat the same bots.
std::uint64_t seat_bot_seed(std::uint64_t game_seed, std::uint32_t seat);

/// What the front end does at the points of the turn loop only it knows about. Every hook has
/// a default, so a simulation overrides only what it needs.
class SessionHooks {
public:
    virtual ~SessionHooks() = default;
    /// Between turns, the joins and leaves due now (GDD §3.4.2.1), in the order they were asked
    /// for. The front end applies them (it knows its players' names) with session.join and
    /// session.leave. Default: each by the engine name it holds; what they throw goes on up.
    virtual void apply_changes(class Session& session, const std::vector<PendingChange>& changes);
    /// Whether the next turn may start (a turn cap, a lobby). Default: yes.
    virtual bool may_start_turn() { return true; }
    /// Just before a turn starts: the previous turn is complete (a checkpoint belongs here).
    virtual void before_turn() {}
    /// The decision of the bot in seat `player`. Default: bot.choose_receiver(view).
    virtual PlayerId bot_decides(PlayerId player, Bot& bot, const PlayerView& view);
    /// A turn ended: its card was handled, or its player passed (no card to draw).
    virtual void turn_ended() {}
};

/// A bot in seat `id`, with the bot as a save names it ("greedy", a bot plugin's id).
struct SeatedBot {
    PlayerId id = kNoPlayer;
    std::string name;  ///< the bot: "greedy", a bot plugin's id
    std::unique_ptr<Bot> bot;
};

/// A saved bot that could not be made again (its plugin is gone, broken or changed): the greedy
/// bot plays its seat now.
struct LostBot {
    PlayerId id = kNoPlayer;
    std::string bot;   ///< "greedy", a bot plugin's id
    std::string why;  ///< one line, what the BotSource said
};

/// A join refused before the engine was asked: a bot plugin that changed since this game's
/// record named it (its recorded fingerprint binds the decisions made so far).
class SeatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Why Session::advance returned.
enum class SessionStop {
    human,        ///< a card awaits the give of a player with no bot (game().current_player())
    suspended,    ///< fewer than two players (GDD §3.4.2.1): a join resumes it
    over,         ///< won, ended without a winner, or aborted (GDD §3.4.3, §3.5)
    before_turn,  ///< between turns, and SessionHooks::may_start_turn said no
};

/// One game and its seats. Not copyable; the bundle, evaluator, bot source and hooks must
/// outlive it.
class Session {
public:
    /// A new game of `bundle` seeded with `seed`: `seats` in turn order, the first player first
    /// (GDD §3.4.1), each bot made by `bots` with the seed seat_bot_seed(seed, seat index).
    /// `plugins`: what the record's header names (recorded_plugins). `deck_top`: card kinds
    /// placed on top of the shuffled deck, top first (a scenario's). Throws RuleError for seats
    /// or a deck top the engine refuses and what `bots` throws for a bot it cannot make.
    Session(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, const std::vector<Seat>& seats,
            BotSource& bots, SessionHooks& hooks, std::vector<RecordedPlugin> plugins,
            const std::vector<KindId>& deck_top = {});

    /// A saved game: the game as `save.game` holds it, with its seed, its plugins and the joins
    /// and leaves asked for during the turn that was going on, which wait until that turn has
    /// been played again. No bot is seated yet: restore_bots() does that. Throws RuleError for
    /// a snapshot that does not fit `bundle`.
    Session(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, BotSource& bots,
            SessionHooks& hooks);

    /// Starts a new game at this table, as the first constructor would with the same bundle,
    /// evaluator, bot source, hooks and plugins and no deck top, reusing this one's memory (a
    /// simulator's worker plays its games in one Session). The memo, the bots, the pending
    /// changes and the seats taken start over; the record stays set. Throws as the constructor;
    /// a throw from the engine leaves the game before unchanged, one from `bots` leaves it
    /// with the bots seated so far.
    void restart(std::uint64_t seed, const std::vector<Seat>& seats);

    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    /// Seats the bots of `seats` (a save's, in any order) again, each restored to its saved
    /// generator state. A bot that cannot be made, or whose plugin's fingerprint differs from
    /// the one the plugins name, is replaced by the greedy bot and listed in the result.
    std::vector<LostBot> restore_bots(const std::vector<SavedSeat>& seats);

    Game& game() { return game_; }
    const Game& game() const { return game_; }
    /// What a player at the table sees; what bots are given.
    const PlayerView& view() const { return view_; }
    std::uint64_t seed() const { return seed_; }
    /// Seats ever taken: the next bot's seed index (seat_bot_seed(seed(), seats_taken())).
    std::uint32_t seats_taken() const { return seats_taken_; }
    /// A human has sat at the table.
    bool humans() const { return humans_; }
    /// The plugins the record names so far: the header's, then each plugin line's (a save's).
    const std::vector<RecordedPlugin>& plugins() const { return plugins_; }
    /// The record to name a joining bot plugin in (a plugin line before its join line), or null.
    void set_record(PluginLineSink* record) { record_ = record; }

    /// The bot in seat `id`, or nullptr for a human.
    Bot* bot(PlayerId id) const { return id < bot_of_.size() ? bot_of_[id] : nullptr; }
    /// Every seat's bot, in the order they were seated.
    const std::vector<SeatedBot>& bots() const { return bots_; }

    /// Seats `seat` as a new player (GDD §3.4.2.1) and returns its id. A bot is made first, so
    /// that one that cannot be made seats no one; a bot plugin the record does not name yet is
    /// named by a plugin line just before the join line, and in plugins() from then on. Throws
    /// what the BotSource throws, SeatError for a bot plugin that changed since the record named
    /// it, RuleError when the engine refuses; nothing changes then.
    PlayerId join(const Seat& seat);
    /// Player `id` leaves (GDD §3.4.2.1), bot and all. Throws RuleError; nothing changes then.
    void leave(PlayerId id);
    /// From now on the built-in bot `bot` plays seat `id` (a seat the house rules keep, or one
    /// a bot takes over). No record line: the record holds decisions, not who made them. With
    /// `new_seat`, it counts as a seat taken (a bot under a name of its own: seats_taken()).
    void hand_to_bot(PlayerId id, const std::string& bot, bool new_seat = false);
    /// From now on a person plays seat `id` again (the player back in a seat a bot kept for
    /// them); nothing for a seat without a bot. No record line: the front end writes a seat line.
    void hand_back(PlayerId id);

    /// Joins and leaves asked for during a turn, applied after it (GDD §3.4.2.1), in order.
    std::vector<PendingChange>& pending() { return pending_; }
    const std::vector<PendingChange>& pending() const { return pending_; }

    /// Gives the drawn card to `receiver` (Game::give) and calls turn_ended() when that ended
    /// the turn (a fault draws again: the turn goes on, GDD §3.5). Throws RuleError.
    void give(PlayerId receiver);

    /// Plays on until somebody outside must act: between turns it hands the due joins and
    /// leaves to apply_changes(), then, unless the game is over or suspended or may_start_turn()
    /// says no, calls before_turn() and starts a turn (GDD §3.4.2.3); every bot gives its card
    /// (bot_decides()). Returns why it stopped.
    SessionStop advance();

    /// The save's game, seed, seats taken, humans, seats with their bots' states, plugins and
    /// pending changes. max_turns and the record's place are the front end's to fill in.
    SaveState save_state() const;

private:
    void seat_bot(PlayerId id, const std::string& name, std::unique_ptr<Bot> bot);
    // The record's entry of a bot plugin just made (nullptr: a built-in bot, or not recorded
    // yet); throws SeatError when the recorded fingerprint is not the plugin's.
    const RecordedPlugin* recorded(const MadeBot& made, const std::string& bot) const;
    std::vector<PendingChange> take_due();

    // The game asks plugin functions through a memo of its own (game_memo.hpp): per game, so
    // what one game asked never answers another.
    GameMemo memo_;
    Game game_;
    PlayerView view_;
    BotSource& source_;
    SessionHooks& hooks_;
    std::uint64_t seed_;
    std::uint32_t seats_taken_ = 0;
    bool humans_ = false;
    std::vector<RecordedPlugin> plugins_;
    PluginLineSink* record_ = nullptr;
    std::vector<SeatedBot> bots_;
    std::vector<Bot*> bot_of_;  // by player id (ids are small: the seats taken): bots_ indexed, for advance()
    std::vector<SeatedBot> spare_bots_;  // restart()'s room, so that it allocates nothing
    void index_bots();
    std::vector<PendingChange> pending_;
    std::uint32_t hold_pending_until_ = 0;  // resumed: pending changes wait until this turn ends
};

}  // namespace cherries::host
