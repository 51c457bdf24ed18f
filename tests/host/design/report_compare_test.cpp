// `cherries report --compare OLD.json NEW.json`: cards added, removed and changed, and the numbers
// that moved beyond noise (docs/report.md).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "host/base/input_error.hpp"
#include "host/design/report_compare.hpp"
#include "host/design/report_run.hpp"
#include "host/design/report_stats.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/record_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

const nlohmann::json& planted_report() {
    static const nlohmann::json report = [] {
        const auto bundle = sdk::Bundle::load({fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets/planted"},
                                              fs::path(CHERRIES_SOURCE_DIR) / "gametypes/official");
        ReportOptions o;
        o.players = {3};
        o.bots = {"random"};
        o.games = 300;
        o.jobs = 2;
        o.fork_every = 2;
        return report_json(run_report(bundle, o));
    }();
    return report;
}

}  // namespace

TEST_CASE("a report compared with itself: nothing changed, nothing moved", "[host][report][compare]") {
    const nlohmann::json diff = compare_reports(planted_report(), planted_report(), "a.json", "b.json");
    CHECK(diff["cards"]["added"].empty());
    CHECK(diff["cards"]["removed"].empty());
    CHECK(diff["cards"]["changed"].empty());
    CHECK(diff["moved"].empty());
    CHECK(diff["steady"].get<int>() >= 3 + 2 + 2 * 4);  // 3 seats, length, unfinished, 4 cards' two effects
}

TEST_CASE("a changed card and an effect far outside both intervals are listed; a removed card too",
          "[host][report][compare]") {
    nlohmann::json changed = planted_report();
    auto& info = changed["setup"]["card_info"];
    info[2]["count"] = 6;  // three-points: 3 copies -> 6
    auto& row = changed["configurations"][0]["cards"][2]["causal"]["handling"];
    row["effect"] = row["effect"].get<double>() + 0.5;
    row["effect_ci95"][0] = row["effect_ci95"][0].get<double>() + 0.5;
    row["effect_ci95"][1] = row["effect_ci95"][1].get<double>() + 0.5;
    const nlohmann::json diff = compare_reports(planted_report(), changed, "old.json", "new.json");
    REQUIRE(diff["cards"]["changed"].size() == 1);
    CHECK(diff["cards"]["changed"][0]["card"] == "three-points");
    CHECK(diff["cards"]["changed"][0]["fields"]["count"] == nlohmann::json({3, 6}));
    REQUIRE(diff["moved"].size() == 1);
    CHECK(diff["moved"][0]["what"].get<std::string>().starts_with("three-points: handling effect"));
    CHECK(diff["moved"][0]["ci95"][0].get<double>() > 0);
    CHECK(compare_html(diff).find("three-points") != std::string::npos);

    // A report of an earlier version, with one effect (the copy effect) at the top of "causal", is
    // compared by its copy effect.
    nlohmann::json earlier = planted_report();
    for (auto& r : earlier["configurations"][0]["cards"]) {
        const nlohmann::json copy = r["causal"]["copy"];
        r["causal"] = copy;
    }
    const nlohmann::json across = compare_reports(earlier, planted_report(), "old.json", "new.json");
    CHECK(across["moved"].empty());
    CHECK(across["steady"].get<int>() >= 3 + 2 + 4);

    nlohmann::json fewer = planted_report();
    fewer["setup"]["cards"].erase(3);
    fewer["setup"]["card_info"].erase(3);
    CHECK(compare_reports(planted_report(), fewer, "old.json", "new.json")["cards"]["removed"][0]["card"] == "nothing");
}

TEST_CASE("cherries report --compare writes the page and refuses what is not a report", "[host][report][compare][cli]") {
    const test::TempFolder dir;
    const fs::path a = dir.path() / "a.json", b = dir.path() / "b.json", page = dir.path() / "diff.html";
    std::ofstream(a) << planted_report().dump();
    std::ofstream(b) << "{\"format\": \"something else\"}";
    const auto ok = test::run_cli("report --compare '" + a.string() + "' '" + a.string() + "' -o '" + page.string() + "'");
    CHECK(ok.status == 0);
    CHECK(fs::exists(page));
    const auto bad = test::run_cli("report --compare '" + a.string() + "' '" + b.string() + "' -o '" + page.string() + "'");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("b.json: not a report"));
}
