// The combination check of `cherries check --set ... --gametype ...`: bot games of exactly that
// combination, looking for games that may never end and for seats that win far more than chance.
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/sdk/temp_plugin.hpp"
#include "host/cli/check_combination.hpp"
#include "host/base/input_error.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CHERRIES_SOURCE_DIR);

std::string listing(const std::vector<sdk::Diagnostic>& ds) {
    std::string all;
    for (const auto& d : ds) all += d.to_string() + "\n";
    return all;
}

}  // namespace

TEST_CASE("seat bias: a one-sided binomial z-score against 1 / players") {
    CHECK(host::seat_bias_z(25, 100, 4) == 0);
    CHECK(host::seat_bias_z(45, 100, 4) == Approx(20 / std::sqrt(100 * 0.25 * 0.75)));
    CHECK(host::seat_bias_z(0, 100, 4) < 0);  // fewer wins than chance is never flagged
    CHECK(host::seat_bias_z(3, 0, 4) == 0);
    CHECK(host::kSeatBiasZ == 4.0);
    // 150 random-bot games of 4 players: a seat is flagged past 4 standard deviations, ~39% wins.
    CHECK(host::seat_bias_z(58, 150, 4) < host::kSeatBiasZ);
    CHECK(host::seat_bias_z(60, 150, 4) > host::kSeatBiasZ);
}

TEST_CASE("combination: the Standard Set with the official gametype gives no warnings (GDD §3.3.1.5)") {
    const auto bundle = sdk::Bundle::load({kSource / "sets/standard"}, kSource / "gametypes/official");
    const auto warnings = host::check_combination(bundle, {});
    INFO(listing(warnings));
    CHECK(warnings.empty());
}

TEST_CASE("combination: games that hit the turn cap are a warning: a game that may never end (GDD §3.3.1)") {
    test::TempFolder dir;
    // Score cards alone cannot reach a winning score this high, and no cherry count scores.
    dir.write("never/gametype.toml", "[gametype]\nid = \"never\"\nname = \"Never\"\nversion = \"1.0.0\"\napi = 1\n"
                                     "winning_score = 1000000\n[distribution]\n5 = 0\n");
    const auto bundle = sdk::Bundle::load({kSource / "sets/standard"}, dir.path() / "never");
    const auto warnings = host::check_combination(bundle, {.games = 4, .max_turns = 500});
    INFO(listing(warnings));
    REQUIRE(warnings.size() == 2);  // the random-bot and the strategic-bot games
    CHECK(warnings[0].severity == sdk::Diagnostic::Severity::warning);
    CHECK(warnings[0].message.find("set standard with gametype never, 2 random-bot games of 4 players: 2 still going "
                                   "after 500 turns: a game may never end") != std::string::npos);
    CHECK(warnings[1].message.find("2 strategic-bot games") != std::string::npos);
    CHECK_THROWS_AS(host::check_combination(bundle, {.games = 1}), host::InputError);
}
