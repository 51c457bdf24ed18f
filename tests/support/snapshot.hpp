// A comparable copy of a game's whole state, to show that a refused move (RuleError) or a
// plan() changed nothing; and Catch printers for the engine's enums.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace Catch {
template <>
struct StringMaker<cherries::EventType> {
    static std::string convert(cherries::EventType k) { return std::string(cherries::to_string(k)); }
};
template <>
struct StringMaker<cherries::Phase> {
    static std::string convert(cherries::Phase p) { return std::string(cherries::to_string(p)); }
};
template <>
struct StringMaker<cherries::CardType> {
    static std::string convert(cherries::CardType t) { return std::string(cherries::to_string(t)); }
};
}  // namespace Catch

namespace cherries::test {

struct PlayerState {
    PlayerId id;
    std::string name;
    std::int64_t cherries;
    std::int64_t score;
    std::vector<CardId> received;
    std::vector<std::pair<CardId, std::int32_t>> modifiers;
    bool operator==(const PlayerState&) const = default;
};

struct Snapshot {
    Phase phase;
    std::uint32_t turn;
    PlayerId current;
    CardId drawn;
    PlayerId winner;
    bool in_progress;
    std::vector<CardId> deck;
    std::vector<CardId> removed;
    std::vector<CardId> set_aside;
    std::vector<PlayerState> players;
    std::mt19937_64 random;
    bool operator==(const Snapshot&) const = default;
};

inline Snapshot snapshot(const Game& g) {
    Snapshot s{g.phase(), g.turn(), g.current_player(), g.drawn_card(), g.winner(), g.in_progress(),
               g.deck(), g.removed(), g.set_aside(), {}, g.random().engine()};
    for (const auto& p : g.players()) {
        PlayerState ps{p.id, p.name, p.cherries, p.score, p.received, {}};
        for (const auto& m : p.modifiers) ps.modifiers.emplace_back(m.card, m.lifetime);
        s.players.push_back(std::move(ps));
    }
    return s;
}

inline std::ostream& operator<<(std::ostream& os, const Snapshot& s) {
    auto cards = [&](const std::vector<CardId>& v) {
        os << '[';
        for (std::size_t i = 0; i < v.size(); ++i) os << (i ? " " : "") << v[i];
        os << ']';
    };
    os << "phase " << to_string(s.phase) << ", turn " << s.turn << ", current " << s.current << ", drawn " << s.drawn
       << ", winner " << s.winner << ", deck ";
    cards(s.deck);
    os << ", removed ";
    cards(s.removed);
    os << ", set aside ";
    cards(s.set_aside);
    for (const auto& p : s.players) {
        os << "\n  " << p.name << " (id " << p.id << "): cherries " << p.cherries << ", score " << p.score << ", received ";
        cards(p.received);
        os << ", modifiers [";
        for (const auto& [c, l] : p.modifiers) os << ' ' << c << ':' << l;
        os << " ]";
    }
    return os;
}

}  // namespace cherries::test
