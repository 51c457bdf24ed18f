// One table, the same for every front end (terminal hotseat, IRC channel, web table): who sits
// where under which name, the requests to join and leave and the house rules' answer to them,
// the joins and leaves waiting for the end of a turn, the stand-in bot for a player who timed
// out or left a seat the house rules keep, a bot taking over a seat, and the record. A front end
// only reads its input, shows what happened and keeps its clock (docs/architecture.md, "The
// table"). No I/O.
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

#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "host/records/record_log.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

/// How a table runs.
struct TableOptions {
    std::size_t max_players = 10;  ///< seats at the table, bots included (engine's bound: kMaxPlayers)
    /// Turn timeouts in a row after which a player leaves (as if gone); 0: never.
    unsigned max_timeouts = 3;
    /// A player who leaves a running game leaves their seat to a bot under a bot's name, so that
    /// a small game goes on instead of being suspended.
    bool bot_takes_over = false;
    /// The built-in bot that decides for a player whose time ran out and holds seats.
    std::string stand_in = "greedy";
    /// Whether two names are the same person's (IRC folds case by CASEMAPPING); empty: equal
    /// skeletons (host::name_skeleton: "ann", "ANN" and Cyrillic "аnn" are one person at a table).
    std::function<bool(std::string_view, std::string_view)> same_name;
    /// The record begins when the first player sits down (its header names them; later seats are
    /// join lines), not at start(): a table kept from its first seat on (CherryBot's store).
    bool record_lobby = false;
    /// The record header's "source" (docs/records.md).
    std::string source = "play";
    /// A sealed deal's salt (docs/records.md, "The fair deal"; host::new_salt(), 32 hex digits):
    /// the record's header holds a commitment to the seed instead of the seed, and its end line
    /// reveals seed and salt. Empty: an open deal. Every table whose players must not learn the
    /// deck's order (the web and IRC) seals; `cherries play` and `sim` are open (whoever runs
    /// them chose or can read the seed anyway). A table restored from save_json() keeps its own.
    std::string deal_salt;
    /// A hosted table (IRC, the web): a started game in which no person plays their own seat any
    /// more (every seat a bot's or held by the stand-in) is not played out by the bots. No turn
    /// starts, and advance() ends the record with kNoPersonLeft. Off: bots play on (`cherries
    /// play` with bots only).
    bool needs_people = false;
};

/// The record's end reason when a hosted table's last person is gone (TableOptions::needs_people).
inline constexpr const char* kNoPersonLeft = "no human player is left";

/// A request's answer: done now, waiting for the end of the turn (GDD §3.4.2.1), or refused.
struct Reply {
    enum class Outcome : std::uint8_t { done, pending, refused };
    Outcome outcome = Outcome::refused;
    /// One sentence for whoever asked, e.g. "ann joins after this turn.", "house rules of
    /// 'closed-table': players may not join once the game is in progress."
    std::string text;
    PlayerId id = kNoPlayer;  ///< a join done now: the new seat
    explicit operator bool() const { return outcome != Outcome::refused; }
};

/// What a front end learns from its table. Every function has a default (nothing, or yes).
class TableListener {
public:
    virtual ~TableListener() = default;
    /// Every engine event, as it happens (after the record has it).
    virtual void on_event(const Event& /*event*/) {}
    /// A sentence about the table that no engine event carries: a pending change refused when
    /// its time came, a stand-in bot deciding for a player who timed out, a take-over, a player
    /// back in their seat.
    virtual void notice(const std::string& /*text*/) {}
    /// Whether the next turn may start (a turn cap). Default: yes.
    virtual bool may_start_turn() { return true; }
    /// The previous turn is complete; the next is about to start (a checkpoint belongs here).
    virtual void before_turn() {}
    /// A turn ended (its card handled, or a pass).
    virtual void turn_ended() {}
    /// Between turns, the pending joins and leaves were applied (GDD §3.4.2.1).
    virtual void changes_applied() {}
    /// The decision of the bot in seat `player` (a hook to time it, or to catch a plugin's
    /// fault). Default: bot.choose_receiver(view).
    virtual PlayerId bot_decides(PlayerId /*player*/, Bot& bot, const PlayerView& view) { return bot.choose_receiver(view); }
};

/// One table: a lobby until start(), then a game. Not copyable; the bundle, evaluator, bot source
/// and listener must outlive it.
class Table final : private SessionHooks, private EventSink {
public:
    /// An empty table: nobody seated, not started. `seed` seeds the game and its bots;
    /// `plugins`: what the record's header names (recorded_plugins of the bundle).
    Table(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, BotSource& bots,
          TableListener& listener, TableOptions options, std::vector<RecordedPlugin> plugins);
    /// A game begun at once (`cherries play`): `seats` in turn order, started, its record begun.
    /// Throws what Session's constructor throws.
    Table(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, const std::vector<Seat>& seats,
          BotSource& bots, TableListener& listener, TableOptions options, std::vector<RecordedPlugin> plugins);
    /// A saved game (`cherries play --resume`): started; names are the engine's; the joins and
    /// leaves pending wait for the end of the turn played again; bots restored (lost ones in
    /// lost_bots()). The record goes on from here (its earlier lines are the caller's). Throws
    /// RuleError for a snapshot that does not fit `bundle`.
    Table(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, BotSource& bots,
          TableListener& listener, TableOptions options);
    /// A table saved with save_json() (a started game): the game, seats, names, held seats,
    /// timeouts and pending changes as they were; bots restored (lost ones are listed by
    /// lost_bots()). The record goes on from the lines stored so far (not held here). Throws
    /// RuleError or nlohmann::json::exception for a save that does not fit `bundle`.
    Table(const sdk::Bundle& bundle, Evaluator& evaluator, const nlohmann::json& saved, BotSource& bots,
          TableListener& listener, TableOptions options);
    ~Table() override;
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    // --- requests: each answers with one Reply and changes nothing when refused -------------

    /// A person called `name` sits down. Before start(): at once. In a game: at once between
    /// turns, after the turn during one (GDD §3.4.2.1), unless Game::may_join() refuses; a name
    /// a stand-in bot holds a seat for takes that seat back. Refused: empty or taken name, a
    /// full table, the house rules.
    Reply join(const std::string& name);
    /// A bot of `kind` (built-in or a bot plugin) sits down, named `name`, or "KIND-N" (N: its
    /// seat) when empty. Refused as join(), and when the bot source cannot make it (its words).
    Reply add_bot(const std::string& kind, const std::string& name = {});
    /// Player `id` leaves. `gone`: they are gone for good (left the channel, timed out too
    /// often); a seat the house rules keep then goes to the stand-in bot until they are back.
    /// With bot_takes_over a bot takes the seat. On their own turn a player who asks leaves
    /// after deciding this card; one who is gone has the stand-in bot play it first. Refused: the house rules (Game::may_leave), already leaving.
    Reply leave(PlayerId id, bool gone = false);
    /// Takes back the pending join or leave of `name` (`join`: only a join, or only a leave).
    Reply cancel(const std::string& name, std::optional<bool> join = std::nullopt);
    /// Starts the game: at least two seated. The record begins here.
    Reply start();
    /// Player `actor` gives the drawn card of turn `turn` to `receiver` (themself: keep). The
    /// table checks every rule of a give, so no front end has to (docs/architecture.md, "The
    /// table"): refused in one sentence, changing nothing, when the game has not started, no card
    /// waits, `turn` is not the turn whose card waits (a second tab, a double click, a command
    /// typed for a card that is gone), the actor is not seated or it is not their turn, a bot
    /// plays their seat, or the receiver is not seated (GDD §3.4.2.2).
    Reply give(PlayerId actor, PlayerId receiver, std::uint32_t turn);
    /// The current player's time ran out after `waited` (the front end's clock; 0: not said):
    /// the stand-in bot decides for them, and a notice says so in the same words for every front
    /// end ("ann did not act within 90 s: the greedy bot decides for them (timeout 1 of 3).");
    /// after TableOptions::max_timeouts in a row they leave as gone. Nothing when no human's
    /// card waits.
    void time_out(std::chrono::milliseconds waited = std::chrono::milliseconds::zero());
    /// `id` is called `name` from now on (an IRC nick change): a seat line in the record.
    void rename(PlayerId id, const std::string& name);
    /// The person called `old_name` is called `name` from now on (an IRC nick change): their
    /// seat (a seat line), a seat a stand-in bot holds for them, and their pending join or leave.
    void rename(std::string_view old_name, const std::string& name);
    /// `name` takes back seat `id`, which a stand-in bot holds for a person (a front end that
    /// knows them by more than a name: an IRC services account). Refused: no seat held there,
    /// or it is being played this turn.
    Reply reclaim(PlayerId id, const std::string& name);
    /// The stand-in bot plays seat `id` until its person is back (join with their name, or
    /// reclaim()): the others' choice for a person out of time at a correspondence table
    /// (host::HostedTable::choose_out_of_time). On their turn the bot decides the card waiting.
    /// Refused: not a person's own seat, the game not running.
    Reply hold_seat(PlayerId id);
    /// Ends the record before the game's end (a game stopped, or stopped being played here):
    /// its end line names `reason` (empty: none). Nothing when it has ended already.
    void stop(const std::string& reason);

    /// Plays on until a human must act, the game is over or suspended, or the listener says
    /// not now; does nothing before start().
    SessionStop advance();

    // --- reading ------------------------------------------------------------------------------

    bool started() const { return started_; }
    /// Nobody is seated (before start: the table can be dropped).
    bool empty() const { return !session_ || session_->game().players().empty(); }
    /// The game, or nullptr while nobody has sat down.
    const Game* game() const { return session_ ? &session_->game() : nullptr; }
    /// The session, or nullptr while nobody has sat down.
    Session* session() { return session_.get(); }
    const Session* session_ptr() const { return session_.get(); }
    /// Seat `id`'s name as the table knows it now (also of seats that left); "?" if never seated.
    const std::string& name(PlayerId id) const;
    /// The seated player called `name` (same_name), or kNoPlayer.
    PlayerId find(std::string_view name) const;
    /// Whether a bot plays seat `id` (a bot's seat, or a stand-in).
    bool is_bot(PlayerId id) const { return session_ && session_->bot(id) != nullptr; }
    /// Whether any seated player is a person playing their own seat.
    bool has_humans() const;
    /// A hosted table's game that no person plays any more (TableOptions::needs_people): started,
    /// not over, and no seat played by its own person. advance() ends its record then.
    bool without_people() const;
    /// The joins and leaves waiting for the end of the turn, in order (names as the table knows them).
    const std::vector<PendingChange>& pending() const;
    /// The seat a stand-in bot holds for `name`, or kNoPlayer.
    PlayerId held_seat(std::string_view name) const;
    /// Every seat a stand-in bot holds, with the name of the person it holds it for.
    const std::map<PlayerId, std::string>& held() const { return held_; }
    /// Timeouts in a row of seat `id`.
    unsigned timeouts(PlayerId id) const;
    /// The fair deal's commitment (64 hex digits), published before the first card; empty for
    /// an open deal (TableOptions::sealed_deal).
    std::string commitment() const;
    /// The deal revealed: once the record's end line is written (the game is over or was
    /// stopped), the seed and salt that line reveals; else nullopt (the game goes on, or the
    /// deal is open).
    std::optional<Deal> revealed_deal() const;
    /// The record (from start() on), or nullptr.
    RecordLog* record() { return record_.get(); }
    const RecordLog* record() const { return record_.get(); }
    /// Bots a save named that could not be made again (their seats are the stand-in's).
    const std::vector<LostBot>& lost_bots() const { return lost_; }
    const TableOptions& options() const { return options_; }

    /// Everything needed to go on after a restart (with the record's lines, kept by the caller):
    /// The game's seed. For the host's own use (replaying its record after a restart): never
    /// send it to a player before the game ends (docs/records.md, "The fair deal").
    std::uint64_t seed() const { return seed_; }
    /// {"session": save_json(session), "names", "held", "timeouts", "started", "salt"?}: the
    /// sealed deal's salt too, so that the end line can reveal it after a restart. Holds the seed
    /// and the deck: never for a player's eyes.
    nlohmann::json save_json() const;

private:
    // SessionHooks
    void apply_changes(Session& session, const std::vector<PendingChange>& changes) override;
    bool may_start_turn() override { return started_ && !without_people() && listener_.may_start_turn(); }
    void before_turn() override { listener_.before_turn(); }
    PlayerId bot_decides(PlayerId player, Bot& bot, const PlayerView& view) override {
        return listener_.bot_decides(player, bot, view);
    }
    void turn_ended() override { listener_.turn_ended(); }
    // EventSink: the record first, then the listener.
    void on_event(const Event& event) override;

    SessionHooks& hooks() { return *this; }
    void resumed(const SaveState& save);
    void begin();
    void begin_record();
    std::optional<Deal> deal() const;
    // The record's end line as soon as the game is over, whichever request ended it.
    void end_record_if_over();
    // A resumed game that is over already: its record is ended without a second end line.
    void end_record_if_resumed_over();
    bool same(std::string_view a, std::string_view b) const;
    bool seated(PlayerId id) const;
    Reply sit(const std::string& name, const std::string& bot);
    Reply seat_now(const std::string& name, const std::string& bot);
    Reply leave_now(PlayerId id);
    Reply hold_for(PlayerId id);
    Reply take_over(PlayerId id);
    Reply take_back(PlayerId id, const std::string& name);
    void seat_line(PlayerId id, const std::string& bot, const std::string& why);
    std::string free_bot_name(const std::string& kind) const;
    std::size_t joins_pending() const;
    PendingChange* pending_for(std::string_view name, bool join);

    const sdk::Bundle& bundle_;
    Evaluator& evaluator_;
    std::uint64_t seed_;
    std::string salt_;  // a sealed deal's salt; empty: an open deal
    BotSource& bots_;
    TableListener& listener_;
    TableOptions options_;
    std::vector<RecordedPlugin> plugins_;
    std::unique_ptr<Session> session_;
    std::unique_ptr<RecordLog> record_;
    std::map<PlayerId, std::string> names_;     // every seat ever taken, by its current name
    std::map<PlayerId, std::string> held_;      // seats a stand-in bot holds, for this name
    std::map<PlayerId, unsigned> timeouts_;     // in a row
    std::vector<LostBot> lost_;
    std::string joining_;                       // the name being seated (the join event's)
    bool started_ = false;
};

}  // namespace cherries::host
