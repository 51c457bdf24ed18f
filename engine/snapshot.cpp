// Game::snapshot and the restoring constructor, with the consistency checks a snapshot read
// from a file needs: it is untrusted input, and a bad one must fail cleanly, never crash.
#include <set>
#include <string>

#include "engine/game.hpp"

namespace cherries {

GameSnapshot Game::snapshot() const {
    GameSnapshot s;
    s.players = players_;
    s.deck = deck_;
    s.removed = removed_;
    s.set_aside = set_aside_;
    s.phase = phase_;
    s.next = static_cast<std::uint32_t>(round_position_);
    s.drawn = drawn_;
    s.winner = winner_;
    s.next_id = next_player_id_;
    s.turn = turn_;
    s.started = started_;
    s.random = random_.state();
    return s;
}

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw RuleError("inconsistent game state: " + what);
}

}  // namespace

Game::Game(const Catalog& catalog, const Gametype& gametype, Evaluator& evaluator, const GameSnapshot& s)
    : catalog_(catalog), gametype_(gametype), evaluator_(&evaluator), random_(0) {
    require(s.phase <= Phase::aborted, "unknown phase");
    try {
        random_.set_state(s.random);
    } catch (const std::invalid_argument&) {
        throw RuleError("inconsistent game state: the generator state is not a mt19937_64 state");
    }
    // Every physical card exactly once: deck, received and modifier stacks, removed, drawn.
    const std::size_t cards = catalog.card_count();
    std::vector<bool> seen(cards, false);
    auto place = [&](CardId card, const char* where) {
        require(card < cards, std::string("card ") + std::to_string(card) + " in " + where + " is not in the catalog (" +
                                  std::to_string(cards) + " cards)");
        require(!seen[card], "card " + std::to_string(card) + " is in two places");
        seen[card] = true;
    };
    for (CardId c : s.deck) place(c, "the deck");
    for (CardId c : s.removed) place(c, "removed");
    for (CardId c : s.set_aside) place(c, "set aside");
    if (s.drawn != kNoCard) place(s.drawn, "drawn");
    std::set<PlayerId> ids;
    std::set<std::string> names;
    for (const Player& p : s.players) {
        require(!p.name.empty() && names.insert(p.name).second, "player name '" + p.name + "' empty or repeated");
        require(p.id < s.next_id && ids.insert(p.id).second, "player id " + std::to_string(p.id) + " repeated or unissued");
        require(p.cherries >= 0 && p.cherries <= kMaxMagnitude && p.score >= 0 && p.score <= kMaxMagnitude,
                "player '" + p.name + "': cherries or score out of range");
        for (CardId c : p.received) place(c, "a received card stack");
        for (const ActiveModifier& m : p.modifiers) {
            place(m.card, "a modifier card stack");
            require(m.lifetime >= 1, "player '" + p.name + "': a modifier with lifetime below 1");
            require(catalog.kind_of(m.card).type == CardType::modifier, "a non-modifier card in a modifier card stack");
        }
    }
    for (std::size_t c = 0; c < cards; ++c) require(seen[c], "card " + std::to_string(c) + " is nowhere");
    // Between turns every player may have had their turn in this round (the gap's leaves ended
    // it): next == players.size(). During a turn it names the player whose turn it is.
    require(s.players.empty() ? s.next == 0
                              : s.next < s.players.size() ||
                                    (s.next == s.players.size() && (s.phase == Phase::between_turns || s.phase == Phase::suspended)),
            "next player index out of range");
    require((s.phase == Phase::awaiting_give) == (s.drawn != kNoCard), "a drawn card exactly while awaiting a give");
    require(s.phase != Phase::awaiting_give || s.players.size() >= 2, "a turn with fewer than two players");
    require((s.phase == Phase::won) == (s.winner != kNoPlayer) && (s.winner == kNoPlayer || ids.count(s.winner)),
            "a winner exactly when won, and seated");
    require(s.players.size() != 1 || s.phase == Phase::suspended || s.phase >= Phase::won,
            "one player and neither suspended nor over");
    require(!s.players.empty() || s.phase == Phase::ended, "no players and not ended");

    players_ = s.players;
    for (auto& p : players_) {
        p.received.reserve(cards);
        p.modifiers.reserve(cards);
    }
    deck_ = s.deck;
    deck_.reserve(cards);
    removed_ = s.removed;
    removed_.reserve(cards);
    set_aside_ = s.set_aside;
    phase_ = s.phase;
    round_position_ = s.next;
    drawn_ = s.drawn;
    winner_ = s.winner;
    next_player_id_ = s.next_id;
    turn_ = s.turn;
    started_ = s.started;
}

}  // namespace cherries
