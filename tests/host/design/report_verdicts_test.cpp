// The balance report's verdicts (docs/report.md, "Verdicts"): cards judged against zero and
// against their peers, findings kept by Benjamini–Hochberg, a planted set whose truths are known,
// and bots that disagree only when the interval of the difference excludes 0.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "host/design/report_run.hpp"
#include "host/design/report_stats.hpp"
#include "host/design/report_verdicts.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

// A card row as report_json writes it, with a handling effect and its 95% interval (shares).
// 200 forks from 100 games unless told: enough for a verdict.
nlohmann::json card(const std::string& id, double effect, double low, double high, std::uint64_t forks = 200) {
    return {{"card", id},
            {"causal",
             {{"handling", {{"effect", effect}, {"effect_ci95", {low, high}}, {"compared", forks}, {"effect_games", 100}}}}}};
}

nlohmann::json configuration(const std::string& bot, std::vector<nlohmann::json> cards) {
    nlohmann::json wins = nlohmann::json::array();
    for (int seat = 0; seat < 2; ++seat)
        wins.push_back({{"share", 0.5}, {"ci95", {0.47, 0.53}}, {"verdict", "fair"}});
    return {{"players", 2}, {"bot", bot}, {"wins", wins}, {"cards", cards}};
}

}  // namespace

TEST_CASE("two bots whose effects differ by less than noise do not disagree", "[host][report][verdicts]") {
    // The example: +3.0 (+0.6 to +5.4) with random bots, +1.0 (-2.7 to +4.8) with
    // strategic ones. One interval excludes 0 and the other does not, but the difference, +2.0,
    // has the interval -2.4 to +6.4.
    const auto base = configuration("random", {card("point", 0.030, 0.006, 0.054)});
    const auto other = configuration("strategic", {card("point", 0.010, -0.027, 0.048)});
    const Difference d = difference_of(0.030, base["cards"][0]["causal"]["handling"]["effect_ci95"], 0.010,
                                       other["cards"][0]["causal"]["handling"]["effect_ci95"]);
    CHECK(d.value == Approx(0.02));
    CHECK(d.low < 0);
    CHECK(d.high > 0);
    CHECK(disagreements(base, other, {"point"}).empty());
}

TEST_CASE("two bots whose effects differ beyond noise disagree, with the difference's interval",
          "[host][report][verdicts]") {
    const auto base = configuration("random", {card("point", 0.08, 0.05, 0.11)});
    const auto other = configuration("strategic", {card("point", -0.08, -0.11, -0.05)});
    const auto found = disagreements(base, other, {"point"});
    REQUIRE(found.size() == 1);
    CHECK(found[0].find("disagree on point") != std::string::npos);
    CHECK(found[0].find("+16.0 points") != std::string::npos);
    // The same effect with the same sign under both bots is no disagreement, however it differs.
    const auto same = configuration("strategic", {card("point", 0.30, 0.25, 0.35)});
    CHECK(disagreements(base, same, {"point"}).empty());
}

TEST_CASE("a seat's verdicts differ between bots but the shares do not beyond noise: no disagreement",
          "[host][report][verdicts]") {
    auto base = configuration("random", {});
    auto other = configuration("strategic", {});
    base["wins"][0] = {{"share", 0.53}, {"ci95", {0.505, 0.555}}, {"verdict", "favoured"}};
    other["wins"][0] = {{"share", 0.51}, {"ci95", {0.485, 0.535}}, {"verdict", "fair"}};
    CHECK(disagreements(base, other, {}).empty());
    other["wins"][0] = {{"share", 0.40}, {"ci95", {0.375, 0.425}}, {"verdict", "disfavoured"}};
    CHECK(disagreements(base, other, {}).size() == 1);
}

TEST_CASE("Benjamini-Hochberg adjusted p-values", "[host][report][verdicts]") {
    // Sorted 0.005, 0.01, 0.03, 0.04 of m = 4: p m / rank = 0.02, 0.02, 0.04, 0.04 (running minimum from the top).
    const std::vector<double> q = benjamini_hochberg({0.01, 0.04, 0.03, 0.005});
    REQUIRE(q.size() == 4);
    CHECK(q[0] == Approx(0.02));
    CHECK(q[1] == Approx(0.04));
    CHECK(q[2] == Approx(0.04));
    CHECK(q[3] == Approx(0.02));
    // One small p-value among many large ones is not a finding at 5% once corrected.
    std::vector<double> many(30, 0.8);
    many[0] = 0.01;
    CHECK(benjamini_hochberg(many)[0] == Approx(0.3));
    CHECK(benjamini_hochberg({}).empty());
}

TEST_CASE("cards are judged against zero and against their peers' median ± the margin; too few forks, no verdict",
          "[host][report][verdicts]") {
    // Score cards a to d and a modifier e alone in its type; f has too few forks for any verdict
    // and is no one's peer.
    nlohmann::json rows = {card("a", 0.005, -0.005, 0.015), card("b", 0.02, 0.00, 0.04), card("c", 0.04, -0.04, 0.12),
                           card("d", 0.15, 0.13, 0.17), card("e", -0.20, -0.22, -0.18),
                           card("f", 0.50, 0.40, 0.60, 12)};
    const std::vector<std::string> types{"score", "score", "score", "score", "modifier", "score"};
    judge_cards(rows, types, {});
    const auto verdict = [&](std::size_t k) { return rows[k]["causal"]["verdict"]; };
    // a's peers (b, c, d) have the median +4: band -1 to +9, its interval inside.
    CHECK(verdict(0)["verdict"] == "within the band");
    CHECK(verdict(0)["effect"] == "no clear effect");
    // c's peers (a, b, d): median +2, band -3 to +7; -4 to +12 crosses both edges.
    CHECK(verdict(2)["verdict"] == "within noise");
    CHECK(verdict(2)["effect"] == "no clear effect");
    // d's peers (a, b, c): median +2, band -3 to +7, cleared.
    CHECK(verdict(3)["verdict"] == "too strong");
    CHECK(verdict(3)["effect"] == "helps its receiver");
    CHECK(verdict(3)["band"][0].get<double>() == Approx(-0.03));
    CHECK(verdict(3)["band"][1].get<double>() == Approx(0.07));
    CHECK(verdict(3)["reference"] == "type");
    // e is alone in its type: judged against every other card (a to d: median +3), not its own median.
    CHECK(verdict(4)["verdict"] == "too weak");
    CHECK(verdict(4)["effect"] == "hurts its receiver");
    CHECK(verdict(4)["reference"] == "all cards");
    // f: 12 forks, however far its interval: no verdict.
    CHECK(verdict(5)["verdict"] == "too few forks");
    CHECK(verdict(5)["effect"] == "too few forks");
    CHECK(verdict(3)["q_zero"].get<double>() <= 0.05);

    // A fixed band for every type instead.
    judge_cards(rows, types, {.margin = 0.05, .band = std::pair{-0.10, 0.10}});
    CHECK(verdict(3)["verdict"] == "too strong");
    CHECK(verdict(4)["verdict"] == "too weak");

    const nlohmann::json list = verdict_list({{"players", 4}, {"bot", "strategic"}, {"cards", rows}});
    REQUIRE(list["too_strong"].size() == 1);
    CHECK(list["too_strong"][0]["card"] == "d");
    REQUIRE(list["too_weak"].size() == 1);
    CHECK(list["within_noise"] == nlohmann::json({"c"}));  // -4 to +12 crosses +10
    CHECK(list["too_few"] == nlohmann::json({"f"}));
    CHECK(list["tests"] == 10);  // five cards judged, twice each
    REQUIRE(list["hurts"].size() == 1);
    REQUIRE(list["helps"].size() == 1);
    CHECK(list["by_chance_uncorrected"].get<double>() == Approx(0.5));
    const auto sentences = verdict_sentences(list);
    REQUIRE(sentences.size() >= 4);
    CHECK(sentences[0] == "4 players, strategic bots: hurts its receiver: e -20.0 (-22.0 to -18.0).");
    CHECK(sentences[2] == "4 players, strategic bots: too strong for its peers: d +15.0 (+13.0 to +17.0; band -10.0 to +10.0).");
    CHECK(sentences.back().find("Benjamini–Hochberg at a 5% false-discovery rate") != std::string::npos);
}

TEST_CASE("planted verdicts over 20 report seeds: strong and harmful cards always flagged right, do-nothing cards "
          "at most at the stated rate, no interval of zero width",
          "[host][report][verdicts][planted]") {
    // tests/fixtures/sets/planted-verdicts under the planted gametype (every cherry counts): +3
    // points helps, -2 points hurts, +2 cherries is alone in its type and the strongest card; a
    // 0-point card and an identity modifier do nothing. The trade for CPU time: 3 players, random
    // bots (the fastest), 500 games per seed forking every second give (about a second a seed on
    // two cores), where -2 points is about 6 standard errors from 0 and +3 points 8: enough for
    // "always", and far fewer games than a designer's report plays.
    namespace fs = std::filesystem;
    static const sdk::Bundle bundle =
        sdk::Bundle::load({fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets/planted-verdicts"},
                          fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/gametypes/planted");
    int false_findings = 0, do_nothing_tests = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        ReportOptions o;
        o.players = {3};
        o.bots = {"random"};
        o.games = 500;
        o.seed = seed;
        o.jobs = 2;
        o.fork_every = 2;
        const nlohmann::json report = report_json(run_report(bundle, o));
        const auto row = [&](const std::string& card) -> const nlohmann::json& {
            for (const auto& r : report["configurations"][0]["cards"])
                if (r["card"] == card) return r["causal"];
            FAIL("no " << card);
            return report;
        };
        INFO("seed " << seed << ": " << report["verdicts"].dump());
        CHECK(row("three-points")["verdict"]["effect"] == "helps its receiver");
        CHECK(row("minus-two-points")["verdict"]["effect"] == "hurts its receiver");
        CHECK(row("bonanza")["verdict"]["effect"] == "helps its receiver");
        CHECK(row("bonanza")["verdict"]["verdict"] == "too strong");
        CHECK(row("bonanza")["verdict"]["reference"] == "all cards");
        for (const std::string nothing : {"nothing", "idle"}) {
            const auto& v = row(nothing)["verdict"];
            if (v["effect"] == "too few forks") continue;
            ++do_nothing_tests;
            false_findings += v["effect"] != "no clear effect";
        }
        for (const auto& r : report["configurations"][0]["cards"]) {
            const auto& ci = r["causal"]["handling"]["effect_ci95"];
            if (ci.is_null()) continue;
            CHECK(ci[1].get<double>() > ci[0].get<double>());  // never "0.0 (0.0 to 0.0)"
        }
    }
    // At a 5% false-discovery rate, at most 5% of the do-nothing cards' tests may come out.
    CHECK(do_nothing_tests >= 30);
    CHECK(false_findings <= do_nothing_tests / 20);
}

TEST_CASE("cherries report --band refuses what is not LOW..HIGH, before any game", "[host][report][verdicts][cli]") {
    for (const std::string band : {"x", "5..-5", "1..2..3"}) {
        INFO(band);
        const auto r = cherries::test::run_cli("report --games 1 --players 2 --bots random --json /dev/null --band=" + band);
        CHECK(r.status == 2);
        CHECK(r.err.find("--band " + band + ": expected") != std::string::npos);
        CHECK(r.err.find("games in") == std::string::npos);  // nothing was played
    }
}
