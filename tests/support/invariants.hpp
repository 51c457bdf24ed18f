// Invariants of any Cherries game state (GDD §3.3, §3.4), whatever its plugins: usable with the
// test kit's FakeEvaluator and with the real Lua plugins alike (it only reads a Game).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace cherries::test {

/// When the state is looked at. Between calls into the Game (`settled`) every invariant holds.
/// Inside an EventSink callback (`inside_event`) the game is mid-step: e.g. at the `handle`
/// event the receiver may already have the winning score while the phase is not yet `won`, and
/// at `leave` one player may be left while the `suspend` event is still to come. Those checks
/// that tie the phase to the rest are skipped there; card and number invariants are not.
enum class Moment { settled, inside_event };

/// Every invariant the state breaks, one sentence each; empty when all hold.
inline std::vector<std::string> invariant_violations(const Game& game, Moment moment = Moment::settled) {
    std::vector<std::string> bad;
    const Catalog& catalog = game.catalog();
    const std::size_t cards = catalog.card_count();
    const auto& players = game.players();
    const std::int64_t winning = game.gametype().winning_score;

    auto card_name = [&](CardId c) {
        return "card " + std::to_string(c) + (c < cards ? " ('" + catalog.kind_of(c).id + "')" : std::string());
    };
    // Places: 0 nowhere, 1 deck, 2 removed, 3 drawn, 4 set aside, 5 + 2i received of player i, 6 + 2i modifiers of i.
    auto place_name = [&](int place) -> std::string {
        switch (place) {
            case 0: return "nowhere";
            case 1: return "the deck";
            case 2: return "the removed cards";
            case 3: return "the drawn card";
            case 4: return "the set-aside cards";
            default: {
                const auto& p = players[static_cast<std::size_t>((place - 5) / 2)];
                return "player '" + p.name + "''s " + ((place - 5) % 2 == 0 ? "received card stack" : "modifier card stack");
            }
        }
    };
    std::vector<int> where(cards, 0);
    auto put = [&](CardId c, int place) {
        if (c >= cards) {
            bad.push_back(card_name(c) + " in " + place_name(place) + " is not a card of the catalog (" +
                          std::to_string(cards) + " cards)");
            return;
        }
        if (where[c] != 0)
            bad.push_back(card_name(c) + " is in two places: " + place_name(where[c]) + " and " + place_name(place));
        else
            where[c] = place;
    };

    // Every physical card is in exactly one place (GDD §3.3.3, §3.3.4.1.1, §3.3.4.1.2, §3.5).
    for (CardId c : game.deck()) put(c, 1);
    for (CardId c : game.removed()) put(c, 2);
    if (game.drawn_card() != kNoCard) put(game.drawn_card(), 3);
    for (CardId c : game.set_aside()) put(c, 4);
    for (std::size_t i = 0; i < players.size(); ++i) {
        for (CardId c : players[i].received) put(c, 5 + 2 * static_cast<int>(i));
        for (const auto& m : players[i].modifiers) put(m.card, 6 + 2 * static_cast<int>(i));
    }
    for (std::size_t c = 0; c < cards; ++c)
        if (where[c] == 0) bad.push_back(card_name(static_cast<CardId>(c)) + " is nowhere: lost from the game");

    // Only modifier cards have functions, so only they can be removed by conflict resolution (§3.5),
    // one by one; all cards of a set go once kSetFaultLimit of its modifiers have faulted.
    std::vector<std::size_t> faulted_modifiers(catalog.sets().size());
    for (CardId c : game.removed())
        if (c < cards && catalog.kind_of(c).type == CardType::modifier) ++faulted_modifiers[catalog.kind_of(c).set];
    for (CardId c : game.removed())
        if (c < cards && catalog.kind_of(c).type != CardType::modifier && faulted_modifiers[catalog.kind_of(c).set] < kSetFaultLimit)
            bad.push_back(card_name(c) + " was removed from the game but is no modifier card, and its set has not "
                          "faulted " + std::to_string(kSetFaultLimit) + " times");

    // Players (GDD §3.3.4.1).
    for (std::size_t i = 0; i < players.size(); ++i) {
        const Player& p = players[i];
        const std::string who = "player '" + p.name + "'";
        if (p.name.empty()) bad.push_back("a player has no name");
        if (p.id == kNoPlayer) bad.push_back(who + " has no id");
        for (std::size_t j = 0; j < i; ++j) {
            if (players[j].id == p.id) bad.push_back(who + " has the same id as player '" + players[j].name + "'");
            if (players[j].name == p.name) bad.push_back("two players are named '" + p.name + "'");
        }
        if (p.cherries < 0 || p.cherries > kMaxMagnitude)
            bad.push_back(who + " has cherry count " + std::to_string(p.cherries) + " (must be 0 .. 2^53 - 1)");
        if (p.score < 0 || p.score > kMaxMagnitude)
            bad.push_back(who + " has score " + std::to_string(p.score) + " (must be 0 .. 2^53 - 1)");
        for (const auto& m : p.modifiers) {
            if (m.lifetime < 1)
                bad.push_back(who + "'s modifier " + card_name(m.card) + " has lifetime " + std::to_string(m.lifetime) +
                              " (a modifier card stack holds lifetimes >= 1)");
            if (m.card < cards && catalog.kind_of(m.card).type != CardType::modifier)
                bad.push_back(who + "'s modifier card stack holds " + card_name(m.card) + ", which is no modifier card");
        }
        if (moment == Moment::settled && game.phase() != Phase::won && p.score >= winning)
            bad.push_back(who + " has score " + std::to_string(p.score) + " >= the winning score " + std::to_string(winning) +
                          " but the game is " + std::string(to_string(game.phase())));
    }

    // A drawn card is only held while it waits to be given.
    if (game.drawn_card() != kNoCard && game.phase() != Phase::awaiting_give)
        bad.push_back(card_name(game.drawn_card()) + " is drawn but the phase is " + std::string(to_string(game.phase())));

    // The end of the game (GDD §3.4.3): exactly one winner, who reached the winning score.
    if (game.phase() == Phase::won) {
        const Player* w = nullptr;
        for (const auto& p : players)
            if (p.id == game.winner()) w = &p;
        if (!w) {
            bad.push_back("the game is won but its winner (id " + std::to_string(game.winner()) + ") is not a player");
        } else {
            if (w->score < winning)
                bad.push_back("winner '" + w->name + "' has score " + std::to_string(w->score) + " < the winning score " +
                              std::to_string(winning));
            for (const auto& p : players)
                if (p.id != w->id && p.score >= winning)
                    bad.push_back("player '" + p.name + "' also has the winning score, besides winner '" + w->name + "'");
        }
    } else if (game.winner() != kNoPlayer) {
        bad.push_back("winner id " + std::to_string(game.winner()) + " is set but the phase is " +
                      std::string(to_string(game.phase())));
    }

    if (moment == Moment::settled) {
        const Phase phase = game.phase();
        if (phase == Phase::awaiting_give && game.drawn_card() == kNoCard)
            bad.push_back("the phase is awaiting_give but no card is drawn");
        if (phase == Phase::suspended && players.size() != 1)
            bad.push_back("the game is suspended with " + std::to_string(players.size()) + " players (GDD §3.4.2.1: one)");
        if ((phase == Phase::between_turns || phase == Phase::awaiting_give) && players.size() < 2)
            bad.push_back("the phase is " + std::string(to_string(phase)) + " with " + std::to_string(players.size()) +
                          " players (a game goes on with 2 or more, GDD §3.4.2.1)");
        const bool has_current = game.current_player() != kNoPlayer;
        if (has_current != (!game.over() && !players.empty()))
            bad.push_back("current_player() is " + std::string(has_current ? "set" : "unset") + " in phase " +
                          std::string(to_string(phase)));
        if (has_current) {
            bool found = false;
            for (const auto& p : players) found = found || p.id == game.current_player();
            if (!found) bad.push_back("current_player() is not a player");
        }
    }
    return bad;
}

/// Fails the running Catch test, listing every violation, when the state breaks an invariant.
inline void check_invariants(const Game& game, Moment moment = Moment::settled) {
    const auto bad = invariant_violations(game, moment);
    if (bad.empty()) return;
    std::string text = std::to_string(bad.size()) + " invariant(s) broken (turn " + std::to_string(game.turn()) +
                       ", phase " + std::string(to_string(game.phase())) + "):";
    for (const auto& b : bad) text += "\n  - " + b;
    FAIL(text);
}

/// An EventSink that checks the invariants inside every event, then passes it on.
class InvariantChecker : public EventSink {
public:
    explicit InvariantChecker(const Game& game, EventSink* next = nullptr) : game_(game), next_(next) {}
    void on_event(const Event& event) override {
        ++events_;
        check_invariants(game_, Moment::inside_event);
        if (next_) next_->on_event(event);
    }
    std::size_t events() const { return events_; }

private:
    const Game& game_;
    EventSink* next_;
    std::size_t events_ = 0;
};

}  // namespace cherries::test
