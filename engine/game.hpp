// A Cherries game: state and game flow (GDD §3.3, §3.4, §3.5). No I/O; decisions come from
// outside (keep/give, join/leave), everything that happens goes out as Events.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/event.hpp"
#include "engine/gametype.hpp"
#include "engine/player.hpp"
#include "engine/random.hpp"
#include "engine/snapshot.hpp"
#include "engine/turn.hpp"

namespace cherries {

/// A move the rules do not allow now (wrong phase, unknown player, house rule). The game
/// state is unchanged when it is thrown.
class RuleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The game flow step (GDD §3.3.5), coarsened to what a front end must know.
enum class Phase : std::uint8_t {
    between_turns,  ///< players may join or leave; start_turn() next
    awaiting_give,  ///< a card is drawn; give() next
    suspended,      ///< one player left (GDD §3.4.2.1): join or leave only
    won,            ///< over: winner() won
    ended,          ///< over without a winner (no players, or no card left in play)
    aborted,        ///< over: the gametype's distribution function failed
};

/// Lowercase name of a phase, as used in JSON.
std::string_view to_string(Phase phase);

/// Conflict resolution per set (GDD §3.5): once this many cards of one card set have been
/// removed for faults in a game, every other card of the set is removed too, whatever it is: its
/// plugin is broken or hostile, and each further fault costs a redraw (or, for a fault by a time
/// limit, real time). Counted from the removed cards, so a restored game counts the same.
inline constexpr std::size_t kSetFaultLimit = 8;

/// One game. Holds references to the catalog, gametype and evaluator, which must outlive it.
class Game {
public:
    /// Sets up a game (GDD §3.4.1): `players` in turn order, first player first, all at 0;
    /// the deck shuffled by `seed`, except that `deck_top` (card kinds, top first) is placed on
    /// top. Throws RuleError for no players, a repeated name, or a deck_top kind with more
    /// entries than the catalog has copies.
    Game(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator,
         std::uint64_t seed, const std::vector<std::string>& players,
         const std::vector<KindId>& deck_top = {});

    /// Sets up a new game in this object, as the constructor with these arguments would (same
    /// catalog, gametype, evaluator and event sink), reusing its memory: a simulator plays many
    /// games in one Game (GDD §3.4.1). Throws RuleError as the constructor does; the game is then
    /// unchanged.
    void reset(std::uint64_t seed, const std::vector<std::string>& players, const std::vector<KindId>& deck_top = {});

    /// Restores a game from `snapshot` (taken with snapshot() against the same catalog and
    /// gametype). Throws RuleError when the snapshot is inconsistent: a card id out of range or
    /// not exactly once in the deck, a stack, removed or drawn; a bad player index, id or name;
    /// a phase that does not fit (e.g. awaiting_give without a drawn card); a bad generator state.
    Game(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator, const GameSnapshot& snapshot);

    /// The whole state as plain data; Game(..., snapshot()) continues exactly as this game.
    GameSnapshot snapshot() const;

    /// Events go to `sink` (nullptr: none) from now on.
    void set_event_sink(EventSink* sink) { sink_ = sink; }

    // --- the change in players (GDD §3.4.2.1), between turns or while suspended -------------

    /// Why no player may join this game, now or after the current turn, or nullopt when one
    /// may: the game is over, it holds kMaxPlayers, or it is in progress and its house rules
    /// forbid joining then (GDD §3.4.2.1, §4). A join asked for during a turn is not refused for
    /// that: it waits for the turn's end. Every front end words its refusals with this.
    std::optional<std::string> may_join() const;
    /// Why `player` may not leave, now or after the current turn, or nullopt when they may: the
    /// game is over, no such player, or it is in progress and the house rules forbid leaving.
    std::optional<std::string> may_leave(PlayerId player) const;

    /// Adds a player between the last and the first player. Throws RuleError with may_join()'s
    /// reason, or when the name is taken or empty, or it is not between turns.
    PlayerId join(const std::string& name);
    /// Removes a player. Their received and modifier card stacks are set aside: the deck and
    /// its order stay as they were, and the set-aside cards join the next deck renewal
    /// (GDD §3.4.2.2). The next player becomes first if the first leaves. All the joins and
    /// leaves of one gap between turns are one step (GDD §3.4.2 d.i): who plays next does not
    /// depend on their order. Throws RuleError with may_leave()'s reason, or when it is not
    /// between turns.
    void leave(PlayerId player);

    // --- turns (GDD §3.4.2.3) --------------------------------------------------------------

    /// Starts the next player's turn: renews the deck if empty (GDD §3.4.2.2) and draws.
    /// Phase becomes awaiting_give; or, if no card is left to draw, the turn is a pass (steps 4
    /// and 5 only) and the phase stays between_turns (or ends). Throws RuleError if not
    /// between turns.
    void start_turn();

    /// What giving the drawn card to `receiver` would do; changes nothing. Throws RuleError if
    /// no card is drawn or `receiver` is not playing.
    TurnPlan plan(PlayerId receiver) const;

    /// Gives the drawn card to `receiver` (the player themself = keep) and plays the turn out:
    /// handle, end-of-turn score change, aging (GDD §3.4.2.3). If a card's function faults,
    /// that card is removed from the game, nothing else changes, and the player draws again
    /// (GDD §3.5): the phase stays awaiting_give. Throws RuleError as plan().
    void give(PlayerId receiver);

    /// Gives the drawn card to `receiver` as give() does, but its handling (GDD §3.4.2.3.3) has no
    /// effect: the card goes on the receiver's received card stack as itself (a modifier card too,
    /// as if its lifetime were over, §3.4.2.3.5), their cherry count and score stay as they were,
    /// and no modifier function is called for it. The rest of the turn is as usual: the player's
    /// end-of-turn score change (§3.4.2.3.4, without the card) and aging (§3.4.2.3.5). Not a rule
    /// of the game: the balance report's handling fork (docs/report.md) compares a turn with this
    /// one, in which the card "does nothing this time" but stays in the game afterwards. A fault
    /// in the end-of-turn change is resolved as in give() (§3.5: the player draws again). With an
    /// event sink, the events are give() ones, the handle event with a change of 0 and no
    /// lifetime. Throws RuleError as plan().
    void give_without_effect(PlayerId receiver);

    // --- state ------------------------------------------------------------------------------

    Phase phase() const { return phase_; }
    bool over() const { return phase_ == Phase::won || phase_ == Phase::ended || phase_ == Phase::aborted; }
    /// Turns started so far; the current turn's number while awaiting_give.
    std::uint32_t turn() const { return turn_; }
    /// Players in turn order; players()[0] is the first player (GDD §3.3.4.3).
    const std::vector<Player>& players() const { return players_; }
    /// The player with this id. Throws RuleError if not playing.
    const Player& player(PlayerId id) const { return players_[index_of(id)]; }
    /// The player with this name, or nullptr.
    const Player* find_player(std::string_view name) const;
    /// Whose turn it is (awaiting_give) or will be next (between_turns); kNoPlayer if none.
    PlayerId current_player() const {
        if (players_.empty() || over()) return kNoPlayer;
        return players_[round_position_ < players_.size() ? round_position_ : 0].id;  // past the end: a new round starts
    }
    /// The card drawn this turn, or kNoCard.
    CardId drawn_card() const { return drawn_; }
    /// The deck, bottom first (back() is the top). Not for bots: see PlayerView.
    const std::vector<CardId>& deck() const { return deck_; }
    /// Cards removed from the game by conflict resolution (GDD §3.5).
    const std::vector<CardId>& removed() const { return removed_; }
    /// Cards of players who left, in the order they were set aside; they join the next deck
    /// renewal (docs/architecture.md).
    const std::vector<CardId>& set_aside() const { return set_aside_; }
    PlayerId winner() const { return winner_; }
    bool in_progress() const { return started_; }
    const Catalog& catalog() const { return catalog_; }
    const Gametype& gametype() const { return gametype_; }
    /// The evaluator the game runs plugin code with (bots plan imagined tables with it).
    Evaluator& evaluator() const { return *evaluator_; }
    /// The game's generator (for save/resume).
    const Random& random() const { return random_; }

private:
    /// The index in the turn order of player `id`; throws RuleError if not playing.
    std::size_t index_of(PlayerId id) const {
        // Ids are handed out in join order, so until someone leaves a player's id is its index.
        if (id < players_.size() && players_[id].id == id) [[likely]] return id;
        return index_after_leaves(id);
    }
    std::size_t index_after_leaves(PlayerId id) const;
    void give_quietly(std::size_t receiver_index);
    [[gnu::noinline]] void give_with_events(std::size_t receiver_index);
    TurnPlan plan_at(std::size_t receiver_index, TurnSteps* steps = nullptr) const;
    void require_between_turns(const char* what) const;
    // Every call site reads `if (sink_) emit({...})`: the Event is then built only when someone
    // listens, which saves 6% of a simulated turn (callgrind), where nobody does.
    void emit(const Event& event) { sink_->on_event(event); }
    void draw_or_pass();
    bool renew_deck();
    void pass_turn();
    bool resolve_fault(const TurnPlan& plan);
    void remove_from_game(CardId card);
    bool set_past_fault_limit(CardId faulting) const;
    void remove_set(std::uint16_t set);
    /// Steps 4 and 5 of a planned turn with events (GDD §3.4.2.3.4, §3.4.2.3.5): the player's
    /// end-of-turn score change, the win it may bring (the game ends there), else aging.
    void end_turn(Player& player, const TurnPlan& plan, const TurnSteps& steps);
    void finish_turn(Player& player);
    // The steps of this turn's modifier card stacks for its events (Event::steps points into
    // them during the callback), emptied: their memory is kept from turn to turn.
    TurnSteps& fresh_steps() {
        steps_.handle.clear();
        steps_.end.clear();
        return steps_;
    }
    TurnSteps steps_;
    void add_player(const std::string& name);

    const Catalog& catalog_;
    const Gametype& gametype_;
    Evaluator* evaluator_;
    EventSink* sink_ = nullptr;
    Random random_;
    std::vector<Player> players_;
    std::vector<CardId> deck_;
    std::vector<CardId> removed_;
    std::vector<CardId> set_aside_;
    Phase phase_ = Phase::between_turns;
    // How many players at the front of the turn order have had their turn in this round: the
    // index of whose turn it is (or is next). Joins append and leaves before it shift it, so it
    // stays right through a gap between turns; it wraps to 0 (a new round) only when a turn ends
    // the round, or at the next start_turn if the gap's leaves ended it.
    std::size_t round_position_ = 0;
    CardId drawn_ = kNoCard;
    PlayerId winner_ = kNoPlayer;
    PlayerId next_player_id_ = 0;
    std::uint32_t turn_ = 0;
    bool started_ = false;
};

}  // namespace cherries
