#include "host/design/report_verdicts.hpp"
#include "host/design/report_numbers.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace cherries::host {

namespace {

std::string points(double x) { return fmt::format("{:+.1f}", 100 * x); }

// -1 below zero, 0 cannot tell, 1 above.
int sign_of(const nlohmann::json& ci) {
    return ci[0].get<double>() > 0 ? 1 : ci[1].get<double>() < 0 ? -1 : 0;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

Difference difference_of(double a, const nlohmann::json& ci_a, double b, const nlohmann::json& ci_b) {
    const double se_a = (ci_a[1].get<double>() - ci_a[0].get<double>()) / (2 * kZ);
    const double se_b = (ci_b[1].get<double>() - ci_b[0].get<double>()) / (2 * kZ);
    const double d = a - b, half = kZ * std::sqrt(se_a * se_a + se_b * se_b);
    return {d, d - half, d + half};
}

std::vector<double> benjamini_hochberg(const std::vector<double>& p) {
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    for (std::size_t i = 0; i < m; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> q(m, 1.0);
    double running = 1.0;  // q_(i) = min over j >= i of p_(j) m / j
    for (std::size_t r = m; r-- > 0;) {
        running = std::min(running, p[order[r]] * static_cast<double>(m) / static_cast<double>(r + 1));
        q[order[r]] = std::min(1.0, running);
    }
    return q;
}

namespace {

// Two-sided p-value of a normal z (z >= 0).
double two_sided(double z) { return std::min(1.0, std::erfc(z / std::sqrt(2.0))); }

// One card's two tests, before the correction.
struct Judged {
    bool judged = false;  // enough forks: both tests are in the family
    double effect = 0, lo = 0, hi = 0, band_low = 0, band_high = 0;
    double p_zero = 1, p_band = 1;
    const char* reference = "type";
};

}  // namespace

void judge_cards(nlohmann::json& rows, const std::vector<std::string>& types, const VerdictOptions& options) {
    const auto effect_of = [&](std::size_t j) -> const nlohmann::json& { return rows[j]["causal"]["handling"]["effect"]; };
    // Enough forks for a verdict; only such cards are anyone's peers (a handful of forks is noise).
    std::vector<bool> enough(rows.size(), false);
    for (std::size_t j = 0; j < rows.size(); ++j) {
        const auto& h = rows[j]["causal"]["handling"];
        enough[j] = !h["effect"].is_null() && !h["effect_ci95"].is_null() &&
                    h.value("compared", std::uint64_t{0}) >= options.min_forks &&
                    h.value("effect_games", std::uint64_t{0}) >= options.min_games;
    }
    std::vector<Judged> judged(rows.size());
    std::vector<double> family;  // p_zero and p_band of every judged card
    for (std::size_t k = 0; k < rows.size(); ++k) {
        auto& c = rows[k]["causal"];
        const auto& h = c["handling"];
        c["verdict"] = {{"verdict", nullptr}, {"effect", nullptr}, {"band", nullptr}};
        if (h["effect"].is_null() || h["effect_ci95"].is_null()) continue;
        Judged& v = judged[k];
        v.effect = h["effect"].get<double>();
        v.lo = h["effect_ci95"][0].get<double>();
        v.hi = h["effect_ci95"][1].get<double>();
        if (options.band) {
            std::tie(v.band_low, v.band_high) = *options.band;
            v.reference = "fixed";
        } else {
            // The card's peers: the other cards of its type, or every other card when it is alone.
            std::vector<double> peers, others;
            for (std::size_t j = 0; j < rows.size(); ++j) {
                if (j == k || !enough[j]) continue;
                others.push_back(effect_of(j).get<double>());
                if (types[j] == types[k]) peers.push_back(others.back());
            }
            if (peers.empty()) v.reference = "all cards";
            const std::vector<double>& ref = peers.empty() ? others : peers;
            const double m = ref.empty() ? 0.0 : median(ref);
            v.band_low = m - options.margin;
            v.band_high = m + options.margin;
        }
        c["verdict"]["band"] = {rounded(v.band_low), rounded(v.band_high)};
        c["verdict"]["reference"] = v.reference;
        if (!enough[k]) {
            c["verdict"]["verdict"] = "too few forks";
            c["verdict"]["effect"] = "too few forks";
            continue;
        }
        const double se = (v.hi - v.lo) / (2 * kZ);
        const auto p_of = [&](double distance) {  // distance beyond a reference, in the effect's direction
            if (distance <= 0) return 1.0;
            return se > 0 ? two_sided(distance / se) : 0.0;
        };
        v.judged = true;
        v.p_zero = p_of(std::abs(v.effect));
        v.p_band = v.effect > v.band_high ? p_of(v.effect - v.band_high) : p_of(v.band_low - v.effect);
        family.push_back(v.p_zero);
        family.push_back(v.p_band);
    }
    const std::vector<double> q = benjamini_hochberg(family);
    std::size_t at = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const Judged& v = judged[k];
        if (!v.judged) continue;
        const double q_zero = q[at++], q_band = q[at++];
        auto& verdict = rows[k]["causal"]["verdict"];
        verdict["effect"] = q_zero > options.fdr ? "no clear effect"
                            : v.effect > 0      ? "helps its receiver"
                                                : "hurts its receiver";
        verdict["verdict"] = q_band <= options.fdr && v.effect > v.band_high  ? "too strong"
                             : q_band <= options.fdr && v.effect < v.band_low ? "too weak"
                             : v.lo >= v.band_low && v.hi <= v.band_high     ? "within the band"
                                                                              : "within noise";
        verdict["p_zero"] = rounded(v.p_zero);
        verdict["q_zero"] = rounded(q_zero);
        verdict["p_band"] = rounded(v.p_band);
        verdict["q_band"] = rounded(q_band);
    }
}

nlohmann::json verdict_list(const nlohmann::json& configuration, double fdr) {
    nlohmann::json helps = nlohmann::json::array(), hurts = nlohmann::json::array(), strong = nlohmann::json::array(),
                   weak = nlohmann::json::array(), band = nlohmann::json::array(), noise = nlohmann::json::array(),
                   none = nlohmann::json::array(), few = nlohmann::json::array();
    std::uint64_t tests = 0, findings = 0;
    for (const auto& r : configuration["cards"]) {
        const auto& c = r["causal"];
        const auto& v = c["verdict"];
        if (v["verdict"].is_null()) continue;
        if (v["verdict"] == "too few forks") {
            few.push_back(r["card"]);
            continue;
        }
        tests += 2;
        const auto row = [&](const char* q) {
            return nlohmann::json{{"card", r["card"]}, {"effect", c["handling"]["effect"]},
                                  {"ci95", c["handling"]["effect_ci95"]}, {"band", v["band"]},
                                  {"reference", v.value("reference", "type")}, {"q", v.value(q, 1.0)}};
        };
        if (v["effect"] == "helps its receiver") helps.push_back(row("q_zero")), ++findings;
        else if (v["effect"] == "hurts its receiver") hurts.push_back(row("q_zero")), ++findings;
        else none.push_back(r["card"]);
        if (v["verdict"] == "too strong") strong.push_back(row("q_band")), ++findings;
        else if (v["verdict"] == "too weak") weak.push_back(row("q_band")), ++findings;
        else if (v["verdict"] == "within the band") band.push_back(r["card"]);
        else noise.push_back(r["card"]);
    }
    const auto by_effect = [](const nlohmann::json& a, const nlohmann::json& b) {
        return a["effect"].get<double>() > b["effect"].get<double>();
    };
    const auto by_harm = [&](const auto& a, const auto& b) { return by_effect(b, a); };
    std::sort(helps.begin(), helps.end(), by_effect);
    std::sort(strong.begin(), strong.end(), by_effect);
    std::sort(hurts.begin(), hurts.end(), by_harm);
    std::sort(weak.begin(), weak.end(), by_harm);
    return {{"players", configuration["players"]},
            {"bot", configuration["bot"]},
            {"hurts", hurts},
            {"helps", helps},
            {"too_strong", strong},
            {"too_weak", weak},
            {"within_band", band},
            {"within_noise", noise},
            {"no_clear_effect", none},
            {"too_few", few},
            {"tests", tests},
            {"findings", findings},
            {"fdr", rounded(fdr)},
            {"by_chance_uncorrected", rounded(0.05 * static_cast<double>(tests))},
            {"by_chance_at_most", rounded(fdr * static_cast<double>(findings))}};
}

std::vector<std::string> verdict_sentences(const nlohmann::json& v) {
    const auto list = [](const nlohmann::json& rows, bool with_band) {
        std::string out;
        for (const auto& r : rows) {
            out += fmt::format("{}{} {} ({} to {}", out.empty() ? "" : "; ", r["card"].get<std::string>(),
                               points(r["effect"].get<double>()), points(r["ci95"][0].get<double>()),
                               points(r["ci95"][1].get<double>()));
            if (with_band)
                out += fmt::format("; {} {} to {}",
                                   r.value("reference", "type") == "all cards" ? "alone in its type, the other cards'"
                                                                                : "band",
                                   points(r["band"][0].get<double>()), points(r["band"][1].get<double>()));
            out += ")";
        }
        return out;
    };
    const auto names = [](const nlohmann::json& cards) {
        std::string out;
        for (const auto& c : cards) out += (out.empty() ? "" : ", ") + c.get<std::string>();
        return out;
    };
    const auto count = [](const nlohmann::json& cards) {
        return fmt::format("{} card{}", cards.size(), cards.size() == 1 ? "" : "s");
    };
    const auto rows_of = [&](const char* key) { return v.value(key, nlohmann::json::array()); };
    const std::string who = fmt::format("{} players, {} bots", v["players"].get<int>(), v["bot"].get<std::string>());
    std::vector<std::string> out;
    out.push_back(fmt::format("{}: hurts its receiver: {}.", who, rows_of("hurts").empty() ? "none" : list(rows_of("hurts"), false)));
    out.push_back(fmt::format("{}: helps its receiver: {}.", who, rows_of("helps").empty() ? "none" : list(rows_of("helps"), false)));
    out.push_back(fmt::format("{}: too strong for its peers: {}.", who,
                              v["too_strong"].empty() ? "none" : list(v["too_strong"], true)));
    out.push_back(fmt::format("{}: too weak for its peers: {}.", who, v["too_weak"].empty() ? "none" : list(v["too_weak"], true)));
    if (!rows_of("no_clear_effect").empty())
        out.push_back(fmt::format("{}: no clear effect on its receiver: {} ({}).", who, count(rows_of("no_clear_effect")),
                                  names(rows_of("no_clear_effect"))));
    if (!v["within_noise"].empty())
        out.push_back(fmt::format("{}: against its peers, within noise: {} (more games would tell: {}).", who,
                                  count(v["within_noise"]), names(v["within_noise"])));
    if (!rows_of("too_few").empty())
        out.push_back(fmt::format("{}: too few forks for a verdict: {} ({}).", who, count(rows_of("too_few")),
                                  names(rows_of("too_few"))));
    if (v.contains("tests"))
        out.push_back(fmt::format(
            "{}: {} tests (each card against zero and against its peers); findings kept by Benjamini–Hochberg at a "
            "{:.0f}% false-discovery rate: of these {} findings, about {:.1f} may be chance; without the correction, "
            "chance alone would make about {:.1f}.",
            who, v["tests"].get<std::uint64_t>(), 100 * v["fdr"].get<double>(), v["findings"].get<std::uint64_t>(),
            v["by_chance_at_most"].get<double>(), v["by_chance_uncorrected"].get<double>()));
    return out;
}

std::vector<std::string> disagreements(const nlohmann::json& base, const nlohmann::json& other,
                                       const std::vector<std::string>& cards) {
    std::vector<std::string> out;
    const std::string a = base["bot"].get<std::string>() + " bots", o = other["bot"].get<std::string>() + " bots";
    const int players = base["players"].get<int>();
    for (std::size_t seat = 0; seat < base["wins"].size() && seat < other["wins"].size(); ++seat) {
        const auto& w0 = base["wins"][seat];
        const auto& w1 = other["wins"][seat];
        if (w0["verdict"] == w1["verdict"]) continue;
        const Difference d = difference_of(w0["share"].get<double>(), w0["ci95"], w1["share"].get<double>(), w1["ci95"]);
        if (!d.beyond_noise()) continue;
        out.push_back(fmt::format("{} players: {} and {} disagree on seat{}: {} with {} ({:.1f}%), {} with {} ({:.1f}%); "
                                  "the difference, {} points (95% interval {} to {}), is beyond noise.",
                                  players, a, o, seat + 1, w0["verdict"].get<std::string>(), a,
                                  100 * w0["share"].get<double>(), w1["verdict"].get<std::string>(), o,
                                  100 * w1["share"].get<double>(), points(d.value), points(d.low), points(d.high)));
    }
    for (std::size_t k = 0; k < cards.size(); ++k) {
        const auto& h0 = base["cards"][k]["causal"]["handling"];
        const auto& h1 = other["cards"][k]["causal"]["handling"];
        if (h0["effect_ci95"].is_null() || h1["effect_ci95"].is_null()) continue;
        const int s0 = sign_of(h0["effect_ci95"]), s1 = sign_of(h1["effect_ci95"]);
        if (s0 == s1) continue;
        const Difference d = difference_of(h0["effect"].get<double>(), h0["effect_ci95"], h1["effect"].get<double>(),
                                           h1["effect_ci95"]);
        if (!d.beyond_noise()) continue;
        const auto said = [](int s) { return s > 0 ? "helps" : s < 0 ? "hurts" : "makes no clear difference to"; };
        const auto figure = [](const nlohmann::json& h) {
            return fmt::format("{} points, 95% interval {} to {}", points(h["effect"].get<double>()),
                               points(h["effect_ci95"][0].get<double>()), points(h["effect_ci95"][1].get<double>()));
        };
        out.push_back(fmt::format("{} players: {} and {} disagree on {}: handling it {} its receiver with {} ({}) and {} "
                                  "it with {} ({}); the difference, {} points (95% interval {} to {}), is beyond noise.",
                                  players, a, o, cards[k], said(s0), a, figure(h0), said(s1), o, figure(h1),
                                  points(d.value), points(d.low), points(d.high)));
    }
    return out;
}

}  // namespace cherries::host
