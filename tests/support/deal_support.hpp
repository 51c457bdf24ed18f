// What the fair-deal tests share (docs/records.md, "The fair deal"): every number a text holds
// that could be a seed, and the first draws a seed gives, to check that nothing a player can
// read predicts the deck's order (GDD §3.4.1, §3.4.2.3.1).
#pragma once

#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "tests/support/standard_bundle.hpp"

namespace cherries::test {

/// Every number a text holds that could be a seed: each run of decimal digits that fits 64 bits,
/// and each run of hex digits read as hex (a run longer than 16 digits: each of its 16-digit windows).
inline std::set<std::uint64_t> numbers_in(const std::string& text) {
    std::set<std::uint64_t> out;
    static const std::regex decimal("[0-9]+"), hex("[0-9a-fA-F]+");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), decimal); it != std::sregex_iterator(); ++it) {
        const std::string digits = it->str();
        if (digits.size() <= 20) {
            try {
                out.insert(std::stoull(digits));
            } catch (const std::out_of_range&) {
            }
        }
    }
    for (auto it = std::sregex_iterator(text.begin(), text.end(), hex); it != std::sregex_iterator(); ++it) {
        const std::string digits = it->str();
        if (digits.size() <= 16) out.insert(std::stoull(digits, nullptr, 16));
        else
            for (std::size_t at = 0; at + 16 <= digits.size(); ++at) out.insert(std::stoull(digits.substr(at, 16), nullptr, 16));
    }
    return out;
}

/// The first `n` cards a game seeded with `seed` draws (kept by their drawer, as nothing else
/// changes the order of the first draws of a fresh deck), as record card ids.
inline std::vector<std::string> first_draws(std::uint64_t seed, const std::vector<std::string>& players, std::size_t n) {
    const sdk::Bundle& bundle = standard_bundle();
    static auto runtime = bundle.make_runtime();
    Game game(bundle.catalog(), bundle.gametype(), *runtime, seed, players);
    std::vector<std::string> draws;
    while (draws.size() < n && !game.over()) {
        game.start_turn();
        if (game.phase() != Phase::awaiting_give) break;
        draws.push_back(bundle.catalog().display_id(bundle.catalog().kind_id_of(game.drawn_card())));
        game.give(game.current_player());
    }
    return draws;
}


}  // namespace cherries::test
