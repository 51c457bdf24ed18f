#include "host/design/report_tally.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <stdexcept>

#include "host/base/input_error.hpp"

namespace cherries::host {

ReportTally::ReportTally(std::uint32_t players_, std::string bot_, std::size_t kinds_, std::uint32_t blocks_)
    : players(players_), bot(std::move(bot_)), kinds(kinds_), blocks(blocks_) {
    wins.assign(players, 0);
    gives.assign(kinds, {});
    seat_games.assign(std::size_t{blocks} * players, 0);
    seat_wins = seat_games;
    received.assign(std::size_t{blocks} * players * kinds, 0);
    received_wins = received;
    causal = CausalTally(kinds);
}

namespace {

void add_to(std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    if (a.size() < b.size()) a.resize(b.size(), 0);
    for (std::size_t i = 0; i < b.size(); ++i) a[i] += b[i];
}

}  // namespace

void ReportTally::add(const ReportTally& o) {
    if (o.players != players || o.bot != bot || o.kinds != kinds || o.blocks != blocks)
        throw std::invalid_argument("ReportTally::add: different configurations");
    games += o.games;
    unfinished += o.unfinished;
    no_winner += o.no_winner;
    add_to(wins, o.wins);
    for (const auto& [turns, count] : o.length) length[turns] += count;
    add_to(turn_n, o.turn_n);
    add_to(cherries_sum, o.cherries_sum);
    add_to(cherries_sq, o.cherries_sq);
    add_to(score_sum, o.score_sum);
    add_to(score_sq, o.score_sq);
    for (std::size_t k = 0; k < kinds; ++k)
        for (std::size_t t = 0; t < kGiveTargets; ++t) gives[k][t] += o.gives[k][t];
    add_to(seat_games, o.seat_games);
    add_to(seat_wins, o.seat_wins);
    add_to(received, o.received);
    add_to(received_wins, o.received_wins);
    causal.add(o.causal);
    play.add(o.play);
    decisions.add(o.decisions);
}

nlohmann::json ReportTally::to_json() const {
    nlohmann::json len = nlohmann::json::array();
    for (const auto& [turns, count] : length) len.push_back({turns, count});
    return {{"players", players}, {"bot", bot}, {"kinds", kinds}, {"blocks", blocks},
            {"games", games}, {"unfinished", unfinished}, {"no_winner", no_winner}, {"wins", wins},
            {"length", std::move(len)}, {"turn_n", turn_n}, {"cherries_sum", cherries_sum},
            {"cherries_sq", cherries_sq}, {"score_sum", score_sum}, {"score_sq", score_sq}, {"gives", gives},
            {"seat_games", seat_games}, {"seat_wins", seat_wins}, {"received", received},
            {"received_wins", received_wins}, {"causal", causal.to_json()}, {"play", play.to_json()},
            {"decisions", decisions.to_json()}};
}

ReportTally ReportTally::from_json(const nlohmann::json& j, const std::string& where) {
    try {
        // The sizes must agree with the arrays before anything is allocated by them.
        const auto players = j.at("players").get<std::uint64_t>(), kinds = j.at("kinds").get<std::uint64_t>(),
                   blocks = j.at("blocks").get<std::uint64_t>();
        if (players > 100000 || kinds > 100000 || blocks > 100000 ||
            j.at("received").size() != players * kinds * blocks)
            throw InputError(fmt::format("{}: malformed tally: sizes do not match \"received\"", where));
        ReportTally t(j.at("players").get<std::uint32_t>(), j.at("bot").get<std::string>(),
                      j.at("kinds").get<std::size_t>(), j.at("blocks").get<std::uint32_t>());
        const auto sized = [&](const char* key, std::vector<std::uint64_t>& into, std::size_t size) {
            into = j.at(key).get<std::vector<std::uint64_t>>();
            if (into.size() != size)
                throw InputError(fmt::format("{}: \"{}\" has {} entries, expected {}", where, key, into.size(), size));
        };
        if (t.blocks < 1 || t.players < 2) throw InputError(fmt::format("{}: malformed tally: no blocks or players", where));
        t.games = j.at("games").get<std::uint64_t>();
        t.unfinished = j.at("unfinished").get<std::uint64_t>();
        t.no_winner = j.at("no_winner").get<std::uint64_t>();
        sized("wins", t.wins, t.players);
        for (const auto& row : j.at("length")) t.length[row.at(0).get<std::uint32_t>()] = row.at(1).get<std::uint64_t>();
        const std::size_t followed = j.at("turn_n").size();
        sized("turn_n", t.turn_n, followed);
        sized("cherries_sum", t.cherries_sum, followed);
        sized("cherries_sq", t.cherries_sq, followed);
        sized("score_sum", t.score_sum, followed);
        sized("score_sq", t.score_sq, followed);
        t.gives = j.at("gives").get<std::vector<std::array<std::uint64_t, kGiveTargets>>>();
        if (t.gives.size() != t.kinds) throw InputError(fmt::format("{}: \"gives\" has the wrong size", where));
        sized("seat_games", t.seat_games, std::size_t{t.blocks} * t.players);
        sized("seat_wins", t.seat_wins, std::size_t{t.blocks} * t.players);
        sized("received", t.received, std::size_t{t.blocks} * t.players * t.kinds);
        sized("received_wins", t.received_wins, std::size_t{t.blocks} * t.players * t.kinds);
        t.causal = CausalTally::from_json(j.at("causal"), t.kinds, where);
        t.play = PlayTally::from_json(j.at("play"), where);
        t.decisions = DecisionTally::from_json(j.at("decisions"), where);
        return t;
    } catch (const nlohmann::json::exception& e) {
        throw InputError(fmt::format("{}: malformed tally: {}", where, e.what()));
    }
}

std::uint32_t report_block(std::uint64_t index, std::uint64_t games, std::uint32_t blocks) {
    // floor(index * blocks / games) without overflow: index = q * games / blocks ... via quotient and rest.
    const std::uint64_t per = games / blocks, rest = games % blocks;
    // Blocks are sim_shard_range's slices of the games: block b holds [b*games/blocks, (b+1)*games/blocks).
    std::uint32_t b = per ? static_cast<std::uint32_t>(std::min<std::uint64_t>(index / per, blocks - 1)) : 0;
    const auto start = [&](std::uint64_t k) { return per * k + rest * k / blocks; };
    while (b > 0 && start(b) > index) --b;
    while (b + 1 < blocks && start(b + 1) <= index) ++b;
    return b;
}

void ReportCollector::begin_game(const Game& game) {
    game_ = &game;
    lead_.begin(tally_.players);
    got_.assign(std::size_t{tally_.players} * tally_.kinds, 0);
}

void ReportCollector::decided(const Game& game, PlayerId receiver, const Session& session) {
    if (forks_) forks_->decided(game, receiver, session);
    if (decisions_) decisions_->decided(game, session);
}

void ReportCollector::on_event(const Event& event) {
    if (event.type != EventType::give || !game_) return;
    // Player ids are the seats 0..K-1 in a simulation (play_sim_game).
    const std::size_t kind = game_->catalog().kind_id_of(event.card);
    got_[std::size_t{event.receiver} * tally_.kinds + kind] = 1;
    GiveTarget target = GiveTarget::kept;
    if (event.receiver != event.player) {
        std::int64_t low = INT64_MAX, high = INT64_MIN, mine = 0;
        for (const Player& p : game_->players()) {
            low = std::min(low, p.score);
            high = std::max(high, p.score);
            if (p.id == event.receiver) mine = p.score;
        }
        target = low == high ? GiveTarget::other : mine == high ? GiveTarget::leader : mine == low ? GiveTarget::last
                                                                                                    : GiveTarget::other;
    }
    ++tally_.gives[kind][static_cast<std::size_t>(target)];
}

void ReportCollector::after_turn(const Game& game) {
    lead_.after_turn(game);
    const std::uint32_t t = game.turn();
    if (t < 1 || t > kFollowedTurns) return;
    if (tally_.turn_n.size() < t) {
        for (auto* v : {&tally_.turn_n, &tally_.cherries_sum, &tally_.cherries_sq, &tally_.score_sum, &tally_.score_sq})
            v->resize(t, 0);
    }
    for (const Player& p : game.players()) {
        const auto c = static_cast<std::uint64_t>(p.cherries);
        const auto s = static_cast<std::uint64_t>(p.score);
        ++tally_.turn_n[t - 1];
        tally_.cherries_sum[t - 1] += c;
        tally_.cherries_sq[t - 1] += c * c;
        tally_.score_sum[t - 1] += s;
        tally_.score_sq[t - 1] += s * s;
    }
}

void ReportCollector::end_game(const SimGame& result, std::uint64_t index, std::uint64_t total) {
    ReportTally& t = tally_;
    ++t.games;
    ++t.length[result.turns];
    if (result.outcome == GameEnd::turn_cap) ++t.unfinished;
    if ((result.outcome == GameEnd::ended || result.outcome == GameEnd::aborted)) ++t.no_winner;
    const std::size_t block = report_block(index, total, t.blocks);
    for (std::uint32_t seat = 0; seat < t.players; ++seat) {
        const bool won = result.outcome == GameEnd::won && result.winner == static_cast<std::int32_t>(seat);
        if (won) ++t.wins[seat];
        ++t.seat_games[block * t.players + seat];
        t.seat_wins[block * t.players + seat] += won;
        const std::size_t row = (block * t.players + seat) * t.kinds;
        for (std::size_t k = 0; k < t.kinds; ++k) {
            if (!got_[seat * t.kinds + k]) continue;
            ++t.received[row + k];
            t.received_wins[row + k] += won;
        }
    }
    if (forks_) forks_->end_game(result.turns, result.winner, result.outcome != GameEnd::turn_cap);
    if (decisions_) decisions_->end_game();
    lead_.end(result.outcome == GameEnd::won ? result.winner : -1, result.turns, t.play);
    game_ = nullptr;
}

}  // namespace cherries::host
