// What-if runs shared by `cherries sim` and `report` (host/batch/what_if.hpp; docs/report.md,
// "What if"): the variant's bundle really plays the change, on the baseline's seeds, and the
// paired statistics.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "host/base/input_error.hpp"
#include "host/batch/sim.hpp"
#include "host/batch/what_if.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

SimOptions options(std::uint64_t games) {
    SimOptions o;
    o.games = games;
    o.players = 3;
    o.bots = {"random"};
    o.seed = 5;
    o.jobs = 2;
    return o;
}

// Counts the events that name a card of kind `id` in every game played.
struct KindCounter : SimObserver {
    std::string id;
    const Game* game = nullptr;
    std::uint64_t draws = 0, handled = 0;
    void begin_game(const Game& g) override { game = &g; }
    void after_turn(const Game&) override {}
    void on_event(const Event& e) override {
        if (e.card == kNoCard || game->catalog().kind_of(e.card).id != id) return;
        draws += e.type == EventType::draw;
        handled += e.type == EventType::handle;
    }
};

// Plays `games` games of `bundle` like sim does and counts the draws and handles of card `id`.
KindCounter count_card(const sdk::Bundle& bundle, const std::string& id, std::uint64_t games) {
    KindCounter counter;
    counter.id = id;
    auto runtime = bundle.make_runtime();
    const std::vector<std::string> names{"seat1", "seat2", "seat3"}, bots{"random", "random", "random"};
    for (std::uint64_t i = 0; i < games; ++i) {
        runtime->start_game();
        play_sim_game(bundle, *runtime, names, bots, sim_game_seed(5, i), 10000, nullptr, i, {}, &counter);
    }
    return counter;
}

// The half-width of the 95% interval of mean(variant) − mean(base) taken as two independent samples.
double unpaired_half_width(const std::vector<double>& a, const std::vector<double>& b) {
    const auto var = [](const std::vector<double>& x) {
        double m = 0, s = 0;
        for (double v : x) m += v;
        m /= static_cast<double>(x.size());
        for (double v : x) s += (v - m) * (v - m);
        return s / static_cast<double>(x.size() - 1);
    };
    return 1.959964 * std::sqrt(var(a) / static_cast<double>(a.size()) + var(b) / static_cast<double>(b.size()));
}

std::vector<double> turns(const SimResults& r) {
    std::vector<double> out;
    for (const auto& g : r.games) out.push_back(g.turns);
    return out;
}

}  // namespace

TEST_CASE("--without a card plays without it: the card is never drawn nor handled (GDD §3.4.2.3.1)",
          "[host][batch][whatif]") {
    const auto& bundle = standard_bundle();
    const auto variants = parse_what_ifs(bundle, {.without = {"point-drop"}});
    REQUIRE(variants.size() == 1);
    CHECK(variants[0].label == "--without point-drop");
    const sdk::Bundle without = what_if_bundle(bundle, variants[0]);
    const KindCounter base = count_card(bundle, "point-drop", 30);
    const KindCounter variant = count_card(without, "point-drop", 30);
    CHECK(base.draws > 0);  // the baseline does play it, so the count below could fail
    CHECK(base.handled > 0);
    CHECK(variant.draws == 0);
    CHECK(variant.handled == 0);
    CHECK(count_card(without, "point-boost", 30).handled > 0);  // the other modifiers still play
}

TEST_CASE("--winning-score 1 shortens every game: a paired length difference below 0 (GDD §3.4.3)",
          "[host][batch][whatif]") {
    const auto& bundle = standard_bundle();
    const auto variants = parse_what_ifs(bundle, {.winning_score = 1});
    const SimResults base = run_sim(bundle, options(300));
    const SimResults one = run_sim(what_if_bundle(bundle, variants[0]), options(300));
    const GamesComparison c = compare_games(base.games, one.games, 3);
    CHECK(c.games == 300);
    INFO("length " << c.length.base << " -> " << c.length.variant << " [" << c.length.low << ", " << c.length.high << "]");
    CHECK(c.length.high < 0);
    CHECK(c.length.variant < c.length.base / 5);
    double shares = 0;
    for (const auto& w : c.wins) shares += w.difference;
    CHECK(std::abs(shares) < 1e-9);  // every game is won in both: the seats' differences add up to 0
}

TEST_CASE("a variant plays the baseline's seeds: a no-op variant is the same games, and the paired interval "
          "is narrower than two independent runs'", "[host][batch][whatif]") {
    const auto& bundle = standard_bundle();
    // The count the set already has: the very same games, every difference exactly 0.
    const auto same = parse_what_ifs(bundle, {.count = {"cherry=10"}});
    const SimResults base = run_sim(bundle, options(400));
    const GamesComparison nothing = compare_games(base.games, run_sim(what_if_bundle(bundle, same[0]), options(400)).games, 3);
    CHECK(nothing.length.difference == 0);
    CHECK(nothing.length.low == 0);
    CHECK(nothing.length.high == 0);
    for (const auto& w : nothing.wins) CHECK(w.high - w.low == 0);
    // A higher winning score: each game goes on from where the baseline's was won, so the
    // lengths are strongly correlated game by game and the paired interval is much narrower.
    const auto higher = parse_what_ifs(bundle, {.winning_score = 12});
    const SimResults variant = run_sim(what_if_bundle(bundle, higher[0]), options(400));
    const PairedDifference d = compare_games(base.games, variant.games, 3).length;
    const double unpaired = unpaired_half_width(turns(base), turns(variant));
    INFO("paired half-width " << (d.high - d.low) / 2 << ", unpaired " << unpaired);
    CHECK(d.low > 0);
    CHECK((d.high - d.low) / 2 < 0.7 * unpaired);
    // Another seed is not paired: the same no-op variant no longer gives 0.
    SimOptions other = options(400);
    other.seed = 6;
    CHECK(compare_games(base.games, run_sim(bundle, other).games, 3).length.high > 0);
}

TEST_CASE("paired_difference: the mean of the differences and ± 1.96 sd/√n", "[host][batch][whatif]") {
    const PairedDifference d = paired_difference({1, 2, 3, 4}, {2, 4, 3, 7});  // differences 1, 2, 0, 3
    CHECK(d.base == Approx(2.5));
    CHECK(d.variant == Approx(4));
    CHECK(d.difference == Approx(1.5));
    const double half = 1.959964 * std::sqrt(5.0 / 3.0) / 2;  // sd² of 1,2,0,3 is 5/3
    CHECK(d.low == Approx(1.5 - half));
    CHECK(d.high == Approx(1.5 + half));
    const PairedDifference empty = paired_difference({}, {});
    CHECK(empty.difference == 0);
    CHECK(empty.high == 0);
}

TEST_CASE("what-if options: a misspelt card gets \"did you mean\", and the option is named", "[host][batch][whatif]") {
    const auto& bundle = standard_bundle();
    CHECK_THROWS_AS(parse_what_ifs(bundle, {.without = {"pointdrop"}}), InputError);
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.without = {"pointdrop"}}),
                      Catch::StartsWith("--without: unknown card 'pointdrop' (did you mean 'point-drop'?)"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.sweep = "count:cheery=1..3"}),
                      Catch::Contains("--sweep") && Catch::Contains("did you mean 'cherry'?"));
    CHECK_THROWS_WITH(parse_what_ifs(bundle, {.count = {"zzzzzzzz=2"}}), !Catch::Contains("did you mean"));
}
