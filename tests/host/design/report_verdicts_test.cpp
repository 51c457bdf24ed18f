// The balance report's verdicts (docs/report.md, "Verdicts"): cards judged against their type's
// band, and bots that disagree only when the interval of the difference excludes 0.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "host/design/report_verdicts.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries::host;

namespace {

// A card row as report_json writes it, with a handling effect and its 95% interval (shares).
nlohmann::json card(const std::string& id, double effect, double low, double high) {
    return {{"card", id},
            {"causal", {{"handling", {{"effect", effect}, {"effect_ci95", {low, high}}}}}}};
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

TEST_CASE("cards are judged against their type's median ± the margin; an interval across an edge is noise",
          "[host][report][verdicts]") {
    // Score cards with handling effects 0, +2, +4 (median +2, band -3 to +7 with a margin of 5
    // points) and one at +15 whose interval clears the band; a modifier alone in its type.
    nlohmann::json rows = {card("a", 0.00, -0.01, 0.01), card("b", 0.02, 0.00, 0.04), card("c", 0.04, -0.04, 0.12),
                           card("d", 0.15, 0.11, 0.20), card("e", -0.20, -0.22, -0.18)};
    const std::vector<std::string> types{"score", "score", "score", "score", "modifier"};
    judge_cards(rows, types, {});
    // median of 0, 2, 4, 15 = 3: band -2 to +8
    CHECK(rows[0]["causal"]["verdict"]["verdict"] == "within the band");
    CHECK(rows[1]["causal"]["verdict"]["verdict"] == "within the band");
    CHECK(rows[2]["causal"]["verdict"]["verdict"] == "within noise");
    CHECK(rows[3]["causal"]["verdict"]["verdict"] == "too strong");
    CHECK(rows[3]["causal"]["verdict"]["band"][0].get<double>() == Approx(-0.02));
    CHECK(rows[3]["causal"]["verdict"]["band"][1].get<double>() == Approx(0.08));
    CHECK(rows[4]["causal"]["verdict"]["verdict"] == "within the band");  // its own median

    // A fixed band for every type instead.
    judge_cards(rows, types, {.margin = 0.05, .band = std::pair{-0.10, 0.10}});
    CHECK(rows[3]["causal"]["verdict"]["verdict"] == "too strong");
    CHECK(rows[4]["causal"]["verdict"]["verdict"] == "too weak");

    const nlohmann::json list = verdict_list({{"players", 4}, {"bot", "strategic"}, {"cards", rows}});
    REQUIRE(list["too_strong"].size() == 1);
    CHECK(list["too_strong"][0]["card"] == "d");
    REQUIRE(list["too_weak"].size() == 1);
    CHECK(list["within_noise"] == nlohmann::json({"c"}));  // -4 to +12 crosses +10
    CHECK(list["within_band"].size() == 2);
    const auto sentences = verdict_sentences(list);
    REQUIRE(sentences.size() >= 2);
    CHECK(sentences[0] == "4 players, strategic bots: too strong: d +15.0 (+11.0 to +20.0; band -10.0 to +10.0).");
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
