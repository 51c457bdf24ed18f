#include "host/design/report_decisions.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/game.hpp"
#include "host/base/input_error.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

void DecisionTally::add(const DecisionTally& o) {
    if (o.threshold != threshold) throw std::invalid_argument("decision tallies with different thresholds");
    matters.add(o.matters);
    spread.add(o.spread);
    sampled += o.sampled;
    unfinished += o.unfinished;
}

nlohmann::json DecisionTally::to_json() const {
    return {{"matters", matters.to_json()}, {"spread", spread.to_json()}, {"sampled", sampled},
            {"unfinished", unfinished}, {"threshold", threshold}};
}

DecisionTally DecisionTally::from_json(const nlohmann::json& j, const std::string& where) {
    try {
        DecisionTally t;
        t.matters = PairedSums::from_json(j.at("matters"));
        t.spread = PairedSums::from_json(j.at("spread"));
        t.sampled = j.at("sampled").get<std::uint64_t>();
        t.unfinished = j.at("unfinished").get<std::uint64_t>();
        t.threshold = j.at("threshold").get<std::uint32_t>();
        return t;
    } catch (const std::exception& e) {
        throw InputError(fmt::format("{}: malformed decision tally: {}", where, e.what()));
    }
}

nlohmann::json decisions_json(const DecisionTally& t) {
    const auto rounded = [](double x) { return std::round(x * 1e6) / 1e6; };
    const auto figure = [&](const PairedSums& p, double scale) {
        if (p.n == 0) return nlohmann::json();
        const auto [lo, hi] = p.ci95();
        return nlohmann::json{{"value", rounded(p.mean() / scale)}, {"ci95", {rounded(lo / scale), rounded(hi / scale)}}};
    };
    return {{"sampled", t.sampled}, {"unfinished", t.unfinished}, {"compared", t.matters.n},
            {"threshold", rounded(static_cast<double>(t.threshold) / kDecisionFutures)},
            {"matters", figure(t.matters, 1)}, {"spread", figure(t.spread, kDecisionFutures)}};
}

std::uint32_t decision_threshold(double share) {
    return static_cast<std::uint32_t>(std::floor(share * kDecisionFutures + 1e-9));
}

DecisionForks::DecisionForks(const std::string& bot, const BotSettings& settings, std::uint32_t players,
                             std::uint32_t max_turns, std::uint32_t every, DecisionTally& tally)
    : branches_(bot, settings, every == 0 ? 0 : players, max_turns), every_(every), tally_(tally) {}

void DecisionForks::begin_game(std::uint64_t game_seed) {
    seed_ = mix_seed(game_seed ^ 0x6465636973000000ULL);  // not the causal forks', not the game's
    pick_ = SplitMix64(seed_);
    in_game_ = 0;
    n_ = 0;
    matters_ = spread_ = spread_nonzero_ = 0;
}

void DecisionForks::decided(const Game& game, const Session& session) {
    if (every_ == 0 || uniform_below(pick_, every_) != 0) return;
    if (std::chrono::steady_clock::now() >= deadline_) throw BudgetExceeded("the time budget ran out during a game's decisions");
    ++tally_.sampled;
    ++in_game_;
    const PlayerId drawer = game.current_player();
    const GameSnapshot snapshot = game.snapshot();
    // Future f: the cards still in the deck (unseen by the players) in an order of its own, the
    // same for every choice (common random numbers); the bots as they are now.
    std::vector<GameSnapshot> futures(kDecisionFutures, snapshot);
    for (std::uint32_t f = 0; f < kDecisionFutures; ++f) {
        // Seeded from the game seed and the decision's place in its game: the same on any thread.
        Random shuffle(mix_seed(seed_ + in_game_ * kDecisionFutures + f));
        shuffle.shuffle(std::span<CardId>(futures[f].deck));
    }
    std::uint32_t best = 0, worst = kDecisionFutures;
    for (const Player& choice : game.players()) {
        std::uint32_t wins = 0;
        for (const GameSnapshot& future : futures) {
            Game branch(game.catalog(), game.gametype(), game.evaluator(), future);
            branches_.restore(game, session);
            branch.give(choice.id);
            const BranchEnd end = branches_.play_out(branch);
            if (!end.finished) {
                ++tally_.unfinished;  // a branch at the turn cap: the decision has no outcome
                return;
            }
            wins += end.winner >= 0 && static_cast<PlayerId>(end.winner) == drawer ? 1 : 0;
        }
        best = std::max(best, wins);
        worst = std::min(worst, wins);
    }
    const std::uint32_t spread = best - worst;
    ++n_;
    spread_ += spread;
    spread_nonzero_ += spread != 0;
    matters_ += spread > tally_.threshold ? 1 : 0;
}

void DecisionForks::end_game() {
    tally_.matters.add_game(n_, matters_, matters_);
    tally_.spread.add_game(n_, spread_, spread_nonzero_);
    n_ = 0;
    matters_ = spread_ = spread_nonzero_ = 0;
}

}  // namespace cherries::host
