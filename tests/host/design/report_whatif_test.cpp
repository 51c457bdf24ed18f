// What-if runs of the report (docs/report.md): variants on the same seeds, paired differences.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "host/base/input_error.hpp"
#include "host/design/report_whatif.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

using test::planted_bundle;

ReportOptions options() {
    ReportOptions o;
    o.players = {3};
    o.bots = {"random"};
    o.games = 400;
    o.jobs = 2;
    o.fork_every = 2;
    o.keep_games = true;
    return o;
}

}  // namespace

TEST_CASE("a variant that changes nothing plays the very same games: every paired difference is exactly 0",
          "[host][report][whatif]") {
    const auto& bundle = planted_bundle();
    const auto variants = parse_what_ifs(bundle, {.count = {"three-points=3"}});  // its own count
    REQUIRE(variants.size() == 1);
    const ReportData base = run_report(bundle, options());
    const ReportData same = run_report(what_if_bundle(bundle, variants[0]), options());
    const auto cmp = compare_what_if(base, same, variants[0].label, base.setup["cards"].get<std::vector<std::string>>());
    const auto& c = cmp["configurations"][0];
    CHECK(c["length"]["difference"] == 0.0);
    CHECK(c["length"]["ci95"] == nlohmann::json({0.0, 0.0}));
    for (const auto& w : c["wins"]) CHECK(w["difference"] == 0.0);
}

TEST_CASE("more +3 points cards shorten the game: a paired difference below 0 (GDD §3.3.1.2)", "[host][report][whatif]") {
    const auto& bundle = planted_bundle();
    const auto variants = parse_what_ifs(bundle, {.count = {"three-points=12"}});
    const ReportData base = run_report(bundle, options());
    const ReportData more = run_report(what_if_bundle(bundle, variants[0]), options());
    const auto cmp = compare_what_if(base, more, variants[0].label, base.setup["cards"].get<std::vector<std::string>>());
    const auto& length = cmp["configurations"][0]["length"];
    INFO(length.dump());
    CHECK(length["ci95"][1].get<double>() < 0);
    CHECK(cmp["variant"] == "--count three-points=12");
}

TEST_CASE("what-if options: a sweep makes one variant per value; bad input gets a clear error", "[host][report][whatif]") {
    const auto& bundle = test::standard_bundle();
    const auto sweep = parse_what_ifs(bundle, {.without = {"point-drop"}, .sweep = "count:cherry=1..6"});
    REQUIRE(sweep.size() == 6);
    CHECK(sweep[0].label == "--without point-drop --count cherry=1");
    CHECK(sweep[5].label == "--without point-drop --count cherry=6");
    const sdk::Bundle six = what_if_bundle(bundle, sweep[5]);
    CHECK(six.catalog().card_count() == 74 - 10 + 6 - 2);  // 6 cherries, no point drops
    CHECK(six.catalog().kinds().size() == bundle.catalog().kinds().size());  // kind ids unchanged
    CHECK(what_if_bundle(bundle, parse_what_ifs(bundle, {.winning_score = 3})[0]).gametype().winning_score == 3);
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.count = {"cheery=3"}}), Catch::Contains("--count") && Catch::Contains("cheery"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.count = {"cherry"}}), Catch::Contains("expected CARD=N"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.lifetime = {"cherry=2"}}), Catch::Contains("not a modifier card"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.sweep = "count:cherry=5..2"}), Catch::Contains("A <= B"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.sweep = "colour:cherry=1..2"}), Catch::Contains("--sweep: expected"));
}
