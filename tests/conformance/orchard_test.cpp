// The Orchard set (sets/orchard): a second card set written only from the docs. It must meet
// what GDD §3.3.2 asks of every set and what `cherries check` lints, and combine with the
// Standard Set (distinct symbol, no card id clash).
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <set>

#include "engine/game.hpp"
#include "host/batch/sim.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/support/designer_checks.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {
const fs::path kSource(CHERRIES_SOURCE_DIR);
}

TEST_CASE("orchard: its designer tests pass and every function is tested") {
    CHECK(test::check_plugin(kSource / "sets/orchard") == std::vector<std::string>{});
    CHECK(test::designer_test_count(kSource / "sets/orchard") >= 20);
    // Every function a modifier names has designer tests.
    std::vector<sdk::Diagnostic> problems;
    const auto m = sdk::read_set_manifest(kSource / "sets/orchard", problems);
    for (const auto& card : m.cards) {
        INFO(card.kind.id);
        CHECK(card.cherry_function.empty() == card.cherry_tests.empty());
        CHECK(card.score_function.empty() == card.score_tests.empty());
    }
}

TEST_CASE("orchard: at least 30% cherry cards, every card type, no identity modifier (GDD §3.3.2, §3.3.2.1.1)") {
    CHECK(test::check_plugin(kSource / "sets/orchard") == std::vector<std::string>{});
    const auto bundle = sdk::Bundle::load({kSource / "sets/orchard"}, kSource / "gametypes/official");
    int by_type[3] = {0, 0, 0};
    bool both_functions = false;
    std::set<std::int32_t> lifetimes;
    for (const auto& k : bundle.catalog().kinds()) {
        by_type[static_cast<int>(k.type)] += k.count;
        if (k.type == CardType::modifier) {
            lifetimes.insert(k.lifetime);
            both_functions = both_functions || (k.cherry_function != kIdentity && k.score_function != kIdentity);
        }
    }
    CHECK(bundle.catalog().card_count() == 48);
    CHECK(by_type[static_cast<int>(CardType::cherry)] == 28);
    CHECK(by_type[static_cast<int>(CardType::score)] == 10);
    CHECK(by_type[static_cast<int>(CardType::modifier)] == 10);
    CHECK(both_functions);
    CHECK(lifetimes.size() == 3);
    CHECK(bundle.plugins().at(0).folder.filename() == "orchard");
    CHECK(bundle.catalog().sets().at(0).symbol == "O");
}

TEST_CASE("orchard combines with the Standard Set: distinct symbols, no card id written twice (GDD §3.3.2.2)") {
    const auto bundle = sdk::Bundle::load({kSource / "sets/standard", kSource / "sets/orchard"}, kSource / "gametypes/official");
    CHECK(bundle.catalog().card_count() == 74 + 48);
    CHECK(bundle.catalog().sets().at(0).symbol != bundle.catalog().sets().at(1).symbol);
    for (const auto& k : bundle.catalog().kinds()) CHECK(bundle.catalog().display_id(bundle.catalog().find_kind(k.id)) == k.id);
}

TEST_CASE("orchard plays to the end, alone and with the Standard Set, under the official gametype (GDD §3.4.3)") {
    const auto official = kSource / "gametypes/official";
    for (const auto& sets : {std::vector<fs::path>{kSource / "sets/orchard"},
                             std::vector<fs::path>{kSource / "sets/standard", kSource / "sets/orchard"}}) {
        INFO(sets.size() << " set(s)");
        const auto bundle = sdk::Bundle::load(sets, official);
        host::SimOptions options;
        options.games = 500;
        options.players = 4;
        options.max_turns = 5000;
        const auto results = host::run_sim(bundle, options);
        int won = 0;
        std::array<int, 4> by_seat{};
        for (const auto& g : results.games)
            if (g.outcome == host::GameEnd::won) ++won, ++by_seat.at(static_cast<std::size_t>(g.winner));
        CHECK(won == 500);  // no game hits the turn cap, every game has a winner
        for (int wins : by_seat) CHECK(wins > 80);  // random bots: about 125 each, no seat left out
    }
}
