#include "host/design/tune.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>

#include "host/base/input_error.hpp"
#include "host/batch/shard.hpp"
#include "host/batch/sim.hpp"
#include "host/batch/what_if.hpp"
#include "host/design/report_run.hpp"
#include "host/design/report_stats.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

namespace {

// A dimension checked against the plugins: its card's kind and the value the set has now.
struct TuneAxis {
    TuneDimension dim;
    std::int64_t baseline = 0;
};

// One variant played: its point, label, report and how it meets the targets.
struct Played {
    std::vector<std::int64_t> values;  // by axis
    std::string label;
    ReportData data;
    nlohmann::json report;
    std::vector<TargetCheck> checks;
    double fitness = -1;
    bool playable = true;
    bool stopped = false;  // by the time budget
    std::string problem;   // why it cannot be played
};

std::vector<std::int64_t> tune_values(const std::vector<TuneAxis>& axes, const NtbeaPoint& p) {
    std::vector<std::int64_t> v;
    for (std::size_t i = 0; i < axes.size(); ++i) v.push_back(axes[i].dim.low + static_cast<std::int64_t>(p[i]));
    return v;
}

std::vector<std::int64_t> tune_baselines(const std::vector<TuneAxis>& axes) {
    std::vector<std::int64_t> v;
    for (const auto& a : axes) v.push_back(a.baseline);
    return v;
}

std::vector<TuneAxis> tune_axes(const sdk::Bundle& bundle, const TuneSpec& spec) {
    std::vector<TuneAxis> axes;
    const Gametype& g = bundle.gametype();
    for (const TuneDimension& d : spec.dimensions) {
        TuneAxis a{d, 0};
        switch (d.value) {
        case TuneDimension::Value::count:
        case TuneDimension::Value::lifetime: {
            // parse_what_ifs names an unknown card (did you mean) or a lifetime of a card that has none.
            WhatIfOptions probe;
            const std::string change = fmt::format("{}={}", d.card, d.low);
            (d.value == TuneDimension::Value::count ? probe.count : probe.lifetime).push_back(change);
            const WhatIf w = parse_what_ifs(bundle, probe).front();
            const KindId kind = d.value == TuneDimension::Value::count ? w.counts.front().first : w.lifetimes.front().first;
            const CardKind& k = bundle.catalog().kinds()[kind];
            a.baseline = d.value == TuneDimension::Value::count ? k.count : k.lifetime;
            break;
        }
        case TuneDimension::Value::winning_score: a.baseline = g.winning_score; break;
        case TuneDimension::Value::distribution: {
            const auto c = static_cast<std::size_t>(d.cherries);
            if (c >= g.distribution.size() && g.distribution_function)
                throw InputError(fmt::format("tune file: [vary.distribution] \"{}\": the gametype's distribution is a "
                                             "function past {} cherries; vary a count below {}",
                                             d.cherries, g.distribution.size(), g.distribution.size()));
            a.baseline = c < g.distribution.size() ? g.distribution[c] : 0;
            break;
        }
        }
        axes.push_back(a);
    }
    return axes;
}

// The point nearest the set as it is.
NtbeaPoint tune_start(const std::vector<TuneAxis>& axes) {
    NtbeaPoint p;
    for (const auto& a : axes)
        p.push_back(static_cast<std::uint32_t>(std::clamp(a.baseline, a.dim.low, a.dim.high) - a.dim.low));
    return p;
}

// The report flags of a variant (its changes from the set as it is) and the edits no flag makes.
std::pair<WhatIfOptions, std::vector<std::string>> tune_flags(const std::vector<TuneAxis>& axes,
                                                              const std::vector<std::int64_t>& values) {
    WhatIfOptions o;
    std::vector<std::string> notes;
    for (std::size_t i = 0; i < axes.size(); ++i) {
        const TuneAxis& a = axes[i];
        const std::int64_t v = values[i];
        if (v == a.baseline) continue;
        switch (a.dim.value) {
        case TuneDimension::Value::count: o.count.push_back(fmt::format("{}={}", a.dim.card, v)); break;
        case TuneDimension::Value::lifetime: o.lifetime.push_back(fmt::format("{}={}", a.dim.card, v)); break;
        case TuneDimension::Value::winning_score: o.winning_score = v; break;
        case TuneDimension::Value::distribution:
            notes.push_back(fmt::format("gametype.toml [distribution] {} = {}", a.dim.cherries, v));
            break;
        }
    }
    return {o, notes};
}

std::string tune_label(const std::vector<TuneAxis>& axes, const std::vector<std::int64_t>& values) {
    const auto [flags, notes] = tune_flags(axes, values);
    std::string label;
    for (const auto& c : flags.count) label += " --count " + c;
    for (const auto& l : flags.lifetime) label += " --lifetime " + l;
    if (flags.winning_score) label += fmt::format(" --winning-score {}", flags.winning_score);
    for (const auto& n : notes) label += " (" + n + ")";
    return label.empty() ? label : label.substr(1);
}

// The bundle of a variant: the what-if machinery's, then the distribution values.
sdk::Bundle tune_bundle(const sdk::Bundle& bundle, const std::vector<TuneAxis>& axes,
                        const std::vector<std::int64_t>& values) {
    const auto [flags, notes] = tune_flags(axes, values);
    const std::vector<WhatIf> what_ifs = parse_what_ifs(bundle, flags);
    sdk::Bundle variant = what_ifs.empty() ? bundle : what_if_bundle(bundle, what_ifs.front());
    if (notes.empty()) return variant;
    Gametype g = variant.gametype();
    for (std::size_t i = 0; i < axes.size(); ++i) {
        if (axes[i].dim.value != TuneDimension::Value::distribution) continue;
        const auto c = static_cast<std::size_t>(axes[i].dim.cherries);
        if (g.distribution.size() <= c) g.distribution.resize(c + 1, 0);
        g.distribution[c] = values[i];
    }
    Catalog catalog = variant.catalog();
    return variant.with(std::move(catalog), std::move(g));
}

ReportOptions tune_report_options(const TuneSpec& spec, const TuneOptions& o, std::uint64_t games) {
    ReportOptions r;
    r.players = spec.players;
    r.bots = {spec.bot};
    r.games = games;
    r.seed = o.seed;
    r.jobs = o.jobs;
    r.max_turns = o.max_turns;
    r.bot_settings = o.bot_settings;
    r.fork_every = spec.targets.card_effect ? o.fork_every : 0;
    r.fork_by_rarity = true;
    r.decision_every = spec.targets.decisions ? o.decision_every : 0;
    r.skill = false;
    r.keep_games = true;
    r.precision = 0;
    return r;
}

// Plays one variant: `games` per player count on the search's seeds, or with `confirm` on the
// confirmation's fresh seeds (to the confirmation's precision with a card_effect target). Within
// o.variant_seconds, else it is stopped and reported so.
Played tune_play(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& o,
                 const std::vector<TuneAxis>& axes, const std::vector<std::int64_t>& values, std::uint64_t games,
                 bool confirm = false) {
    Played out;
    out.values = values;
    out.label = tune_label(axes, values);
    ReportOptions r = tune_report_options(spec, o, games);
    if (confirm) {
        r.seed = tune_confirm_seed(o.seed);
        r.keep_games = false;
        if (spec.targets.card_effect && o.confirm_precision > 0) {
            r.precision = o.confirm_precision;
            r.fork_by_need = true;
            r.max_games = 20 * games;
        }
    }
    if (o.variant_seconds > 0)
        r.deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(o.variant_seconds));
    try {
        const sdk::Bundle variant = tune_bundle(bundle, axes, values);
        out.data = run_report(variant, r);
    } catch (const InputError& e) {
        // A variant that cannot be played (no card left): the worst fitness, and the search moves on.
        out.playable = false;
        out.problem = e.what();
        out.fitness = -1;
        return out;
    } catch (const BudgetExceeded&) {
        // A variant too slow to measure (games that hardly end, each fork played to the turn cap):
        // stopped, reported, and the search moves on.
        out.playable = false;
        out.stopped = true;
        out.problem = fmt::format("stopped: not done within its budget of {:g} s ({} games per player count; "
                                  "--variant-seconds, --max-turns)",
                                  o.variant_seconds, games);
        out.fitness = -1;
        return out;
    }
    out.report = report_json(out.data);
    out.checks = check_targets(spec.targets, out.report);
    out.fitness = tune_fitness(out.checks);
    return out;
}

nlohmann::json checks_json(const std::vector<TargetCheck>& checks, std::size_t& met);

double rounded6(double x) { return std::round(x * 1e6) / 1e6; }

std::string tune_reproduce(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& o,
                           const std::string& label, std::uint64_t games) {
    std::string command = "cherries report";
    for (const auto& dir : o.plugin_path) command += " --plugin-path " + dir;
    std::string gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") command += " --set " + p.id;
        if (p.type == "gametype") gametype = p.id;
    }
    std::string players;
    for (const auto p : spec.players) players += (players.empty() ? "" : ",") + std::to_string(p);
    command += fmt::format(" --gametype {} --players {} --bots {} --games {} --seed {}", gametype, players, spec.bot,
                           games, o.seed);
    if (o.max_turns != 10000) command += fmt::format(" --max-turns {}", o.max_turns);
    if (o.bot_settings.think) command += fmt::format(" --think {}", o.bot_settings.think);
    // Only the flags: a distribution edit is a note, made in a copy of the gametype.
    std::string flags = label.substr(0, label.find('('));
    while (!flags.empty() && flags.back() == ' ') flags.pop_back();
    if (!flags.empty()) command += " " + flags;
    return command + " -o report.html";
}

nlohmann::json played_json(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& o,
                           const std::vector<TuneAxis>& axes, const Played& v, const Played* base,
                           double search_fitness) {
    nlohmann::json j = {{"label", v.label}, {"fitness", rounded6(v.fitness)}, {"playable", v.playable}};
    if (!std::isnan(search_fitness)) j["search_fitness"] = rounded6(search_fitness);
    nlohmann::json changes = nlohmann::json::array();
    for (std::size_t i = 0; i < axes.size(); ++i)
        changes.push_back({{"name", axes[i].dim.name()}, {"value", v.values[i]},
                           {"baseline", axes[i].baseline}});
    j["changes"] = changes;
    j["notes"] = tune_flags(axes, v.values).second;
    if (!v.playable) {
        j["problem"] = v.problem;
        j["met"] = 0;
        j["targets"] = nlohmann::json::array();
        j["configurations"] = nlohmann::json::array();
        return j;
    }
    std::size_t met = 0;
    j["targets"] = checks_json(v.checks, met);
    j["met"] = met;
    nlohmann::json configs = nlohmann::json::array();
    for (std::size_t i = 0; i < v.report["configurations"].size(); ++i) {
        const auto& c = v.report["configurations"][i];
        nlohmann::json row = {{"players", c["players"]}, {"games", c["games"]}, {"median", c["turns"]["median"]},
                              {"mean", c["turns"]["mean"]},
                              {"unfinished", rounded6(static_cast<double>(c["unfinished"].get<std::uint64_t>()) /
                                                      static_cast<double>(std::max<std::uint64_t>(1, c["games"].get<std::uint64_t>())))}};
        if (base && base->playable && i < base->data.games.size() && i < v.data.games.size()) {
            const auto players = c["players"].get<std::uint32_t>();
            const GamesComparison g = compare_games(base->data.games[i], v.data.games[i], players);
            nlohmann::json wins = nlohmann::json::array();
            for (std::size_t s = 0; s < g.wins.size(); ++s) {
                nlohmann::json w = paired_json(g.wins[s]);
                w["seat"] = s + 1;
                wins.push_back(w);
            }
            row["paired"] = {{"games", g.games}, {"length", paired_json(g.length)},
                             {"unfinished", paired_json(g.unfinished)}, {"wins", wins}};
        }
        configs.push_back(row);
    }
    j["configurations"] = configs;
    j["reproduce"] = tune_reproduce(bundle, spec, o, v.label, o.final_games);
    return j;
}

nlohmann::json checks_json(const std::vector<TargetCheck>& checks, std::size_t& met) {
    nlohmann::json targets = nlohmann::json::array();
    met = 0;
    for (const auto& c : checks) {
        met += c.met;
        targets.push_back({{"target", c.target}, {"wanted", c.wanted}, {"got", c.got}, {"met", c.met},
                           {"miss", rounded6(c.miss)}});
    }
    return targets;
}

// The confirmation of a variant that met every target: its figures on fresh seeds.
nlohmann::json confirmation_json(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& o,
                                 const Played& v) {
    nlohmann::json j = {{"seed", tune_confirm_seed(o.seed)}, {"fitness", rounded6(v.fitness)}};
    if (!v.playable) {
        j["problem"] = v.problem;
        j["met"] = 0;
        j["targets"] = nlohmann::json::array();
        return j;
    }
    std::size_t met = 0;
    j["targets"] = checks_json(v.checks, met);
    j["met"] = met;
    std::uint64_t games = 0;
    for (const auto& c : v.report["configurations"]) games = std::max(games, c["games"].get<std::uint64_t>());
    j["games"] = games;  // per player count, the most (a precision run plays each as it needs)
    if (v.data.setup.contains("precision")) j["precision"] = v.data.setup["precision"];
    TuneOptions at = o;
    at.seed = tune_confirm_seed(o.seed);
    j["reproduce"] = tune_reproduce(bundle, spec, at, v.label, games);
    return j;
}

// Best first: the highest fitness, then the most targets met, then the label (a fixed order).
void sort_best(nlohmann::json& list) {
    std::stable_sort(list.begin(), list.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        if (a["fitness"] != b["fitness"]) return a["fitness"].get<double>() > b["fitness"].get<double>();
        if (a["met"] != b["met"]) return a["met"].get<int>() > b["met"].get<int>();
        return a["label"].get<std::string>() < b["label"].get<std::string>();
    });
}

}  // namespace

std::uint64_t tune_confirm_seed(std::uint64_t seed) { return mix_seed(seed ^ 0x636f6e6669726d00ULL); }

void check_tune_options(const TuneOptions& o) {
    if (o.variant_seconds < 0) throw InputError("--variant-seconds must be at least 0");
    if (o.confirm_precision < 0 || o.confirm_precision >= 1)
        throw InputError("--confirm-precision must be from 0 to 100 points (less than 100)");
    if (o.games < 1) throw InputError("--games must be at least 1");
    if (o.final_games < o.games)
        throw InputError(fmt::format("--final-games ({}) must be at least --games ({})", o.final_games, o.games));
    if (o.evaluations < 1) throw InputError("--evaluations must be at least 1");
    if (o.top < 1) throw InputError("--top must be at least 1");
    if (o.jobs < 1 || o.jobs > kMaxJobs) throw InputError(fmt::format("--jobs must be from 1 to {}", kMaxJobs));
    if (o.shards < 1 || o.shard < 1 || o.shard > o.shards)
        throw InputError(fmt::format("--shard must be K/N with 1 <= K <= N, got {}/{}", o.shard, o.shards));
    if (o.shards > o.evaluations)
        throw InputError(fmt::format("--shard: {} shards need at least {} --evaluations (one each)", o.shards, o.shards));
}

nlohmann::json run_tune(const sdk::Bundle& bundle, const TuneSpec& spec, const TuneOptions& o,
                        const TuneProgress& progress) {
    check_tune_options(o);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TuneAxis> axes = tune_axes(bundle, spec);
    std::vector<std::uint32_t> sizes;
    for (const auto& a : axes) sizes.push_back(a.dim.size());
    // Shard k searches evaluations k-1..k of N in equal slices, from its own generator; the first
    // starts from the set as it is, the others from a point of their own.
    const std::uint32_t budget = static_cast<std::uint32_t>(
        std::uint64_t{o.evaluations} * o.shard / o.shards - std::uint64_t{o.evaluations} * (o.shard - 1) / o.shards);
    const std::uint64_t search_seed = mix_seed(o.seed ^ 0x74756e6500000000ULL) + o.shard;
    NtbeaPoint first = tune_start(axes);
    if (o.shard > 1) {
        SplitMix64 pick(mix_seed(search_seed));
        for (std::size_t d = 0; d < sizes.size(); ++d) first[d] = static_cast<std::uint32_t>(uniform_below(pick, sizes[d]));
    }
    Ntbea search(sizes, first, o.search, search_seed);
    std::vector<std::pair<NtbeaPoint, double>> tried;
    nlohmann::json stopped = nlohmann::json::array();  // variants the time budget stopped
    double best = -std::numeric_limits<double>::infinity();
    for (std::uint32_t e = 0; e < budget; ++e) {
        const NtbeaPoint p = search.next();
        if (p.empty()) break;  // every variant of the space was played
        const Played v = tune_play(bundle, spec, o, axes, tune_values(axes, p), o.games);
        if (v.stopped) stopped.push_back({{"label", v.label}, {"problem", v.problem}});
        search.tell(p, v.fitness);
        tried.push_back({p, v.fitness});
        best = std::max(best, v.fitness);
        if (progress) progress(e + 1, budget, v.label, v.fitness, best);
    }
    // The candidates: the best by the model (which pools the noise of neighbours) and the best
    // played, each played again with final_games on the same seeds as the set as it is.
    std::vector<NtbeaPoint> candidates;
    const auto offer = [&](const NtbeaPoint& p) {
        if (std::find(candidates.begin(), candidates.end(), p) == candidates.end()) candidates.push_back(p);
    };
    const std::vector<NtbeaPoint> ranked = search.ranked();
    for (std::size_t i = 0; i < ranked.size() && i < o.top; ++i) offer(ranked[i]);
    std::stable_sort(tried.begin(), tried.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (std::size_t i = 0; i < tried.size() && i < o.top; ++i) offer(tried[i].first);

    // The set as it is, whatever the ranges: every variant is paired with it.
    const Played base = tune_play(bundle, spec, o, axes, tune_baselines(axes), o.final_games);
    if (base.stopped) stopped.push_back({{"label", base.label}, {"problem", base.problem}});
    nlohmann::json best_list = nlohmann::json::array();
    for (const NtbeaPoint& p : candidates) {
        const Played v = tune_play(bundle, spec, o, axes, tune_values(axes, p), o.final_games);
        if (v.stopped) stopped.push_back({{"label", v.label}, {"problem", v.problem}});
        double searched = std::nan("");
        for (const auto& [q, f] : tried)
            if (q == p) searched = f;
        best_list.push_back(played_json(bundle, spec, o, axes, v, &base, searched));
    }
    sort_best(best_list);
    if (best_list.size() > o.top) best_list.erase(best_list.begin() + o.top, best_list.end());
    // Confirmation: a variant that met every target on the search's seeds is played again on fresh
    // ones (the search picked it for meeting them there, so its figures are optimistic: the
    // winner's curse); "met" is what the fresh seeds say too.
    for (auto& v : best_list) {
        if (o.confirm_games == 0 || !v.value("playable", true) || v["met"].get<std::size_t>() != v["targets"].size())
            continue;
        std::vector<std::int64_t> values;
        for (const auto& c : v["changes"]) values.push_back(c["value"].get<std::int64_t>());
        const Played c = tune_play(bundle, spec, o, axes, values, o.confirm_games, true);
        if (c.stopped) stopped.push_back({{"label", c.label}, {"problem", c.problem}, {"confirmation", true}});
        v["confirmation"] = confirmation_json(bundle, spec, o, c);
        v["confirmed"] = c.playable && v["confirmation"]["met"].get<std::size_t>() == c.checks.size();
    }

    std::vector<std::string> sets;
    std::string gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") sets.push_back(p.id);
        if (p.type == "gametype") gametype = p.id;
    }
    const nlohmann::json setup = {{"plugins", plugins_json(recorded_plugins(bundle, {spec.bot}))},
                                  {"sets", sets}, {"gametype", gametype}, {"tune", spec.to_json()},
                                  {"seed", o.seed}, {"games", o.games}, {"final_games", o.final_games},
                                  {"evaluations", o.evaluations}, {"top", o.top}, {"max_turns", o.max_turns},
                                  {"think", o.bot_settings.think},
                                  {"fork_every", spec.targets.card_effect ? o.fork_every : 0},
                                  {"decision_every", spec.targets.decisions ? o.decision_every : 0},
                                  {"variant_seconds", o.variant_seconds}, {"confirm_games", o.confirm_games},
                                  {"confirm_precision", o.confirm_precision},
                                  {"confirm_seed", tune_confirm_seed(o.seed)},
                                  {"search", {{"neighbours", o.search.neighbours}, {"exploration", o.search.exploration},
                                              {"epsilon", o.search.epsilon}, {"mutation", o.search.mutation},
                                              {"pairs", o.search.pairs}}}};
    nlohmann::json out = {{"format", o.shards > 1 ? "cherries-tune-part" : "cherries-tune"}, {"setup", setup},
                          {"evaluated", tried.size()},
                          {"space", search.space_size()},
                          {"baseline", played_json(bundle, spec, o, axes, base, nullptr, std::nan(""))},
                          {"best", best_list}, {"stopped", stopped},
                          {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
    if (o.shards > 1) out["shard"] = {o.shard, o.shards};
    return out;
}

nlohmann::json merge_tune_parts(const std::vector<std::string>& files) {
    const std::vector<Part> parts = read_parts(files, "cherries-tune-part");
    nlohmann::json out = parts.front().json;
    out["format"] = "cherries-tune";
    out.erase("shard");
    nlohmann::json best = nlohmann::json::array();
    std::set<std::string> labels;
    std::uint64_t evaluated = 0;
    double seconds = 0;
    nlohmann::json stopped = nlohmann::json::array();
    for (const Part& part : parts) {
        const auto& j = part.json;
        if (!j.contains("best") || !j["best"].is_array() || !j.contains("baseline"))
            throw InputError(fmt::format("{}: malformed part: expected \"best\" and \"baseline\"", part.file));
        for (const auto& v : j["best"]) {
            if (!v.is_object() || !v.contains("label") || !v["label"].is_string() || !v.contains("fitness") ||
                !v.contains("met"))
                throw InputError(fmt::format("{}: malformed part: a variant without label, fitness or met", part.file));
            if (labels.insert(v["label"].get<std::string>()).second) best.push_back(v);
        }
        for (const auto& x : j.value("stopped", nlohmann::json::array())) stopped.push_back(x);
        evaluated += j.value("evaluated", std::uint64_t{0});
        seconds += j.value("seconds", 0.0);
    }
    sort_best(best);
    const auto top = out["setup"].value("top", std::uint64_t{5});
    if (best.size() > top) best.erase(best.begin() + static_cast<std::ptrdiff_t>(top), best.end());
    out["best"] = best;
    out["evaluated"] = evaluated;
    out["seconds"] = seconds;
    out["stopped"] = stopped;
    return out;
}

}  // namespace cherries::host
