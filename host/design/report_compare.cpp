#include "host/design/report_compare.hpp"
#include "host/design/report_numbers.hpp"

#include <fmt/core.h>

#include <cmath>
#include <map>

#include "host/base/input_error.hpp"
#include "host/design/report_html.hpp"

namespace cherries::host {

namespace {

struct Estimate {
    double value = 0, se = 0;
};

// A mean game length and its standard error from the histogram of [turns, games] pairs.
Estimate mean_turns(const nlohmann::json& c) {
    double n = 0, sum = 0, sq = 0;
    for (const auto& row : c.at("turns").at("histogram")) {
        const double t = row.at(0).get<double>(), g = row.at(1).get<double>();
        n += g;
        sum += g * t;
        sq += g * t * t;
    }
    if (n < 2) return {n ? sum / n : 0, 0};
    const double mean = sum / n;
    return {mean, std::sqrt(std::max(0.0, sq / n - mean * mean) / n)};
}

Estimate share(double k, double n) {
    if (n <= 0) return {};
    const double p = k / n;
    return {p, std::sqrt(std::max(p * (1 - p), 0.25 / n) / n)};  // never a zero-width share
}

// A causal effect ("handling" or "copy") and its standard error from its 95% interval. A report
// of an earlier version has one effect, at the top of "causal": the copy effect.
bool effect(const nlohmann::json& row, const char* which, Estimate& out) {
    if (!row.is_object()) return false;
    const bool earlier = !row.contains("handling") && !row.contains("copy");
    if (earlier && std::string(which) != "copy") return false;
    const nlohmann::json& causal = earlier ? row : row.value(which, nlohmann::json());
    if (!causal.is_object() || causal.value("effect", nlohmann::json()).is_null() ||
        causal.value("effect_ci95", nlohmann::json()).is_null())
        return false;
    out.value = causal["effect"].get<double>();
    out.se = (causal["effect_ci95"][1].get<double>() - causal["effect_ci95"][0].get<double>()) / (2 * kZ);
    return true;
}

std::map<std::string, nlohmann::json> cards_by_id(const nlohmann::json& report, const std::string& name) {
    std::map<std::string, nlohmann::json> out;
    const auto& setup = report.at("setup");
    const auto& ids = setup.at("cards");
    const auto& info = setup.at("card_info");
    if (ids.size() != info.size()) throw InputError(fmt::format("{}: setup.cards and setup.card_info differ in size", name));
    for (std::size_t k = 0; k < ids.size(); ++k) out[ids[k].get<std::string>()] = info[k];
    return out;
}

}  // namespace

nlohmann::json compare_reports(const nlohmann::json& old_report, const nlohmann::json& new_report,
                               const std::string& old_name, const std::string& new_name) {
    for (const auto& [r, name] : {std::pair{&old_report, &old_name}, std::pair{&new_report, &new_name}})
        if (!r->is_object() || r->value("format", "") != "cherries-report" || !r->contains("configurations"))
            throw InputError(fmt::format("{}: not a report (expected the JSON of `cherries report --json`)", *name));
    nlohmann::json diff = {{"old", old_name}, {"new", new_name}};
    try {
        const auto old_cards = cards_by_id(old_report, old_name), new_cards = cards_by_id(new_report, new_name);
        nlohmann::json added = nlohmann::json::array(), removed = nlohmann::json::array(),
                       changed = nlohmann::json::array();
        for (const auto& [id, info] : new_cards)
            if (!old_cards.count(id)) added.push_back({{"card", id}, {"name", info.value("name", id)}});
        for (const auto& [id, info] : old_cards) {
            const auto it = new_cards.find(id);
            if (it == new_cards.end()) {
                removed.push_back({{"card", id}, {"name", info.value("name", id)}});
                continue;
            }
            nlohmann::json fields = nlohmann::json::object();
            for (const auto& [key, value] : info.items())
                if (it->second.value(key, nlohmann::json()) != value) fields[key] = {value, it->second.value(key, nlohmann::json())};
            if (!fields.empty()) changed.push_back({{"card", id}, {"name", info.value("name", id)}, {"fields", fields}});
        }
        diff["cards"] = {{"added", added}, {"removed", removed}, {"changed", changed}};
        nlohmann::json setup_changes = nlohmann::json::object();
        for (const char* key : {"sets", "gametype", "winning_score", "distribution", "games", "seed", "max_turns"})
            if (old_report["setup"].value(key, nlohmann::json()) != new_report["setup"].value(key, nlohmann::json()))
                setup_changes[key] = {old_report["setup"].value(key, nlohmann::json()),
                                      new_report["setup"].value(key, nlohmann::json())};
        diff["setup"] = setup_changes;

        nlohmann::json moved = nlohmann::json::array();
        std::uint64_t steady = 0;
        const auto compare = [&](const std::string& where, const std::string& what, Estimate a, Estimate b,
                                 const std::string& unit) {
            const double d = b.value - a.value, half = kZ * std::sqrt(a.se * a.se + b.se * b.se);
            if (d - half > 0 || d + half < 0)
                moved.push_back({{"where", where}, {"what", what}, {"old", a.value}, {"new", b.value}, {"difference", d},
                                 {"ci95", {d - half, d + half}}, {"unit", unit}});
            else
                ++steady;
        };
        for (const auto& c_new : new_report["configurations"])
            for (const auto& c_old : old_report["configurations"]) {
                if (c_old.at("players") != c_new.at("players") || c_old.at("bot") != c_new.at("bot")) continue;
                const std::string where = fmt::format("{} players, {} bots", c_new["players"].get<int>(),
                                                      c_new["bot"].get<std::string>());
                const double n_old = c_old.at("games").get<double>(), n_new = c_new.at("games").get<double>();
                for (std::size_t s = 0; s < c_new.at("wins").size() && s < c_old.at("wins").size(); ++s)
                    compare(where, c_new["wins"][s].at("seat").get<std::string>() + " win share",
                            share(c_old["wins"][s].at("wins").get<double>(), n_old),
                            share(c_new["wins"][s].at("wins").get<double>(), n_new), "share");
                compare(where, "mean game length", mean_turns(c_old), mean_turns(c_new), "turns");
                compare(where, "games that never ended", share(c_old.at("unfinished").get<double>(), n_old),
                        share(c_new.at("unfinished").get<double>(), n_new), "share");
                for (const auto& row_new : c_new.at("cards"))
                    for (const auto& row_old : c_old.at("cards")) {
                        if (row_old.at("card") != row_new.at("card")) continue;
                        for (const char* which : {"handling", "copy"}) {
                            Estimate a, b;
                            if (effect(row_old.value("causal", nlohmann::json()), which, a) &&
                                effect(row_new.value("causal", nlohmann::json()), which, b))
                                compare(where,
                                        row_new["card"].get<std::string>() + ": " + which +
                                            " effect on its receiver's chance to win",
                                        a, b, "points");
                        }
                    }
            }
        diff["moved"] = moved;
        diff["steady"] = steady;
    } catch (const nlohmann::json::exception& e) {
        throw InputError(fmt::format("{} / {}: malformed report: {}", old_name, new_name, e.what()));
    }
    return diff;
}

std::string compare_html(const nlohmann::json& diff) {
    const auto number = [](const nlohmann::json& m, double x) {
        const std::string unit = m["unit"].get<std::string>();
        if (unit == "share") return fmt::format("{:.1f}%", 100 * x);
        if (unit == "points") return fmt::format("{:+.1f}", 100 * x);
        return fmt::format("{:.1f}", x);
    };
    const auto signed_number = [](const nlohmann::json& m, double x) {
        const std::string unit = m["unit"].get<std::string>();
        if (unit == "share" || unit == "points") return fmt::format("{:+.1f}", 100 * x);
        return fmt::format("{:+.1f}", x);
    };
    std::string out = "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Report comparison</title><style>"
                      "body { font-family: sans-serif; max-width: 1100px; margin: 1.5em auto; padding: 0 1em; color: #222; }"
                      "table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }"
                      "th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: right; }"
                      "th { background: #f3f3f3; } td.l, th.l { text-align: left; } .note { color: #555; font-size: 0.9em; }"
                      "</style></head><body>\n";
    out += fmt::format("<h1>What changed: {} → {}</h1>\n", html_escape(diff["old"].get<std::string>()),
                       html_escape(diff["new"].get<std::string>()));
    out += "<h2>Cards</h2>\n<ul>";
    for (const auto& c : diff["cards"]["added"]) out += "<li>added: " + html_escape(c["name"].get<std::string>()) + "</li>";
    for (const auto& c : diff["cards"]["removed"]) out += "<li>removed: " + html_escape(c["name"].get<std::string>()) + "</li>";
    for (const auto& c : diff["cards"]["changed"]) {
        std::string fields;
        for (const auto& [key, pair] : c["fields"].items())
            fields += (fields.empty() ? "" : "; ") + key + " " + pair[0].dump() + " → " + pair[1].dump();
        out += "<li>changed: " + html_escape(c["name"].get<std::string>()) + ": " + html_escape(fields) + "</li>";
    }
    for (const auto& [key, pair] : diff["setup"].items())
        out += "<li>setup: " + html_escape(key + " " + pair[0].dump() + " → " + pair[1].dump()) + "</li>";
    if (diff["cards"]["added"].empty() && diff["cards"]["removed"].empty() && diff["cards"]["changed"].empty() &&
        diff["setup"].empty())
        out += "<li>no card and no setting changed</li>";
    out += "</ul>\n<h2>Numbers that moved beyond noise</h2>\n";
    out += fmt::format("<p class=note>New minus old, with a 95% interval (± 1.96 √(se_old² + se_new²), the two runs "
                       "taken as independent). Listed when the interval excludes 0; {} other compared numbers did not "
                       "move beyond noise. About one in twenty numbers that did not really move is listed by chance.</p>\n",
                       diff["steady"].get<std::uint64_t>());
    out += "<table><tr><th class=l>where</th><th class=l>what</th><th>old</th><th>new</th><th>difference</th>"
           "<th>95% interval</th></tr>";
    for (const auto& m : diff["moved"])
        out += fmt::format("<tr><td class=l>{}</td><td class=l>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} to {}</td></tr>",
                           html_escape(m["where"].get<std::string>()), html_escape(m["what"].get<std::string>()),
                           number(m, m["old"].get<double>()), number(m, m["new"].get<double>()),
                           signed_number(m, m["difference"].get<double>()), signed_number(m, m["ci95"][0].get<double>()),
                           signed_number(m, m["ci95"][1].get<double>()));
    out += "</table>\n</body></html>\n";
    return out;
}

}  // namespace cherries::host
