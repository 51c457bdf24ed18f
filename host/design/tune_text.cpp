#include "host/design/tune.hpp"

#include <fmt/core.h>

#include <string>

namespace cherries::host {

namespace {

std::string tune_percent_points(double share) { return fmt::format("{:+.1f}", 100 * share); }

}  // namespace

std::string tune_text(const nlohmann::json& r) {
    const auto& setup = r["setup"];
    std::string players;
    for (const auto& p : setup["tune"]["players"]) players += (players.empty() ? "" : ", ") + std::to_string(p.get<int>());
    std::string sets;
    for (const auto& s : setup["sets"]) sets += (sets.empty() ? "" : ", ") + s.get<std::string>();
    std::string out = fmt::format(
        "cherries tune: {} variants of {} under {} played ({} players, {} bots, {} games each on the same seeds; "
        "seed {}), the best again with {} games\n",
        r["evaluated"].get<std::uint64_t>(), sets, setup["gametype"].get<std::string>(), players,
        setup["tune"]["bot"].get<std::string>(), setup["games"].get<std::uint64_t>(), setup["seed"].get<std::uint64_t>(),
        setup["final_games"].get<std::uint64_t>());
    const auto variant = [&](const nlohmann::json& v, const std::string& heading) {
        std::size_t targets = v["targets"].size();
        std::string s = fmt::format("{}: {} of {} targets met (fitness {:.3f})\n", heading, v["met"].get<int>(), targets,
                                    v["fitness"].get<double>() + 0.0);  // + 0.0: no "-0.000"
        if (!v.value("playable", true)) return s + "    cannot be played: " + v.value("problem", std::string()) + "\n";
        for (const auto& t : v["targets"])
            s += fmt::format("    {:<12} {:<7} {} (wanted: {})\n", t["target"].get<std::string>(),
                             t["met"].get<bool>() ? "met" : "missed", t["got"].get<std::string>(),
                             t["wanted"].get<std::string>());
        for (const auto& c : v["configurations"]) {
            s += fmt::format("    {} players: median {:g} turns, mean {:.1f}", c["players"].get<int>(),
                             c["median"].get<double>(), c["mean"].get<double>());
            if (c.contains("paired")) {
                const auto& p = c["paired"];
                const auto& l = p["length"];
                s += fmt::format(" (paired with the set as it is: {:+.1f} turns [{:+.1f}, {:+.1f}]", l["difference"].get<double>(),
                                 l["ci95"][0].get<double>(), l["ci95"][1].get<double>());
                for (const auto& w : p["wins"])
                    s += fmt::format("; seat {} {} points [{}, {}]", w["seat"].get<int>(),
                                     tune_percent_points(w["difference"].get<double>()), tune_percent_points(w["ci95"][0].get<double>()),
                                     tune_percent_points(w["ci95"][1].get<double>()));
                s += ")";
            }
            s += "\n";
        }
        if (v.contains("reproduce")) s += "    reproduce: " + v["reproduce"].get<std::string>() + "\n";
        for (const auto& n : v["notes"]) s += "    and edit: " + n.get<std::string>() + "\n";
        if (v.contains("confirmation")) {
            // The same targets on fresh seeds, beside the search's figures above.
            const auto& c = v["confirmation"];
            if (c.contains("problem")) {
                s += fmt::format("    on fresh seeds (seed {}): not confirmed: {}\n", c["seed"].get<std::uint64_t>(),
                                 c["problem"].get<std::string>());
            } else {
                s += fmt::format("    on fresh seeds (seed {}, {} games per player count): {} of {} targets met: {}\n",
                                 c["seed"].get<std::uint64_t>(), c["games"].get<std::uint64_t>(), c["met"].get<int>(),
                                 c["targets"].size(), v.value("confirmed", false) ? "confirmed" : "NOT confirmed");
                for (const auto& t : c["targets"])
                    s += fmt::format("    {:<12} {:<7} {} (fresh seeds)\n", t["target"].get<std::string>(),
                                     t["met"].get<bool>() ? "met" : "missed", t["got"].get<std::string>());
                s += "    reproduce: " + c["reproduce"].get<std::string>() + "\n";
            }
        }
        return s;
    };
    out += variant(r["baseline"], "the set as it is");
    out += fmt::format("best variants ({} games per player count, paired with the set as it is on the same seeds):\n",
                       setup["final_games"].get<std::uint64_t>());
    std::size_t n = 0;
    for (const auto& v : r["best"]) {
        const std::string label = v["label"].get<std::string>();
        out += variant(v, fmt::format("{}. {}", ++n, label.empty() ? "the set as it is" : label));
    }
    for (const auto& x : r.value("stopped", nlohmann::json::array()))
        out += fmt::format("stopped{}: {}: {}\n", x.value("confirmation", false) ? " (confirmation)" : "",
                           x["label"].get<std::string>().empty() ? "the set as it is" : x["label"].get<std::string>(),
                           x["problem"].get<std::string>());
    return out;
}

}  // namespace cherries::host
