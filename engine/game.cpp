#include "engine/game.hpp"

#include <algorithm>
#include <numeric>

#include "engine/turn_inline.hpp"

namespace cherries {

std::string_view to_string(Phase phase) {
    switch (phase) {
        case Phase::between_turns: return "between_turns";
        case Phase::awaiting_give: return "awaiting_give";
        case Phase::suspended: return "suspended";
        case Phase::won: return "won";
        case Phase::ended: return "ended";
        case Phase::aborted: return "aborted";
    }
    return "?";
}

Game::Game(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator,
           std::uint64_t seed, const std::vector<std::string>& players,
           const std::vector<KindId>& deck_top)
    : catalog_(catalog), gametype_(gametype), evaluator_(&evaluator), random_(seed) {
    reset(seed, players, deck_top);
}

void Game::reset(std::uint64_t seed, const std::vector<std::string>& players, const std::vector<KindId>& deck_top) {
    // Everything that can be refused is checked before anything changes.
    if (players.empty()) throw RuleError("a game needs at least one player");
    if (!deck_top.empty()) {
        // The i-th entry takes a copy of its kind not placed above it: refused when the entries
        // so far ask for more copies than the catalog has.
        std::vector<std::size_t> left(catalog_.kinds().size(), 0);
        for (std::size_t c = 0; c < catalog_.card_count(); ++c) ++left[catalog_.kind_id_of(static_cast<CardId>(c))];
        for (std::size_t i = 0; i < deck_top.size(); ++i) {
            const KindId kind = deck_top[i];
            if (kind >= left.size())
                throw RuleError("no card kind #" + std::to_string(kind) + " for position " + std::to_string(i + 1) +
                                " from the top");
            if (left[kind] == 0)
                throw RuleError("the deck has no copy left of card '" + catalog_.display_id(kind) +
                                "' for position " + std::to_string(i + 1) + " from the top");
            --left[kind];
        }
    }
    for (std::size_t i = 0; i < players.size(); ++i) {
        const std::string& name = players[i];
        if (name.empty()) throw RuleError("a player needs a name");
        if (std::find(players.begin(), players.begin() + static_cast<std::ptrdiff_t>(i), name) !=
            players.begin() + static_cast<std::ptrdiff_t>(i))
            throw RuleError("there is already a player named '" + name + "'");
        if (i >= kMaxPlayers) throw RuleError("a game has at most " + std::to_string(kMaxPlayers) + " players");
    }

    random_.seed(seed);
    const std::size_t cards = catalog_.card_count();
    deck_.clear();
    removed_.clear();
    set_aside_.clear();
    deck_.reserve(cards);
    removed_.reserve(cards);
    deck_.resize(cards);
    std::iota(deck_.begin(), deck_.end(), CardId{0});
    random_.shuffle(std::span(deck_));  // GDD §3.4.1 step 5

    // Put the requested kinds on top, top first: the last entries of deck_ are the top. Each is
    // found (checked above).
    for (std::size_t i = 0; i < deck_top.size(); ++i) {
        const KindId kind = deck_top[i];
        const std::size_t top = deck_.size() - 1 - i;  // slot of the i-th card from the top
        auto begin = deck_.begin();
        auto end = deck_.begin() + static_cast<std::ptrdiff_t>(top + 1);
        auto it = std::find_if(std::make_reverse_iterator(end), std::make_reverse_iterator(begin),
                               [&](CardId c) { return catalog_.kind_id_of(c) == kind; });
        std::iter_swap(it, deck_.begin() + static_cast<std::ptrdiff_t>(top));
    }

    // The players, in the Player objects of the game before where there are some (their stacks
    // keep their room for every card).
    if (players_.size() > players.size()) players_.resize(players.size());
    players_.reserve(players.size());
    next_player_id_ = 0;
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (i == players_.size()) players_.emplace_back();
        Player& p = players_[i];
        p.id = next_player_id_++;
        p.name = players[i];
        p.cherries = 0;
        p.score = 0;
        p.received.clear();
        p.modifiers.clear();
        p.received.reserve(cards);  // no allocation in the turn loop
        p.modifiers.reserve(cards);
    }
    phase_ = players_.size() == 1 ? Phase::suspended : Phase::between_turns;
    round_position_ = 0;
    drawn_ = kNoCard;
    winner_ = kNoPlayer;
    turn_ = 0;
    started_ = false;
}

void Game::add_player(const std::string& name) {
    if (name.empty()) throw RuleError("a player needs a name");
    if (find_player(name)) throw RuleError("there is already a player named '" + name + "'");
    if (players_.size() >= kMaxPlayers) throw RuleError("a game has at most " + std::to_string(kMaxPlayers) + " players");
    Player p;
    p.id = next_player_id_++;
    p.name = name;
    p.received.reserve(catalog_.card_count());  // no allocation in the turn loop
    p.modifiers.reserve(catalog_.card_count());
    players_.push_back(std::move(p));
}

const Player* Game::find_player(std::string_view name) const {
    for (const auto& p : players_)
        if (p.name == name) return &p;
    return nullptr;
}

std::size_t Game::index_after_leaves(PlayerId id) const {
    for (std::size_t i = 0; i < players_.size(); ++i)
        if (players_[i].id == id) return i;
    throw RuleError("no such player (id " + std::to_string(id) + ")");
}

void Game::require_between_turns(const char* what) const {
    if (phase_ == Phase::between_turns || phase_ == Phase::suspended) return;
    if (over()) throw RuleError(std::string("cannot ") + what + ": the game is over");
    throw RuleError(std::string("cannot ") + what + " during a turn: a card is waiting to be given");
}

std::optional<std::string> Game::may_join() const {
    if (over()) return "the game is over";
    if (players_.size() >= kMaxPlayers) return "a game has at most " + std::to_string(kMaxPlayers) + " players";
    if (started_ && !gametype_.house_rules.join_in_progress)
        return "house rules of '" + gametype_.id + "': players may not join once the game is in progress";
    return std::nullopt;
}

std::optional<std::string> Game::may_leave(PlayerId player) const {
    if (over()) return "the game is over";
    if (std::none_of(players_.begin(), players_.end(), [&](const Player& p) { return p.id == player; }))
        return "no such player (id " + std::to_string(player) + ")";
    if (started_ && !gametype_.house_rules.leave_in_progress)
        return "house rules of '" + gametype_.id + "': players may not leave once the game is in progress";
    return std::nullopt;
}

PlayerId Game::join(const std::string& name) {
    require_between_turns("join");
    if (const auto why = may_join()) throw RuleError(*why);
    add_player(name);  // appended: between the last and the first player (GDD §3.4.2.1)
    const PlayerId id = players_.back().id;
    if (sink_) emit({.type = EventType::join, .turn = turn_, .player = id});
    if (phase_ == Phase::suspended && players_.size() >= 2) {
        phase_ = Phase::between_turns;
        if (sink_) emit({.type = EventType::resume, .turn = turn_});
    }
    return id;
}

void Game::leave(PlayerId id) {
    require_between_turns("leave");
    if (const auto why = may_leave(id)) throw RuleError(*why);
    const std::size_t index = index_of(id);
    // The leaver's cards are set aside, received card stack bottom first, then the modifier card
    // stack bottom first; the deck is not touched, so its order (a scenario's fixed top, a
    // record's future) stays what it was. They join the next deck renewal.
    Player& p = players_[index];
    set_aside_.insert(set_aside_.end(), p.received.begin(), p.received.end());
    for (const auto& m : p.modifiers) set_aside_.push_back(m.card);
    players_.erase(players_.begin() + static_cast<std::ptrdiff_t>(index));
    if (index < round_position_) --round_position_;  // one fewer has played this round; no wrap here (see round_position_)
    if (sink_) emit({.type = EventType::leave, .turn = turn_, .player = id});
    if (players_.empty()) {
        phase_ = Phase::ended;  // a leave from a suspended game ends it (GDD §3.4.2.1)
        if (sink_) emit({.type = EventType::ended, .turn = turn_});
    } else if (players_.size() == 1 && phase_ != Phase::suspended) {
        phase_ = Phase::suspended;
        if (sink_) emit({.type = EventType::suspend, .turn = turn_});
    }
}

bool Game::renew_deck() {
    // GDD §3.4.2.2: every received card stack, shuffled together, is the new deck; the cards
    // set aside by leaves join it (docs/architecture.md).
    for (auto& p : players_) {
        deck_.insert(deck_.end(), p.received.begin(), p.received.end());
        p.received.clear();
    }
    deck_.insert(deck_.end(), set_aside_.begin(), set_aside_.end());
    set_aside_.clear();
    if (deck_.empty()) return false;
    random_.shuffle(std::span(deck_));
    if (sink_) emit({.type = EventType::deck_renewal, .turn = turn_, .cards = static_cast<std::int64_t>(deck_.size())});
    return true;
}

void Game::start_turn() {
    if (phase_ != Phase::between_turns) require_between_turns("start a turn");
    if (phase_ == Phase::suspended) throw RuleError("cannot start a turn: the game is suspended until a player joins");
    if (round_position_ >= players_.size()) round_position_ = 0;  // the gap's leaves ended the round: the first player starts the next
    started_ = true;
    ++turn_;
    draw_or_pass();
}

void Game::draw_or_pass() {
    if (deck_.empty() && !renew_deck()) {
        pass_turn();
        return;
    }
    drawn_ = deck_.back();
    deck_.pop_back();
    phase_ = Phase::awaiting_give;
    if (sink_) emit({.type = EventType::draw, .turn = turn_, .player = players_[round_position_].id, .card = drawn_});
}

void Game::pass_turn() {
    // No card in the deck nor in any received card stack. If modifiers are still alive the turn
    // runs steps 4 and 5 so they age and return; if no card is in play at all, the game ends.
    const bool any_modifier = std::any_of(players_.begin(), players_.end(),
                                          [](const Player& p) { return !p.modifiers.empty(); });
    if (!any_modifier) {
        phase_ = Phase::ended;
        if (sink_) emit({.type = EventType::ended, .turn = turn_});
        return;
    }
    Player& player = players_[round_position_];
    if (sink_) emit({.type = EventType::pass, .turn = turn_, .player = player.id});
    for (;;) {
        TurnSteps& steps = fresh_steps();  // for the event; only when someone listens
        TurnPlan plan = plan_turn(catalog_, gametype_, *evaluator_, player, nullptr, kNoCard, sink_ ? &steps : nullptr);
        if (plan.faulted) {
            if (!resolve_fault(plan)) return;
            continue;
        }
        end_turn(player, plan, steps);
        return;
    }
}

TurnPlan Game::plan(PlayerId receiver) const {
    if (phase_ != Phase::awaiting_give) throw RuleError("no card has been drawn to give");
    return plan_at(index_of(receiver));
}

TurnPlan Game::plan_at(std::size_t receiver_index, TurnSteps* steps) const {
    return plan_turn(catalog_, gametype_, *evaluator_, players_[round_position_], &players_[receiver_index], drawn_, steps);
}

void Game::remove_from_game(CardId card) {
    for (auto& p : players_) {
        auto it = std::find_if(p.modifiers.begin(), p.modifiers.end(),
                               [&](const ActiveModifier& m) { return m.card == card; });
        if (it != p.modifiers.end()) {
            p.modifiers.erase(it);
            break;
        }
    }
    removed_.push_back(card);
}

bool Game::set_past_fault_limit(CardId faulting) const {
    const std::uint16_t set = catalog_.kind_of(faulting).set;
    const auto removed = std::count_if(removed_.begin(), removed_.end(),
                                       [&](CardId c) { return catalog_.kind_of(c).set == set; });
    return static_cast<std::size_t>(removed) + 1 >= kSetFaultLimit;
}

// Removes every card of `set` still in play, wherever it is (kSetFaultLimit): deck bottom to
// top, then each player's received and modifier card stacks in turn order, then the drawn card.
void Game::remove_set(std::uint16_t set) {
    auto of_set = [&](CardId c) { return catalog_.kind_of(c).set == set; };
    auto take = [&](std::vector<CardId>& cards) {
        for (CardId c : cards)
            if (of_set(c)) removed_.push_back(c);
        cards.erase(std::remove_if(cards.begin(), cards.end(), of_set), cards.end());
    };
    take(deck_);
    for (auto& p : players_) {
        take(p.received);
        for (const ActiveModifier& m : p.modifiers)
            if (of_set(m.card)) removed_.push_back(m.card);
        p.modifiers.erase(std::remove_if(p.modifiers.begin(), p.modifiers.end(),
                                         [&](const ActiveModifier& m) { return of_set(m.card); }),
                          p.modifiers.end());
    }
    if (drawn_ != kNoCard && of_set(drawn_)) {
        removed_.push_back(drawn_);
        drawn_ = kNoCard;
    }
}

bool Game::resolve_fault(const TurnPlan& plan) {
    const PlayerId player = players_[round_position_].id;
    const bool whole_set = plan.fault_card != kNoCard && set_past_fault_limit(plan.fault_card);
    if (sink_) emit({.type = EventType::fault, .turn = turn_, .player = player, .receiver = plan.receiver,
          .card = plan.fault_card,
          .message = whole_set ? plan.fault_message + "; set '" + catalog_.sets()[catalog_.kind_of(plan.fault_card).set].id +
                                     "' has faulted " + std::to_string(kSetFaultLimit) +
                                     " times in this game: all its cards are removed (GDD §3.5)"
                               : plan.fault_message});
    if (plan.fault_card == kNoCard) {  // the gametype itself failed: no card to blame
        phase_ = Phase::aborted;
        if (drawn_ != kNoCard) deck_.push_back(drawn_);  // nothing was committed: back on top
        drawn_ = kNoCard;
        return false;
    }
    // GDD §3.5: the card that causes the conflict is removed from the game and the player draws
    // a new card instead. Nothing of the turn was committed; the drawn card, if it is not the
    // faulting one, goes back on top of the deck and is drawn again.
    remove_from_game(plan.fault_card);
    if (drawn_ == plan.fault_card) drawn_ = kNoCard;
    if (whole_set) remove_set(catalog_.kind_of(plan.fault_card).set);
    if (drawn_ != kNoCard && drawn_ != plan.fault_card) deck_.push_back(drawn_);
    drawn_ = kNoCard;
    return true;
}

void Game::give_with_events(std::size_t receiver_index) {
    TurnSteps& steps = fresh_steps();  // for the events
    const TurnPlan p = plan_at(receiver_index, &steps);
    if (p.faulted) {
        if (resolve_fault(p)) draw_or_pass();
        return;
    }
    Player& player = players_[round_position_];
    Player& receiver = players_[receiver_index];
    const CardId card = drawn_;
    if (sink_) emit({.type = EventType::give, .turn = turn_, .player = player.id, .receiver = receiver.id, .card = card});
    drawn_ = kNoCard;  // after the event: a sink sees the card in exactly one place

    // Step 3: handle (GDD §3.4.2.3.3).
    const CardKind& kind = catalog_.kind_of(card);
    Event handled{.type = EventType::handle, .turn = turn_, .player = receiver.id, .card = card,
                  .change = p.change_before, .modified_change = p.change_after, .steps = steps.handle};
    if (kind.type == CardType::modifier) {
        receiver.modifiers.push_back({card, p.lifetime});
        handled.lifetime = p.lifetime;
    } else {
        receiver.cherries = p.receiver_cherries;
        receiver.score = p.receiver_score;
        receiver.received.push_back(card);
    }
    handled.cherries = receiver.cherries;
    handled.score = receiver.score;
    if (sink_) emit(handled);
    if (p.receiver_wins) {
        phase_ = Phase::won;
        winner_ = receiver.id;
        if (sink_) emit({.type = EventType::won, .turn = turn_, .player = receiver.id});
        return;
    }

    end_turn(player, p, steps);  // steps 4 and 5
}

// Nobody listens (simulation): the same turn as give() with no event built, the plan's
// arithmetic inlined (turn_inline.hpp) and no steps kept.
[[gnu::always_inline]] inline void Game::give_quietly(std::size_t receiver_index) {
    Player& player = players_[round_position_];
    Player& receiver = players_[receiver_index];
    const CardId card = drawn_;
    TurnPlan p;
    turn_detail::plan_into(p, catalog_, gametype_, *evaluator_, player, &receiver, card, nullptr);
    if (p.faulted) [[unlikely]] {
        if (resolve_fault(p)) draw_or_pass();
        return;
    }
    drawn_ = kNoCard;
    switch (commit_turn(catalog_, p, player, &receiver)) {  // steps 3 to 5
        case TurnEnd::receiver_won:
            phase_ = Phase::won;
            winner_ = receiver.id;
            return;
        case TurnEnd::player_won:
            phase_ = Phase::won;
            winner_ = player.id;
            return;
        case TurnEnd::next_player:
            break;
    }
    if (++round_position_ >= players_.size()) round_position_ = 0;
    phase_ = Phase::between_turns;
}

void Game::give(PlayerId receiver_id) {
    if (phase_ != Phase::awaiting_give) throw RuleError("no card has been drawn to give");
    const std::size_t receiver_index = index_of(receiver_id);
    if (!sink_)
        give_quietly(receiver_index);
    else
        give_with_events(receiver_index);
}

void Game::give_without_effect(PlayerId receiver_id) {
    if (phase_ != Phase::awaiting_give) throw RuleError("no card has been drawn to give");
    const std::size_t receiver_index = index_of(receiver_id);
    Player& player = players_[round_position_];
    // Steps 4 and 5 exactly as in a pass: the handled card changes nothing the player's
    // end-of-turn change is based on (GDD §3.4.2.3.4).
    TurnSteps& steps = fresh_steps();
    const TurnPlan p = plan_turn(catalog_, gametype_, *evaluator_, player, nullptr, kNoCard, sink_ ? &steps : nullptr);
    if (p.faulted) {
        if (resolve_fault(p)) draw_or_pass();
        return;
    }
    Player& receiver = players_[receiver_index];
    const CardId card = drawn_;
    if (sink_) emit({.type = EventType::give, .turn = turn_, .player = player.id, .receiver = receiver.id, .card = card});
    drawn_ = kNoCard;
    receiver.received.push_back(card);  // step 3, without effect
    if (sink_)
        emit({.type = EventType::handle, .turn = turn_, .player = receiver.id, .card = card,
              .cherries = receiver.cherries, .score = receiver.score});
    end_turn(player, p, steps);  // steps 4 and 5
}

void Game::end_turn(Player& player, const TurnPlan& plan, const TurnSteps& steps) {
    player.score = plan.player_score;  // step 4 (GDD §3.4.2.3.4)
    if (sink_) emit({.type = EventType::score_change, .turn = turn_, .player = player.id,
          .change = plan.distribution_change, .modified_change = plan.end_change,
          .cherries = plan.end_cherries, .score = plan.player_score, .steps = steps.end});
    if (plan.player_wins) {  // the game ends here: no aging (GDD §3.4.3)
        phase_ = Phase::won;
        winner_ = player.id;
        if (sink_) emit({.type = EventType::won, .turn = turn_, .player = player.id});
        return;
    }
    finish_turn(player);  // step 5
}

void Game::finish_turn(Player& player) {
    if (!sink_) {
        age_modifiers(player);  // step 5 with no event (a pass in a simulation)
        if (++round_position_ >= players_.size()) round_position_ = 0;
        phase_ = Phase::between_turns;
        return;
    }
    // Step 5: aging (GDD §3.4.2.3.5). Expired modifiers go on top of the received card stack in
    // their stack order; the survivors keep theirs. Each card is moved before its event, so a
    // sink always sees every card in exactly one place.
    for (std::size_t i = 0; i < player.modifiers.size();) {
        ActiveModifier& m = player.modifiers[i];
        if (--m.lifetime > 0) {
            if (sink_) emit({.type = EventType::age, .turn = turn_, .player = player.id, .card = m.card, .lifetime = m.lifetime});
            ++i;
        } else {
            const CardId card = m.card;
            player.modifiers.erase(player.modifiers.begin() + static_cast<std::ptrdiff_t>(i));
            player.received.push_back(card);
            if (sink_) emit({.type = EventType::expire, .turn = turn_, .player = player.id, .card = card});
        }
    }
    // A turn that ends the round starts the next one at once, so whoever joins in the gap that
    // follows plays last in it (§3.4.2 steps 1a and 1c); a gap after any other turn is mid-round.
    ++round_position_;
    if (round_position_ >= players_.size()) round_position_ = 0;
    phase_ = Phase::between_turns;
}

}  // namespace cherries
