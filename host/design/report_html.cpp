#include "host/design/report_html.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "host/design/report_causal.hpp"
#include "host/design/report_decisions.hpp"
#include "host/design/report_charts.hpp"
#include "host/design/report_stats.hpp"
#include "host/design/report_verdicts.hpp"

namespace cherries::host {

std::string html_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; max-width: 1240px; margin: 1.5em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: right; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; }
.top { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
.charts { display: flex; flex-wrap: wrap; gap: 0.5em; }
.favoured { background: #fde2e2; } .disfavoured { background: #e2ecfd; }
.note { color: #555; font-size: 0.9em; }
ul.findings li, ul.verdicts li { margin: 0.3em 0; }
span.ci { color: #666; font-size: 0.85em; white-space: nowrap; }
table.cardtable { font-size: 0.8em; } table.cardtable td, table.cardtable th { padding: 0.2em 0.3em; }
table.cardtable span.ci { white-space: normal; }
div.fit { max-width: 100%; overflow-x: auto; }
)";

std::string pct(const nlohmann::json& x) { return x.is_null() ? "–" : fmt::format("{:.1f}%", 100 * x.get<double>()); }
std::string pct_ratio(std::uint64_t a, std::uint64_t b) { return b ? fmt::format("{:.1f}%", 100.0 * a / b) : "–"; }
std::string signed_points(const nlohmann::json& x) {
    return x.is_null() ? "–" : fmt::format("{:+.1f}", 100 * x.get<double>());
}

std::string cards_table(const nlohmann::json& setup) {
    std::string out = "<table><tr><th class=l>card</th><th class=l>type</th><th>copies</th><th class=l>rules text</th></tr>";
    for (std::size_t k = 0; k < setup["cards"].size(); ++k) {
        const auto& info = setup["card_info"][k];
        out += fmt::format("<tr><td class=l>{}</td><td class=l>{}</td><td>{}</td><td class=l>{}</td></tr>",
                           html_escape(info["name"].get<std::string>()), html_escape(info["type"].get<std::string>()),
                           info["count"].get<int>(), html_escape(info["text"].get<std::string>()));
    }
    return out + "</table>";
}

std::string length_table(const nlohmann::json& report) {
    std::string out = "<table><tr><th>players</th><th class=l>bots</th><th>games</th><th>mean turns</th>"
                      "<th>median</th><th>longest</th><th>never ended</th><th>ended without a winner</th></tr>";
    for (const auto& c : report["configurations"]) {
        const auto games = c["games"].get<std::uint64_t>();
        out += fmt::format("<tr><td>{}</td><td class=l>{}</td><td>{}</td><td>{:.2f}</td><td>{:g}</td><td>{}</td>"
                           "<td>{} ({})</td><td>{}</td></tr>",
                           c["players"].get<int>(), html_escape(c["bot"].get<std::string>()), games,
                           c["turns"]["mean"].get<double>(), c["turns"]["median"].get<double>(),
                           c["turns"]["max"].get<std::uint64_t>(), c["unfinished"].get<std::uint64_t>(),
                           pct_ratio(c["unfinished"].get<std::uint64_t>(), games), c["no_winner"].get<std::uint64_t>());
    }
    return out + "</table>";
}

std::string wins_table(const nlohmann::json& report) {
    std::string out = "<table><tr><th>players</th><th class=l>bots</th><th class=l>seat</th><th>wins</th><th>share</th>"
                      "<th>95% interval (Wilson)</th><th>fair share</th><th class=l>verdict</th></tr>";
    for (const auto& c : report["configurations"])
        for (const auto& w : c["wins"]) {
            const std::string verdict = w["verdict"].get<std::string>();
            out += fmt::format("<tr class={}><td>{}</td><td class=l>{}</td><td class=l>{}</td><td>{}</td><td>{}</td>"
                               "<td>{} – {}</td><td>{}</td><td class=l>{}</td></tr>",
                               verdict, c["players"].get<int>(), html_escape(c["bot"].get<std::string>()),
                               w["seat"].get<std::string>(), w["wins"].get<std::uint64_t>(), pct(w["share"]),
                               pct(w["ci95"][0]), pct(w["ci95"][1]), pct(w["fair"]), verdict);
        }
    return out + "</table>";
}

std::string points_or_dash(const nlohmann::json& x) { return x.is_null() ? "–" : signed_points(x); }
// "+6.3 (+3.2 to +9.3)": an effect with its interval in one cell.
std::string effect_cell(const nlohmann::json& e, const char* key) {
    const std::string ci = std::string(key) + "_ci95";
    if (e[key].is_null()) return "–";
    if (e[ci].is_null()) return signed_points(e[key]);
    return fmt::format("{} <span class=ci>({} to {})</span>", signed_points(e[key]), signed_points(e[ci][0]),
                       signed_points(e[ci][1]));
}

// Per card kind for the strongest bot, one table per player count, ranked by the handling effect
// on the receiver's chance to win, with the copy effect and the first bot's handling effect beside
// (docs/report.md).
std::string cards_section(const nlohmann::json& report) {
    const std::string best = report["strongest_bot"].get<std::string>();
    const std::string first = report["setup"]["bots"][0].get<std::string>();
    const auto& names = report["setup"]["card_info"];
    const auto& sets = report["setup"]["sets"];
    const bool association = report["setup"].value("association", false);
    std::string out;
    for (const auto& c : report["configurations"]) {
        if (c["bot"] != best) continue;
        const nlohmann::json* base = nullptr;
        for (const auto& other : report["configurations"])
            if (other["players"] == c["players"] && other["bot"] == first && first != best) base = &other;
        out += fmt::format("<h3>{} players, {} bots</h3>", c["players"].get<int>(), html_escape(best));
        // Small type and wrapping intervals so the table fits a 1280-pixel window; a wider one scrolls.
        out += "<div class=fit><table class=cardtable><tr><th rowspan=2>rank</th><th class=l rowspan=2>card</th>";
        if (sets.size() > 1) out += "<th class=l rowspan=2>set</th>";
        out += "<th class=l rowspan=2>type</th><th rowspan=2>gives</th><th rowspan=2>kept</th><th rowspan=2>to the "
               "leader</th><th rowspan=2>to the last</th><th colspan=2>handling effect (points, 95% interval)</th>"
               "<th colspan=3>copy effect (points, 95% interval)</th><th rowspan=2>forks compared</th>"
               "<th class=l rowspan=2>verdict</th>";
        if (base) out += fmt::format("<th rowspan=2>handling effect with {} bots</th>", html_escape(first));
        if (association) out += "<th rowspan=2>association (got ≥ 1 and won)</th>";
        out += "</tr><tr><th>on the receiver</th><th>on the drawer, kept</th><th>on the receiver</th>"
               "<th>on the drawer, kept</th><th>on the length (turns)</th></tr>";
        std::vector<std::size_t> order(c["cards"].size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        const auto rank = [&](std::size_t k) {
            const auto& r = c["cards"][k]["causal"];
            return r.contains("rank") ? r["rank"].get<std::size_t>() : SIZE_MAX;
        };
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
        for (std::size_t k : order) {
            const auto& r = c["cards"][k];
            const auto& causal = r["causal"];
            const auto& h = causal["handling"];
            const auto& cp = causal["copy"];
            const auto given = r["gives"].get<std::uint64_t>();
            const auto& v = causal["verdict"];
            std::string verdict = "–", klass;
            if (v["verdict"] == "too few forks") {
                verdict = "too few forks";
            } else if (!v["verdict"].is_null()) {
                // Against zero, then against its peers (report_verdicts.hpp).
                verdict = fmt::format("{}; {}<br><span class=ci>{} {} to {}</span>",
                                      v.value("effect", nlohmann::json("–")).get<std::string>(),
                                      v["verdict"].get<std::string>(),
                                      v.value("reference", "type") == "all cards" ? "alone in type; others" : "band",
                                      signed_points(v["band"][0]), signed_points(v["band"][1]));
                if (v["verdict"] == "too strong" || v.value("effect", "") == "helps its receiver") klass = " class=favoured";
                if (v["verdict"] == "too weak" || v.value("effect", "") == "hurts its receiver") klass = " class=disfavoured";
            }
            out += fmt::format("<tr{}><td>{}</td><td class=l>{}</td>", klass,
                               rank(k) == SIZE_MAX ? std::string("–") : std::to_string(rank(k)),
                               html_escape(names[k]["name"].get<std::string>()));
            if (sets.size() > 1) out += fmt::format("<td class=l>{}</td>", html_escape(names[k].value("set", std::string())));
            out += fmt::format("<td class=l>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                               "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=l>{}</td>",
                               html_escape(names[k]["type"].get<std::string>()), given,
                               pct_ratio(r["kept"].get<std::uint64_t>(), given),
                               pct_ratio(r["to_leader"].get<std::uint64_t>(), given),
                               pct_ratio(r["to_last"].get<std::uint64_t>(), given), effect_cell(h, "effect"),
                               effect_cell(h, "kept_effect"), effect_cell(cp, "effect"), effect_cell(cp, "kept_effect"),
                               cp["length"].is_null() ? std::string("–") : fmt::format("{:+.1f}", cp["length"].get<double>()),
                               h["compared"].get<std::uint64_t>(), verdict);
            if (base) out += "<td>" + effect_cell((*base)["cards"][k]["causal"]["handling"], "effect") + "</td>";
            if (association)
                out += fmt::format("<td>{} <span class=ci>({})</span></td>", points_or_dash(r["impact"]),
                                   r["impact_ci95"].is_null() ? std::string("–")
                                                              : signed_points(r["impact_ci95"][0]) + " to " +
                                                                    signed_points(r["impact_ci95"][1]));
            out += "</tr>";
        }
        out += "</table></div>";
    }
    return out;
}

// The verdict list that opens the page (report_verdicts.hpp).
std::string verdicts_section(const nlohmann::json& report) {
    std::string out = "<h2>Verdicts</h2>\n<ul class=verdicts>";
    for (const auto& v : report.value("verdicts", nlohmann::json::array()))
        for (const auto& sentence : verdict_sentences(v)) out += "<li>" + html_escape(sentence) + "</li>";
    const auto& o = report.value("verdict_options", nlohmann::json::object());
    std::string band = "the median handling effect of the card's other cards of its type (of every other card when it "
                       "is alone in its type) ± " +
                       fmt::format("{:.1f}", 100 * o.value("margin", 0.05)) + " points";
    if (o.contains("band") && !o["band"].is_null())
        band = fmt::format("{} to {} points for every type", signed_points(o["band"][0]), signed_points(o["band"][1]));
    out += "</ul>\n<p class=note>Each card is judged twice by its handling effect on its receiver's chance to win. "
           "<b>Against zero</b>: it helps or hurts whoever gets it. <b>Against its peers</b>: too strong (too weak) "
           "when it lies beyond the band: " + html_escape(band) +
           " (set with <code>--band-margin</code> or <code>--band</code>); within the band when its whole 95% interval "
           "is inside; within noise otherwise (more games would tell). Both tests of every card are one family, and a "
           "finding is kept by Benjamini–Hochberg at a " +
           fmt::format("{:.0f}", 100 * o.value("fdr", 0.05)) +
           "% false-discovery rate, so on average at most that share of the findings listed are chance. A card needs " +
           fmt::format("{} forks from {} games", o.value("min_forks", 30), o.value("min_games", 10)) +
           " for a verdict. The intervals never have zero width (the larger of a cluster-robust and Agresti–Min's "
           "matched-pairs error). Figures in percentage points (interval; band).</p>\n";
    return out;
}

// The what-if variants: paired differences from the baseline (docs/report.md, "What if").
std::string what_if_section(const nlohmann::json& report) {
    const auto& names = report["setup"]["card_info"];
    std::string out = "\n<h2>What if</h2>\n<p class=note>Each variant was played on the same seeds as the baseline; a "
                      "difference is variant minus baseline, paired game by game (95% interval). A card's effect is "
                      "estimated from different forks in the two runs, so its interval adds both.</p>\n";
    const auto cell = [](const nlohmann::json& row, bool percent) {
        const double f = percent ? 100 : 1;
        return fmt::format("<td>{:.1f}{}</td><td>{:.1f}{}</td><td>{:+.1f}</td><td>{:+.1f} to {:+.1f}</td>",
                           f * row["base"].get<double>(), percent ? "%" : "", f * row["variant"].get<double>(),
                           percent ? "%" : "", f * row["difference"].get<double>(), f * row["ci95"][0].get<double>(),
                           f * row["ci95"][1].get<double>());
    };
    for (const auto& v : report["what_if"]) {
        out += "<h3>" + html_escape(v["variant"].get<std::string>()) + "</h3>";
        for (const auto& c : v["configurations"]) {
            out += fmt::format("<p class=note>{} players, {} bots, {} paired games</p>", c["players"].get<int>(),
                               html_escape(c["bot"].get<std::string>()), c["games"].get<std::uint64_t>());
            out += "<table><tr><th class=l>what</th><th>baseline</th><th>variant</th><th>difference</th>"
                   "<th>95% interval</th></tr>";
            for (const auto& w : c["wins"])
                out += "<tr><td class=l>" + w["seat"].get<std::string>() + " win share</td>" + cell(w, true) + "</tr>";
            out += "<tr><td class=l>mean game length (turns)</td>" + cell(c["length"], false) + "</tr>";
            out += "<tr><td class=l>games that never ended</td>" + cell(c["unfinished"], true) + "</tr>";
            for (std::size_t k = 0; k < c["cards"].size(); ++k) {
                const auto& r = c["cards"][k];
                if (r["difference"].is_null()) continue;
                out += "<tr><td class=l>" + html_escape(names[k]["name"].get<std::string>()) +
                       ": handling effect on its receiver (points)</td>" + cell(r, true) + "</tr>";
            }
            out += "</table>";
        }
    }
    return out;
}

}  // namespace

std::string reproduce_command(const nlohmann::json& setup, const nlohmann::json& plugin_path,
                              const nlohmann::json& verdicts) {
    std::string command = "cherries report";
    for (const auto& dir : plugin_path) command += " --plugin-path " + dir.get<std::string>();
    for (const auto& s : setup["sets"]) command += " --set " + s.get<std::string>();
    std::string players, bots;
    for (const auto& p : setup["players"]) players += (players.empty() ? "" : ",") + std::to_string(p.get<int>());
    for (const auto& b : setup["bots"]) bots += (bots.empty() ? "" : ",") + b.get<std::string>();
    const auto& precision = setup.value("precision", nlohmann::json());
    // A precision run replays from its first round and options; a fixed one from its games.
    const std::uint64_t games = precision.is_object() ? precision.value("first_round", setup["games"].get<std::uint64_t>())
                                                      : setup["games"].get<std::uint64_t>();
    command += fmt::format(" --gametype {} --games {} --players {} --bots {} --seed {}", setup["gametype"].get<std::string>(),
                           games, players, bots, setup["seed"].get<std::uint64_t>());
    if (precision.is_object()) {
        command += fmt::format(" --precision {:g}", 100 * precision["target"].get<double>());
        command += fmt::format(" --max-games {}", precision["max_games"].get<std::uint64_t>());
        if (precision.value("max_seconds", 0.0) > 0) command += fmt::format(" --max-seconds {:g}", precision["max_seconds"].get<double>());
    }
    if (setup.value("max_turns", 10000u) != 10000u) command += fmt::format(" --max-turns {}", setup["max_turns"].get<std::uint64_t>());
    if (setup.value("think", 0u) != 0u) command += fmt::format(" --think {}", setup["think"].get<std::uint64_t>());
    if (setup.contains("fork_every") && setup["fork_every"].get<std::uint64_t>() != kDefaultForkEvery)
        command += fmt::format(" --fork-every {}", setup["fork_every"].get<std::uint64_t>());
    // The placement: need by default (the same as rarity without --precision).
    const std::string placement = setup.value("fork_placement", setup.value("fork_by_rarity", false) ? "rarity" : "even");
    if (placement == "even" || (placement == "rarity" && precision.is_object())) command += " --fork-placement " + placement;
    if (setup.value("decision_every", kDefaultDecisionEvery) != kDefaultDecisionEvery)
        command += fmt::format(" --decision-every {}", setup["decision_every"].get<std::uint64_t>());
    if (setup.contains("decision_threshold") &&
        std::abs(setup["decision_threshold"].get<double>() - kDefaultDecisionThreshold) > 1e-9)
        command += fmt::format(" --decision-threshold {:g}", 100 * setup["decision_threshold"].get<double>());
    if (setup.value("association", false)) command += " --association";
    if (verdicts.contains("band") && !verdicts["band"].is_null())
        command += fmt::format(" --band={:g}..{:g}", 100 * verdicts["band"][0].get<double>(),
                               100 * verdicts["band"][1].get<double>());
    else if (verdicts.contains("margin") && std::abs(verdicts["margin"].get<double>() - 0.05) > 1e-9)
        command += fmt::format(" --band-margin {:g}", 100 * verdicts["margin"].get<double>());
    if (setup.value("agent_matrix_games", std::uint64_t{0}) > 0)
        command += fmt::format(" --agent-matrix {}", setup["agent_matrix_games"].get<std::uint64_t>());
    for (const auto& w : setup.value("what_if", nlohmann::json::array())) command += " " + w.get<std::string>();
    return command;
}

std::vector<NextStep> next_steps(const nlohmann::json& report) {
    const auto& setup = report["setup"];
    const nlohmann::json plugin_path = report.value("plugin_path", nlohmann::json::array());
    struct Candidate {
        double beyond;  // how far beyond the band's edge, a share
        std::string card, verdict;
        nlohmann::json row;
        int players;
        std::uint64_t games;
    };
    std::vector<Candidate> found;
    for (const auto& v : report.value("verdicts", nlohmann::json::array())) {
        std::uint64_t games = setup["games"].get<std::uint64_t>();
        for (const auto& c : report["configurations"])
            if (c["players"] == v["players"] && c["bot"] == v["bot"]) games = c["games"].get<std::uint64_t>();
        for (const char* key : {"too_strong", "too_weak"})
            for (const auto& r : v.value(key, nlohmann::json::array())) {
                const double e = r["effect"].get<double>();
                const double beyond = std::string(key) == "too_strong" ? e - r["band"][1].get<double>()
                                                                       : r["band"][0].get<double>() - e;
                found.push_back({beyond, r["card"].get<std::string>(), key, r, v["players"].get<int>(), games});
            }
    }
    std::stable_sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.beyond > b.beyond; });
    std::vector<NextStep> out;
    std::vector<std::string> seen;
    const auto base = [&](int players, std::uint64_t games) {
        std::string command = "cherries report";
        for (const auto& dir : plugin_path) command += " --plugin-path " + dir.get<std::string>();
        for (const auto& set : setup["sets"]) command += " --set " + set.get<std::string>();
        command += fmt::format(" --gametype {} --players {} --bots {} --games {} --seed {}",
                               setup["gametype"].get<std::string>(), players, report["strongest_bot"].get<std::string>(),
                               games, setup["seed"].get<std::uint64_t>());
        if (setup.value("max_turns", 10000u) != 10000u) command += fmt::format(" --max-turns {}", setup["max_turns"].get<std::uint64_t>());
        if (setup.value("think", 0u) != 0u) command += fmt::format(" --think {}", setup["think"].get<std::uint64_t>());
        if (setup.contains("fork_every") && setup["fork_every"].get<std::uint64_t>() != kDefaultForkEvery)
            command += fmt::format(" --fork-every {}", setup["fork_every"].get<std::uint64_t>());
        return command;
    };
    for (const Candidate& c : found) {
        if (out.size() == 2) break;
        if (std::find(seen.begin(), seen.end(), c.card) != seen.end()) continue;
        seen.push_back(c.card);
        const auto& cards = setup["cards"];
        std::size_t k = 0;
        while (k < cards.size() && cards[k] != c.card) ++k;
        if (k == cards.size()) continue;
        const auto& info = setup["card_info"][k];
        const int count = info.value("count", 1), lifetime = info.value("lifetime", 0);
        const bool strong = c.verdict == "too_strong";
        // Too strong: one copy fewer, or for a single modifier a shorter lifetime; too weak (or a
        // single card with nothing to shorten): the set without it, the same seeds. (A sweep down to
        // 0 copies of a card that ends games can play games to the turn cap: minutes, not seconds.)
        std::string change = "--without " + c.card, what = "the set without it";
        if (strong && count > 1) {
            change = fmt::format("--count {}={}", c.card, count - 1);
            what = fmt::format("one copy fewer ({} instead of {})", count - 1, count);
        } else if (strong && lifetime > 1) {
            change = fmt::format("--sweep lifetime:{}=1..{}", c.card, lifetime - 1);
            what = fmt::format("a shorter lifetime (1 to {})", lifetime - 1);
        }
        const auto& r = c.row;
        NextStep step;
        step.why = fmt::format("{} is too {} for its peers at {} players: {:+.1f} points on its receiver's chance to win "
                               "({:+.1f} to {:+.1f}; band {:+.1f} to {:+.1f}). See what {} does on the same seeds:",
                               info.value("name", c.card), strong ? "strong" : "weak", c.players,
                               100 * r["effect"].get<double>(), 100 * r["ci95"][0].get<double>(),
                               100 * r["ci95"][1].get<double>(), 100 * r["band"][0].get<double>(),
                               100 * r["band"][1].get<double>(), what);
        step.command = base(c.players, c.games) + " " + change + " -o whatif.html";
        out.push_back(std::move(step));
    }
    if (out.empty()) {
        std::string players;
        for (const auto& p : setup["players"]) players += (players.empty() ? "" : ",") + std::to_string(p.get<int>());
        NextStep step;
        step.why = "No card is an outlier among its peers beyond chance. To be surer, play a fresh sample (another "
                   "seed shares no game with this one):";
        step.command = reproduce_command(setup, plugin_path, report.value("verdict_options", nlohmann::json::object()));
        const auto at = step.command.find(fmt::format(" --seed {}", setup["seed"].get<std::uint64_t>()));
        if (at != std::string::npos)
            step.command.replace(at, fmt::format(" --seed {}", setup["seed"].get<std::uint64_t>()).size(),
                                 fmt::format(" --seed {}", setup["seed"].get<std::uint64_t>() + 1));
        step.command += " -o report.html";
        out.push_back(std::move(step));
    }
    return out;
}

std::vector<std::string> cards_in_question(const nlohmann::json& report) {
    std::vector<std::string> out;
    const auto add = [&](const std::string& card) {
        if (std::find(out.begin(), out.end(), card) == out.end()) out.push_back(card);
    };
    for (const auto& v : report.value("verdicts", nlohmann::json::array()))
        for (const char* key : {"too_strong", "too_weak", "hurts", "helps"})
            for (const auto& r : v.value(key, nlohmann::json::array())) add(r["card"].get<std::string>());
    if (!out.empty()) return out;
    // None flagged: the most extreme of each player count, so the chart still shows where they lie.
    const auto& cards = report["setup"]["cards"];
    for (const auto& c : report["configurations"]) {
        if (c["bot"] != report["strongest_bot"]) continue;
        std::size_t low = cards.size(), high = cards.size();
        for (std::size_t k = 0; k < cards.size() && k < c["cards"].size(); ++k) {
            const auto& e = c["cards"][k]["causal"]["handling"]["effect"];
            if (e.is_null()) continue;
            if (high == cards.size() || e.get<double>() > c["cards"][high]["causal"]["handling"]["effect"].get<double>()) high = k;
            if (low == cards.size() || e.get<double>() < c["cards"][low]["causal"]["handling"]["effect"].get<double>()) low = k;
        }
        if (high < cards.size()) add(cards[high].get<std::string>());
        if (low < cards.size()) add(cards[low].get<std::string>());
    }
    return out;
}

std::vector<DecidingLine> deciding_games(const nlohmann::json& report) {
    const auto& setup = report["setup"];
    const std::string best = report["strongest_bot"].get<std::string>();
    const nlohmann::json plugin_path = report.value("plugin_path", nlohmann::json::array());
    const auto& cards = setup["cards"];
    std::vector<DecidingLine> out;
    for (const auto& v : report.value("verdicts", nlohmann::json::array())) {
        const nlohmann::json* config = nullptr;
        for (const auto& c : report["configurations"])
            if (c["players"] == v["players"] && c["bot"] == best) config = &c;
        if (!config) continue;
        std::vector<std::string> seen;
        for (const char* key : {"too_strong", "too_weak", "hurts", "helps"})
            for (const auto& r : v.value(key, nlohmann::json::array())) {
                const std::string card = r["card"].get<std::string>();
                if (std::find(seen.begin(), seen.end(), card) != seen.end()) continue;
                seen.push_back(card);
                std::size_t k = 0;
                while (k < cards.size() && cards[k] != card) ++k;
                if (k == cards.size()) continue;
                const auto& causal = (*config)["cards"][k]["causal"];
                const bool helps = r["effect"].get<double>() >= 0;
                const auto& decided = causal.value("decided", nlohmann::json::object());
                const nlohmann::json d = decided.value(helps ? "helped" : "hurt", nlohmann::json());
                DecidingLine line;
                line.card = card;
                line.players = v["players"].get<int>();
                const std::string name = setup["card_info"][k].value("name", card);
                if (d.is_null()) {
                    line.text = fmt::format("{} ({} players): no game among its {} compared forks in which its handling "
                                            "made its receiver {}; nothing to watch yet (more games would find one).",
                                            name, line.players, causal["handling"]["compared"].get<std::uint64_t>(),
                                            helps ? "win" : "lose");
                    out.push_back(std::move(line));
                    continue;
                }
                line.game = d["game"].get<std::uint64_t>();
                line.turn = d["turn"].get<std::uint32_t>();
                const auto seat = [](const nlohmann::json& s) { return fmt::format("seat{}", s.get<int>() + 1); };
                const std::string receiver = seat(d["receiver"]);
                line.text = fmt::format(
                    "{} ({} players, {} bots): game index {}, turn {}: {} gave it to {}, who {}; had it done "
                    "nothing, {} would have {}.",
                    name, line.players, best, line.game, line.turn, seat(d["drawer"]),
                    d["drawer"] == d["receiver"] ? "themself (kept it)" : receiver, helps ? "won" : "lost", receiver, helps ? "lost" : "won");
                std::string plugins;
                for (const auto& dir : plugin_path) plugins += " --plugin-path " + dir.get<std::string>();
                std::string sets;
                for (const auto& s : setup["sets"]) sets += " --set " + s.get<std::string>();
                std::string folder = "decided-" + card;
                std::replace(folder.begin(), folder.end(), ':', '-');
                std::string sim = fmt::format("cherries sim{}{} --gametype {} --players {} --bot {} --seed {} --games {}",
                                              plugins, sets, setup["gametype"].get<std::string>(), line.players, best,
                                              setup["seed"].get<std::uint64_t>(), line.game + 1);
                if (setup.value("max_turns", 10000u) != 10000u)
                    sim += fmt::format(" --max-turns {}", setup["max_turns"].get<std::uint64_t>());
                if (setup.value("think", 0u) != 0u) sim += fmt::format(" --think {}", setup["think"].get<std::uint64_t>());
                line.command = fmt::format("{} --record {} --quiet > /dev/null && cherries replay{} --to {} {}/game-{:06}.jsonl",
                                           sim, folder, plugins, line.turn, folder, line.game);
                out.push_back(std::move(line));
            }
    }
    return out;
}

std::string report_html(const nlohmann::json& report) {
    const auto& setup = report["setup"];
    const auto bots = setup["bots"].get<std::vector<std::string>>();
    const std::string best = report["strongest_bot"].get<std::string>();
    std::vector<GnuplotChart> charts{reference_chart(report)};
    for (const auto& bot : bots) charts.push_back(length_chart(report, bot));
    for (const auto& bot : bots) charts.push_back(wins_chart(report, bot));
    charts.push_back(over_turns_chart(report, best, "cherries"));
    charts.push_back(over_turns_chart(report, best, "score"));
    // The cards in question against their copies, last so the others keep their places.
    const std::vector<std::string> in_question = cards_in_question(report);
    const GnuplotChart effects = effect_count_chart(report, in_question);
    if (!effects.script.empty()) charts.push_back(effects);
    const std::vector<std::string> svg = gnuplot_svgs(charts);
    const std::size_t last = effects.script.empty() ? svg.size() : svg.size() - 1;  // the over-turns pair ends here

    std::string sets;
    for (const auto& s : setup["sets"]) sets += (sets.empty() ? "" : ", ") + s.get<std::string>();
    std::string players, bot_list;
    for (const auto& p : setup["players"]) players += (players.empty() ? "" : ",") + std::to_string(p.get<int>());
    for (const auto& b : bots) bot_list += (bot_list.empty() ? "" : ",") + b;
    const std::string title = fmt::format("Balance report: {} with {}", sets, setup["gametype"].get<std::string>());

    std::string out = "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>" + html_escape(title) +
                      "</title><style>" + kStyle + "</style></head><body>\n";
    out += "<h1>" + html_escape(title) + "</h1>\n";
    std::string games = fmt::format("{} games per player count and bot", setup["games"].get<std::uint64_t>());
    if (const auto& p = setup.value("precision", nlohmann::json()); p.is_object()) {
        games.clear();
        for (const auto& c : p.value("configurations", nlohmann::json::array()))
            games += fmt::format("{}{} games at {} players", games.empty() ? "" : ", ", c["games"].get<std::uint64_t>(),
                                 c["players"].get<int>());
        games = fmt::format("{} bots: {}; other bots {} games per player count", html_escape(best), games,
                            p.value("first_round", std::uint64_t{0}));
    }
    out += fmt::format("<p class=note>{}; players {}; bots {}; seed {}; a game still "
                       "going after {} turns never ended. Reproduce with <code>{}</code>. How each number is estimated: "
                       "docs/report.md.</p>\n",
                       games, players, html_escape(bot_list),
                       setup["seed"].get<std::uint64_t>(), setup["max_turns"].get<std::uint64_t>(),
                       html_escape(reproduce_command(setup, report.value("plugin_path", nlohmann::json::array()),
                                                     report.value("verdict_options", nlohmann::json::object()))));
    if (const auto& p = setup.value("precision", nlohmann::json()); p.is_object())
        out += fmt::format("<p class=note>Played until every card's handling effect interval under the strongest bot "
                           "was within ±{:g} points: {} after {} games at most{}.</p>\n",
                           100 * p["target"].get<double>(), html_escape(p["stopped"].get<std::string>()),
                           setup["games"].get<std::uint64_t>(),
                           p["widest"].is_null() ? std::string()
                                                 : fmt::format(" (the widest: ±{:.1f} points)", 100 * p["widest"].get<double>()));
    // What to do next, first: the change most likely to fix the worst outlier, as a command.
    out += "<h2>What to do next</h2>\n<ol class=verdicts>";
    for (const NextStep& step : next_steps(report))
        out += "<li>" + html_escape(step.why) + "<br><code>" + html_escape(step.command) + "</code></li>";
    out += "</ol>\n";
    // The cards in question: their effect against their copies, and a game each flagged card decided.
    out += "<div class=top><div class=chart id=effect-count>";
    out += effects.script.empty() ? std::string("<p class=note>No card has forks to chart.</p>") : svg.back();
    out += "</div><div><h3>A game it decided</h3><ul class=verdicts id=decided>";
    const auto lines = deciding_games(report);
    for (const DecidingLine& line : lines) {
        out += "<li>" + html_escape(line.text);
        if (!line.command.empty()) out += "<br><code>" + html_escape(line.command) + "</code>";
        out += "</li>";
    }
    if (lines.empty()) out += "<li>No card is flagged, so no game is picked.</li>";
    out += "</ul><p class=note>The chart: each card's handling effect on its receiver (95% interval) against its "
           "copies in the deck; the cards in question are named (with none flagged, the most extreme). A game it "
           "decided: the first fork, in game order, whose receiver's result flipped when the card's handling did "
           "nothing; the command records that game (the report's seed and game index) and replays it to the turn of "
           "the give.</p></div></div>\n";
    out += verdicts_section(report);
    out += "<div class=top><div>" + svg[0] + "</div><div>" + cards_table(setup) + "</div></div>\n";
    out += "<h2>Findings</h2>\n<ul class=findings>";
    for (const auto& f : report["findings"]) out += "<li>" + html_escape(f.get<std::string>()) + "</li>";
    out += "</ul>\n" + play_section(report);
    out += "<h2>Game length</h2>\n<div class=charts>";
    for (std::size_t b = 0; b < bots.size(); ++b) out += svg[1 + b];
    out += "</div>\n" + length_table(report);
    out += "\n<h2>Wins by seat</h2>\n<p class=note>A seat is favoured (red) or disfavoured (blue) when its 95% Wilson "
           "interval lies wholly above or below the share a fair seat would win: the decided games divided by the "
           "players.</p>\n<div class=charts>";
    for (std::size_t b = 0; b < bots.size(); ++b) out += svg[1 + bots.size() + b];
    out += "</div>\n" + wins_table(report);
    out += "\n<h2>Cards</h2>\n<p class=note>Causal card strength, by the strongest bot: at sampled gives the game "
           "was forked into the card as played and two counterfactuals, all played on with the same deck order and the "
           "same bots' random numbers. " + html_escape(kHandlingMeaning) + " " + html_escape(kCopyMeaning) +
           " Positive helps the receiver; \"on the drawer, kept\" is the same for the forks where the drawer kept the "
           "card. Cards are ranked by the handling effect on the receiver. Forks in games still going at the turn cap "
           "are left out. Method and assumptions: docs/report.md.</p>\n";
    out += cards_section(report);
    if (report.contains("what_if")) out += what_if_section(report);
    out += "\n<h2>Cherry count and score over the turns</h2>\n<div class=charts>" + svg[last - 2] + svg[last - 1] +
           "</div>\n";
    out += "</body></html>\n";
    return out;
}

}  // namespace cherries::host
