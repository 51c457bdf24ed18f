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
    drama_average.add(o.drama_average);
    lead_change.add(o.lead_change);
    score_difference_average.add(o.score_difference_average);
    score_difference_max.add(o.score_difference_max);
    score_difference_changes.add(o.score_difference_changes);
    decision_moves.add(o.decision_moves);
}

nlohmann::json PlayTally::to_json() const {
    return {{"lead_changes", lead_changes.to_json()},
            {"drama", drama.to_json()},
            {"decided", decided.to_json()},
            {"drama_average", drama_average.to_json()},
            {"lead_change", lead_change.to_json()},
            {"score_difference_average", score_difference_average.to_json()},
            {"score_difference_max", score_difference_max.to_json()},
            {"score_difference_changes", score_difference_changes.to_json()},
            {"decision_moves", decision_moves.to_json()}};
}

PlayTally PlayTally::from_json(const nlohmann::json& j, const std::string& where) {
    try {
        PlayTally t;
        t.lead_changes = MomentSums::from_json(j.at("lead_changes"));
        t.drama = MomentSums::from_json(j.at("drama"));
        t.decided = MomentSums::from_json(j.at("decided"));
        // Parts written before Ludii's metrics were kept have none.
        const auto optional = [&](const char* key, MomentSums& into) {
            if (j.contains(key)) into = MomentSums::from_json(j.at(key));
        };
        optional("drama_average", t.drama_average);
        optional("lead_change", t.lead_change);
        optional("score_difference_average", t.score_difference_average);
        optional("score_difference_max", t.score_difference_max);
        optional("score_difference_changes", t.score_difference_changes);
        optional("decision_moves", t.decision_moves);
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
    behind_.assign(players, 0);
    states_ = choices_ = gap_changes_ = 0;
    gap_sum_ = gap_max_ = gap_last_ = 0;
    direction_ = 0;
}

void LeadTracker::after_turn(const Game& game) {
    std::vector<std::int64_t> scores(worst_.size(), 0);
    for (const Player& p : game.players())
        if (p.id < scores.size()) scores[p.id] = p.score;
    after_scores(scores, game.turn());
}

void LeadTracker::after_scores(const std::vector<std::int64_t>& scores, std::uint32_t turn) {
    std::int64_t high = INT64_MIN, low = INT64_MAX;
    int at_high = 0;
    std::int32_t top = -1;
    for (std::size_t s = 0; s < scores.size(); ++s) {
        low = std::min(low, scores[s]);
        if (scores[s] > high) {
            high = scores[s];
            at_high = 1;
            top = static_cast<std::int32_t>(s);
        } else if (scores[s] == high) {
            ++at_high;
        }
    }
    const std::int32_t sole = at_high == 1 ? top : -1;
    for (std::size_t s = 0; s < scores.size() && s < worst_.size(); ++s) {
        worst_[s] = std::max(worst_[s], high - scores[s]);
        behind_[s] += high - scores[s];
        if (static_cast<std::int32_t>(s) != sole) not_ahead_[s] = turn;
    }
    if (sole >= 0 && sole != leader_) {
        if (leader_ >= 0) ++changes_;
        leader_ = sole;
    }
    // The score difference (Ludii: the largest difference between two players' scores), from 0 at
    // the start; a change of direction counts as Ludii's ChangeNumTimes does: a rise or fall unlike
    // the step before (a flat step resets the direction).
    const std::int64_t gap = scores.empty() ? 0 : high - low;
    const int direction = gap > gap_last_ ? 1 : gap < gap_last_ ? -1 : 0;
    if (direction != 0 && direction != direction_) ++gap_changes_;
    direction_ = direction;
    gap_last_ = gap;
    gap_sum_ += gap;
    gap_max_ = std::max(gap_max_, gap);
    ++states_;
    if (scores.size() > 1) ++choices_;
}

void LeadTracker::end(std::int32_t winner, std::uint32_t turns, PlayTally& into) const {
    if (turns == 0 || states_ == 0) return;
    const auto share = [](std::uint64_t part, std::uint64_t whole) {
        return static_cast<std::int64_t>(part * static_cast<std::uint64_t>(kShareScale) / whole);
    };
    into.lead_change.add(share(changes_, states_));
    // The states are the start (a difference of 0) and the end of each turn.
    into.score_difference_average.add(gap_sum_ * kPointScale / static_cast<std::int64_t>(states_ + 1));
    into.score_difference_max.add(gap_max_);
    into.score_difference_changes.add(share(gap_changes_, states_));
    into.decision_moves.add(share(choices_, states_));
    if (winner < 0 || static_cast<std::size_t>(winner) >= worst_.size()) return;
    into.drama_average.add(behind_[winner] * kPointScale / static_cast<std::int64_t>(states_));
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
    // Ludii's metrics under their names (docs/report.md): the game-level ones from the counts, the
    // per-game ones from the tally, each per-game one with its interval.
    const auto games = c["games"].get<std::uint64_t>();
    const double n = games ? static_cast<double>(games) : 1.0;
    double low = 1, high = 0, spread = 0;
    for (const auto& w : c["wins"]) {
        const double p = static_cast<double>(w["wins"].get<std::uint64_t>()) / n;
        low = std::min(low, p);
        high = std::max(high, p);
        spread += p * (1 - p);
    }
    const double seats_n = c["wins"].empty() ? 1.0 : static_cast<double>(c["wins"].size());
    const auto unfinished = c["unfinished"].get<std::uint64_t>(), no_winner = c["no_winner"].get<std::uint64_t>();
    const double won = static_cast<double>(games - std::min(games, unfinished + no_winner));
    nlohmann::json ludii = {
        {"DurationTurns", rounded(length.mean())},
        {"DurationTurnsStdDev", rounded(length.sd())},
        {"AdvantageP1", c["wins"].empty() ? nlohmann::json() : nlohmann::json(rounded(static_cast<double>(c["wins"][0]["wins"].get<std::uint64_t>()) / n))},
        {"Balance", rounded(c["wins"].empty() ? 1.0 : 1.0 - (high - low))},
        {"OutcomeUniformity", rounded(1.0 - spread / seats_n)},
        {"Completion", rounded(won / n)},
        {"Drawishness", rounded(static_cast<double>(no_winner) / n)},
        {"Timeouts", rounded(static_cast<double>(unfinished) / n)},
        {"DecisionMoves", moment(play.decision_moves, static_cast<double>(kShareScale))},
        {"LeadChange", moment(play.lead_change, static_cast<double>(kShareScale))},
        {"DramaAverage", moment(play.drama_average, static_cast<double>(kPointScale))},
        {"DramaMaximum", moment(play.drama, 1)},
        {"ScoreDifferenceAverage", moment(play.score_difference_average, static_cast<double>(kPointScale))},
        {"ScoreDifferenceMaximum", moment(play.score_difference_max, 1)},
        {"ScoreDifferenceChangeNumTimes", moment(play.score_difference_changes, static_cast<double>(kShareScale))}};
    return {{"first_player", seats.empty() ? nlohmann::json() : seats[0]["advantage"]},
            {"seats", seats},
            {"ludii", std::move(ludii)},
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
