#include "host/design/report_causal.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/game.hpp"
#include "host/base/input_error.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

void PairedSums::add_game(std::uint64_t forks, std::int64_t total, std::uint64_t nonzero_forks) {
    if (forks == 0) return;
    n += forks;
    nonzero += nonzero_forks;
    ++games;
    nsq += forks * forks;
    sum += total;
    sq += total * total;
    cross += total * static_cast<std::int64_t>(forks);
}

void PairedSums::add(const PairedSums& o) {
    n += o.n;
    nonzero += o.nonzero;
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

double PairedSums::outcome_se() const {
    if (n == 0) return 0;
    const auto [lo, hi] = ci95();
    const double cluster = (hi - lo) / (2 * 1.959964);
    const double m = static_cast<double>(n) + 2, disc = static_cast<double>(nonzero), net = static_cast<double>(sum);
    const double agresti_min = std::sqrt(std::max(0.0, disc + 1 - net * net / m)) / m;
    return std::max(cluster, agresti_min);
}

std::pair<double, double> PairedSums::outcome_ci95() const {
    const auto cluster = ci95();
    if (n == 0) return cluster;
    const double m = static_cast<double>(n) + 2, disc = static_cast<double>(nonzero), net = static_cast<double>(sum);
    const double agresti_min = std::sqrt(std::max(0.0, disc + 1 - net * net / m)) / m;
    if ((cluster.second - cluster.first) / 2 >= 1.959964 * agresti_min) return cluster;
    // Agresti-Min's interval: centred on the adjusted difference (b - c) / (n + 2), within [-1, 1].
    const double centre = net / m, half = 1.959964 * agresti_min;
    return {std::max(-1.0, centre - half), std::min(1.0, centre + half)};
}

nlohmann::json PairedSums::to_json() const { return {n, games, nsq, sum, sq, cross, nonzero}; }

PairedSums PairedSums::from_json(const nlohmann::json& j) {
    // Six entries: a part written before `nonzero` was kept; taken as every fork informative (the
    // widest Agresti-Min error, so an old part never narrows an interval).
    if (!j.is_array() || (j.size() != 6 && j.size() != 7))
        throw std::invalid_argument("expected [n, games, nsq, sum, sq, cross, nonzero]");
    PairedSums p;
    p.n = j[0].get<std::uint64_t>();
    p.games = j[1].get<std::uint64_t>();
    p.nsq = j[2].get<std::uint64_t>();
    p.sum = j[3].get<std::int64_t>();
    p.sq = j[4].get<std::int64_t>();
    p.cross = j[5].get<std::int64_t>();
    p.nonzero = j.size() == 7 ? j[6].get<std::uint64_t>() : p.n;
    if (p.nonzero > p.n) throw std::invalid_argument("more nonzero forks than forks");
    return p;
}

void EffectSums::add(const EffectSums& o) {
    for (std::size_t k = 0; k < receiver.size(); ++k) {
        receiver[k].add(o.receiver[k]);
        kept[k].add(o.kept[k]);
        length[k].add(o.length[k]);
    }
}

nlohmann::json EffectSums::to_json() const {
    nlohmann::json r = nlohmann::json::array(), k = nlohmann::json::array(), l = nlohmann::json::array();
    for (std::size_t i = 0; i < receiver.size(); ++i) {
        r.push_back(receiver[i].to_json());
        k.push_back(kept[i].to_json());
        l.push_back(length[i].to_json());
    }
    return {{"receiver", r}, {"kept", k}, {"length", l}};
}

EffectSums EffectSums::from_json(const nlohmann::json& j, std::size_t kinds) {
    for (const char* key : {"receiver", "kept", "length"})
        if (!j.is_object() || !j.contains(key) || !j[key].is_array() || j[key].size() != kinds)
            throw std::invalid_argument(fmt::format("\"{}\" must hold one entry per card kind ({})", key, kinds));
    EffectSums e(kinds);
    for (std::size_t i = 0; i < kinds; ++i) {
        e.receiver[i] = PairedSums::from_json(j["receiver"][i]);
        e.kept[i] = PairedSums::from_json(j["kept"][i]);
        e.length[i] = PairedSums::from_json(j["length"][i]);
    }
    return e;
}

bool DecidingGame::before(const DecidingGame& other) const {
    if (!found) return false;
    if (!other.found) return true;
    return game != other.game ? game < other.game : turn < other.turn;
}

nlohmann::json DecidingGame::to_json() const {
    if (!found) return nullptr;
    return {{"game", game}, {"turn", turn}, {"drawer", drawer}, {"receiver", receiver}};
}

DecidingGame DecidingGame::from_json(const nlohmann::json& j) {
    DecidingGame d;
    if (j.is_null()) return d;
    d.found = true;
    d.game = j.at("game").get<std::uint64_t>();
    d.turn = j.at("turn").get<std::uint32_t>();
    d.drawer = j.at("drawer").get<PlayerId>();
    d.receiver = j.at("receiver").get<PlayerId>();
    return d;
}

CausalTally::CausalTally(std::size_t kinds)
    : handling(kinds), copy(kinds), forks(kinds, 0), unfinished(kinds, 0), helped(kinds), hurt(kinds) {}

void CausalTally::add(const CausalTally& o) {
    if (o.kinds() != kinds() || o.handling.receiver.size() != kinds() || o.copy.receiver.size() != kinds())
        throw std::invalid_argument("causal tallies of different catalogs");
    handling.add(o.handling);
    copy.add(o.copy);
    for (std::size_t k = 0; k < kinds(); ++k) {
        forks[k] += o.forks[k];
        unfinished[k] += o.unfinished[k];
        if (o.helped[k].before(helped[k])) helped[k] = o.helped[k];
        if (o.hurt[k].before(hurt[k])) hurt[k] = o.hurt[k];
    }
}

nlohmann::json CausalTally::to_json() const {
    nlohmann::json helps = nlohmann::json::array(), hurts = nlohmann::json::array();
    for (std::size_t k = 0; k < kinds(); ++k) {
        helps.push_back(helped[k].to_json());
        hurts.push_back(hurt[k].to_json());
    }
    return {{"handling", handling.to_json()}, {"copy", copy.to_json()}, {"forks", forks}, {"unfinished", unfinished},
            {"helped", std::move(helps)}, {"hurt", std::move(hurts)}};
}

CausalTally CausalTally::from_json(const nlohmann::json& j, std::size_t kinds, const std::string& where) {
    CausalTally t(kinds);
    try {
        for (const char* key : {"forks", "unfinished"})
            if (!j.contains(key) || !j[key].is_array() || j[key].size() != kinds)
                throw std::invalid_argument(fmt::format("\"{}\" must hold one entry per card kind ({})", key, kinds));
        for (const char* key : {"handling", "copy"})
            if (!j.contains(key)) throw std::invalid_argument(fmt::format("\"{}\" is missing", key));
        t.handling = EffectSums::from_json(j["handling"], kinds);
        t.copy = EffectSums::from_json(j["copy"], kinds);
        for (std::size_t i = 0; i < kinds; ++i) {
            t.forks[i] = j["forks"][i].get<std::uint64_t>();
            t.unfinished[i] = j["unfinished"][i].get<std::uint64_t>();
        }
        // Parts written before the deciding games were kept have none.
        for (const char* key : {"helped", "hurt"}) {
            if (!j.contains(key)) continue;
            if (!j[key].is_array() || j[key].size() != kinds)
                throw std::invalid_argument(fmt::format("\"{}\" must hold one entry per card kind ({})", key, kinds));
            auto& into = std::string(key) == "helped" ? t.helped : t.hurt;
            for (std::size_t i = 0; i < kinds; ++i) into[i] = DecidingGame::from_json(j[key][i]);
        }
    } catch (const std::exception& e) {
        throw InputError(fmt::format("{}: malformed causal tally: {}", where, e.what()));
    }
    return t;
}

std::vector<std::uint64_t> fork_rates(const Catalog& catalog, std::uint32_t every, bool by_rarity) {
    std::vector<std::uint64_t> rates(catalog.kinds().size(), every);
    if (every == 0 || !by_rarity || catalog.kinds().empty()) return rates;
    const double mean = static_cast<double>(catalog.card_count()) / static_cast<double>(catalog.kinds().size());
    for (std::size_t k = 0; k < rates.size(); ++k)
        rates[k] = std::max<std::uint64_t>(1, std::llround(every * static_cast<double>(catalog.kinds()[k].count) / mean));
    return rates;
}

CausalForks::CausalForks(const Catalog& catalog, const std::string& bot, const BotSettings& settings,
                         std::uint32_t players, std::uint32_t max_turns, std::vector<std::uint64_t> every_kind,
                         CausalTally& tally)
    : catalog_(catalog), blanks_(catalog.card_count()), made_(catalog.card_count(), false),
      every_kind_(std::move(every_kind)),
      any_(std::any_of(every_kind_.begin(), every_kind_.end(), [](std::uint64_t e) { return e > 0; })),
      branches_(bot, settings, any_ ? players : 0, max_turns), tally_(tally) {
    every_kind_.resize(catalog.kinds().size(), 0);
}

void CausalForks::begin_game(std::uint64_t game_seed, std::uint64_t index) {
    index_ = index;
    pick_ = SplitMix64(mix_seed(game_seed ^ 0x636175736c000000ULL));  // not the bots', not the game's
    forks_.clear();
}

CausalForks::Branch CausalForks::play_out(Game& branch, PlayerId receiver) {
    const BranchEnd end = branches_.play_out(branch);
    return {.won = end.winner >= 0 && static_cast<PlayerId>(end.winner) == receiver, .turns = end.turns,
            .finished = end.finished};
}

void CausalForks::decided(const Game& game, PlayerId receiver, const Session& session) {
    if (!any_) return;
    const CardId card = game.drawn_card();
    const std::uint64_t every = every_kind_[catalog_.kind_id_of(card)];
    if (every == 0 || uniform_below(pick_, every) != 0) return;
    if (std::chrono::steady_clock::now() >= deadline_) throw BudgetExceeded("the time budget ran out during a game's forks");
    if (!made_[card]) {
        blanks_[card] = catalog_.with_blank(card);
        made_[card] = true;
    }
    const GameSnapshot snapshot = game.snapshot();
    // Every branch starts from the seats' bots as they are now (common random numbers).
    const auto restore_bots = [&] { branches_.restore(game, session); };
    Fork fork{.kind = catalog_.kind_id_of(card), .receiver = receiver, .drawer = game.current_player(),
              .turn = game.turn(), .handling = {}, .copy = {}};
    // The handling branch: the same table, this give without effect, the card itself afterwards.
    {
        Game branch(catalog_, game.gametype(), game.evaluator(), snapshot);
        restore_bots();
        branch.give_without_effect(receiver);
        fork.handling = play_out(branch, receiver);
    }
    // The copy branch: the same table, deck order and generator, the card now a blank.
    {
        Game branch(blanks_[card], game.gametype(), game.evaluator(), snapshot);
        restore_bots();
        branch.give(receiver);
        fork.copy = play_out(branch, receiver);
    }
    forks_.push_back(fork);
}

void CausalForks::end_game(std::uint32_t turns, std::int32_t winner, bool finished) {
    const std::size_t kinds = tally_.kinds();
    struct Sums {
        std::vector<std::uint64_t> n, kept_n, win_nonzero, kept_nonzero, length_nonzero;
        std::vector<std::int64_t> win, kept_win, length;
    };
    const auto fresh = [&] {
        const std::vector<std::uint64_t> u(kinds, 0);
        const std::vector<std::int64_t> i(kinds, 0);
        return Sums{u, u, u, u, u, i, i, i};
    };
    Sums handling = fresh(), copy = fresh();
    const auto count = [&](Sums& s, const Fork& f, const Branch& b) {
        const int played = winner >= 0 && static_cast<PlayerId>(winner) == f.receiver ? 1 : 0;
        const int d = played - (b.won ? 1 : 0);
        const std::int64_t longer = static_cast<std::int64_t>(turns) - static_cast<std::int64_t>(b.turns);
        ++s.n[f.kind];
        s.win[f.kind] += d;
        s.win_nonzero[f.kind] += d != 0;
        s.length[f.kind] += longer;
        s.length_nonzero[f.kind] += longer != 0;
        if (f.receiver == f.drawer) {
            ++s.kept_n[f.kind];
            s.kept_win[f.kind] += d;
            s.kept_nonzero[f.kind] += d != 0;
        }
    };
    for (const Fork& f : forks_) {
        ++tally_.forks[f.kind];
        // A fork counts only when all three branches ended, so both effects come from the same forks.
        if (!finished || !f.handling.finished || !f.copy.finished) {
            ++tally_.unfinished[f.kind];
            continue;
        }
        count(handling, f, f.handling);
        count(copy, f, f.copy);
        // The first game each card decided, either way (the forks of a game come in turn order).
        const bool played = winner >= 0 && static_cast<PlayerId>(winner) == f.receiver;
        if (played != f.handling.won) {
            const DecidingGame d{.found = true, .game = index_, .turn = f.turn, .drawer = f.drawer, .receiver = f.receiver};
            DecidingGame& into = played ? tally_.helped[f.kind] : tally_.hurt[f.kind];
            if (d.before(into)) into = d;
        }
    }
    const auto add = [&](EffectSums& into, const Sums& s) {
        for (std::size_t k = 0; k < kinds; ++k) {
            into.receiver[k].add_game(s.n[k], s.win[k], s.win_nonzero[k]);
            into.length[k].add_game(s.n[k], s.length[k], s.length_nonzero[k]);
            into.kept[k].add_game(s.kept_n[k], s.kept_win[k], s.kept_nonzero[k]);
        }
    };
    add(tally_.handling, handling);
    add(tally_.copy, copy);
    forks_.clear();
}

}  // namespace cherries::host
