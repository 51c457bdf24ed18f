// Conformance over every plugin shipped (OpenSpiel style): for each combination of the sets in
// sets/ with each gametype in gametypes/, many random games through the real Lua plugins, the
// invariants checked at every event, random joins and leaves between turns.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>

#include "engine/game.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/snapshot.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> plugin_folders(const std::string& kind) {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(fs::path(CHERRIES_SOURCE_DIR) / (kind + "s")))
        if (fs::is_regular_file(entry.path() / (kind + ".toml"))) found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());
    return found;
}

// Every non-empty subset of `items`.
std::vector<std::vector<std::string>> subsets(const std::vector<std::string>& items) {
    std::vector<std::vector<std::string>> out;
    for (unsigned mask = 1; mask < (1u << items.size()); ++mask) {
        std::vector<std::string> s;
        for (std::size_t i = 0; i < items.size(); ++i)
            if (mask & (1u << i)) s.push_back(items[i]);
        out.push_back(std::move(s));
    }
    return out;
}

struct Totals {
    int games = 0, won = 0, refused = 0, joins = 0, leaves = 0;
};

// Plays one random game, checking invariants at every event and after every call.
void play_random_game(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, Totals& totals) {
    std::mt19937_64 choice(seed ^ 0x5eed);
    const int seats = 2 + static_cast<int>(choice() % 5);
    std::vector<std::string> names;
    for (int i = 0; i < seats; ++i) names.push_back("p" + std::to_string(i));
    Game game(bundle.catalog(), bundle.gametype(), evaluator, seed, names);
    test::InvariantChecker checker(game);
    game.set_event_sink(&checker);
    int next_name = seats;
    while (!game.over() && game.turn() < 3000) {
        // Between turns, now and then, a join or a leave (GDD §3.4.2.1), under the house rules.
        const auto roll = choice() % 40;
        if (roll < 2 || game.phase() == Phase::suspended) {
            const auto before = test::snapshot(game);
            try {
                if (roll == 0 && game.players().size() > 1) {
                    game.leave(game.players()[choice() % game.players().size()].id);
                    ++totals.leaves;
                } else {
                    game.join("p" + std::to_string(next_name++));
                    ++totals.joins;
                }
            } catch (const RuleError&) {
                ++totals.refused;
                REQUIRE(test::snapshot(game) == before);  // a refused move changes nothing
                if (game.phase() == Phase::suspended) break;  // nobody may join: stays suspended
            }
            test::check_invariants(game);
            continue;
        }
        game.start_turn();
        while (game.phase() == Phase::awaiting_give) {
            const auto& players = game.players();
            game.give(players[choice() % players.size()].id);
        }
        test::check_invariants(game);
    }
    ++totals.games;
    totals.won += game.phase() == Phase::won;
}

}  // namespace

TEST_CASE("conformance: random games over every combination of shipped plugins keep every invariant (GDD §3.3, §3.4)") {
    const auto sets = plugin_folders("set");
    const auto gametypes = plugin_folders("gametype");
    REQUIRE(!sets.empty());
    REQUIRE(gametypes.size() >= 3);
    for (const auto& set_combination : subsets(sets)) {
        for (const auto& gametype : gametypes) {
            std::string label = fs::path(gametype).filename().string() + " with";
            std::vector<fs::path> folders;
            for (const auto& s : set_combination) {
                folders.emplace_back(s);
                label += " " + fs::path(s).filename().string();
            }
            INFO(label);
            const auto bundle = sdk::Bundle::load(folders, gametype);
            const auto runtime = bundle.make_runtime();
            Totals totals;
            constexpr std::uint64_t kGames = 300;  // per combination: 3,600 games in all
            for (std::uint64_t g = 0; g < kGames; ++g) play_random_game(bundle, *runtime, mix_seed(g), totals);
            CHECK(totals.games == static_cast<int>(kGames));
            CHECK(totals.won > static_cast<int>(kGames * 85 / 100));  // random play still ends almost every game with a winner
            CHECK(totals.joins + totals.leaves + totals.refused > static_cast<int>(kGames / 7));
        }
    }
}

TEST_CASE("several sets make one deck - an id in two sets must be written set:card (GDD §3.3.2)") {
    const auto bundle = sdk::Bundle::load({fs::path(CHERRIES_SOURCE_DIR) / "sets/standard",
                                           fs::path(CHERRIES_SOURCE_DIR) / "tests/fixtures/sets/twin"},
                                          fs::path(CHERRIES_SOURCE_DIR) / "gametypes/official");
    const Catalog& catalog = bundle.catalog();
    CHECK(catalog.card_count() == 74 + 8);
    CHECK_THROWS_WITH(catalog.find_kind("cherry"), Catch::Contains("standard:cherry") && Catch::Contains("twin:cherry"));
    CHECK(catalog.kinds()[catalog.find_kind("twin:cherry")].change == 2);
    CHECK(catalog.kinds()[catalog.find_kind("standard:cherry")].change == 1);
    CHECK(catalog.display_id(catalog.find_kind("twin:cherry")) == "twin:cherry");
    CHECK(catalog.display_id(catalog.find_kind("double-cherry")) == "double-cherry");
    // The twin set's modifier runs its own Lua function: 3 softened is 2.
    const auto runtime = bundle.make_runtime();
    std::int64_t out = 0;
    const auto& squeeze = catalog.kinds()[catalog.find_kind("squeeze")];
    REQUIRE(runtime->call(squeeze.cherry_function, 3, out));
    CHECK(out == 2);
}

TEST_CASE("the Standard Set loads as GDD Appendix A: 24 kinds, 74 cards") {
    const auto bundle = sdk::load_bundle({"standard"}, "official");
    const Catalog& catalog = bundle.catalog();
    CHECK(catalog.card_count() == 74);
    CHECK(catalog.kinds().size() == 24);
    int cherry = 0, score = 0, modifier = 0;
    for (const auto& k : catalog.kinds())
        (k.type == CardType::cherry ? cherry : k.type == CardType::score ? score : modifier) += k.count;
    CHECK(cherry == 34);
    CHECK(score == 14);
    CHECK(modifier == 26);
    const auto runtime = bundle.make_runtime();
    // Each modifier's functions, on -3 and 5, as Appendix A gives them.
    struct Row { const char* id; std::int64_t cherry_m3, cherry_5, score_m3, score_5; int lifetime; };
    const Row rows[] = {
        {"hat-of-fruit", -2, 6, -3, 5, 3},   {"hat-of-unfruit", -4, 4, -3, 5, 3}, {"cherry-shield", 0, 0, -3, 5, 2},
        {"cherry-doubler", -6, 10, -3, 5, 2}, {"cherry-halver", -2, 2, -3, 5, 2},  {"cherry-inverter", 3, -5, -3, 5, 2},
        {"point-boost", -3, 5, -2, 6, 2},     {"point-drop", -3, 5, -4, 4, 2},      {"score-shield", -3, 5, 0, 0, 1},
        {"score-doubler", -3, 5, -6, 10, 1},  {"score-halver", -3, 5, -2, 2, 1},    {"score-inverter", -3, 5, 3, -5, 2},
    };
    auto apply = [&](FunctionId f, std::int64_t x) {
        if (f == kIdentity) return x;
        std::int64_t out = 0;
        REQUIRE(runtime->call(f, x, out));
        return out;
    };
    for (const Row& r : rows) {
        INFO(r.id);
        const CardKind& k = catalog.kinds()[catalog.find_kind(r.id)];
        CHECK(k.lifetime == r.lifetime);
        CHECK(apply(k.cherry_function, -3) == r.cherry_m3);
        CHECK(apply(k.cherry_function, 5) == r.cherry_5);
        CHECK(apply(k.score_function, -3) == r.score_m3);
        CHECK(apply(k.score_function, 5) == r.score_5);
    }
}

TEST_CASE("the shipped gametypes have the GDD's distributions and winning scores (GDD §3.3.1.4, §3.3.1.5)") {
    auto change = [](const Gametype& g, std::int64_t cherries) {
        return cherries < static_cast<std::int64_t>(g.distribution.size()) ? g.distribution[cherries] : 0;
    };
    const auto official = sdk::load_bundle({"standard"}, "official");
    CHECK(official.gametype().winning_score == 10);
    for (int c = 0; c < 30; ++c) CHECK(change(official.gametype(), c) == (c == 5 ? 1 : 0));
    const auto a = sdk::load_bundle({"standard"}, "example-a");
    CHECK(a.gametype().winning_score == 20);
    const std::map<int, int> a_changes{{4, 1}, {5, 2}, {6, 1}};
    for (int c = 0; c < 30; ++c) CHECK(change(a.gametype(), c) == (a_changes.count(c) ? a_changes.at(c) : 0));
    const auto b = sdk::load_bundle({"standard"}, "example-b");  // a Lua function, tabulated
    CHECK(b.gametype().winning_score == 30);
    CHECK(b.gametype().house_rules.join_in_progress);  // the GDD's example has no house rules
    CHECK(b.gametype().house_rules.leave_in_progress);
    const std::map<int, int> b_changes{{1, 3}, {2, 2}, {3, 1}, {5, -1}, {6, -2}, {7, -3}, {20, 20}};
    for (int c = 0; c < 30; ++c) CHECK(change(b.gametype(), c) == (b_changes.count(c) ? b_changes.at(c) : 0));
    // House rules (§3.6) live in a gametype of their own: official scoring, a closed table.
    const auto closed = sdk::load_bundle({"standard"}, "closed-table");
    CHECK(closed.gametype().winning_score == 10);
    for (int c = 0; c < 30; ++c) CHECK(change(closed.gametype(), c) == (c == 5 ? 1 : 0));
    CHECK_FALSE(closed.gametype().house_rules.join_in_progress);
    CHECK_FALSE(closed.gametype().house_rules.leave_in_progress);
}
