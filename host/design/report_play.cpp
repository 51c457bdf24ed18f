#include "host/design/report_play.hpp"
#include "host/design/report_numbers.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/game.hpp"
#include "host/base/input_error.hpp"
#include "host/batch/sim_stats.hpp"

namespace cherries::host {

namespace {

nlohmann::json pair_json(std::pair<double, double> p) { return {rounded(p.first), rounded(p.second)}; }

}  // namespace

void MomentSums::add(std::int64_t x) {
    ++n;
    sum += x;
    sq += static_cast<std::uint64_t>(x * x);
}

void MomentSums::add(const MomentSums& o) {
    n += o.n;
    sum += o.sum;
    sq += o.sq;
}

double MomentSums::mean() const { return n ? static_cast<double>(sum) / static_cast<double>(n) : 0.0; }

double MomentSums::sd() const {
    if (n < 2) return 0;
    const double m = mean(), k = static_cast<double>(n);
    return std::sqrt(std::max(0.0, (static_cast<double>(sq) - k * m * m) / (k - 1)));
}

std::pair<double, double> MomentSums::ci95() const {
    const double m = mean();
    if (n < 2) return {m, m};
    const double half = kZ * sd() / std::sqrt(static_cast<double>(n));
    return {m - half, m + half};
}

nlohmann::json MomentSums::to_json() const { return {n, sum, sq}; }

MomentSums MomentSums::from_json(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 3) throw std::invalid_argument("expected [n, sum, sq]");
    MomentSums m;
    m.n = j[0].get<std::uint64_t>();
    m.sum = j[1].get<std::int64_t>();
    m.sq = j[2].get<std::uint64_t>();
    return m;
}

void PlayTally::add(const PlayTally& o) {
    lead_changes.add(o.lead_changes);
    drama.add(o.drama);
    decided.add(o.decided);
}

nlohmann::json PlayTally::to_json() const {
    return {{"lead_changes", lead_changes.to_json()}, {"drama", drama.to_json()}, {"decided", decided.to_json()}};
}

PlayTally PlayTally::from_json(const nlohmann::json& j, const std::string& where) {
    try {
        PlayTally t;
        t.lead_changes = MomentSums::from_json(j.at("lead_changes"));
        t.drama = MomentSums::from_json(j.at("drama"));
        t.decided = MomentSums::from_json(j.at("decided"));
        return t;
    } catch (const std::exception& e) {
        throw InputError(fmt::format("{}: malformed play tally: {}", where, e.what()));
    }
}

void LeadTracker::begin(std::size_t players) {
    worst_.assign(players, 0);
    not_ahead_.assign(players, 0);
    leader_ = -1;
    changes_ = 0;
}

void LeadTracker::after_turn(const Game& game) {
    std::int64_t high = INT64_MIN;
    int at_high = 0;
    std::int32_t top = -1;
    for (const Player& p : game.players()) {
        if (p.score > high) {
            high = p.score;
            at_high = 1;
            top = static_cast<std::int32_t>(p.id);
        } else if (p.score == high) {
            ++at_high;
        }
    }
    const std::int32_t sole = at_high == 1 ? top : -1;
    for (const Player& p : game.players()) {
        if (p.id >= worst_.size()) continue;
        worst_[p.id] = std::max(worst_[p.id], high - p.score);
        if (static_cast<std::int32_t>(p.id) != sole) not_ahead_[p.id] = game.turn();
    }
    if (sole >= 0 && sole != leader_) {
        if (leader_ >= 0) ++changes_;
        leader_ = sole;
    }
}

void LeadTracker::end(std::int32_t winner, std::uint32_t turns, PlayTally& into) const {
    if (winner < 0 || static_cast<std::size_t>(winner) >= worst_.size() || turns == 0) return;
    into.lead_changes.add(static_cast<std::int64_t>(changes_));
    into.drama.add(worst_[winner]);
    // The winner leads for good from the turn after the last one it did not lead at the end of.
    const std::uint32_t from = std::min(turns, not_ahead_[winner] + 1);
    into.decided.add(static_cast<std::int64_t>(from) * kShareScale / turns);
}

void SkillTally::add(const SkillTally& o) {
    if (o.players != players || o.strong != strong || o.weak != weak)
        throw std::invalid_argument("skill tallies of different pairings");
    games += o.games;
    decided += o.decided;
    strong_wins += o.strong_wins;
}

nlohmann::json SkillTally::to_json() const {
    return {{"players", players}, {"strong", strong}, {"weak", weak}, {"games", games}, {"decided", decided},
            {"strong_wins", strong_wins}};
}

SkillTally SkillTally::from_json(const nlohmann::json& j, const std::string& where) {
    try {
        SkillTally s;
        s.players = j.at("players").get<std::uint32_t>();
        s.strong = j.at("strong").get<std::string>();
        s.weak = j.at("weak").get<std::string>();
        s.games = j.at("games").get<std::uint64_t>();
        s.decided = j.at("decided").get<std::uint64_t>();
        s.strong_wins = j.at("strong_wins").get<std::uint64_t>();
        if (s.players < 2 || s.decided > s.games || s.strong_wins > s.decided)
            throw std::invalid_argument("counts out of range");
        return s;
    } catch (const std::exception& e) {
        throw InputError(fmt::format("{}: malformed skill tally: {}", where, e.what()));
    }
}

nlohmann::json play_json(const nlohmann::json& c, const PlayTally& play) {
    const auto figure = [](double value, std::pair<double, double> ci) {
        return nlohmann::json{{"value", rounded(value)}, {"ci95", pair_json(ci)}};
    };
    // Seat advantages: a seat's win share minus the fair share, with the Wilson interval shifted.
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& w : c["wins"]) {
        const double fair = w["fair"].get<double>();
        seats.push_back({{"seat", w["seat"]},
                         {"advantage", figure(w["share"].get<double>() - fair,
                                              {w["ci95"][0].get<double>() - fair, w["ci95"][1].get<double>() - fair})}});
    }
    const auto moment = [&](const MomentSums& m, double scale) {
        const auto [lo, hi] = m.ci95();
        nlohmann::json out = figure(m.mean() / scale, {lo / scale, hi / scale});
        out["games"] = m.n;
        out["sd"] = rounded(m.sd() / scale);
        return out;
    };
    // Length from the histogram: mean with its interval, the spread (sd) and the middle 80%.
    MomentSums length;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> histogram;
    for (const auto& row : c["turns"]["histogram"]) {
        const auto turns = row[0].get<std::uint32_t>();
        const auto games = row[1].get<std::uint64_t>();
        histogram.push_back({turns, games});
        length.n += games;
        length.sum += static_cast<std::int64_t>(turns) * static_cast<std::int64_t>(games);
        length.sq += std::uint64_t{turns} * turns * games;
    }
    const auto quantile = [&](double q) {
        const auto wanted = static_cast<std::uint64_t>(std::floor(q * static_cast<double>(length.n - 1)));
        std::uint64_t seen = 0;
        for (const auto& [turns, games] : histogram)
            if ((seen += games) > wanted) return turns;
        return 0u;
    };
    nlohmann::json len = moment(length, 1);
    len["p10"] = length.n ? quantile(0.1) : 0;
    len["p90"] = length.n ? quantile(0.9) : 0;
    return {{"first_player", seats.empty() ? nlohmann::json() : seats[0]["advantage"]},
            {"seats", seats},
            {"lead_changes", moment(play.lead_changes, 1)},
            {"drama", moment(play.drama, 1)},
            {"decisiveness", moment(play.decided, static_cast<double>(kShareScale))},
            {"length", len}};
}

nlohmann::json skill_json(const SkillTally& s) {
    const double fair = s.games ? static_cast<double>(s.decided) / static_cast<double>(s.games) / s.players : 0;
    const Interval ci = wilson_interval(s.strong_wins, s.games);
    const double share = s.games ? static_cast<double>(s.strong_wins) / static_cast<double>(s.games) : 0;
    return {{"players", s.players}, {"strong", s.strong}, {"weak", s.weak}, {"games", s.games},
            {"strong_wins", s.strong_wins}, {"share", rounded(share)}, {"fair", rounded(fair)},
            {"gap", {{"value", rounded(share - fair)}, {"ci95", {rounded(ci.low - fair), rounded(ci.high - fair)}}}}};
}

}  // namespace cherries::host
