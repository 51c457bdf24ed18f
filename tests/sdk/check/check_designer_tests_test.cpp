// `cherries check`, designer-written tests: `tests.cherry`, `tests.score` ([input, expected]
// pairs in a modifier card, GDD §3.3.2.1.1.3) and `[tests] distribution` (GDD §3.3.1.1) are run;
// a failing pair is an error at the pair's line and column showing expected and got.
#include "tests/sdk/check/check_support.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

const std::string kHalve = "local M = {}\nfunction M.halve(last) return last // 2 end\nfunction M.bad(last) return last / 0 end\nreturn M\n";

// A modifier 'cherry-halver' (lines 7-12 after the header; tests at line 13).
std::string halver(const std::string& tests, const std::string& extra = "") {
    return set_header() + "[[card]]\nid = \"cherry-halver\"\nname = \"Cherry Halver\"\ntype = \"modifier\"\nlifetime = 2\n"
                          "cherry = \"halve\"\n" + extra + tests + cherry_card("apple");
}

}  // namespace

TEST_CASE("designer tests: passing pairs give nothing") {
    CHECK(check_set_source(halver("tests.cherry = [[4, 2], [-3, -2], [7, 3]]\n"), kHalve).empty());
}

TEST_CASE("designer tests: a failing pair is an error at its line and column, with expected and got") {
    const auto ds = check_set_source(halver("tests.cherry = [[4, 2], [-3, -1]]\n"), kHalve);
    should_fail(ds, 13, 25, "card 'cherry-halver' cherry function: halve(-3): expected -1, got -2");
    CHECK(errors(ds) == 1);
}

TEST_CASE("designer tests: a pair whose call faults shows the fault") {
    should_fail(check_set_source(halver("tests.score = [[1, 1]]\n", "score = \"bad\"\n"), kHalve), 14, 16,
                "card 'cherry-halver' score function: bad(1): expected 1, but it failed: ");
}

TEST_CASE("designer tests: the identity (no function named) is tested too: it returns its input") {
    // No 'score' function: score tests run against the identity.
    CHECK(check_set_source(halver("tests.score = [[5, 5]]\n"), kHalve).empty());
    should_fail(check_set_source(halver("tests.score = [[5, 10]]\n"), kHalve), 13, 16,
                "card 'cherry-halver' score function: identity(5): expected 10, got 5");
}

TEST_CASE("designer tests: a gametype's distribution function and table are tested (GDD §3.3.1.1)") {
    const std::string header = "[gametype]\nid = \"g\"\nname = \"G\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 3\n";
    const std::string lua = "return { f = function(c) return c == 5 and 1 or 0 end }\n";
    CHECK(check_gametype_source(header + "[distribution]\nfunction = \"f\"\n[tests]\ndistribution = [[5, 1], [4, 0]]\n", lua).empty());
    should_fail(check_gametype_source(header + "[distribution]\nfunction = \"f\"\n[tests]\ndistribution = [[5, 1], [4, 2]]\n", lua),
                10, 25, "gametype 'g' distribution: f(4): expected 2, got 0");
    // Table form: a count the table does not name gives 0.
    CHECK(check_gametype_source(std::string(kOfficialGametype) + "[tests]\ndistribution = [[5, 1], [4, 0]]\n").empty());
    should_fail(check_gametype_source(std::string(kOfficialGametype) + "[tests]\ndistribution = [[5, 2], [6, 1]]\n"), 11, 17,
                "gametype 'g' distribution: 5 cherries: expected 2, got 1");
    should_fail(check_gametype_source(std::string(kOfficialGametype) + "[tests]\ndistribution = [[5, 2], [6, 1]]\n"), 11, 25,
                "6 cherries: expected 1, got 0 (not in the [distribution] table)");
}
