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

void judge_cards(nlohmann::json& rows, const std::vector<std::string>& types, const VerdictOptions& options) {
    for (std::size_t k = 0; k < rows.size(); ++k) {
        auto& c = rows[k]["causal"];
        const auto& h = c["handling"];
        c["verdict"] = {{"verdict", nullptr}, {"band", nullptr}};
        if (h["effect"].is_null() || h["effect_ci95"].is_null()) continue;
        double low = 0, high = 0;
        if (options.band) {
            std::tie(low, high) = *options.band;
        } else {
            std::vector<double> same;
            for (std::size_t j = 0; j < rows.size(); ++j)
                if (types[j] == types[k] && !rows[j]["causal"]["handling"]["effect"].is_null())
                    same.push_back(rows[j]["causal"]["handling"]["effect"].get<double>());
            const double m = median(same);
            low = m - options.margin;
            high = m + options.margin;
        }
        const double lo = h["effect_ci95"][0].get<double>(), hi = h["effect_ci95"][1].get<double>();
        const char* verdict = lo > high             ? "too strong"
                              : hi < low            ? "too weak"
                              : lo >= low && hi <= high ? "within the band"
                                                    : "within noise";
        c["verdict"] = {{"verdict", verdict}, {"band", {rounded(low), rounded(high)}}};
    }
}

nlohmann::json verdict_list(const nlohmann::json& configuration) {
    nlohmann::json strong = nlohmann::json::array(), weak = nlohmann::json::array(), band = nlohmann::json::array(),
                   noise = nlohmann::json::array();
    for (const auto& r : configuration["cards"]) {
        const auto& c = r["causal"];
        const auto& v = c["verdict"]["verdict"];
        if (v.is_null()) continue;
        const nlohmann::json row = {{"card", r["card"]}, {"effect", c["handling"]["effect"]},
                                    {"ci95", c["handling"]["effect_ci95"]}, {"band", c["verdict"]["band"]}};
        if (v == "too strong") strong.push_back(row);
        else if (v == "too weak") weak.push_back(row);
        else if (v == "within the band") band.push_back(r["card"]);
        else noise.push_back(r["card"]);
    }
    const auto by_effect = [](const nlohmann::json& a, const nlohmann::json& b) {
        return a["effect"].get<double>() > b["effect"].get<double>();
    };
    std::sort(strong.begin(), strong.end(), by_effect);
    std::sort(weak.begin(), weak.end(), [&](const auto& a, const auto& b) { return by_effect(b, a); });
    return {{"players", configuration["players"]}, {"bot", configuration["bot"]}, {"too_strong", strong},
            {"too_weak", weak}, {"within_band", band}, {"within_noise", noise}};
}

std::vector<std::string> verdict_sentences(const nlohmann::json& v) {
    const auto list = [](const nlohmann::json& rows) {
        std::string out;
        for (const auto& r : rows)
            out += fmt::format("{}{} {} ({} to {}; band {} to {})", out.empty() ? "" : "; ", r["card"].get<std::string>(),
                               points(r["effect"].get<double>()), points(r["ci95"][0].get<double>()),
                               points(r["ci95"][1].get<double>()), points(r["band"][0].get<double>()),
                               points(r["band"][1].get<double>()));
        return out;
    };
    const auto names = [](const nlohmann::json& cards) {
        std::string out;
        for (const auto& c : cards) out += (out.empty() ? "" : ", ") + c.get<std::string>();
        return out;
    };
    const std::string who = fmt::format("{} players, {} bots", v["players"].get<int>(), v["bot"].get<std::string>());
    std::vector<std::string> out;
    out.push_back(fmt::format("{}: too strong: {}.", who, v["too_strong"].empty() ? "none" : list(v["too_strong"])));
    out.push_back(fmt::format("{}: too weak: {}.", who, v["too_weak"].empty() ? "none" : list(v["too_weak"])));
    if (!v["within_band"].empty())
        out.push_back(fmt::format("{}: within the band: {} card{} ({}).", who, v["within_band"].size(),
                                  v["within_band"].size() == 1 ? "" : "s", names(v["within_band"])));
    if (!v["within_noise"].empty())
        out.push_back(fmt::format("{}: within noise: {} card{} (more games would tell: {}).", who,
                                  v["within_noise"].size(), v["within_noise"].size() == 1 ? "" : "s",
                                  names(v["within_noise"])));
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
