#include "host/design/report_stats.hpp"
#include "host/design/report_numbers.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/random.hpp"
#include "host/base/input_error.hpp"
#include "host/batch/sim_stats.hpp"
#include "host/design/report_verdicts.hpp"

namespace cherries::host {

namespace {

double ratio(std::uint64_t a, std::uint64_t b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0; }
std::string percent(double x) { return fmt::format("{:.1f}%", 100 * x); }

// Sums over the blocks with multiplicity `times` (1 each: the sample itself; a bootstrap draw).
struct StratumSums {
    std::vector<double> n, w;          // per seat
    std::vector<double> n1, w1;        // per seat × kind
};

StratumSums sums(const ReportTally& t, const std::vector<std::uint32_t>& times) {
    StratumSums s;
    s.n.assign(t.players, 0);
    s.w.assign(t.players, 0);
    s.n1.assign(std::size_t{t.players} * t.kinds, 0);
    s.w1 = s.n1;
    for (std::uint32_t b = 0; b < t.blocks; ++b) {
        if (!times[b]) continue;
        const double m = times[b];
        for (std::uint32_t seat = 0; seat < t.players; ++seat) {
            const std::size_t i = std::size_t{b} * t.players + seat;
            s.n[seat] += m * static_cast<double>(t.seat_games[i]);
            s.w[seat] += m * static_cast<double>(t.seat_wins[i]);
            for (std::size_t k = 0; k < t.kinds; ++k) {
                s.n1[seat * t.kinds + k] += m * static_cast<double>(t.received[i * t.kinds + k]);
                s.w1[seat * t.kinds + k] += m * static_cast<double>(t.received_wins[i * t.kinds + k]);
            }
        }
    }
    return s;
}

// The seat-stratified difference in win rate, received >= 1 copy of `kind` minus not, with
// Mantel-Haenszel weights n1 n0 / n; NaN when no seat has both groups.
double impact(const StratumSums& s, std::size_t seats, std::size_t kinds, std::size_t kind) {
    double num = 0, den = 0;
    for (std::size_t seat = 0; seat < seats; ++seat) {
        const double n1 = s.n1[seat * kinds + kind], w1 = s.w1[seat * kinds + kind];
        const double n0 = s.n[seat] - n1, w0 = s.w[seat] - w1;
        if (n1 <= 0 || n0 <= 0) continue;
        const double h = n1 * n0 / (n1 + n0);
        num += h * (w1 / n1 - w0 / n0);
        den += h;
    }
    return den > 0 ? num / den : std::nan("");
}

nlohmann::json number_or_null(double x) { return std::isnan(x) ? nlohmann::json() : nlohmann::json(rounded(x)); }

// A mean's 95% interval: win differences (outcome) with PairedSums::outcome_ci95, others ci95.
nlohmann::json interval_json(const PairedSums& p, bool outcome) {
    if (p.games < 2) return nullptr;
    const auto [low, high] = outcome ? p.outcome_ci95() : p.ci95();
    return {rounded(low), rounded(high)};
}

// One counterfactual's figures for kind k (docs/report.md, "Causal card strength").
nlohmann::json effect_json(const EffectSums& e, std::size_t k) {
    const auto mean_or_null = [](const PairedSums& p) { return p.n ? nlohmann::json(rounded(p.mean())) : nlohmann::json(); };
    return {{"compared", e.receiver[k].n}, {"informative", e.receiver[k].nonzero},
            {"effect", mean_or_null(e.receiver[k])}, {"effect_ci95", interval_json(e.receiver[k], true)},
            {"effect_games", e.receiver[k].games}, {"kept_compared", e.kept[k].n},
            {"kept_effect", mean_or_null(e.kept[k])}, {"kept_effect_ci95", interval_json(e.kept[k], true)},
            {"length", mean_or_null(e.length[k])}, {"length_ci95", interval_json(e.length[k], false)}};
}

// The causal card strength of kind k: the paired differences of the forks, both counterfactuals.
nlohmann::json causal_row(const ReportTally& t, std::size_t k) {
    const CausalTally& c = t.causal;
    const auto& g = t.gives[k];
    const std::uint64_t given = g[0] + g[1] + g[2] + g[3];
    return {{"forks", c.forks[k]}, {"unfinished", c.unfinished[k]}, {"handling", effect_json(c.handling, k)},
            {"copy", effect_json(c.copy, k)}, {"kept_share", rounded(ratio(g[0], given))},
            {"decided", {{"helped", c.helped[k].to_json()}, {"hurt", c.hurt[k].to_json()}}}};
}

// Ranks the cards of one configuration by their handling effect on the receiver (1 = helps most)
// and judges them against zero and against their peers (report_verdicts.hpp).
void rank_cards(nlohmann::json& rows, const std::vector<std::string>& types, const VerdictOptions& verdicts) {
    std::vector<std::pair<double, std::size_t>> order;
    for (std::size_t k = 0; k < rows.size(); ++k)
        if (const auto& e = rows[k]["causal"]["handling"]["effect"]; !e.is_null()) order.push_back({e.get<double>(), k});
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t r = 0; r < order.size(); ++r) rows[order[r].second]["causal"]["rank"] = r + 1;
    judge_cards(rows, types, verdicts);
}

nlohmann::json configuration(const ReportTally& t, const std::vector<std::string>& cards, std::uint64_t seed,
                             std::size_t index, std::uint32_t max_turns, const std::vector<std::string>& types,
                             bool association, const VerdictOptions& verdicts) {
    const std::uint64_t decided = t.games - t.unfinished - t.no_winner;
    const double fair = ratio(decided, t.games * t.players);
    nlohmann::json wins = nlohmann::json::array();
    for (std::uint32_t seat = 0; seat < t.players; ++seat) {
        const Interval ci = wilson_interval(t.wins[seat], t.games);
        const int verdict = ci.low > fair ? 1 : ci.high < fair ? -1 : 0;
        wins.push_back({{"seat", fmt::format("seat{}", seat + 1)}, {"wins", t.wins[seat]},
                        {"share", rounded(ratio(t.wins[seat], t.games))}, {"ci95", {rounded(ci.low), rounded(ci.high)}},
                        {"fair", rounded(fair)},
                        {"verdict", verdict > 0 ? "favoured" : verdict < 0 ? "disfavoured" : "fair"}});
    }
    std::uint64_t total = 0;
    nlohmann::json histogram = nlohmann::json::array();
    for (const auto& [turns, count] : t.length) {
        total += std::uint64_t{turns} * count;
        histogram.push_back({turns, count});
    }
    // Median from the histogram: the middle one or two games in turn order.
    const auto nth = [&](std::uint64_t n) {
        std::uint64_t seen = 0;
        for (const auto& [turns, count] : t.length)
            if ((seen += count) > n) return turns;
        return 0u;
    };
    const double median = t.games % 2 ? nth(t.games / 2) : (static_cast<double>(nth(t.games / 2 - 1)) + nth(t.games / 2)) / 2;

    // Card impacts: the estimate, then kImpactResamples block-bootstrap draws with one generator
    // per configuration, seeded from the master seed.
    const StratumSums sample = sums(t, std::vector<std::uint32_t>(t.blocks, 1));
    std::vector<std::vector<double>> draws(t.kinds);
    std::mt19937_64 random(mix_seed(seed ^ (0x9e3779b97f4a7c15ULL * (index + 1))));
    for (unsigned r = 0; association && r < kImpactResamples; ++r) {
        std::vector<std::uint32_t> times(t.blocks, 0);
        for (std::uint32_t b = 0; b < t.blocks; ++b) ++times[random() % t.blocks];
        const StratumSums s = sums(t, times);
        for (std::size_t k = 0; k < t.kinds; ++k) {
            const double x = impact(s, t.players, t.kinds, k);
            if (!std::isnan(x)) draws[k].push_back(x);
        }
    }
    nlohmann::json card_rows = nlohmann::json::array();
    for (std::size_t k = 0; k < t.kinds; ++k) {
        const auto& g = t.gives[k];
        const std::uint64_t given = g[0] + g[1] + g[2] + g[3];
        std::uint64_t got = 0, games = 0;
        for (std::uint32_t seat = 0; seat < t.players; ++seat) {
            got += static_cast<std::uint64_t>(sample.n1[seat * t.kinds + k]);
            games += static_cast<std::uint64_t>(sample.n[seat]);
        }
        const double estimate = impact(sample, t.players, t.kinds, k);
        auto& d = draws[k];
        std::sort(d.begin(), d.end());
        // Percentile interval; only when nearly every draw could estimate it.
        nlohmann::json ci;
        if (!std::isnan(estimate) && d.size() >= kImpactResamples * 9 / 10) {
            const auto at = [&](double q) { return d[static_cast<std::size_t>(std::round(q * (d.size() - 1)))]; };
            ci = {rounded(at(0.025)), rounded(at(0.975))};
        }
        nlohmann::json row = {{"card", cards.at(k)}, {"gives", given},
                              {"kept", g[0]}, {"to_leader", g[1]}, {"to_last", g[2]}, {"to_other", g[3]},
                              {"received_share", rounded(ratio(got, games))}, {"causal", causal_row(t, k)}};
        if (association) {  // the association figures, only on request (docs/report.md)
            row["impact"] = number_or_null(estimate);
            row["impact_ci95"] = ci;
        }
        card_rows.push_back(std::move(row));
    }
    rank_cards(card_rows, types, verdicts);
    nlohmann::json over = {{"turn", nlohmann::json::array()}, {"players", nlohmann::json::array()},
                           {"cherries_mean", nlohmann::json::array()}, {"cherries_sd", nlohmann::json::array()},
                           {"score_mean", nlohmann::json::array()}, {"score_sd", nlohmann::json::array()}};
    for (std::size_t i = 0; i < t.turn_n.size(); ++i) {
        const double n = static_cast<double>(t.turn_n[i]);
        if (n == 0) continue;
        const double cm = static_cast<double>(t.cherries_sum[i]) / n, sm = static_cast<double>(t.score_sum[i]) / n;
        over["turn"].push_back(i + 1);
        over["players"].push_back(t.turn_n[i]);
        over["cherries_mean"].push_back(rounded(cm));
        over["cherries_sd"].push_back(rounded(std::sqrt(std::max(0.0, static_cast<double>(t.cherries_sq[i]) / n - cm * cm))));
        over["score_mean"].push_back(rounded(sm));
        over["score_sd"].push_back(rounded(std::sqrt(std::max(0.0, static_cast<double>(t.score_sq[i]) / n - sm * sm))));
    }
    (void)max_turns;
    nlohmann::json c = {
        {"players", t.players}, {"bot", t.bot}, {"games", t.games}, {"unfinished", t.unfinished},
        {"no_winner", t.no_winner},
        {"turns", {{"total", total}, {"mean", rounded(ratio(total, t.games))}, {"median", rounded(median)},
                   {"max", t.length.empty() ? 0u : t.length.rbegin()->first}, {"histogram", std::move(histogram)}}},
        {"wins", std::move(wins)}, {"cards", std::move(card_rows)}, {"over_turns", std::move(over)}};
    c["play"] = play_json(c, t.play);  // how the game plays (report_play.hpp)
    c["decisions"] = decisions_json(t.decisions);
    return c;
}

}  // namespace

std::string strongest_bot(const std::vector<std::string>& bots) {
    for (const char* best : {"expert", "strategic", "greedy"})
        if (std::find(bots.begin(), bots.end(), best) != bots.end()) return best;
    return bots.back();
}

nlohmann::json report_json(const ReportData& data, const VerdictOptions& verdicts) {
    const nlohmann::json& setup = data.setup;
    std::vector<std::string> cards, bots;
    std::vector<std::uint32_t> players;
    std::uint64_t seed = 0;
    std::uint32_t max_turns = 0;
    std::vector<std::string> types;
    bool association = false;
    try {
        for (const auto& info : setup.at("card_info")) types.push_back(info.at("type").get<std::string>());
        association = setup.value("association", false);
        cards = setup.at("cards").get<std::vector<std::string>>();
        bots = setup.at("bots").get<std::vector<std::string>>();
        players = setup.at("players").get<std::vector<std::uint32_t>>();
        seed = setup.at("seed").get<std::uint64_t>();
        max_turns = setup.at("max_turns").get<std::uint32_t>();
    } catch (const nlohmann::json::exception& e) {
        throw InputError(fmt::format("report setup: {}", e.what()));
    }
    if (data.tallies.size() != players.size() * bots.size() || bots.empty())
        throw InputError("report data: expected one tally per player count and bot");
    nlohmann::json configs = nlohmann::json::array();
    for (std::size_t i = 0; i < data.tallies.size(); ++i) {
        const ReportTally& t = data.tallies[i];
        if (t.players != players[i / bots.size()] || t.bot != bots[i % bots.size()] || t.kinds != cards.size())
            throw InputError(fmt::format("report data: tally {} is not for {} {} players", i + 1,
                                         players[i / bots.size()], bots[i % bots.size()]));
        if (types.size() != cards.size()) throw InputError("report setup: card_info must have one entry per card");
        configs.push_back(configuration(t, cards, seed, i, max_turns, types, association, verdicts));
    }

    // The plain sentences: seats beyond chance, games that never end, and bots that disagree.
    std::vector<std::string> findings;
    const std::string best = strongest_bot(bots);
    for (const auto& c : configs) {
        const std::string bot = c["bot"].get<std::string>();
        const std::string who = fmt::format("{} players, {} bots", c["players"].get<int>(), bot);
        for (const auto& w : c["wins"]) {
            if (w["verdict"] == "fair") continue;
            findings.push_back(fmt::format(
                "{}: with {} bots in every seat, {} wins {} of games (95% interval {} to {}), {} than the {} a fair "
                "seat would: {} beyond chance for {} bots (the seats' result comes from how these bots play).",
                who, bot, w["seat"].get<std::string>(), percent(w["share"]), percent(w["ci95"][0]),
                percent(w["ci95"][1]), w["verdict"] == "favoured" ? "more" : "fewer", percent(w["fair"]),
                w["verdict"] == "favoured" ? "favoured" : "disfavoured", bot));
        }
        if (c["unfinished"].get<std::uint64_t>() > 0) {
            std::uint64_t forks = 0;
            for (const auto& r : c["cards"]) forks += r["causal"]["unfinished"].get<std::uint64_t>();
            findings.push_back(fmt::format(
                "{}: {} of {} games ({}) never ended (still going after {} turns): long and endless games are a "
                "finding of their own; the card strengths leave out the {} forks in them.",
                who, c["unfinished"].get<std::uint64_t>(), c["games"].get<std::uint64_t>(),
                percent(ratio(c["unfinished"].get<std::uint64_t>(), c["games"].get<std::uint64_t>())), max_turns, forks));
        }
    }
    // Where two bots disagree beyond noise (report_verdicts.hpp).
    const std::size_t nb = bots.size();
    for (std::size_t p = 0; p < players.size() && nb > 1; ++p)
        for (std::size_t b = 1; b < nb; ++b)
            for (auto& sentence : disagreements(configs[p * nb], configs[p * nb + b], cards))
                findings.push_back(std::move(sentence));
    // The verdicts: the strongest bot's cards against zero and their peers, per player count.
    nlohmann::json verdict_lists = nlohmann::json::array();
    for (const auto& c : configs)
        if (c["bot"] == best) verdict_lists.push_back(verdict_list(c, verdicts.fdr));
    if (findings.empty()) findings.push_back("No seat is favoured beyond chance, every game ended, and the bots agree.");
    nlohmann::json verdict_setup = {{"margin", rounded(verdicts.margin)}, {"band", nullptr},
                                    {"fdr", rounded(verdicts.fdr)}, {"min_forks", verdicts.min_forks},
                                    {"min_games", verdicts.min_games}};
    if (verdicts.band) verdict_setup["band"] = {rounded(verdicts.band->first), rounded(verdicts.band->second)};
    nlohmann::json skill = nlohmann::json::array();
    for (const SkillTally& s : data.skill) skill.push_back(skill_json(s));
    nlohmann::json out_setup = setup;
    nlohmann::json method = {
        {"causal", "forks at sampled gives, as played minus a counterfactual, common random numbers, cluster-robust 95% "
                   "intervals by game"},
        {"handling", kHandlingMeaning},
        {"copy", kCopyMeaning},
        {"intervals", "a win difference's 95% interval is the effect ± 1.96 standard errors, the larger of the "
                      "cluster-robust one (games as clusters) and Agresti-Min's for matched pairs (never 0)"},
        {"verdicts", "each card is tested against zero (helps or hurts its receiver) and against its peers (too "
                     "strong or too weak: beyond the band, the median handling effect of the other cards of its type, "
                     "or of every other card when it is alone in its type, ± the margin, or a fixed band); the two "
                     "tests of every card with enough forks are one family per configuration, and a finding is kept "
                     "when its Benjamini-Hochberg adjusted p-value is at most the false-discovery rate"}};
    if (association)
        method["association"] = {{"resamples", kImpactResamples},
                                 {"method", "seat-stratified risk difference, block bootstrap"}};
    return {{"format", "cherries-report"}, {"setup", std::move(out_setup)}, {"method", std::move(method)},
            {"strongest_bot", strongest_bot(bots)}, {"verdict_options", std::move(verdict_setup)},
            {"verdicts", std::move(verdict_lists)}, {"configurations", std::move(configs)}, {"skill", std::move(skill)},
            {"findings", std::move(findings)}};
}

}  // namespace cherries::host
