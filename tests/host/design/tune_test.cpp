// `cherries tune` (docs/tune.md): NTBEA on a known function, the tune file's errors at their
// place, and a small search that fixes a planted mis-tuned set (too many Drag cards, a winning
// score three times too high).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "host/base/input_error.hpp"
#include "host/design/ntbea.hpp"
#include "host/design/tune.hpp"
#include "host/design/tune_targets.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/base/diagnostic.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::host;
namespace fs = std::filesystem;

namespace {

const sdk::Bundle& tune_mistuned_bundle() {
    static const sdk::Bundle bundle = sdk::Bundle::load({fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets/mistuned"},
                                                        fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/gametypes/mistuned");
    return bundle;
}

const fs::path tune_test_file = fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/tune/mistuned.toml";

// The first diagnostic's text of a tune file that does not read.
std::string tune_test_error(const std::string& text) {
    try {
        parse_tune_file(text, "t.toml");
    } catch (const sdk::LoadError& e) {
        return e.diagnostics().front().to_string();
    }
    return "";
}

}  // namespace

TEST_CASE("NTBEA finds the best point of a noisy separable function in a fraction of the space", "[host][tune]") {
    // 3 dimensions of 10 values (1000 points); the best is (7, 2, 5); each evaluation is the
    // distance plus deterministic noise of ±0.05. 120 evaluations see an eighth of the space.
    const NtbeaPoint target{7, 2, 5};
    Ntbea search({10, 10, 10}, {0, 0, 0}, NtbeaSettings{}, 11);
    SplitMix64 noise(3);
    for (int e = 0; e < 120; ++e) {
        const NtbeaPoint p = search.next();
        REQUIRE(p.size() == 3);
        double d = 0;
        for (std::size_t i = 0; i < 3; ++i) d += std::abs(static_cast<double>(p[i]) - target[i]) / 30;
        search.tell(p, -d + (static_cast<double>(noise() % 1000) / 10000 - 0.05));
    }
    const NtbeaPoint best = search.ranked().front();
    INFO(best[0] << "," << best[1] << "," << best[2]);
    for (std::size_t i = 0; i < 3; ++i) CHECK(std::abs(static_cast<int>(best[i]) - static_cast<int>(target[i])) <= 1);
}

TEST_CASE("NTBEA proposes each point once and says when the space is spent", "[host][tune]") {
    Ntbea search({2, 3}, {1, 1}, NtbeaSettings{}, 5);
    std::set<NtbeaPoint> seen;
    for (int e = 0; e < 6; ++e) {
        const NtbeaPoint p = search.next();
        REQUIRE(!p.empty());
        CHECK(seen.insert(p).second);
        search.tell(p, -static_cast<double>(p[0] + p[1]));
    }
    CHECK(search.next().empty());
    CHECK(search.ranked().front() == NtbeaPoint{0, 0});
    CHECK_THROWS_AS(Ntbea({2}, {2}, NtbeaSettings{}, 1), std::invalid_argument);
}

TEST_CASE("tune file: targets and ranges read, mistakes named at their line", "[host][tune]") {
    const TuneSpec spec = read_tune_file(tune_test_file);
    REQUIRE(spec.targets.length);
    CHECK(spec.players == std::vector<std::uint32_t>{3});
    CHECK(spec.dimensions.size() == 2);
    CHECK_THAT(tune_test_error("[targets]\nlength = [40]\n[vary]\nwinning_score = [1, 5]\n"),
               Catch::Contains("t.toml:2") && Catch::Contains("expected [LOW, HIGH]"));
    CHECK_THAT(tune_test_error("[targets]\nlength = [40, 20]\n[vary]\nwinning_score = [1, 5]\n"),
               Catch::Contains("LOW (40) must not be above HIGH (20)"));
    CHECK_THAT(tune_test_error("[targets]\nlenght = [1, 2]\n[vary]\nwinning_score = [1, 5]\n"),
               Catch::Contains("did you mean 'length'"));
    CHECK_THAT(tune_test_error("[targets]\nseat_margin = 5\n"), Catch::Contains("vary"));
    CHECK_THAT(tune_test_error("[targets]\nseat_margin = 5\n[vary.distribution]\nfive = [0, 1]\n"),
               Catch::Contains("expected a cherry count"));
    // A card the plugins do not have: "did you mean", before any game.
    TuneSpec wrong = spec;
    wrong.dimensions[1].card = "drags";
    TuneOptions o;
    o.games = 5;
    o.final_games = 5;
    o.evaluations = 1;
    CHECK_THROWS_WITH(run_tune(tune_mistuned_bundle(), wrong, o), Catch::Contains("did you mean 'drag'"));
}

TEST_CASE("tune fixes a planted mis-tuned set: ten Drags and a winning score three times too high",
          "[host][tune]") {
    // The set as it is misses the length target by far (its games never end); a small search (40
    // variants of 60 games at 3 players) finds variants that meet every target, with fewer Drags
    // and a lower winning score.
    const TuneSpec spec = read_tune_file(tune_test_file);
    TuneOptions o;
    o.games = 60;
    o.final_games = 300;
    o.evaluations = 40;
    o.top = 3;
    o.seed = 1;
    o.jobs = 2;
    o.max_turns = 2000;
    o.confirm_games = 300;
    const nlohmann::json result = run_tune(tune_mistuned_bundle(), spec, o);
    INFO(tune_text(result));
    const auto& base = result["baseline"];
    CHECK(base["met"].get<int>() < 2);
    REQUIRE(!result["best"].empty());
    const auto& best = result["best"][0];
    CHECK(best["met"].get<std::size_t>() == best["targets"].size());
    CHECK(best["fitness"].get<double>() == 0);
    // Met on the search's seeds, then confirmed on fresh ones (another master seed: no game shared).
    REQUIRE(best.contains("confirmation"));
    CHECK(best["confirmation"]["seed"] == tune_confirm_seed(1));
    CHECK(best["confirmed"] == true);
    for (const auto& c : best["changes"]) {
        if (c["name"] == "count of drag") CHECK(c["value"].get<int>() < 10);
        if (c["name"] == "winning score") CHECK(c["value"].get<int>() < 30);
    }
    // Paired with the set as it is: the games are shorter beyond noise.
    const auto& paired = best["configurations"][0]["paired"]["length"];
    CHECK(paired["ci95"][1].get<double>() < 0);
    CHECK_THAT(best["reproduce"].get<std::string>(), Catch::StartsWith("cherries report --set mistuned"));
    // The same seed, the same result (the seconds aside).
    nlohmann::json again = run_tune(tune_mistuned_bundle(), spec, o);
    nlohmann::json first = result;
    first.erase("seconds");
    again.erase("seconds");
    CHECK(first == again);
}

TEST_CASE("cherries tune: sharded searches merge into one list; bad input gets a clear error", "[host][tune][cli]") {
    const test::TempFolder dir;
    const std::string plugins = " --plugin-path '" CHERRIES_SOURCE_DIR "/tests/fixtures' --set mistuned --gametype mistuned";
    const std::string common = " '" + tune_test_file.string() + "'" + plugins +
                               " --games 20 --final-games 40 --evaluations 6 --top 2 --max-turns 2000 --seed 3 --quiet";
    std::string parts;
    for (int k = 1; k <= 2; ++k) {
        const fs::path part = dir.path() / ("part-" + std::to_string(k) + ".json");
        const auto run = test::run_cli("tune" + common + " --shard " + std::to_string(k) + "/2 -o '" + part.string() + "'");
        INFO(run.err);
        REQUIRE(run.status == 0);
        parts += " '" + part.string() + "'";
    }
    const auto merged = test::run_cli("tune --from" + parts);
    INFO(merged.err);
    REQUIRE(merged.status == 0);
    CHECK_THAT(merged.out, Catch::Contains("cherries tune: 6 variants of mistuned under mistuned"));
    CHECK_THAT(merged.out, Catch::Contains("reproduce: cherries report --plugin-path " CHERRIES_SOURCE_DIR "/tests/fixtures --set mistuned"));
    const auto missing = test::run_cli("tune" + plugins);
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("give the tune file"));
    const auto bad = test::run_cli("tune '" + tune_test_file.string() + "'" + plugins + " --games 10 --final-games 5");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("--final-games (5) must be at least --games (10)"));
}

TEST_CASE("tune with a card_effect target finishes, and its best variant's \"met\" holds on fresh seeds",
          "[host][tune][confirm]") {
    // The run ended with "internal error: the card_effect target needs card forks" when a
    // variant's games gave no finished fork; and called a variant "met" that fresh seeds did not
    // confirm. A small search: 24 variants of 40 games at 3 greedy players, forks at every fourth
    // give; the best again with 200 games, then confirmed on fresh seeds to ± 6 points. The turn
    // cap is 200 (the set as it is never ends a game, and each of its forks plays to the cap):
    // the variants that meet the length target end in about 30 turns.
    const TuneSpec spec = read_tune_file(fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/tune/card-effect.toml");
    TuneOptions o;
    o.games = 40;
    o.final_games = 200;
    o.evaluations = 24;
    o.top = 2;
    o.seed = 1;
    o.jobs = 2;
    o.max_turns = 200;
    o.fork_every = 4;
    o.confirm_games = 200;
    o.confirm_precision = 0.06;
    const nlohmann::json result = run_tune(tune_mistuned_bundle(), spec, o);
    INFO(tune_text(result));
    REQUIRE(!result["best"].empty());
    const auto& best = result["best"][0];
    CHECK(best["met"].get<std::size_t>() == best["targets"].size());
    REQUIRE(best.contains("confirmation"));
    const auto& c = best["confirmation"];
    CHECK(c["seed"] == tune_confirm_seed(1));
    CHECK(best["confirmed"] == true);
    for (const auto& t : c["targets"]) CHECK(t["met"] == true);
    CHECK_THAT(tune_text(result), Catch::Contains("on fresh seeds (seed"));
    CHECK(result["stopped"].empty());
}

TEST_CASE("tune: a target no variant's games can measure is missed in words, never an internal error; a variant "
          "over its time budget is stopped and reported", "[host][tune][confirm]") {
    const TuneSpec spec = read_tune_file(fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/tune/card-effect.toml");
    TuneOptions o;
    o.games = 5;
    o.final_games = 5;
    o.evaluations = 3;
    o.top = 1;
    o.jobs = 1;
    o.max_turns = 2000;
    o.fork_every = 1'000'000'000;  // no give is forked: no card is measured
    o.confirm_games = 0;
    nlohmann::json result;
    REQUIRE_NOTHROW(result = run_tune(tune_mistuned_bundle(), spec, o));
    bool said = false;
    for (const auto& t : result["baseline"]["targets"])
        if (t["target"] == "card_effect") {
            CHECK(t["met"] == false);
            said = t["got"].get<std::string>().find("not measured") != std::string::npos;
        }
    CHECK(said);
    // A budget no variant can keep (a microsecond): every one is stopped, listed, and tune still ends.
    o.fork_every = 1;
    o.variant_seconds = 1e-6;
    REQUIRE_NOTHROW(result = run_tune(tune_mistuned_bundle(), spec, o));
    CHECK(!result["stopped"].empty());
    CHECK(result["baseline"]["playable"] == false);
    CHECK_THAT(result["baseline"]["problem"].get<std::string>(), Catch::Contains("stopped: not done within its budget"));
    CHECK_THAT(tune_text(result), Catch::Contains("stopped: "));
}
