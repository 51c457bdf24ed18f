// `cherries report`: its numbers read back against `cherries sim`, the same for any --jobs and
// for merged shards (byte for byte), a self-contained HTML page, and clear errors.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "host/design/gnuplot.hpp"
#include "host/design/report_charts.hpp"
#include "host/design/report_html.hpp"
#include "host/design/report_stats.hpp"
#include "host/design/report_tally.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
using cherries::test::read_text;
using cherries::test::run_cli;
using cherries::test::TempFolder;

namespace {

const std::string kFlags = "report --games 120 --players 2,4 --bots random,greedy --seed 5";

nlohmann::json run_report_json(const TempFolder& dir, const std::string& flags, const std::string& name) {
    const auto file = dir.path() / name;
    const auto run = run_cli(flags + " --json '" + file.string() + "'");
    REQUIRE(run.status == 0);
    return nlohmann::json::parse(read_text(file));
}

}  // namespace

TEST_CASE("the report's numbers match cherries sim for the same seed", "[host][report][cli]") {
    const TempFolder dir;
    const nlohmann::json report = run_report_json(dir, kFlags + " --jobs 2", "report.json");
    REQUIRE(report["configurations"].size() == 4);
    for (const auto& c : report["configurations"]) {
        const int players = c["players"];
        const std::string bot = c["bot"];
        INFO(players << " players, " << bot);
        const auto sim = run_cli(fmt::format("sim --games 120 --players {} --bot {} --seed 5 --json", players, bot));
        REQUIRE(sim.status == 0);
        const auto s = nlohmann::json::parse(sim.out);
        CHECK(c["games"] == s["games"]);
        CHECK(c["unfinished"] == s["unfinished"]);
        CHECK(c["no_winner"] == s["no_winner"]);
        CHECK(c["turns"]["total"] == s["turns"]["total"]);
        CHECK(c["turns"]["mean"] == s["turns"]["mean"]);
        CHECK(c["turns"]["median"] == s["turns"]["median"]);
        CHECK(c["turns"]["max"] == s["turns"]["max"]);
        REQUIRE(c["wins"].size() == s["wins"].size());
        for (std::size_t seat = 0; seat < s["wins"].size(); ++seat) {
            CHECK(c["wins"][seat]["wins"] == s["wins"][seat]["wins"]);
            CHECK(c["wins"][seat]["ci95"] == s["wins"][seat]["ci95"]);
        }
        // The histogram holds every game; the card gives add up to the turns that gave a card.
        std::uint64_t games = 0;
        for (const auto& row : c["turns"]["histogram"]) games += row[1].get<std::uint64_t>();
        CHECK(games == 120);
        for (const auto& card : c["cards"])
            CHECK(card["gives"] == card["kept"].get<std::uint64_t>() + card["to_leader"].get<std::uint64_t>() +
                                       card["to_last"].get<std::uint64_t>() + card["to_other"].get<std::uint64_t>());
    }
    CHECK(report["strongest_bot"] == "greedy");
    CHECK(!report["findings"].empty());
}

TEST_CASE("the report is the same for any --jobs and for merged shards, byte for byte", "[host][report][cli]") {
    const TempFolder dir;
    const auto one_html = dir.path() / "one.html";
    const auto one = run_cli(kFlags + " --jobs 1 -o '" + one_html.string() + "' --json '" + (dir.path() / "one.json").string() + "'");
    REQUIRE(one.status == 0);
    const auto two = run_cli(kFlags + " --jobs 2 --json '" + (dir.path() / "two.json").string() + "'");
    REQUIRE(two.status == 0);
    CHECK(read_text(dir.path() / "one.json") == read_text(dir.path() / "two.json"));

    std::string parts;
    for (int k = 1; k <= 3; ++k) {
        const auto part = dir.path() / fmt::format("part-{}.json", k);
        const auto run = run_cli(kFlags + fmt::format(" --jobs 2 --shard {}/3 -o '{}'", k, part.string()));
        REQUIRE(run.status == 0);
        parts += " '" + part.string() + "'";
    }
    const auto merged_html = dir.path() / "merged.html";
    const auto merged = run_cli("report --from" + parts + " -o '" + merged_html.string() + "' --json '" +
                                (dir.path() / "merged.json").string() + "'");
    REQUIRE(merged.status == 0);
    CHECK(read_text(dir.path() / "merged.json") == read_text(dir.path() / "one.json"));
    CHECK(read_text(merged_html) == read_text(one_html));

    const auto wrong = run_cli("report --from" + parts + " '" + (dir.path() / "one.json").string() + "' --json x.json");
    CHECK(wrong.status == 2);
    CHECK_THAT(wrong.err, Catch::Contains("one.json: not a cherries-report-part file"));
}

TEST_CASE("the report's HTML is one self-contained page", "[host][report][cli]") {
    const TempFolder dir;
    const auto html_file = dir.path() / "report.html";
    const auto run = run_cli("report --games 60 --players 3 --bots random,greedy --seed 2 -o '" + html_file.string() + "'");
    REQUIRE(run.status == 0);
    const std::string html = read_text(html_file);
    CHECK_THAT(html, Catch::StartsWith("<!DOCTYPE html>"));
    CHECK_THAT(html, Catch::Contains("<style>"));
    // Charts inline: the reference graph, length and wins per bot, cherries and score over the
    // turns, and the cards in question against their copies.
    std::size_t svgs = 0;
    for (auto at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
    CHECK(svgs == 8);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("<?xml") == std::string::npos);
    const std::regex external(R"((src|href)\s*=\s*["']?\s*(https?:|//))", std::regex::icase);
    CHECK_FALSE(std::regex_search(html, external));
    CHECK_THAT(html, Catch::Contains("Findings"));
    CHECK_THAT(html, Catch::Contains("Wins by seat"));
}

TEST_CASE("cherries report rejects bad input with clear errors", "[host][report][cli]") {
    const TempFolder dir;
    const std::string out = " --json '" + (dir.path() / "r.json").string() + "'";
    const auto one_player = run_cli("report --games 5 --players 1,2" + out);
    CHECK(one_player.status == 2);
    CHECK_THAT(one_player.err, Catch::Contains("--players"));
    const auto twice = run_cli("report --games 5 --players 2,2" + out);
    CHECK(twice.status == 2);
    CHECK_THAT(twice.err, Catch::Contains("--players: 2 given twice"));
    const auto bot = run_cli("report --games 5 --bots random,nonsense" + out);
    CHECK(bot.status == 2);
    CHECK_THAT(bot.err, Catch::Contains("nonsense"));
    const auto no_output = run_cli("report --games 5");
    CHECK(no_output.status == 2);
    CHECK_THAT(no_output.err, Catch::Contains("-o FILE.html"));
    const auto shard_json = run_cli("report --games 5 --shard 1/2 -o part.json" + out);
    CHECK(shard_json.status == 2);
    CHECK_THAT(shard_json.err, Catch::Contains("--json goes with --from"));
    const auto unwritable = run_cli("report --games 5 --players 2 --bots random --json /nonexistent-dir/r.json");
    CHECK(unwritable.status == 2);
    CHECK_THAT(unwritable.err, Catch::Contains("/nonexistent-dir/r.json: cannot write the file"));
    const auto pdf = run_cli("report --games 5 --players 2 --bots random -o '" + (dir.path() / "x.pdf").string() + "'");
    CHECK(pdf.status == 2);
    CHECK_THAT(pdf.err, Catch::Contains("x.pdf: the report is an HTML page"));
    CHECK(!std::filesystem::exists(dir.path() / "x.pdf"));  // nothing written into it
    const auto missing = run_cli("report --from '" + (dir.path() / "none.json").string() + "'" + out);
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("none.json: cannot read the file"));
}

TEST_CASE("the page's Reproduce-with line names the sets, and two sets get a set column", "[host][report]") {
    const nlohmann::json setup = {{"sets", {"standard", "twin"}}, {"gametype", "official"}, {"games", 50},
                                  {"players", {3, 4}}, {"bots", {"random", "strategic"}}, {"seed", 9},
                                  {"max_turns", 10000}, {"think", 0}, {"fork_every", 24}};
    // Played with even forks (a setup of before forks by rarity were the default): said so.
    CHECK(reproduce_command(setup) == "cherries report --set standard --set twin --gametype official --games 50 "
                                      "--players 3,4 --bots random,strategic --seed 9 --fork-placement even");
    nlohmann::json need = setup;
    need["fork_placement"] = "need";
    CHECK(reproduce_command(need) == "cherries report --set standard --set twin --gametype official --games 50 "
                                     "--players 3,4 --bots random,strategic --seed 9");
    // A precision run replays from its first round with its target and budgets.
    need["precision"] = {{"target", 0.03}, {"first_round", 500}, {"max_games", 200000}, {"max_seconds", 0.0}};
    need["games"] = 1421;
    CHECK(reproduce_command(need) == "cherries report --set standard --set twin --gametype official --games 500 "
                                     "--players 3,4 --bots random,strategic --seed 9 --precision 3 --max-games 200000");
    // Exact: the plugin folders and a band off its default are part of the command (the issue's
    // page dropped --plugin-path, so its command found no such set).
    need.erase("precision");
    need["games"] = 50;
    CHECK(reproduce_command(need, {"tests/fixtures", "more"}, {{"margin", 0.08}, {"band", nullptr}}) ==
          "cherries report --plugin-path tests/fixtures --plugin-path more --set standard --set twin --gametype official "
          "--games 50 --players 3,4 --bots random,strategic --seed 9 --band-margin 8");
    CHECK_THAT(reproduce_command(need, nlohmann::json::array(), {{"margin", 0.05}, {"band", {-0.05, 0.1}}}),
               Catch::EndsWith(" --band=-5..10"));
}

TEST_CASE("tallies add up and read back", "[host][report]") {
    ReportTally a(2, "random", 3, 4), b(2, "random", 3, 4);
    a.games = 3;
    a.wins = {2, 1};
    a.length[10] = 3;
    a.received[5] = 2;
    b.games = 2;
    b.wins = {0, 1};
    b.length[10] = 1;
    b.length[12] = 1;
    b.turn_n = {4};  // every per-turn array has one entry per turn followed
    b.cherries_sum = {8};
    b.cherries_sq = {20};
    b.score_sum = {1};
    b.score_sq = {1};
    b.received[5] = 1;
    a.add(b);
    CHECK(a.games == 5);
    CHECK(a.wins == std::vector<std::uint64_t>{2, 2});
    CHECK(a.length == std::map<std::uint32_t, std::uint64_t>{{10, 4}, {12, 1}});
    CHECK(a.turn_n == std::vector<std::uint64_t>{4});
    CHECK(a.received[5] == 3);
    const ReportTally back = ReportTally::from_json(a.to_json(), "test");
    CHECK(back.to_json() == a.to_json());
    CHECK_THROWS_AS(a.add(ReportTally(3, "random", 3, 4)), std::invalid_argument);
    nlohmann::json broken = a.to_json();
    broken["received"].erase(0);
    CHECK_THROWS_WITH(ReportTally::from_json(broken, "part.json"), Catch::Contains("part.json: malformed tally"));
}

TEST_CASE("card impact (the association figures, on request): a kind whose receivers always win is near +1",
          "[host][report]") {
    // Two seats, one kind, 100 blocks of 10 games: seat 1 got the kind in half the games and won
    // exactly those; seat 2 never got it and won the other half. Within seat 1 the difference in
    // win rate is 1 - 0 = 1; seat 2 has no receivers and does not count.
    ReportData data;
    data.setup = {{"cards", {"golden"}}, {"bots", {"random"}}, {"players", {2}}, {"seed", 1}, {"max_turns", 100},
                  {"card_info", {{{"name", "Golden"}, {"type", "score"}}}}, {"association", true}};
    ReportTally t(2, "random", 1, 100);
    for (std::uint32_t b = 0; b < 100; ++b) {
        t.seat_games[b * 2] = t.seat_games[b * 2 + 1] = 10;
        t.seat_wins[b * 2] = 5;
        t.seat_wins[b * 2 + 1] = 5;
        t.received[b * 2] = 5;
        t.received_wins[b * 2] = 5;
    }
    t.games = 1000;
    t.wins = {500, 500};
    t.length[10] = 1000;
    data.tallies.push_back(t);
    const nlohmann::json report = report_json(data);
    const auto& card = report["configurations"][0]["cards"][0];
    CHECK(card["impact"].get<double>() == Approx(1.0));
    CHECK(card["impact_ci95"][0].get<double>() == Approx(1.0));
    CHECK(card["received_share"].get<double>() == Approx(0.25));
    // Without --association the page and the JSON leave them out.
    data.setup["association"] = false;
    CHECK(!report_json(data)["configurations"][0]["cards"][0].contains("impact"));
    // No seat is favoured: 50% each.
    for (const auto& w : report["configurations"][0]["wins"]) CHECK(w["verdict"] == "fair");
}

TEST_CASE("the reference graph of an unbounded distribution shows only the counts play reaches, with thinned labels (GDD §3.3.1.3)",
          "[host][report]") {
    // A function-form distribution is tabulated to count 255; players here hold about 5 ± 1 cherries.
    nlohmann::json distribution = nlohmann::json::array();
    for (int c = 0; c < 256; ++c) distribution.push_back(c);
    const nlohmann::json report = {
        {"setup", {{"distribution", distribution}, {"winning_score", 10}, {"gametype_name", "Tail"}, {"gametype_version", "1"}}},
        {"configurations", {{{"over_turns", {{"cherries_mean", {5.0}}, {"cherries_sd", {1.0}}}}}}}};
    const std::string script = reference_chart(report).script;
    CHECK(script.find("\n10 10\n") != std::string::npos);   // up to 5 + 3 × 1 + 3 = 11 counts
    CHECK(script.find("\n11 11\n") == std::string::npos);
    CHECK(script.find("\n255 255\n") == std::string::npos);
    CHECK(script.find("set xtics 0,1\n") != std::string::npos);
    // Without games to go by (no over_turns), the whole table, with every 16th count labelled.
    const nlohmann::json bare = {{"setup", report["setup"]}, {"configurations", nlohmann::json::array()}};
    const std::string all = reference_chart(bare).script;
    CHECK(all.find("\n255 255\n") != std::string::npos);
    CHECK(all.find("set xtics 0,16\n") != std::string::npos);
}

TEST_CASE("a report whose every game has one length still writes its page", "[host][report][cli]") {
    // The issue's report exited 2 with "is gnuplot installed?" (gnuplot refused an empty range)
    // and wrote no page. Under the instant gametype every game ends after turn 1.
    const TempFolder dir;
    const auto html_file = dir.path() / "report.html";
    const auto run = run_cli("report --plugin-path '" CHERRIES_SOURCE_DIR "/tests/fixtures' --set no-effect --gametype "
                             "instant --games 30 --players 3 --bots random -o '" + html_file.string() + "'");
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string html = read_text(html_file);
    CHECK_THAT(html, Catch::Contains("Game length"));
    CHECK(html.find("not drawn") == std::string::npos);  // drawn, on a range widened to turns 1 to 2
}

TEST_CASE("a chart gnuplot refuses is replaced by a note and the others are drawn", "[host][report]") {
    const std::vector<std::string> svgs =
        gnuplot_svgs({{"plot x", 300, 200}, {"set xrange [1:1]\nplot $nothing using 1:2", 300, 200}});
    REQUIRE(svgs.size() == 2);
    CHECK_THAT(svgs[0], Catch::StartsWith("<svg"));
    CHECK(svgs[0].find("not drawn") == std::string::npos);
    CHECK_THAT(svgs[1], Catch::Contains("This chart was not drawn"));
    // When no chart can be drawn the error is gnuplot's, as before.
    CHECK_THROWS_WITH(gnuplot_svgs({{"plot $nothing using 1:2", 300, 200}}), Catch::Contains("cannot draw the charts"));
}

TEST_CASE("the length chart bins long games into about 60 bins, each bin's share per turn", "[host][report]") {
    // One game at every length from 1 to 600 turns: one turn a bin was a spiky line; bins of 10
    // turns give 60 points of 10 games each, a share of 10 / 600 / 10 per turn.
    nlohmann::json histogram = nlohmann::json::array();
    for (int t = 1; t <= 600; ++t) histogram.push_back({t, 1});
    const nlohmann::json report = {
        {"configurations",
         {{{"bot", "random"}, {"players", 3}, {"games", 600}, {"turns", {{"histogram", histogram}, {"max", 600}}}}}}};
    const GnuplotChart chart = length_chart(report, "random");
    CHECK_THAT(chart.script, Catch::Contains("bins of 10 turns"));
    const std::string data = chart.script.substr(chart.script.find("<< EOD") + 7);
    std::size_t rows = 0;
    double area = 0;
    std::istringstream in(data.substr(0, data.find("EOD")));
    for (double from = 0, share = 0; in >> from >> share; ++rows) area += share * 10;
    CHECK(rows == 61);  // 0-9 holds turns 1 to 9, 600 starts a bin of its own
    CHECK(area == Approx(1.0).epsilon(0.001));  // the shares are written to 6 decimals
}

TEST_CASE("what to do next: the card furthest beyond its peers first, as a what-if on the same seeds", "[host][report]") {
    // Two too-strong cards, 3 Points (1 copy, a score card) further beyond its band than Point
    // Boost (2 copies), and a too-weak one nearer its band: the first two get commands, worst first.
    nlohmann::json report = {
        {"setup",
         {{"sets", {"standard"}}, {"gametype", "official"}, {"games", 500}, {"seed", 4}, {"players", {4}},
          {"max_turns", 10000}, {"cards", {"point-boost", "three-points", "point-drop"}},
          {"card_info",
           {{{"name", "Point Boost"}, {"count", 2}, {"lifetime", 3}},
            {{"name", "3 Points"}, {"count", 1}, {"lifetime", 0}},
            {{"name", "Point Drop"}, {"count", 2}, {"lifetime", 3}}}}}},
        {"strongest_bot", "strategic"},
        {"plugin_path", {"mine"}},
        {"configurations", {{{"players", 4}, {"bot", "strategic"}, {"games", 972}}}},
        {"verdicts",
         {{{"players", 4},
           {"bot", "strategic"},
           {"too_strong",
            {{{"card", "point-boost"}, {"effect", 0.084}, {"ci95", {0.061, 0.108}}, {"band", {-0.041, 0.059}}},
             {{"card", "three-points"}, {"effect", 0.083}, {"ci95", {0.053, 0.112}}, {"band", {-0.07, 0.03}}}}},
           {"too_weak",
            {{{"card", "point-drop"}, {"effect", -0.07}, {"ci95", {-0.095, -0.055}}, {"band", {-0.05, 0.05}}}}}}}}};
    const std::vector<NextStep> steps = next_steps(report);
    REQUIRE(steps.size() == 2);
    CHECK_THAT(steps[0].why, Catch::StartsWith("3 Points is too strong for its peers at 4 players: +8.3 points"));
    CHECK(steps[0].command == "cherries report --plugin-path mine --set standard --gametype official --players 4 --bots "
                              "strategic --games 972 --seed 4 --without three-points -o whatif.html");
    CHECK_THAT(steps[1].why, Catch::StartsWith("Point Boost is too strong"));
    CHECK_THAT(steps[1].command, Catch::Contains(" --count point-boost=1 -o whatif.html"));
    // No outlier: a fresh seed.
    report["verdicts"][0]["too_strong"] = nlohmann::json::array();
    report["verdicts"][0]["too_weak"] = nlohmann::json::array();
    report["setup"]["bots"] = {"strategic"};
    report["setup"]["fork_placement"] = "need";
    const std::vector<NextStep> none = next_steps(report);
    REQUIRE(none.size() == 1);
    CHECK_THAT(none[0].why, Catch::StartsWith("No card is an outlier"));
    CHECK_THAT(none[0].command, Catch::Contains(" --seed 5"));
}
