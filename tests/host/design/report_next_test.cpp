// The report's first screen after "What to do next" (docs/report.md, "The cards in question"): the
// chart of the cards in question against their copies and, for each flagged card, a game it
// decided that its command records and replays; and the metrics under their field's names
// (Ludii's, the agent matrix, the skill index), each on a batch whose answer is known.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "host/batch/ladder.hpp"
#include "host/design/report_agents.hpp"
#include "host/design/report_charts.hpp"
#include "host/design/report_html.hpp"
#include "host/design/report_play.hpp"
#include "host/design/report_run.hpp"
#include "host/design/report_stats.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

const fs::path kSets = fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets";
const fs::path kGametypes = fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/gametypes";

const sdk::Bundle& planted() {
    static const sdk::Bundle bundle = sdk::Bundle::load({kSets / "planted-verdicts"}, kGametypes / "planted");
    return bundle;
}

// The planted-verdicts report of report_verdicts_test (3 players, random bots, 500 games, every
// second give forked), seed 1, with the fixture folders as --plugin-path.
const nlohmann::json& planted_report() {
    static const nlohmann::json report = [] {
        ReportOptions o;
        o.players = {3};
        o.bots = {"random"};
        o.games = 500;
        o.seed = 1;
        o.jobs = 2;
        o.fork_every = 2;
        nlohmann::json r = report_json(run_report(planted(), o));
        r["plugin_path"] = {(fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures").string()};
        return r;
    }();
    return report;
}

}  // namespace

TEST_CASE("the first screen charts the cards in question against their copies, the planted strong card named",
          "[host][report][next]") {
    const nlohmann::json& report = planted_report();
    const std::vector<std::string> in_question = cards_in_question(report);
    INFO(report["verdicts"].dump());
    CHECK(std::find(in_question.begin(), in_question.end(), "bonanza") != in_question.end());
    CHECK(std::find(in_question.begin(), in_question.end(), "three-points") != in_question.end());
    const GnuplotChart chart = effect_count_chart(report, in_question);
    CHECK(chart.script.find("\"Bonanza\"") != std::string::npos);
    CHECK(chart.script.find("copies in the deck") != std::string::npos);
    // On the page: after "What to do next", before the verdicts, drawn (an <svg>, not a note).
    const std::string page = report_html(report);
    const auto next = page.find("<h2>What to do next</h2>"), chart_at = page.find("id=effect-count"),
               verdicts = page.find("<h2>Verdicts</h2>");
    REQUIRE(chart_at != std::string::npos);
    CHECK(next < chart_at);
    CHECK(chart_at < verdicts);
    CHECK(page.find("<svg", chart_at) < page.find("</div>", chart_at));
    CHECK(page.find("Bonanza", chart_at) < verdicts);
}

TEST_CASE("a game the planted strong card decided: its command records the game and replays to the turn of its give",
          "[host][report][next][cli]") {
    const nlohmann::json& report = planted_report();
    const std::vector<DecidingLine> lines = deciding_games(report);
    const DecidingLine* bonanza = nullptr;
    for (const DecidingLine& line : lines)
        if (line.card == "bonanza") bonanza = &line;
    REQUIRE(bonanza != nullptr);
    INFO(bonanza->text << "\n" << bonanza->command);
    REQUIRE(!bonanza->command.empty());
    // The command as the designer runs it, in a fresh folder, with this build's binary.
    const fs::path dir = fs::temp_directory_path() / ("cherries-decided-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::string command = bonanza->command;
    const std::string binary = std::string("'") + CHERRIES_BINARY + "'";
    for (std::size_t at = 0; (at = command.find("cherries ", at)) != std::string::npos;) {
        if (at != 0 && command[at - 1] != ' ') {
            at += 9;
            continue;
        }
        command.replace(at, 9, binary + " ");
        at += binary.size() + 1;
    }
    const std::string shell = "cd '" + dir.string() + "' && " + command + " > replay.txt 2>&1";
    REQUIRE(std::system(shell.c_str()) == 0);
    // The record holds the give of that turn: the card went to the receiver the line names.
    std::ifstream in(dir / fmt::format("decided-bonanza/game-{:06}.jsonl", bonanza->game));
    REQUIRE(in.good());
    bool given = false;
    for (std::string line; std::getline(in, line);)
        if (line.rfind(fmt::format("[\"give\",{},", bonanza->turn), 0) == 0 && line.find("bonanza") != std::string::npos)
            given = true;
    CHECK(given);
    std::ifstream replay(dir / "replay.txt");
    std::stringstream text;
    text << replay.rdbuf();
    // Replayed to that turn, every event matching the record.
    CHECK(text.str().find(fmt::format("events in {} turns match the record", bonanza->turn)) != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("Ludii's metrics on a hand-built game give what their definitions say", "[host][report][ludii]") {
    // Two seats; scores after turns 1..5: (1,0) (1,3) (4,3) (4,3) (4,6); seat 2 wins.
    PlayTally tally;
    LeadTracker lead;
    lead.begin(2);
    const std::vector<std::vector<std::int64_t>> scores{{1, 0}, {1, 3}, {4, 3}, {4, 3}, {4, 6}};
    for (std::size_t t = 0; t < scores.size(); ++t) lead.after_scores(scores[t], static_cast<std::uint32_t>(t + 1));
    lead.end(1, 5, tally);
    // Leaders: seat 1, seat 2, seat 1, seat 1, seat 2: three changes in five turns.
    CHECK(tally.lead_changes.sum == 3);
    CHECK(tally.lead_change.mean() == Approx(0.6 * kShareScale));
    // Score difference from 0 at the start: 0 1 2 1 1 2, mean 7/6, largest 2; its direction: up
    // (1), up, down (2), flat, up (3): three changes in five steps.
    CHECK(tally.score_difference_average.mean() == Approx(7.0 / 6 * kPointScale).epsilon(1e-3));
    CHECK(tally.score_difference_max.sum == 2);
    CHECK(tally.score_difference_changes.mean() == Approx(0.6 * kShareScale));
    // The winner's deficits: 1 0 1 1 0: DramaAverage 0.6, DramaMaximum 1.
    CHECK(tally.drama_average.mean() == Approx(0.6 * kPointScale));
    CHECK(tally.drama.sum == 1);
    // Two seats: every give offered two receivers.
    CHECK(tally.decision_moves.mean() == Approx(1.0 * kShareScale));

    // A game without a winner counts in every game's figures, not in Drama.
    lead.begin(2);
    lead.after_scores({0, 0}, 1);
    lead.end(-1, 1, tally);
    CHECK(tally.lead_change.n == 2);
    CHECK(tally.drama_average.n == 1);
    CHECK(tally.score_difference_changes.sum == static_cast<std::int64_t>(0.6 * kShareScale));

    // The game-level ones from a configuration's counts: 4 games, seat 1 won 3 and seat 2 1.
    const nlohmann::json c = {
        {"games", 4}, {"unfinished", 0}, {"no_winner", 0},
        {"wins", {{{"seat", "seat1"}, {"wins", 3}, {"share", 0.75}, {"ci95", {0.3, 0.95}}, {"fair", 0.5}},
                  {{"seat", "seat2"}, {"wins", 1}, {"share", 0.25}, {"ci95", {0.05, 0.7}}, {"fair", 0.5}}}},
        {"turns", {{"histogram", {{5, 4}}}}}};
    const nlohmann::json l = play_json(c, tally)["ludii"];
    CHECK(l["AdvantageP1"].get<double>() == Approx(0.75));
    CHECK(l["Balance"].get<double>() == Approx(0.5));                     // 1 − (0.75 − 0.25)
    CHECK(l["OutcomeUniformity"].get<double>() == Approx(1 - 0.1875));    // 1 − mean of p(1 − p)
    CHECK(l["Completion"].get<double>() == Approx(1));
    CHECK(l["Drawishness"].get<double>() == Approx(0));
    CHECK(l["Timeouts"].get<double>() == Approx(0));
    CHECK(l["DurationTurns"].get<double>() == Approx(5));
    CHECK(l["DurationTurnsStdDev"].get<double>() == Approx(0));
    CHECK(l["LeadChange"]["value"].get<double>() == Approx(0.3));  // (0.6 + 0) / 2
    CHECK(l["DramaAverage"]["value"].get<double>() == Approx(0.6));
    CHECK(l["ScoreDifferenceMaximum"]["value"].get<double>() == Approx(1));  // (2 + 0) / 2

    // The tally survives a part file, and an older part without these sums still reads.
    const PlayTally back = PlayTally::from_json(tally.to_json(), "test");
    CHECK(back.score_difference_changes.sum == tally.score_difference_changes.sum);
    nlohmann::json old = tally.to_json();
    old.erase("lead_change");
    CHECK(PlayTally::from_json(old, "test").lead_change.n == 0);
}

TEST_CASE("the agent matrix: each bot against three of another, cells that add up, the skill index the ratings' spread",
          "[host][report][agents]") {
    LadderOptions o;
    o.bots = kMatrixBots;
    o.games = 4;
    o.players = 4;
    o.seed = 3;
    o.jobs = 2;
    o.max_turns = 80;  // a short cap: the test is about the bookkeeping, not the bots
    const LadderResults results = run_ladder(planted(), o);
    const nlohmann::json m = agent_matrix_json(results);
    REQUIRE(m["cells"].size() == 12);  // every ordered pair of four different bots
    for (const auto& cell : m["cells"]) {
        INFO(cell.dump());
        CHECK(cell["lone"] != cell["rest"]);
        CHECK(cell["games"] == 4);
        CHECK(cell["lone_wins"].get<std::uint64_t>() + cell["rest_wins"].get<std::uint64_t>() +
                  cell["no_winner"].get<std::uint64_t>() ==
              4);
        CHECK(cell["share"].get<double>() == Approx(cell["lone_wins"].get<double>() / 4));
        CHECK(cell["fair"].get<double>() == Approx(0.25));
        CHECK(cell["first_seat_share"].get<double>() <=
              (cell["lone_wins"].get<double>() + cell["rest_wins"].get<double>()) / 4 + 1e-9);
    }
    REQUIRE(m["ratings"].size() == 4);
    double low = 1e9, high = -1e9;
    for (const auto& r : m["ratings"]) {
        low = std::min(low, r["value"].get<double>());
        high = std::max(high, r["value"].get<double>());
    }
    CHECK(m["ratings"][0]["value"].get<double>() == Approx(0));  // the first bot anchors the scale
    CHECK(m["skill_index"].get<double>() == Approx(high - low).margin(1e-6));
    const std::string html = agents_section(m);
    CHECK(html.find("expert") != std::string::npos);
    CHECK(agents_section(nlohmann::json()).empty());
}
