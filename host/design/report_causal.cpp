#include "host/design/report_causal.hpp"

#include <fmt/core.h>

#include <cmath>
#include <stdexcept>

#include "engine/game.hpp"
#include "engine/table_view.hpp"
#include "host/base/input_error.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

void PairedSums::add_game(std::uint64_t forks, std::int64_t total) {
    if (forks == 0) return;
    n += forks;
    ++games;
    nsq += forks * forks;
    sum += total;
    sq += total * total;
    cross += total * static_cast<std::int64_t>(forks);
}

void PairedSums::add(const PairedSums& o) {
    n += o.n;
    games += o.games;
    nsq += o.nsq;
    sum += o.sum;
    sq += o.sq;
    cross += o.cross;
}

double PairedSums::mean() const { return n ? static_cast<double>(sum) / static_cast<double>(n) : 0.0; }

std::pair<double, double> PairedSums::ci95() const {
    const double m = mean();
    if (games < 2) return {m, m};
    // Σ_g (S_g − m n_g)² = Σ S_g² − 2 m Σ S_g n_g + m² Σ n_g²
    const double spread = static_cast<double>(sq) - 2 * m * static_cast<double>(cross) + m * m * static_cast<double>(nsq);
    const double g = static_cast<double>(games);
    const double variance = std::max(0.0, spread) / (static_cast<double>(n) * static_cast<double>(n)) * g / (g - 1);
    const double half = 1.959964 * std::sqrt(variance);
    return {m - half, m + half};
}

nlohmann::json PairedSums::to_json() const { return {n, games, nsq, sum, sq, cross}; }

PairedSums PairedSums::from_json(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 6) throw std::invalid_argument("expected [n, games, nsq, sum, sq, cross]");
    PairedSums p;
    p.n = j[0].get<std::uint64_t>();
    p.games = j[1].get<std::uint64_t>();
    p.nsq = j[2].get<std::uint64_t>();
    p.sum = j[3].get<std::int64_t>();
    p.sq = j[4].get<std::int64_t>();
    p.cross = j[5].get<std::int64_t>();
    return p;
}

CausalTally::CausalTally(std::size_t kinds)
    : receiver(kinds), kept(kinds), length(kinds), forks(kinds, 0), unfinished(kinds, 0) {}

void CausalTally::add(const CausalTally& o) {
    if (o.receiver.size() != receiver.size()) throw std::invalid_argument("causal tallies of different catalogs");
    for (std::size_t k = 0; k < receiver.size(); ++k) {
        receiver[k].add(o.receiver[k]);
        kept[k].add(o.kept[k]);
        length[k].add(o.length[k]);
        forks[k] += o.forks[k];
        unfinished[k] += o.unfinished[k];
    }
}

nlohmann::json CausalTally::to_json() const {
    nlohmann::json r = nlohmann::json::array(), k = nlohmann::json::array(), l = nlohmann::json::array();
    for (std::size_t i = 0; i < receiver.size(); ++i) {
        r.push_back(receiver[i].to_json());
        k.push_back(kept[i].to_json());
        l.push_back(length[i].to_json());
    }
    return {{"receiver", r}, {"kept", k}, {"length", l}, {"forks", forks}, {"unfinished", unfinished}};
}

CausalTally CausalTally::from_json(const nlohmann::json& j, std::size_t kinds, const std::string& where) {
    CausalTally t(kinds);
    try {
        for (const char* key : {"receiver", "kept", "length", "forks", "unfinished"})
            if (!j.contains(key) || !j[key].is_array() || j[key].size() != kinds)
                throw std::invalid_argument(fmt::format("\"{}\" must hold one entry per card kind ({})", key, kinds));
        for (std::size_t i = 0; i < kinds; ++i) {
            t.receiver[i] = PairedSums::from_json(j["receiver"][i]);
            t.kept[i] = PairedSums::from_json(j["kept"][i]);
            t.length[i] = PairedSums::from_json(j["length"][i]);
            t.forks[i] = j["forks"][i].get<std::uint64_t>();
            t.unfinished[i] = j["unfinished"][i].get<std::uint64_t>();
        }
    } catch (const std::exception& e) {
        throw InputError(fmt::format("{}: malformed causal tally: {}", where, e.what()));
    }
    return t;
}

CausalForks::CausalForks(const Catalog& catalog, const std::string& bot, const BotSettings& settings,
                         std::uint32_t players, std::uint32_t max_turns, std::uint32_t every, CausalTally& tally)
    : catalog_(catalog), blanks_(catalog.card_count()), made_(catalog.card_count(), false), max_turns_(max_turns),
      every_(every), tally_(tally) {
    if (every_ == 0) return;
    for (std::uint32_t seat = 0; seat < players; ++seat) bots_.push_back(make_bot(bot, 0, settings));
}

void CausalForks::begin_game(std::uint64_t game_seed) {
    pick_ = SplitMix64(mix_seed(game_seed ^ 0x636175736c000000ULL));  // not the bots', not the game's
    forks_.clear();
}

void CausalForks::decided(const Game& game, PlayerId receiver, const Session& session) {
    if (every_ == 0 || uniform_below(pick_, every_) != 0) return;
    const CardId card = game.drawn_card();
    if (!made_[card]) {
        blanks_[card] = catalog_.with_blank(card);
        made_[card] = true;
    }
    // The blank branch: the same table, deck order and generator, the card now a blank.
    Game blank(blanks_[card], game.gametype(), game.evaluator(), game.snapshot());
    for (const Player& p : game.players())
        if (const Bot* seated = session.bot(p.id); seated && p.id < bots_.size()) bots_[p.id]->restore(seated->state());
    Fork fork{.kind = catalog_.kind_id_of(card), .receiver = receiver, .drawer = game.current_player(),
              .turn = game.turn(), .blank_turns = 0};
    blank.give(receiver);
    const TableView view(blank);
    while (!blank.over()) {
        if (blank.phase() == Phase::awaiting_give) {
            blank.give(bots_[blank.current_player()]->choose_receiver(view));
        } else if (blank.phase() == Phase::between_turns && blank.turn() < max_turns_) {
            blank.start_turn();
        } else {
            break;  // the turn cap (or a suspended table, which a batch never has)
        }
    }
    fork.blank_finished = blank.over();
    fork.blank_won = blank.phase() == Phase::won && blank.winner() == receiver;
    fork.blank_turns = blank.turn();
    forks_.push_back(fork);
}

void CausalForks::end_game(std::uint32_t turns, std::int32_t winner, bool finished) {
    const std::size_t kinds = tally_.receiver.size();
    std::vector<std::uint64_t> n(kinds, 0), kept_n(kinds, 0);
    std::vector<std::int64_t> win(kinds, 0), kept_win(kinds, 0), length(kinds, 0);
    for (const Fork& f : forks_) {
        ++tally_.forks[f.kind];
        if (!finished || !f.blank_finished) {
            ++tally_.unfinished[f.kind];
            continue;
        }
        const int played = winner >= 0 && static_cast<PlayerId>(winner) == f.receiver ? 1 : 0;
        const int d = played - (f.blank_won ? 1 : 0);
        ++n[f.kind];
        win[f.kind] += d;
        length[f.kind] += static_cast<std::int64_t>(turns) - static_cast<std::int64_t>(f.blank_turns);
        if (f.receiver == f.drawer) {
            ++kept_n[f.kind];
            kept_win[f.kind] += d;
        }
    }
    for (std::size_t k = 0; k < kinds; ++k) {
        tally_.receiver[k].add_game(n[k], win[k]);
        tally_.length[k].add_game(n[k], length[k]);
        tally_.kept[k].add_game(kept_n[k], kept_win[k]);
    }
    forks_.clear();
}

}  // namespace cherries::host
