// host::GameEnd, the one vocabulary of how a game stopped: the rules' ends come from the
// engine's phase (GDD §3.4.2.1 suspend, §3.4.3 win, §3.5 abort), and every name is distinct.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "host/session/game_end.hpp"
#include "tests/support/fake_plugins.hpp"

using namespace cherries;
using namespace cherries::host;

TEST_CASE("end_by_rules follows the engine's phase: nothing while a game goes on, suspended with one player left (GDD §3.4.2.1), ended with none", "[game_end]") {
    test::StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    CHECK_FALSE(end_by_rules(g));
    g.start_turn();
    CHECK_FALSE(end_by_rules(g));
    g.give(g.current_player());
    g.leave(g.players()[1].id);
    REQUIRE(end_by_rules(g));
    CHECK(*end_by_rules(g) == GameEnd::suspended);
    CHECK_FALSE(is_over(GameEnd::suspended));
    g.leave(g.players()[0].id);
    CHECK(*end_by_rules(g) == GameEnd::ended);
    CHECK(is_over(*end_by_rules(g)));
}

TEST_CASE("every GameEnd has its own name, the one records and output use", "[game_end]") {
    std::set<std::string> names;
    for (int e = 0; e <= static_cast<int>(GameEnd::expect_failed); ++e) {
        const std::string name(to_string(static_cast<GameEnd>(e)));
        CHECK(name != "?");
        CHECK(names.insert(name).second);
    }
    CHECK(to_string(GameEnd::won) == "won");
    CHECK(to_string(GameEnd::turn_cap) == "turn_cap");
}
