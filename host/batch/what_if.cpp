#include "host/batch/what_if.hpp"

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"

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
        std::vector<std::string> ids;
        for (std::size_t k = 0; k < bundle.catalog().kinds().size(); ++k)
            ids.push_back(bundle.catalog().display_id(static_cast<KindId>(k)));
        const std::string close = sdk::closest_name(name, ids);
        // "unknown card 'x'; expected one of: ...": the hint before the list (not for a card
        // in several sets, whose message lists the names to write).
        std::string message = e.what();
        if (!close.empty() && message.rfind("unknown card", 0) == 0)
            message.insert(std::min(message.find(';'), message.size()), " (did you mean '" + close + "'?)");
        throw InputError(fmt::format("{}: {}", option, message));
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

PairedDifference paired_difference(const std::vector<double>& base, const std::vector<double>& variant) {
    const std::size_t n = std::min(base.size(), variant.size());
    PairedDifference out;
    if (n == 0) return out;
    double sum = 0, sq = 0, mb = 0, mv = 0;
    for (std::size_t g = 0; g < n; ++g) {
        const double d = variant[g] - base[g];
        sum += d;
        sq += d * d;
        mb += base[g];
        mv += variant[g];
    }
    const double count = static_cast<double>(n);
    const double mean = sum / count;
    const double sd = n > 1 ? std::sqrt(std::max(0.0, (sq - count * mean * mean) / (count - 1))) : 0;
    const double half = kZ * sd / std::sqrt(count);
    out.base = mb / count;
    out.variant = mv / count;
    out.difference = mean;
    out.low = mean - half;
    out.high = mean + half;
    return out;
}

nlohmann::json paired_json(const PairedDifference& d) {
    const auto rounded = [](double x) { return std::round(x * 1e6) / 1e6; };
    return {{"base", rounded(d.base)}, {"variant", rounded(d.variant)}, {"difference", rounded(d.difference)},
            {"ci95", {rounded(d.low), rounded(d.high)}}};
}

GamesComparison compare_games(const std::vector<SimGame>& base, const std::vector<SimGame>& variant,
                              std::uint32_t players) {
    const std::size_t n = std::min(base.size(), variant.size());
    GamesComparison out;
    out.games = n;
    std::vector<double> b(n), v(n);
    for (std::uint32_t s = 0; s < players; ++s) {
        const auto seat = static_cast<std::int32_t>(s);
        for (std::size_t g = 0; g < n; ++g) {
            b[g] = base[g].winner == seat;
            v[g] = variant[g].winner == seat;
        }
        out.wins.push_back(paired_difference(b, v));
    }
    for (std::size_t g = 0; g < n; ++g) {
        b[g] = base[g].turns;
        v[g] = variant[g].turns;
    }
    out.length = paired_difference(b, v);
    for (std::size_t g = 0; g < n; ++g) {
        b[g] = base[g].outcome == GameEnd::turn_cap;
        v[g] = variant[g].outcome == GameEnd::turn_cap;
    }
    out.unfinished = paired_difference(b, v);
    return out;
}

nlohmann::json what_if_json(const GamesComparison& c, const std::string& label, const std::vector<std::string>& seat_bots) {
    nlohmann::json wins = nlohmann::json::array();
    for (std::size_t s = 0; s < c.wins.size(); ++s) {
        nlohmann::json row = paired_json(c.wins[s]);
        row["seat"] = fmt::format("seat{}", s + 1);
        if (s < seat_bots.size()) row["bot"] = seat_bots[s];
        wins.push_back(std::move(row));
    }
    return {{"variant", label}, {"games", c.games}, {"wins", std::move(wins)}, {"length", paired_json(c.length)},
            {"unfinished", paired_json(c.unfinished)}};
}

std::string what_if_text(const GamesComparison& c, const std::string& label, const std::vector<std::string>& seat_bots) {
    std::string out = fmt::format("what if {}: {} games on the same seeds, variant - baseline (paired 95% interval):\n",
                                  label, c.games);
    const PairedDifference& u = c.unfinished;
    out += fmt::format("  unfinished: {:6.2f}% -> {:6.2f}%  {:+7.2f}%  [{:+7.2f}%, {:+7.2f}%]\n", 100 * u.base,
                       100 * u.variant, 100 * u.difference, 100 * u.low, 100 * u.high);
    const PairedDifference& l = c.length;
    out += fmt::format("  turns, mean: {:.2f} -> {:.2f}  {:+.2f}  [{:+.2f}, {:+.2f}]\n", l.base, l.variant, l.difference,
                       l.low, l.high);
    out += "  wins by seat (share):\n";
    for (std::size_t s = 0; s < c.wins.size(); ++s) {
        const PairedDifference& w = c.wins[s];
        out += fmt::format("    seat{:<4} {:<8} {:6.2f}% -> {:6.2f}%  {:+7.2f}%  [{:+7.2f}%, {:+7.2f}%]\n", s + 1,
                           s < seat_bots.size() ? seat_bots[s] : "", 100 * w.base, 100 * w.variant, 100 * w.difference,
                           100 * w.low, 100 * w.high);
    }
    return out;
}

}  // namespace cherries::host
