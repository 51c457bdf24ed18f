// `cherries graph`: the reference graph (GDD §3.3.1.3) read back from its SVG: one bar per
// non-zero score change of the gametype, above zero for gains and below for losses, heights in
// proportion, and the winning score as one line across the whole width (Figures 3.1-3.3).
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <regex>

#include "host/design/reference_graph.hpp"
#include "tests/host/design/print_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

struct Bar {
    std::string sign;
    double y = 0, height = 0, x = 0, width = 0;
};

double attribute(const std::string& element, const std::string& name) {
    std::smatch m;
    const std::regex pattern(" " + name + "=\"(-?[0-9.]+)\"");
    REQUIRE(std::regex_search(element, m, pattern));
    return std::stod(m[1].str());
}

// Checks the SVG of `gametype` against its distribution: cherry count -> non-zero change.
void check_graph(const std::string& gametype, const std::map<int, int>& changes, int winning_score, int brackets) {
    INFO(gametype);
    const CliRun run = run_cli("graph " + gametype);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::string& svg = run.out;
    std::map<int, Bar> bars;
    const std::regex rect(
        "<rect class=\"bar (positive|negative)\" data-cherries=\"([0-9]+)\" data-change=\"(-?[0-9]+)\"[^>]*>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator(); ++it) {
        const std::string element = (*it)[0].str();
        const int cherries = std::stoi((*it)[2].str()), change = std::stoi((*it)[3].str());
        CHECK(changes.at(cherries) == change);
        bars[cherries] = {(*it)[1].str(), attribute(element, "y"), attribute(element, "height"),
                          attribute(element, "x"), attribute(element, "width")};
    }
    REQUIRE(bars.size() == changes.size());
    CHECK(occurrences(svg, "class=\"bracket\"") == brackets);

    std::smatch zero, win;
    REQUIRE(std::regex_search(svg, zero, std::regex("<line class=\"zero\"[^>]*>")));
    REQUIRE(std::regex_search(svg, win, std::regex("<line class=\"winning-score\"[^>]*>")));
    const double zero_y = attribute(zero[0].str(), "y1");
    const std::string line = win[0].str();
    CHECK(attribute(line, "data-score") == winning_score);
    CHECK(attribute(line, "y1") == attribute(line, "y2"));  // horizontal
    // Across the whole width: from the vertical axis past the last bracket's bar.
    CHECK(attribute(line, "x1") == attribute(zero[0].str(), "x1"));
    CHECK(attribute(line, "x2") == attribute(zero[0].str(), "x2"));
    // One scale for bars and line: points per pixel the same everywhere.
    const double unit = (zero_y - attribute(line, "y1")) / winning_score;
    REQUIRE(unit > 0);
    for (const auto& [cherries, bar] : bars) {
        const int change = changes.at(cherries);
        CHECK(bar.sign == (change > 0 ? "positive" : "negative"));
        CHECK(bar.height == Approx(std::abs(change) * unit).epsilon(0.01));
        if (change > 0) CHECK(bar.y + bar.height == Approx(zero_y).margin(0.02));  // stands on zero
        else CHECK(bar.y == Approx(zero_y).margin(0.02));                          // hangs from zero
        CHECK(bar.x > attribute(line, "x1"));
        CHECK(bar.x + bar.width < attribute(line, "x2"));
    }
    // Brackets in order along the x axis.
    for (auto it = bars.begin(); std::next(it) != bars.end(); ++it) CHECK(it->second.x < std::next(it)->second.x);
}

}  // namespace

TEST_CASE("the official gametype's graph: 5 cherries score 1, 10 wins (GDD §3.3.1.5, Figure 3.3)") {
    check_graph("official", {{5, 1}}, 10, 8);
    const CliRun run = run_cli("graph official");
    CHECK(run.out.find("<text class=\"title\"") != std::string::npos);
    CHECK(run.out.find(">Official 1.0.0</text>") != std::string::npos);
    CHECK(run.out.find(">Cherries at the end of the turn</text>") != std::string::npos);
    CHECK(run.out.find(">Score change</text>") != std::string::npos);
}

TEST_CASE("the example gametypes' graphs (GDD §3.3.1.4, Figures 3.1 and 3.2), a Lua distribution included") {
    check_graph("example-a", {{4, 1}, {5, 2}, {6, 1}}, 20, 9);
    // example-b's distribution is a Lua function: tabulated, cut two past the last non-zero (20).
    check_graph("example-b", {{1, 3}, {2, 2}, {3, 1}, {5, -1}, {6, -2}, {7, -3}, {20, 20}}, 30, 23);
    check_graph("closed-table", {{5, 1}}, 10, 8);
}

TEST_CASE("--max-cherries chooses the range, past the tabulated counts too") {
    const CliRun narrow = run_cli("graph example-b --max-cherries 6");
    REQUIRE(narrow.status == 0);
    CHECK(occurrences(narrow.out, "class=\"bracket\"") == 7);
    CHECK(occurrences(narrow.out, "class=\"bar ") == 5);                // 1, 2, 3, 5, 6
    const CliRun wide = run_cli("graph example-b --max-cherries 300");  // past the 256 tabulated counts
    REQUIRE(wide.status == 0);
    CHECK(occurrences(wide.out, "class=\"bar ") == 7);
    CHECK(run_cli("graph official --max-cherries 5000").status == 2);
}

TEST_CASE("graph writes PNG and PDF by the file's extension, and refuses others") {
    TempFolder dir;
    REQUIRE(run_cli("graph official -o '" + (dir.path() / "g.png").string() + "'").status == 0);
    CHECK(png_size(dir.path() / "g.png") == std::pair{1440, 840});
    REQUIRE(run_cli("graph example-a -o '" + (dir.path() / "g.pdf").string() + "'").status == 0);
    CHECK(command_output("pdfinfo '" + (dir.path() / "g.pdf").string() + "'").find("720 x 420 pts") !=
          std::string::npos);
    REQUIRE(run_cli("graph official -o '" + (dir.path() / "g.svg").string() + "'").status == 0);
    CHECK(read_text(dir.path() / "g.svg").find("class=\"winning-score\"") != std::string::npos);
    const CliRun bad = run_cli("graph official -o '" + (dir.path() / "g.gif").string() + "'");
    CHECK(bad.status == 2);
    CHECK(bad.err.find("expected a file name ending in .svg, .png or .pdf") != std::string::npos);
    CHECK(run_cli("graph nosuchgametype").status == 2);
}

TEST_CASE("reference_graph_svg can be called on its own, e.g. by the report") {
    const host::ReferenceGraph graph{"T <&> 1.0.0", 4, {0, -2, 0, 3}};
    const std::string svg = host::reference_graph_svg(graph);
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(svg.find("T &lt;&amp;&gt; 1.0.0") != std::string::npos);
    CHECK(occurrences(svg, "class=\"bar negative\"") == 1);
    CHECK(occurrences(svg, "class=\"bar positive\"") == 1);
}
