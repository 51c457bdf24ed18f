#include "host/design/report_whatif.hpp"

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

constexpr double kZ = 1.959964;

std::int64_t parse_number(const std::string& text, const std::string& option) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        throw InputError(fmt::format("{}: '{}' is not a whole number", option, text));
    return value;
}

KindId find_card(const sdk::Bundle& bundle, const std::string& name, const std::string& option) {
    try {
        return bundle.catalog().find_kind(name);
    } catch (const std::invalid_argument& e) {
        throw InputError(fmt::format("{}: {}", option, e.what()));
    }
}

void add_change(const sdk::Bundle& bundle, WhatIf& w, const std::string& what, const std::string& card,
                std::int64_t value, const std::string& option) {
    const KindId kind = find_card(bundle, card, option);
    if (what == "count") {
        if (value < 0 || value > 1000) throw InputError(fmt::format("{}: a count is from 0 to 1000, got {}", option, value));
        w.counts.push_back({kind, static_cast<std::int32_t>(value)});
    } else {
        if (bundle.catalog().kinds()[kind].type != CardType::modifier)
            throw InputError(fmt::format("{}: {} is not a modifier card; only modifiers have a lifetime", option, card));
        if (value < 1 || value > 1000) throw InputError(fmt::format("{}: a lifetime is from 1 to 1000, got {}", option, value));
        w.lifetimes.push_back({kind, static_cast<std::int32_t>(value)});
    }
}

// "CARD=N" into its parts.
std::pair<std::string, std::int64_t> card_value(const std::string& text, const std::string& option) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError(fmt::format("{}: expected CARD=N, got '{}'", option, text));
    return {text.substr(0, eq), parse_number(text.substr(eq + 1), option)};
}

std::string join_labels(const std::string& a, const std::string& b) { return a.empty() ? b : b.empty() ? a : a + " " + b; }

}  // namespace

std::vector<WhatIf> parse_what_ifs(const sdk::Bundle& bundle, const WhatIfOptions& o) {
    WhatIf fixed;
    for (const auto& card : o.without) {
        add_change(bundle, fixed, "count", card, 0, "--without");
        fixed.label = join_labels(fixed.label, "--without " + card);
    }
    for (const auto& text : o.count) {
        const auto [card, n] = card_value(text, "--count");
        add_change(bundle, fixed, "count", card, n, "--count");
        fixed.label = join_labels(fixed.label, "--count " + text);
    }
    for (const auto& text : o.lifetime) {
        const auto [card, n] = card_value(text, "--lifetime");
        add_change(bundle, fixed, "lifetime", card, n, "--lifetime");
        fixed.label = join_labels(fixed.label, "--lifetime " + text);
    }
    if (o.winning_score != 0) {
        if (o.winning_score < 1) throw InputError("--winning-score: must be at least 1");
        fixed.winning_score = o.winning_score;
        fixed.label = join_labels(fixed.label, fmt::format("--winning-score {}", o.winning_score));
    }
    if (o.sweep.empty()) return fixed.label.empty() ? std::vector<WhatIf>{} : std::vector<WhatIf>{fixed};
    // KIND:CARD=A..B or winning-score:A..B
    const std::string bad = fmt::format("--sweep: expected count:CARD=A..B, lifetime:CARD=A..B or winning-score:A..B, "
                                        "got '{}'", o.sweep);
    const auto colon = o.sweep.find(':');
    const auto dots = o.sweep.find("..");
    if (colon == std::string::npos || dots == std::string::npos || dots < colon) throw InputError(bad);
    const std::string what = o.sweep.substr(0, colon);
    std::string card;
    std::string range = o.sweep.substr(colon + 1);
    if (what == "count" || what == "lifetime") {
        const auto eq = range.find('=');
        if (eq == std::string::npos || eq == 0) throw InputError(bad);
        card = range.substr(0, eq);
        range = range.substr(eq + 1);
    } else if (what != "winning-score") {
        throw InputError(bad);
    }
    const auto split = range.find("..");
    if (split == std::string::npos) throw InputError(bad);
    const std::int64_t from = parse_number(range.substr(0, split), "--sweep"), to = parse_number(range.substr(split + 2), "--sweep");
    if (from > to || to - from > 50) throw InputError(fmt::format("--sweep: A..B needs A <= B and at most 51 values, got {}..{}", from, to));
    std::vector<WhatIf> out;
    for (std::int64_t v = from; v <= to; ++v) {
        WhatIf w = fixed;
        if (what == "winning-score") {
            if (v < 1) throw InputError("--sweep: a winning score must be at least 1");
            w.winning_score = v;
            w.label = join_labels(fixed.label, fmt::format("--winning-score {}", v));
        } else {
            add_change(bundle, w, what, card, v, "--sweep");
            w.label = join_labels(fixed.label, fmt::format("--{} {}={}", what, card, v));
        }
        out.push_back(std::move(w));
    }
    return out;
}

sdk::Bundle what_if_bundle(const sdk::Bundle& bundle, const WhatIf& w) {
    const Catalog& original = bundle.catalog();
    std::vector<CardKind> kinds = original.kinds();
    for (const auto& [kind, n] : w.counts) kinds[kind].count = n;
    for (const auto& [kind, n] : w.lifetimes) kinds[kind].lifetime = n;
    Catalog catalog;
    for (std::size_t s = 0; s < original.sets().size(); ++s) {
        std::vector<CardKind> of_set;
        for (const CardKind& k : kinds)
            if (k.set == s) of_set.push_back(k);
        catalog.add_set(original.sets()[s], std::move(of_set));
    }
    if (catalog.card_count() == 0) throw InputError(fmt::format("{}: no card is left in the deck", w.label));
    Gametype gametype = bundle.gametype();
    if (w.winning_score) gametype.winning_score = w.winning_score;
    return bundle.with(std::move(catalog), std::move(gametype));
}

nlohmann::json compare_what_if(const ReportData& base, const ReportData& variant, const std::string& label,
                               const std::vector<std::string>& cards) {
    const auto rounded = [](double x) { return std::round(x * 1e6) / 1e6; };
    const auto paired = [&](const std::vector<double>& d, double base_mean, double variant_mean) {
        const double n = static_cast<double>(d.size());
        double sum = 0, sq = 0;
        for (double x : d) {
            sum += x;
            sq += x * x;
        }
        const double mean = n ? sum / n : 0;
        const double sd = n > 1 ? std::sqrt(std::max(0.0, (sq - n * mean * mean) / (n - 1))) : 0;
        const double half = n > 0 ? kZ * sd / std::sqrt(n) : 0;
        return nlohmann::json{{"base", rounded(base_mean)}, {"variant", rounded(variant_mean)},
                              {"difference", rounded(mean)}, {"ci95", {rounded(mean - half), rounded(mean + half)}}};
    };
    nlohmann::json configs = nlohmann::json::array();
    for (std::size_t c = 0; c < base.tallies.size() && c < variant.tallies.size(); ++c) {
        const auto& gb = base.games.at(c);
        const auto& gv = variant.games.at(c);
        const std::size_t n = std::min(gb.size(), gv.size());
        const ReportTally& tb = base.tallies[c];
        const ReportTally& tv = variant.tallies[c];
        nlohmann::json seats = nlohmann::json::array();
        for (std::uint32_t s = 0; s < tb.players; ++s) {
            std::vector<double> d(n);
            double mb = 0, mv = 0;
            for (std::size_t g = 0; g < n; ++g) {
                const double wb = gb[g].winner == static_cast<std::int32_t>(s), wv = gv[g].winner == static_cast<std::int32_t>(s);
                d[g] = wv - wb;
                mb += wb;
                mv += wv;
            }
            nlohmann::json row = paired(d, n ? mb / n : 0, n ? mv / n : 0);
            row["seat"] = fmt::format("seat{}", s + 1);
            seats.push_back(std::move(row));
        }
        std::vector<double> len(n), unf(n);
        double lb = 0, lv = 0, ub = 0, uv = 0;
        for (std::size_t g = 0; g < n; ++g) {
            len[g] = static_cast<double>(gv[g].turns) - static_cast<double>(gb[g].turns);
            lb += gb[g].turns;
            lv += gv[g].turns;
            const double a = gb[g].outcome == GameEnd::turn_cap, b = gv[g].outcome == GameEnd::turn_cap;
            unf[g] = b - a;
            ub += a;
            uv += b;
        }
        nlohmann::json card_rows = nlohmann::json::array();
        for (std::size_t k = 0; k < cards.size() && k < tb.causal.receiver.size() && k < tv.causal.receiver.size(); ++k) {
            const PairedSums& a = tb.causal.receiver[k];
            const PairedSums& b = tv.causal.receiver[k];
            if (a.games < 2 || b.games < 2) {
                card_rows.push_back({{"card", cards[k]}, {"difference", nullptr}});
                continue;
            }
            const auto se = [](const PairedSums& p) {
                const auto [lo, hi] = p.ci95();
                return (hi - lo) / (2 * kZ);
            };
            const double d = b.mean() - a.mean(), half = kZ * std::sqrt(se(a) * se(a) + se(b) * se(b));
            card_rows.push_back({{"card", cards[k]}, {"base", rounded(a.mean())}, {"variant", rounded(b.mean())},
                                 {"difference", rounded(d)}, {"ci95", {rounded(d - half), rounded(d + half)}}});
        }
        configs.push_back({{"players", tb.players}, {"bot", tb.bot}, {"games", n}, {"wins", std::move(seats)},
                           {"length", paired(len, n ? lb / n : 0, n ? lv / n : 0)},
                           {"unfinished", paired(unf, n ? ub / n : 0, n ? uv / n : 0)}, {"cards", std::move(card_rows)}});
    }
    return {{"variant", label}, {"configurations", std::move(configs)}};
}

}  // namespace cherries::host
