// The page's "How the game plays" section (docs/report.md): one row per player count and bot,
// each figure with its 95% interval, and a sentence on how to read each.
#include <fmt/core.h>

#include <string>
#include <vector>

#include "host/design/report_agents.hpp"
#include "host/design/report_html.hpp"

namespace cherries::host {

namespace {

// "+4.1 (+2.0 to +6.2)" in `scale` units (100: points of a share).
std::string figure(const nlohmann::json& f, double scale, const char* format) {
    if (f.is_null() || f["value"].is_null()) return "–";
    const std::string v = fmt::format(fmt::runtime(format), scale * f["value"].get<double>());
    if (f["ci95"].is_null()) return v;
    return fmt::format("{} <span class=ci>({} to {})</span>", v,
                       fmt::format(fmt::runtime(format), scale * f["ci95"][0].get<double>()),
                       fmt::format(fmt::runtime(format), scale * f["ci95"][1].get<double>()));
}

// Ludii's metrics under their names, one row per configuration (docs/report.md, "Under their
// field's names"): shares as percentages, points and turns as they are.
std::string ludii_table(const nlohmann::json& report) {
    struct Column {
        const char* name;
        double scale;
        const char* format;
    };
    const Column columns[] = {{"DurationTurns", 1, "{:.1f}"},         {"DurationTurnsStdDev", 1, "{:.1f}"},
                              {"AdvantageP1", 100, "{:.1f}%"},        {"Balance", 100, "{:.1f}%"},
                              {"OutcomeUniformity", 100, "{:.1f}%"},  {"Completion", 100, "{:.1f}%"},
                              {"Drawishness", 100, "{:.1f}%"},        {"Timeouts", 100, "{:.1f}%"},
                              {"DecisionMoves", 100, "{:.0f}%"},      {"LeadChange", 100, "{:.1f}%"},
                              {"DramaAverage", 1, "{:.2f}"},          {"DramaMaximum", 1, "{:.2f}"},
                              {"ScoreDifferenceAverage", 1, "{:.2f}"}, {"ScoreDifferenceMaximum", 1, "{:.2f}"},
                              {"ScoreDifferenceChangeNumTimes", 100, "{:.1f}%"}};
    // One row per metric, one column per configuration: fifteen names do not fit across a page.
    std::vector<const nlohmann::json*> configs;
    for (const auto& c : report["configurations"])
        if (c.contains("play") && c["play"].contains("ludii")) configs.push_back(&c);
    const bool any = !configs.empty();
    std::string out = "<h3>Under Ludii's names</h3><div class=fit><table id=ludii><tr><th class=l>metric</th>";
    for (const nlohmann::json* c : configs)
        out += fmt::format("<th>{} players, {}</th>", (*c)["players"].get<int>(), html_escape((*c)["bot"].get<std::string>()));
    out += "</tr>";
    for (const Column& col : columns) {
        out += fmt::format("<tr><td class=l>{}</td>", col.name);
        for (const nlohmann::json* c : configs) {
            const auto& v = (*c)["play"]["ludii"].value(col.name, nlohmann::json());
            if (v.is_object()) out += "<td>" + figure(v, col.scale, col.format) + "</td>";
            else if (v.is_null()) out += "<td>–</td>";
            else out += "<td>" + fmt::format(fmt::runtime(col.format), col.scale * v.get<double>()) + "</td>";
        }
        out += "</tr>";
    }
    if (!any) return "";
    return out + "</table></div>\n<p class=note>Ludii's metrics, computed on the scores where Ludii uses its state "
                 "evaluation (Drama, LeadChange); each defined in our words in docs/report.md, after Browne's "
                 "\"Evaluating board games\" and the Ludii Portal's metric definitions. DecisionMoves counts gives "
                 "with more than one receiver to choose: in Cherries every give offers every player, so read "
                 "\"decisions that matter\" above for whether the choice counts.</p>\n";
}

}  // namespace

std::string play_section(const nlohmann::json& report) {
    std::string out = "\n<h2>How the game plays</h2>\n";
    out += "<table><tr><th>players</th><th class=l>bots</th><th>first player's advantage (points)</th>"
           "<th>lead changes per game</th><th>drama (points behind)</th><th>decisiveness (share of the game)</th>"
           "<th>length (turns)</th><th>spread: sd; middle 80%</th><th>decisions that matter</th></tr>";
    for (const auto& c : report["configurations"]) {
        if (!c.contains("play")) continue;
        const auto& p = c["play"];
        const auto& d = c["decisions"];
        out += fmt::format("<tr><td>{}</td><td class=l>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                           "<td>{:.1f}; {} – {}</td><td>{}{}</td></tr>",
                           c["players"].get<int>(), html_escape(c["bot"].get<std::string>()),
                           figure(p["first_player"], 100, "{:+.1f}"), figure(p["lead_changes"], 1, "{:.2f}"),
                           figure(p["drama"], 1, "{:.2f}"), figure(p["decisiveness"], 100, "{:.0f}%"),
                           figure(p["length"], 1, "{:.1f}"), p["length"]["sd"].get<double>(),
                           p["length"]["p10"].get<std::uint64_t>(), p["length"]["p90"].get<std::uint64_t>(),
                           figure(d["matters"], 100, "{:.0f}%"),
                           d["compared"].get<std::uint64_t>() ? fmt::format(" <span class=ci>of {}</span>",
                                                                            d["compared"].get<std::uint64_t>())
                                                              : std::string());
    }
    out += "</table>\n";
    const auto& skill = report.value("skill", nlohmann::json::array());
    if (!skill.empty()) {
        out += "<table><tr><th>players</th><th class=l>one bot</th><th class=l>among</th><th>games</th>"
               "<th>its win share</th><th>fair share</th><th>skill gap (points)</th></tr>";
        for (const auto& s : skill)
            out += fmt::format("<tr><td>{}</td><td class=l>{}</td><td class=l>{}</td><td>{}</td><td>{:.1f}%</td>"
                               "<td>{:.1f}%</td><td>{}</td></tr>",
                               s["players"].get<int>(), html_escape(s["strong"].get<std::string>()),
                               html_escape(s["weak"].get<std::string>()), s["games"].get<std::uint64_t>(),
                               100 * s["share"].get<double>(), 100 * s["fair"].get<double>(),
                               figure(s["gap"], 100, "{:+.1f}"));
        out += "</table>\n";
    }
    const double threshold = report["setup"].value("decision_threshold", 0.25);
    out += "<ul class=note>"
           "<li><b>First player's advantage</b>: seat 1's win share minus a fair seat's (Wilson interval); above 0, "
           "going first helps. Every seat's is in the JSON.</li>"
           "<li><b>Skill gap</b>: one stronger bot among weaker ones (its seat turning from game to game) wins this many "
           "points more than a fair share: how much play decides against luck. An interval holding 0: skill does not "
           "show.</li>"
           "<li><b>Lead changes</b>: how often per game the sole leader (the highest score, not tied) became another "
           "player. Near 0: whoever leads first tends to win.</li>"
           "<li><b>Drama</b>: how many points the eventual winner was behind the highest score at their worst. Near "
           "0: winners are rarely behind; large: comebacks happen.</li>"
           "<li><b>Decisiveness</b>: the share of the game after which the eventual winner led for good. Small: "
           "games are settled early and the rest is played out; near 100%: decided at the end.</li>"
           "<li><b>Length</b>: mean turns with its interval, the standard deviation and the middle 80% of games.</li>" +
           fmt::format("<li><b>Decisions that matter</b>: at sampled gives, each receiver the drawer could choose was "
                       "played out in {} futures (the unseen deck reshuffled, the same for every choice); the share of "
                       "gives where the best and the worst choice change the drawer's chance to win by more than {:.0f} "
                       "points. Near 0: choices do not matter; with few futures noise adds to it (docs/report.md).</li>",
                       report["setup"].value("decision_futures", 4), 100 * threshold) +
           "</ul>\n<p class=note>Sources: Ludii's game metrics (Browne, Stephenson, Piette and Soemers) for the "
           "advantages, lead changes, drama and decisiveness; Jaffe, Miller, Andersen, Liu, Karlin and Popović, "
           "\"Evaluating competitive game balance with restricted play\" (AIIDE 2012) for the skill gap. "
           "docs/report.md.</p>\n";
    out += ludii_table(report);
    out += agents_section(report.value("agent_matrix", nlohmann::json()));
    return out;
}

}  // namespace cherries::host
