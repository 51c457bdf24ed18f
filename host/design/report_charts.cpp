#include "host/design/report_charts.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include <iterator>
#include <map>

namespace cherries::host {

namespace {

constexpr const char* kColours[] = {"#1b6ca8", "#d1495b", "#2e933c", "#edae49", "#6a4c93", "#00798c", "#8d6a4f"};

std::string colour(std::size_t i) { return kColours[i % std::size(kColours)]; }

// The turn count below which `share` of a configuration's games ended.
std::uint64_t turns_quantile(const nlohmann::json& config, double share) {
    const auto games = config["games"].get<double>();
    double seen = 0;
    for (const auto& row : config["turns"]["histogram"])
        if ((seen += row[1].get<double>()) >= share * games) return row[0].get<std::uint64_t>();
    return config["turns"]["max"].get<std::uint64_t>();
}

std::string common_style() {
    return "set border 3 lc '#555555'\nset tics nomirror\nset grid ytics lc '#dddddd'\nset key top right\n";
}

}  // namespace

GnuplotChart reference_chart(const nlohmann::json& report) {
    const auto& setup = report["setup"];
    std::string script = common_style();
    script += "$d << EOD\n";
    // Only the counts that matter: a function-form distribution is tabulated far past what play
    // reaches (0..257), which ran the labels together. Cut at the highest count players held
    // (mean + 3 sd of the cherry counts over the turns, every configuration) plus 2, but keep
    // every count up to the first that scores.
    const auto& table = setup["distribution"];
    double reached = 0;
    for (const auto& config : report.value("configurations", nlohmann::json::array())) {
        const auto& over = config.value("over_turns", nlohmann::json::object());
        if (!over.contains("cherries_mean")) continue;
        for (std::size_t i = 0; i < over["cherries_mean"].size(); ++i)
            reached = std::max(reached, over["cherries_mean"][i].get<double>() + 3 * over["cherries_sd"][i].get<double>());
    }
    std::size_t first_scoring = 0;
    while (first_scoring < table.size() && table[first_scoring].get<std::int64_t>() <= 0) ++first_scoring;
    std::size_t shown = table.size();
    if (reached > 0)
        shown = std::min(table.size(), std::max(first_scoring + 3, static_cast<std::size_t>(std::ceil(reached)) + 3));
    std::size_t c = 0;
    for (; c < shown; ++c) script += fmt::format("{} {}\n", c, table[c].get<std::int64_t>());
    script += "EOD\n";
    // At most about 16 labels on the axis.
    script += fmt::format("set xtics 0,{}\n", std::max<std::size_t>(1, (shown + 15) / 16));
    script += fmt::format("set title {}\nset xlabel 'cherry count'\nset ylabel 'score change'\n",
                          gnuplot_quote(fmt::format("{} {}", setup["gametype_name"].get<std::string>(),
                                                    setup["gametype_version"].get<std::string>())));
    script += "set style fill solid 0.8 noborder\nset boxwidth 0.8\nset xzeroaxis lt -1\nset key below\n";
    script += fmt::format("set xrange [-0.6:{}]\n", static_cast<double>(c) - 0.4);
    script += fmt::format("plot $d using 1:2 with boxes lc '{}' title 'score change', {} with lines lw 2 dt 2 lc '{}' "
                          "title 'winning score'\n",
                          colour(0), setup["winning_score"].get<std::int64_t>(), colour(1));
    return {script, 420, 260};
}

GnuplotChart length_chart(const nlohmann::json& report, const std::string& bot) {
    std::string script = common_style(), plot;
    std::uint64_t right = 1;
    std::size_t series = 0;
    for (const auto& config : report["configurations"])
        if (config["bot"] == bot) right = std::max(right, turns_quantile(config, 0.995));
    // Bins of `width` turns, about 60 across the chart: one turn a bin made a spiky line of a few
    // games a turn. Each bin's share is per turn, so the area is the games' share whatever the width.
    const std::uint64_t width = std::max<std::uint64_t>(1, (right + 59) / 60);
    for (const auto& config : report["configurations"]) {
        if (config["bot"] != bot) continue;
        const auto games = config["games"].get<double>();
        std::map<std::uint64_t, double> bins;  // first turn of the bin -> games
        for (const auto& row : config["turns"]["histogram"])
            bins[row[0].get<std::uint64_t>() / width * width] += row[1].get<double>();
        script += fmt::format("$p{} << EOD\n", series);
        for (const auto& [from, count] : bins)
            script += fmt::format("{} {:.6f}\n", from, count / games / static_cast<double>(width));
        script += "EOD\n";
        plot += fmt::format("{}$p{} using 1:2 with steps lw 2 lc '{}' title '{} players'", plot.empty() ? "" : ", ", series,
                            colour(series), config["players"].get<int>());
        ++series;
    }
    script += fmt::format("set title {}\nset xlabel 'turns until the game ended'\nset ylabel {}\n",
                          gnuplot_quote(width == 1 ? "Game length, " + bot + " bots"
                                                   : fmt::format("Game length, {} bots (bins of {} turns)", bot, width)),
                          gnuplot_quote(width == 1 ? "share of games" : "share of games per turn"));
    script += fmt::format("set xrange [0:{}]\nset yrange [0:*]\nplot {}\n", right + 1, plot);
    return {script, 640, 340};
}

GnuplotChart wins_chart(const nlohmann::json& report, const std::string& bot) {
    std::string script = common_style(), plot;
    std::size_t series = 0;
    std::uint64_t seats = 1;
    for (const auto& config : report["configurations"]) {
        if (config["bot"] != bot) continue;
        const auto players = config["players"].get<std::uint64_t>();
        seats = std::max(seats, players);
        // Series side by side around each seat's x.
        const double offset = (static_cast<double>(series) - 1.5) * 0.12;
        script += fmt::format("$w{} << EOD\n", series);
        for (std::size_t seat = 0; seat < config["wins"].size(); ++seat) {
            const auto& w = config["wins"][seat];
            script += fmt::format("{:.3f} {} {} {}\n", static_cast<double>(seat + 1) + offset, w["share"].get<double>(),
                                  w["ci95"][0].get<double>(), w["ci95"][1].get<double>());
        }
        script += "EOD\n";
        const double fair = config["wins"][0]["fair"].get<double>();
        plot += fmt::format("{}$w{} using 1:2:3:4 with yerrorbars pt 7 ps 0.7 lw 1.5 lc '{}' title '{} players', "
                            "[0.5:{}.5] {} with lines dt 2 lc '{}' notitle",
                            plot.empty() ? "" : ", ", series, colour(series), players, players, fair, colour(series));
        ++series;
    }
    script += fmt::format("set title {}\nset xlabel 'seat (turn order)'\nset ylabel 'share of games won'\n",
                          gnuplot_quote("Wins by seat with 95% intervals, " + bot + " bots (dashed: a fair seat)"));
    script += fmt::format("set xrange [0.5:{}.5]\nset xtics 1\nset yrange [0:*]\nplot {}\n", seats, plot);
    return {script, 640, 340};
}

GnuplotChart over_turns_chart(const nlohmann::json& report, const std::string& bot, const std::string& field) {
    std::string script = common_style(), plot;
    std::size_t series = 0;
    std::uint64_t right = 1;
    for (const auto& config : report["configurations"]) {
        if (config["bot"] != bot) continue;
        const auto& over = config["over_turns"];
        // Only while at least a tenth of the games are still going: later means are of a few long games.
        const double enough = 0.1 * config["games"].get<double>() * config["players"].get<double>();
        script += fmt::format("$t{} << EOD\n", series);
        for (std::size_t i = 0; i < over["turn"].size(); ++i) {
            if (over["players"][i].get<double>() < enough) break;
            const double mean = over[field + "_mean"][i].get<double>(), sd = over[field + "_sd"][i].get<double>();
            right = std::max(right, over["turn"][i].get<std::uint64_t>());
            script += fmt::format("{} {} {} {}\n", over["turn"][i].get<std::uint64_t>(), mean, mean - sd, mean + sd);
        }
        script += "EOD\n";
        plot += fmt::format("{}$t{} using 1:3:4 with filledcurves fs transparent solid 0.15 lc '{}' notitle, "
                            "$t{} using 1:2 with lines lw 2 lc '{}' title '{} players'",
                            plot.empty() ? "" : ", ", series, colour(series), series, colour(series),
                            config["players"].get<int>());
        ++series;
    }
    const std::string what = field == "cherries" ? "Cherry count" : "Score";
    script += fmt::format("set title {}\nset xlabel 'turn'\nset ylabel {}\n",
                          gnuplot_quote(what + " after each turn, mean ± 1 sd over the players, " + bot + " bots"),
                          gnuplot_quote(field == "cherries" ? "cherry count" : "score"));
    // At least turns 1 to 2: games that all end after their first turn would make the range empty.
    script += fmt::format("set xrange [1:{}]\nplot {}\n", std::max<std::uint64_t>(right, 2), plot);
    return {script, 640, 320};
}

GnuplotChart effect_count_chart(const nlohmann::json& report, const std::vector<std::string>& flagged) {
    const std::string best = report["strongest_bot"].get<std::string>();
    const auto& setup = report["setup"];
    const auto& cards = setup["cards"];
    std::string script = common_style(), others, plot;
    std::size_t series = 0, points = 0;
    int most = 1;
    std::vector<std::string> named;  // each card's name once, at its first point
    for (const auto& config : report["configurations"]) {
        if (config["bot"] != best) continue;
        // Player counts side by side around each count's x.
        const double offset = (static_cast<double>(series) - 1.5) * 0.06;
        std::string mine;
        for (std::size_t k = 0; k < cards.size() && k < config["cards"].size(); ++k) {
            const auto& h = config["cards"][k]["causal"]["handling"];
            if (h["effect"].is_null() || h["effect_ci95"].is_null()) continue;
            const int count = setup["card_info"][k].value("count", 1);
            most = std::max(most, count);
            const std::string row = fmt::format("{:.3f} {:.2f} {:.2f} {:.2f}", count + offset, 100 * h["effect"].get<double>(),
                                                100 * h["effect_ci95"][0].get<double>(),
                                                100 * h["effect_ci95"][1].get<double>());
            ++points;
            const std::string id = cards[k].get<std::string>();
            if (std::find(flagged.begin(), flagged.end(), id) == flagged.end()) {
                others += row + "\n";
                continue;
            }
            std::string name = setup["card_info"][k].value("name", id);
            std::erase(name, '"');
            const bool first = std::find(named.begin(), named.end(), name) == named.end();
            if (first) named.push_back(name);
            mine += fmt::format("{} \"{}\"\n", row, first ? name : "");
        }
        if (!mine.empty()) {
            script += fmt::format("$q{} << EOD\n{}EOD\n", series, mine);
            plot += fmt::format(", $q{} using 1:2:3:4 with yerrorbars pt 7 ps 1 lw 2 lc '{}' title '{} players', "
                                "$q{} using 1:2:5 with labels left offset 0.8,0.4 font ',10' tc '{}' notitle",
                                series, colour(series), config["players"].get<int>(), series, colour(series));
        }
        ++series;
    }
    if (points == 0) return {"", 640, 340};
    if (others.empty()) others = "NaN NaN NaN NaN\n";  // every card in question: an empty grey series
    script += "$o << EOD\n" + others + "EOD\n";
    script += fmt::format("set title {}\nset xlabel 'copies in the deck'\nset ylabel {}\n",
                          gnuplot_quote("Cards in question: handling effect against copies, " + best + " bots"),
                          gnuplot_quote("effect on the receiver's chance to win (points)"));
    script += fmt::format("set xrange [0.5:{}.9]\nset xtics 1\nset xzeroaxis lt -1\nset key below\n", most);
    script += "plot $o using 1:2:3:4 with yerrorbars pt 7 ps 0.5 lc '#bbbbbb' title 'other cards'" + plot + "\n";
    return {script, 640, 360};
}

}  // namespace cherries::host
