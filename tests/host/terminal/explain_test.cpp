// `cherries play` explains itself: `card NAME` / `help CARD` on one card, `rules`, and `help`
// fitted to the situation (GDD §3.3.2.1.1 card types, §3.3.1 gametypes, §3.6 house rules).
#include <catch2/catch.hpp>

#include <sstream>

#include "sdk/plugins/plugin_search.hpp"
#include "host/terminal/explain.hpp"

using namespace cherries;

namespace {

std::string said(const std::vector<std::string>& words, const Game& game, const host::CardText& cards) {
    std::ostringstream out;
    REQUIRE(host::explain_command(words, game, cards, out));
    return out.str();
}

}  // namespace

TEST_CASE("card NAME: a card by name in any case, by id, or by a prefix only it has") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard", "orchard"}, "official");
    const host::CardText cards(bundle);
    auto runtime = bundle.make_runtime();
    const Game game(bundle.catalog(), bundle.gametype(), *runtime, 1, {"ann", "bob"});

    const std::string halver = said({"card", "cherry", "halver"}, game, cards);
    CHECK(halver ==
          "  Cherry Halver [S]: modifier card of the Standard Set, 2 in the game\n"
          "  goes on top of the receiver's modifier card stack for 2 turns (one more if kept), and works on every change "
          "they get meanwhile\n"
          "  Halves every cherry change, rounded down.\n");
    CHECK(said({"help", "standard:cherry-halver"}, game, cards) == halver);
    CHECK(said({"card", "CHERRY-HALV"}, game, cards) == halver);
    CHECK(said({"card", "Pear"}, game, cards) ==
          "  Pear [O]: cherry card of the Orchard, 4 in the game\n"
          "  +2 cherries: runs through the receiver's modifier card stack, then is added to their cherries (never below 0)\n"
          "  Gives the receiver 2 cherries.\n");
    // Several match: the candidates; none: said so.
    CHECK(said({"card", "cherry"}, game, cards) == "  Cherry [S]: cherry card of the Standard Set, 10 in the game\n"
                                                   "  +1 cherry: runs through the receiver's modifier card stack, then is "
                                                   "added to their cherries (never below 0)\n"
                                                   "  Gives the receiver 1 cherry.\n");
    // A word of the name that starts so counts, as IRC's !card does (host/text/card_lookup).
    CHECK(said({"card", "double"}, game, cards) ==
          "  no card 'double' in this game; did you mean Double Cherry, Double Anticherry, Cherry Doubler, Score Doubler?\n");
    CHECK(said({"card", "score"}, game, cards) ==
          "  no card 'score' in this game; did you mean Score Shield, Score Doubler, Score Halver, Score Inverter?\n");
    CHECK(said({"card", "banana"}, game, cards) == "  no card 'banana' in this game\n");
    std::ostringstream out;
    CHECK_FALSE(host::explain_command({"keep"}, game, cards, out));
    CHECK_FALSE(host::explain_command({"status"}, game, cards, out));
}

TEST_CASE("rules: the gametype in words and the house rules in force (GDD §3.3.1.5, §3.6)") {
    const sdk::Bundle official = sdk::load_bundle({"standard"}, "official");
    const host::CardText official_cards(official);
    auto runtime = official.make_runtime();
    const Game game(official.catalog(), official.gametype(), *runtime, 1, {"ann", "bob"});
    CHECK(said({"rules"}, game, official_cards) == "  rules: exactly 5 cherries at the end of your turn: +1 point; first to 10 wins\n");

    const sdk::Bundle closed = sdk::load_bundle({"standard"}, "closed-table");
    const host::CardText closed_cards(closed);
    auto closed_runtime = closed.make_runtime();
    const Game closed_game(closed.catalog(), closed.gametype(), *closed_runtime, 1, {"ann", "bob"});
    CHECK(said({"rules"}, closed_game, closed_cards) ==
          "  rules: exactly 5 cherries at the end of your turn: +1 point; first to 10 wins\n"
          "  house rules of Closed Table: nobody joins or leaves once the first turn has started\n");

    // Example B's distribution is a Lua function: tabulated, and its tail asked (GDD §3.3.1.4).
    const sdk::Bundle b = sdk::load_bundle({"standard"}, "example-b");
    CHECK(host::CardText(b).gametype_rule() ==
          "at the end of your turn: 0 cherries: no points; 1: +3; 2: +2; 3: +1; 4: no points; 5: -1; 6: -2; 7: -3; "
          "8–19: no points; 20: +20; 21+: no points; first to 30 wins");
}

TEST_CASE("help fits the situation: house rules in force, a suspended game (GDD §3.6, §3.4.2.1)") {
    const sdk::Bundle closed = sdk::load_bundle({"standard"}, "closed-table");
    auto runtime = closed.make_runtime();
    Game game(closed.catalog(), closed.gametype(), *runtime, 1, {"ann", "bob"});
    CHECK(host::help_text(game).find("  join NAME          NAME joins after this turn") != std::string::npos);
    game.start_turn();
    game.give(game.current_player());
    const std::string started = host::help_text(game);
    CHECK(started.find("  join NAME          not in this game: the house rules let nobody join now\n") != std::string::npos);
    CHECK(started.find("  leave NAME         not in this game: the house rules let nobody leave now\n") != std::string::npos);
    CHECK(started.find("  card NAME          what a card does (also help NAME)\n") != std::string::npos);

    const sdk::Bundle open = sdk::load_bundle({"standard"}, "official");
    auto open_runtime = open.make_runtime();
    Game suspended(open.catalog(), open.gametype(), *open_runtime, 1, {"ann", "bob"});
    suspended.start_turn();
    suspended.give(suspended.current_player());
    suspended.leave(suspended.find_player("bob")->id);
    REQUIRE(suspended.phase() == Phase::suspended);
    const std::string help = host::help_text(suspended);
    CHECK(help.rfind("  The game is suspended: only ann is left.\n  join NAME          NAME joins and the game resumes", 0) == 0);
    CHECK(help.find("keep") == std::string::npos);
}
