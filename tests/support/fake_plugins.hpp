// A test kit for the engine: plugin functions as C++ lambdas (FakeEvaluator), catalogs built in
// C++ (the GDD Appendix A Standard Set among them), gametype helpers and an EventSink that
// records. No Lua, no TOML: what the engine sees of plugins is the Evaluator interface only.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/event.hpp"
#include "engine/game.hpp"
#include "engine/gametype.hpp"

namespace cherries::test {

/// Throw this from a fake function to make the call a fault (GDD §3.5) with `message`.
struct Fault {
    std::string message;
};

/// An Evaluator whose functions are std::function<int64(int64)>. FunctionIds are handed out
/// from 1; 0 is the identity, which the engine must never call (counted in identity_calls()).
class FakeEvaluator final : public Evaluator {
public:
    using Function = std::function<std::int64_t(std::int64_t)>;

    /// Registers a function; returns its id (never kIdentity).
    FunctionId add(Function f) {
        functions_.push_back(std::move(f));
        calls_.push_back(0);
        return static_cast<FunctionId>(functions_.size());
    }
    /// Replaces a function.
    void set(FunctionId id, Function f) { functions_.at(slot(id)) = std::move(f); }
    /// Makes every call of `id` fault with `message`.
    void fail(FunctionId id, std::string message) {
        set(id, [message](std::int64_t) -> std::int64_t { throw Fault{message}; });
    }
    /// Makes `id` return `value` whatever its argument (e.g. a value beyond ±kMaxMagnitude).
    void returns(FunctionId id, std::int64_t value) {
        set(id, [value](std::int64_t) { return value; });
    }

    /// Calls of `id` so far.
    std::size_t calls(FunctionId id) const { return calls_.at(slot(id)); }
    /// Calls of kIdentity or of an id never handed out: the engine must make none.
    std::size_t bad_calls() const { return bad_calls_; }

    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        if (function == kIdentity || function > functions_.size()) {
            ++bad_calls_;
            message_ = "FakeEvaluator: called with function id " + std::to_string(function);
            return false;
        }
        ++calls_[function - 1];
        try {
            result = functions_[function - 1](argument);
            return true;
        } catch (const Fault& f) {
            message_ = f.message;
        } catch (...) {
            message_ = "FakeEvaluator: unexpected exception";
        }
        return false;
    }
    std::string fault_message() const override { return message_; }

private:
    std::size_t slot(FunctionId id) const {
        if (id == kIdentity || id > functions_.size()) throw std::out_of_range("FakeEvaluator: no function " + std::to_string(id));
        return id - 1;
    }
    std::vector<Function> functions_;
    std::vector<std::size_t> calls_;
    std::size_t bad_calls_ = 0;
    std::string message_;
};

// --- card kinds ----------------------------------------------------------------------------

inline CardKind cherry_kind(std::string id, std::string name, std::int64_t change, std::int32_t count) {
    return CardKind{.id = std::move(id), .name = std::move(name), .type = CardType::cherry, .change = change, .count = count};
}

inline CardKind score_kind(std::string id, std::string name, std::int64_t change, std::int32_t count) {
    return CardKind{.id = std::move(id), .name = std::move(name), .type = CardType::score, .change = change, .count = count};
}

/// A modifier kind; an empty function is the identity (kIdentity, never called).
inline CardKind modifier_kind(FakeEvaluator& evaluator, std::string id, std::string name, std::int32_t lifetime,
                              FakeEvaluator::Function cherry, FakeEvaluator::Function score, std::int32_t count) {
    CardKind k{.id = std::move(id), .name = std::move(name), .type = CardType::modifier, .lifetime = lifetime, .count = count};
    k.cherry_function = cherry ? evaluator.add(std::move(cherry)) : kIdentity;
    k.score_function = score ? evaluator.add(std::move(score)) : kIdentity;
    return k;
}

// The functions of GDD Appendix A. floor(last / 2) is not C++'s truncating `/`: since C++20 a
// right shift of a negative number is arithmetic, so `last >> 1` is exactly floor(last / 2)
// (-3 >> 1 == -2, whereas -3 / 2 == -1).
inline std::int64_t plus_one(std::int64_t last) { return last + 1; }
inline std::int64_t minus_one(std::int64_t last) { return last - 1; }
inline std::int64_t zero(std::int64_t) { return 0; }
inline std::int64_t twice(std::int64_t last) { return 2 * last; }
inline std::int64_t floor_half(std::int64_t last) { return last >> 1; }
inline std::int64_t negate(std::int64_t last) { return -last; }

/// The Standard Set of GDD Appendix A: 24 kinds, 74 cards. Every modifier function gets its
/// own FunctionId, so a test can make one card's function fault without touching another's.
/// The two names lost from the GDD's table are Cherry Shield (next = 0) and Cherry Inverter
/// (next = -last), see docs/architecture.md, "Rule decisions".
inline std::vector<CardKind> standard_kinds(FakeEvaluator& ev) {
    using F = FakeEvaluator::Function;
    const F id;  // identity
    return {
        cherry_kind("cherry", "Cherry", 1, 10),
        cherry_kind("double-cherry", "Double Cherry", 2, 5),
        cherry_kind("triple-cherry", "Triple Cherry", 3, 2),
        cherry_kind("anticherry", "Anticherry", -1, 10),
        cherry_kind("double-anticherry", "Double Anticherry", -2, 5),
        cherry_kind("triple-anticherry", "Triple Anticherry", -3, 2),
        score_kind("point", "1 Point", 1, 4),
        score_kind("two-points", "2 Points", 2, 2),
        score_kind("three-points", "3 Points", 3, 1),
        score_kind("minus-point", "-1 Point", -1, 4),
        score_kind("minus-two-points", "-2 Points", -2, 2),
        score_kind("minus-three-points", "-3 Points", -3, 1),
        modifier_kind(ev, "hat-of-fruit", "+1 Hat Of Fruit", 3, plus_one, id, 4),
        modifier_kind(ev, "hat-of-unfruit", "-1 Hat Of Unfruit", 3, minus_one, id, 4),
        modifier_kind(ev, "cherry-shield", "Cherry Shield", 2, zero, id, 2),
        modifier_kind(ev, "cherry-doubler", "Cherry Doubler", 2, twice, id, 2),
        modifier_kind(ev, "cherry-halver", "Cherry Halver", 2, floor_half, id, 2),
        modifier_kind(ev, "cherry-inverter", "Cherry Inverter", 2, negate, id, 2),
        modifier_kind(ev, "point-boost", "Point Boost", 2, id, plus_one, 2),
        modifier_kind(ev, "point-drop", "Point Drop", 2, id, minus_one, 2),
        modifier_kind(ev, "score-shield", "Score Shield", 1, id, zero, 2),
        modifier_kind(ev, "score-doubler", "Score Doubler", 1, id, twice, 1),
        modifier_kind(ev, "score-halver", "Score Halver", 1, id, floor_half, 1),
        modifier_kind(ev, "score-inverter", "Score Inverter", 2, id, negate, 2),
    };
}

inline CardSetInfo standard_set_info() {
    return {.id = "standard", .name = "Standard Set", .version = "1.0.0", .symbol = "S"};
}

// --- gametypes -----------------------------------------------------------------------------

/// A gametype with a table distribution (cherry count = index) and a winning score.
inline Gametype gametype_with(std::vector<std::int64_t> distribution, std::int64_t winning_score,
                              std::string id = "test") {
    Gametype g;
    g.id = std::move(id);
    g.name = g.id;
    g.version = "1.0.0";
    g.distribution = std::move(distribution);
    g.winning_score = winning_score;
    return g;
}

/// The official gametype (GDD §3.3.1.5): 5 cherries score 1, every other count 0; 10 wins.
inline Gametype official_gametype(std::int64_t winning_score = 10) {
    Gametype g = gametype_with({0, 0, 0, 0, 0, 1}, winning_score, "official");
    g.name = "Official";
    return g;
}

// --- a table: catalog + evaluator + gametype, and games on it -------------------------------

/// Owns what a Game holds references to; keep it alive longer than its games.
class Kit {
public:
    Kit() = default;
    Kit(const Kit&) = delete;
    Kit& operator=(const Kit&) = delete;

    FakeEvaluator evaluator;
    Catalog catalog;
    Gametype gametype = official_gametype();

    KindId kind(std::string_view name) const { return catalog.find_kind(name); }
    const CardKind& kind_info(std::string_view name) const { return catalog.kinds()[kind(name)]; }
    std::vector<KindId> kinds(const std::vector<std::string_view>& names) const {
        std::vector<KindId> out;
        for (auto n : names) out.push_back(kind(n));
        return out;
    }
    FunctionId cherry_function(std::string_view name) const { return kind_info(name).cherry_function; }
    FunctionId score_function(std::string_view name) const { return kind_info(name).score_function; }
    /// Id (in the catalog) of the kind of physical card `card`.
    std::string id_of(CardId card) const { return catalog.kind_of(card).id; }

    /// A game on this kit; `deck_top` lists card ids, top of the deck first.
    Game game(const std::vector<std::string>& players, const std::vector<std::string_view>& deck_top = {},
              std::uint64_t seed = 1) {
        return Game(catalog, gametype, evaluator, seed, players, kinds(deck_top));
    }
};

/// A kit with the Standard Set and the official gametype.
class StandardKit : public Kit {
public:
    explicit StandardKit(Gametype g = official_gametype()) {
        gametype = std::move(g);
        catalog.add_set(standard_set_info(), standard_kinds(evaluator));
    }
};

// --- game helpers --------------------------------------------------------------------------

/// Id of the player named `name`; fails loudly if there is none.
inline PlayerId id_of(const Game& game, std::string_view name) {
    const Player* p = game.find_player(name);
    if (!p) throw std::logic_error("test: no player named '" + std::string(name) + "'");
    return p->id;
}

inline const Player& player_named(const Game& game, std::string_view name) {
    return game.player(id_of(game, name));
}

/// One whole turn: start it, then give the drawn card to `receiver` (the player = keep).
inline void play(Game& game, std::string_view receiver) {
    game.start_turn();
    game.give(id_of(game, receiver));
}

/// Names of the players in turn order, first player first.
inline std::vector<std::string> turn_order(const Game& game) {
    std::vector<std::string> names;
    for (const auto& p : game.players()) names.push_back(p.name);
    return names;
}

/// The card ids (kind ids in the catalog) of a stack of physical cards, bottom first.
inline std::vector<std::string> card_ids(const Game& game, const std::vector<CardId>& cards) {
    std::vector<std::string> out;
    for (CardId c : cards) out.push_back(game.catalog().kind_of(c).id);
    return out;
}

/// The modifier card stack of a player as (card id, lifetime), bottom first.
inline std::vector<std::pair<std::string, std::int32_t>> modifier_stack(const Game& game, std::string_view name) {
    std::vector<std::pair<std::string, std::int32_t>> out;
    for (const auto& m : player_named(game, name).modifiers) out.emplace_back(game.catalog().kind_of(m.card).id, m.lifetime);
    return out;
}

// --- events --------------------------------------------------------------------------------

/// An Event with its message copied (Event::message is only valid during the callback).
struct RecordedEvent {
    EventType type{};
    std::uint32_t turn = 0;
    PlayerId player = kNoPlayer;
    PlayerId receiver = kNoPlayer;
    CardId card = kNoCard;
    std::int64_t change = 0;
    std::int64_t modified_change = 0;
    std::int64_t cherries = 0;
    std::int64_t score = 0;
    std::int64_t cards = 0;
    std::int32_t lifetime = 0;
    std::string message;

    bool operator==(const RecordedEvent&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const RecordedEvent& e) {
    os << to_string(e.type) << "{turn " << e.turn;
    if (e.player != kNoPlayer) os << ", player " << e.player;
    if (e.receiver != kNoPlayer) os << ", receiver " << e.receiver;
    if (e.card != kNoCard) os << ", card " << e.card;
    os << ", change " << e.change << ", modified_change " << e.modified_change << ", cherries " << e.cherries
       << ", score " << e.score << ", cards " << e.cards << ", lifetime " << e.lifetime;
    if (!e.message.empty()) os << ", message \"" << e.message << '"';
    return os << '}';
}

/// Records every event.
class Recorder : public EventSink {
public:
    std::vector<RecordedEvent> events;

    void on_event(const Event& e) override {
        events.push_back({e.type, e.turn, e.player, e.receiver, e.card, e.change, e.modified_change, e.cherries,
                          e.score, e.cards, e.lifetime, std::string(e.message)});
    }
    std::vector<RecordedEvent> of_type(EventType type) const {
        std::vector<RecordedEvent> out;
        for (const auto& e : events)
            if (e.type == type) out.push_back(e);
        return out;
    }
    std::size_t count(EventType type) const { return of_type(type).size(); }
    std::vector<EventType> types() const {
        std::vector<EventType> out;
        for (const auto& e : events) out.push_back(e.type);
        return out;
    }
    /// Kinds of the events of one turn, in order.
    std::vector<EventType> types_in_turn(std::uint32_t turn) const {
        std::vector<EventType> out;
        for (const auto& e : events)
            if (e.turn == turn) out.push_back(e.type);
        return out;
    }
    void clear() { events.clear(); }
};

}  // namespace cherries::test
