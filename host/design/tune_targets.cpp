#include "host/design/tune_targets.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <stdexcept>

#include "host/base/file_io.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/base/plugin_file.hpp"
#include "sdk/toml/config_reader.hpp"

namespace cherries::host {

namespace {

using sdk::ConfigReader;
using sdk::TomlValue;

// The largest values a dimension may span: NTBEA's one-tuples need each value tried.
constexpr std::int64_t kTuneMaxValues = 1001;

// An integer element `v` within [min, max] (`what` names it in the message); nullopt (and an
// error) otherwise.
std::optional<std::int64_t> tune_integer(ConfigReader& r, const TomlValue& v, const std::string& what, std::int64_t min,
                                         std::int64_t max, const std::string& ctx) {
    const auto n = v.as_integer();
    if (!n) {
        r.error(v, fmt::format("{}{}: expected an integer from {} to {}, saw {}", ctx, what, min, max, v.describe()));
        return std::nullopt;
    }
    if (*n < min || *n > max) {
        r.error(v, fmt::format("{}{}: expected an integer from {} to {}, saw {}", ctx, what, min, max, *n));
        return std::nullopt;
    }
    return n;
}

// `key = [LOW, HIGH]` of `t`: two integers within [min, max], LOW <= HIGH; nullopt (and an
// error) otherwise.
std::optional<std::pair<std::int64_t, std::int64_t>> tune_range(ConfigReader& r, const TomlValue& t,
                                                                 std::string_view key, std::int64_t min,
                                                                 std::int64_t max, const std::string& ctx) {
    const std::optional<TomlValue> node = t.get(key);
    if (!node) return std::nullopt;
    const std::string what = fmt::format("key '{}'", key);
    if (!node->is_array() || node->size() != 2) {
        r.error(*node, fmt::format("{}{}: expected [LOW, HIGH], two whole numbers", ctx, what));
        return std::nullopt;
    }
    const std::vector<TomlValue> both = node->elements();
    const auto low = tune_integer(r, both[0], what + " LOW", min, max, ctx);
    const auto high = tune_integer(r, both[1], what + " HIGH", min, max, ctx);
    if (!low || !high) return std::nullopt;
    if (*low > *high) {
        r.error(*node, fmt::format("{}{}: LOW ({}) must not be above HIGH ({})", ctx, what, *low, *high));
        return std::nullopt;
    }
    if (*high - *low + 1 > kTuneMaxValues) {
        r.error(*node, fmt::format("{}{}: at most {} values, got {}", ctx, what, kTuneMaxValues, *high - *low + 1));
        return std::nullopt;
    }
    return std::pair{*low, *high};
}

void read_vary_table(ConfigReader& r, const TomlValue& vary, std::string_view key, TuneDimension::Value value,
                     std::int64_t min, std::int64_t max, TuneSpec& spec) {
    const std::optional<TomlValue> t = r.table(vary, key, false, "[vary] ");
    if (!t) return;
    const std::string ctx = fmt::format("[vary.{}] ", key);
    for (const auto& [id, node] : t->entries()) {
        TuneDimension d;
        d.value = value;
        if (value == TuneDimension::Value::distribution) {
            std::int64_t cherries = -1;
            const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), cherries);
            if (error != std::errc() || end != id.data() + id.size() || cherries < 0 || cherries > 1000) {
                r.error(node, fmt::format("{}'{}': expected a cherry count from 0 to 1000 as the key "
                                          "(\"5\" = [LOW, HIGH])", ctx, id));
                continue;
            }
            d.cherries = cherries;
        } else {
            d.card = id;
        }
        if (const auto range = tune_range(r, *t, id, min, max, ctx)) {
            d.low = range->first;
            d.high = range->second;
            spec.dimensions.push_back(d);
        }
    }
}

// The worst of a figure over player counts: `value` and where it was.
struct Worst {
    double shortfall = 0;
    std::string got;
    bool seen = false;

    // Keeps this figure when it is the worst so far.
    void offer(double s, std::string text) {
        if (seen && s <= shortfall) return;
        shortfall = s;
        got = std::move(text);
        seen = true;
    }
};

double tune_miss(double shortfall, double scale) {
    if (shortfall <= 0) return 0;
    const double s = shortfall / std::max(scale, 1e-9);
    return s / (1 + s);
}

std::string tune_points(double share) { return fmt::format("{:+.1f} points", 100 * share); }

}  // namespace

std::string TuneDimension::name() const {
    switch (value) {
    case Value::count: return "count of " + card;
    case Value::lifetime: return "lifetime of " + card;
    case Value::winning_score: return "winning score";
    case Value::distribution: return fmt::format("score change at {} cherries", cherries);
    }
    return "";
}

nlohmann::json TuneSpec::to_json() const {
    nlohmann::json t = nlohmann::json::object();
    if (targets.length) t["length"] = {targets.length->first, targets.length->second};
    if (targets.seat_margin) t["seat_margin"] = *targets.seat_margin;
    if (targets.card_effect) t["card_effect"] = *targets.card_effect;
    if (targets.decisions) t["decisions"] = *targets.decisions;
    nlohmann::json dims = nlohmann::json::array();
    for (const auto& d : dimensions)
        dims.push_back({{"name", d.name()}, {"low", d.low}, {"high", d.high}});
    return {{"players", players}, {"bot", bot}, {"targets", t}, {"vary", dims}};
}

TuneSpec parse_tune_file(const std::string& text, const std::string& shown) {
    std::vector<sdk::Diagnostic> problems;
    ConfigReader r(shown, problems, "key");
    TuneSpec spec;
    if (const std::optional<TomlValue> parsed = r.parse(text)) {
        const TomlValue& root = *parsed;
        r.unknown_keys(root, {"play", "targets", "vary"}, "");
        if (const auto play = r.table(root, "play", false, "")) {
            r.unknown_keys(*play, {"players", "bot"}, "[play] ");
            if (const auto node = play->get("players")) {
                if (!node->is_array() || node->size() == 0) {
                    r.error(*node, "[play] key 'players': expected an array of player counts, e.g. [3, 4]");
                } else {
                    spec.players.clear();
                    std::set<std::int64_t> seen;
                    for (const TomlValue& p : node->elements())
                        if (const auto n = tune_integer(r, p, "a player count", 2, 100, "[play] ")) {
                            if (!seen.insert(*n).second) r.error(p, fmt::format("[play] player count {} given twice", *n));
                            else spec.players.push_back(static_cast<std::uint32_t>(*n));
                        }
                }
            }
            if (auto bot = r.string(*play, "bot", "[play] ")) spec.bot = *bot;
        }
        if (const auto t = r.table(root, "targets", true, "")) {
            const std::string ctx = "[targets] ";
            r.unknown_keys(*t, {"length", "seat_margin", "card_effect", "decisions"}, ctx);
            if (const auto range = tune_range(r, *t, "length", 1, 1'000'000, ctx))
                spec.targets.length = std::pair{static_cast<double>(range->first), static_cast<double>(range->second)};
            if (auto v = r.number(*t, "seat_margin", 0, 100, ctx)) spec.targets.seat_margin = *v / 100;
            if (auto v = r.number(*t, "card_effect", 0, 100, ctx)) spec.targets.card_effect = *v / 100;
            if (auto v = r.number(*t, "decisions", 0, 100, ctx)) spec.targets.decisions = *v / 100;
            const auto& g = spec.targets;
            if (!g.length && !g.seat_margin && !g.card_effect && !g.decisions && r.errors() == 0)
                r.error(ctx + "give at least one target: length, seat_margin, card_effect or decisions");
        }
        if (const auto vary = r.table(root, "vary", true, "")) {
            r.unknown_keys(*vary, {"winning_score", "count", "lifetime", "distribution"}, "[vary] ");
            if (const auto range = tune_range(r, *vary, "winning_score", 1, 1'000'000'000, "[vary] ")) {
                TuneDimension d;
                d.value = TuneDimension::Value::winning_score;
                d.low = range->first;
                d.high = range->second;
                spec.dimensions.push_back(d);
            }
            read_vary_table(r, *vary, "count", TuneDimension::Value::count, 0, 1000, spec);
            read_vary_table(r, *vary, "lifetime", TuneDimension::Value::lifetime, 1, 1000, spec);
            read_vary_table(r, *vary, "distribution", TuneDimension::Value::distribution, -1'000'000, 1'000'000, spec);
            if (spec.dimensions.empty() && r.errors() == 0)
                r.error("[vary] give at least one thing to change: winning_score, [vary.count], [vary.lifetime] or "
                        "[vary.distribution]");
        }
    }
    if (!problems.empty()) throw sdk::LoadError(problems);
    return spec;
}

TuneSpec read_tune_file(const std::filesystem::path& file) {
    return parse_tune_file(read_text_file(file, "the tune file"), file.string());
}

std::vector<TargetCheck> check_targets(const TuneTargets& targets, const nlohmann::json& report) {
    std::vector<TargetCheck> out;
    const auto& configs = report.at("configurations");
    const auto where = [](const nlohmann::json& c) { return fmt::format("{} players", c.at("players").get<int>()); };
    if (targets.length) {
        const auto [low, high] = *targets.length;
        Worst w;
        for (const auto& c : configs) {
            const double median = c.at("turns").at("median").get<double>();
            const double shortfall = median < low ? low - median : median > high ? median - high : 0;
            w.offer(shortfall, fmt::format("median {:g} turns ({})", median, where(c)));
        }
        out.push_back({"length", fmt::format("median {:g} to {:g} turns", low, high), w.got, w.shortfall <= 0,
                       tune_miss(w.shortfall, (low + high) / 2)});
    }
    if (targets.seat_margin) {
        const double margin = *targets.seat_margin;
        Worst w;
        for (const auto& c : configs)
            for (std::size_t seat = 0; seat < c.at("wins").size(); ++seat) {
                const auto& s = c["wins"][seat];
                const double off = s.at("share").get<double>() - s.at("fair").get<double>();
                const double shortfall = std::abs(off) - margin;
                w.offer(shortfall, fmt::format("seat {} {} ({})", seat + 1, tune_points(off), where(c)));
            }
        out.push_back({"seat_margin", fmt::format("every seat within fair ± {:g} points", 100 * margin), w.got,
                       w.shortfall <= 0, tune_miss(w.shortfall, margin)});
    }
    if (targets.card_effect) {
        const double bound = *targets.card_effect;
        Worst w;
        bool measured = true;  // some card measured at every player count
        for (const auto& c : configs) {
            bool here = false;
            for (const auto& row : c.at("cards")) {
                const auto& e = row.at("causal").at("handling").at("effect");
                if (e.is_null()) continue;  // never forked: nothing to judge
                here = true;
                const double effect = e.get<double>();
                const double shortfall = std::abs(effect) - bound;
                w.offer(shortfall, fmt::format("{} {} ({})", row.at("card").get<std::string>(), tune_points(effect), where(c)));
            }
            measured = measured && here;
        }
        const std::string wanted = fmt::format("every card's handling effect within ± {:g} points", 100 * bound);
        if (!measured)  // no fork finished (every game too long, or too few): not measured, so not met
            out.push_back({"card_effect", wanted, "not measured: no card fork finished (more games or --max-turns)",
                           false, 1.0});
        else
            out.push_back({"card_effect", wanted, w.got, w.shortfall <= 0, tune_miss(w.shortfall, bound)});
    }
    if (targets.decisions) {
        const double least = *targets.decisions;
        Worst w;
        bool measured = true;
        for (const auto& c : configs) {
            const auto& m = c.at("decisions").at("matters");
            if (m.is_null()) {  // no decision sampled at this player count
                measured = false;
                continue;
            }
            const double share = m.at("value").get<double>();
            const double shortfall = least - share;
            w.offer(shortfall, fmt::format("{:.1f}% matter ({})", 100 * share, where(c)));
        }
        const std::string wanted = fmt::format("at least {:g}% of decisions matter", 100 * least);
        if (!measured || !w.seen)
            out.push_back({"decisions", wanted, "not measured: no decision sampled (more games)", false, 1.0});
        else
            out.push_back({"decisions", wanted, w.got, w.shortfall <= 0, tune_miss(w.shortfall, least)});
    }
    return out;
}

double tune_fitness(const std::vector<TargetCheck>& checks) {
    if (checks.empty()) return 0;
    double miss = 0;
    for (const auto& c : checks) miss += c.miss;
    return 0.0 - miss / static_cast<double>(checks.size());  // 0 when met, never -0
}

}  // namespace cherries::host
