// A Cherries game in a channel, driven by lines with no server (docs/architecture.md, "Design intent"): opening,
// seating, a game to the win, turn announcements, commands out of turn, help and info.
#include "tests/host/irc/irc_channel_support.hpp"

#include <algorithm>

#include "engine/game.hpp"

using namespace irc_test;

namespace {

// Plays until the game is over: every human keeps on their turn. Returns the turns played.
int play_out(Channel& c, int max_steps = 2000) {
    int steps = 0;
    while (c.game.open() && steps++ < max_steps) {
        const std::string who = c.game.to_play();
        REQUIRE_FALSE(who.empty());
        c.say(who, "!keep");
    }
    return steps;
}

}  // namespace

TEST_CASE("!cherries opens one game with the opener seated; a second is refused with one line") {
    Channel c;
    CHECK(c.say("ann", "hello all").empty());  // chat: no reply
    const Replies opened = c.say("ann", "!cherries");
    REQUIRE(opened.size() == 2);  // the game, then its sealed deal (docs/records.md, "The fair deal")
    CHECK(has(opened, "ann opens a game of Cherries"));
    CHECK(opened[1].rfind("The deal is sealed: SHA-256 commitment ", 0) == 0);
    CHECK(has(opened, "first to 10 wins"));
    CHECK(c.game.open());
    CHECK(c.game.seated() == std::vector<std::string>{"ann"});
    CHECK(c.say("bob", "!cherries").size() == 1);
    CHECK(c.game.seated() == std::vector<std::string>{"ann"});
}

TEST_CASE("!cherries GAMETYPE SET picks plugins by id only; anything else is refused") {
    Channel c;
    CHECK(has(c.say("ann", "!cherries ../../etc"), "No gametype or set"));
    CHECK_FALSE(c.game.open());
    CHECK(has(c.say("ann", "!cherries official /tmp"), "No gametype or set"));
    CHECK_FALSE(c.game.open());
    const Replies r = c.say("ann", "!cherries closed-table standard");
    CHECK(has(r, "Closed Table"));
    REQUIRE(c.game.game());
    CHECK(c.game.game()->gametype().id == "closed-table");
}

TEST_CASE("A 3-seat game, 2 humans and a greedy bot, is played to a win (GDD §3.4.3)") {
    Channel c;
    c.say("ann", "!cherries");
    const Replies joined = c.say("bob", "!join");
    CHECK(joined == Replies{"bob joins, last in the turn order."});  // no "resumes": nothing had started
    CHECK(has(c.say("ann", "!bot"), "greedy-3 joins"));
    const Replies started = c.say("ann", "!start");
    CHECK(has(started, "Turn order: ann, bob, greedy-3"));
    // The first player draws and is asked (GDD §3.3.4.3: the opener is the first player).
    CHECK(has(started, "Turn 1: ann drew"));
    CHECK(started.back().find("ann: !keep or !give NICK (90 s)") != std::string::npos);
    CHECK(c.game.to_play() == "ann");

    play_out(c);
    CHECK_FALSE(c.game.open());
    CHECK(has(c.log, "reaches the winning score and wins!"));
    REQUIRE(c.log.size() >= 2);
    CHECK(c.log[c.log.size() - 2].rfind("Final scores: ", 0) == 0);
    CHECK(c.log.back().rfind("The deal revealed: seed 20261123, salt 0123456789abcdef0123456789abcdef; ", 0) == 0);
    // The channel is free for the next game.
    CHECK(has(c.say("bob", "!cherries"), "bob opens a game"));
    // The bot played its turns at once: it gave or kept without anyone asking it.
    CHECK(has(c.log, "greedy-3 drew"));
    CHECK_FALSE(has(c.log, "greedy-3: !keep"));
}

TEST_CASE("Each turn is told in at most 3 lines, then the next player is asked once") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    for (int turn = 0; turn < 30 && c.game.open(); ++turn) {
        const std::string who = c.game.to_play();
        const Replies r = c.say(who, turn % 2 ? "!keep" : "!give " + std::string(who == "ann" ? "bob" : "ann"));
        if (!c.game.open()) break;
        CHECK(r.size() >= 2);
        CHECK(r.size() <= 4);  // the turn in 1-3 lines, then the prompt
        CHECK(std::count_if(r.begin(), r.end(), [](const std::string& l) { return l.find("!keep or !give") != std::string::npos; }) == 1);
        CHECK(has(r, "Scores: "));
    }
}

TEST_CASE("Commands from the wrong player or out of turn are refused with exactly one line") {
    Channel c;
    CHECK(c.say("ann", "!keep") == Replies{"No game here; !cherries opens one."});
    c.say("ann", "!cherries");
    CHECK(c.say("ann", "!keep").size() == 1);  // not started
    CHECK(c.say("ann", "!start").size() == 1);  // alone
    CHECK(c.say("zed", "!start").size() == 1);  // not seated
    c.say("bob", "!join");
    CHECK(c.say("bob", "!join").size() == 1);  // seated already
    c.say("ann", "!start");
    const cherries::Game& game = *c.game.game();
    const std::uint32_t turn = game.turn();

    const Replies wrong = c.say("bob", "!keep");
    CHECK(wrong == Replies{"It is ann's turn, not bob's."});
    CHECK(c.say("zed", "!give ann") == Replies{"You are not playing; it is ann's turn."});
    CHECK(c.say("ann", "!give nobody").size() == 1);
    CHECK(c.say("ann", "!give").size() == 1);
    CHECK(c.say("ann", "!start").size() == 1);
    CHECK(c.say("ann", "!frobnicate") == Replies{"Unknown command !frobnicate; !help lists the commands."});
    CHECK(c.say("ann", "!bot tin-can").size() == 1);
    CHECK(game.turn() == turn);
    CHECK(game.phase() == cherries::Phase::awaiting_give);
    CHECK(c.game.to_play() == "ann");
}

TEST_CASE("!help fits 3 lines; one command's help is one line; info commands answer") {
    Channel c;
    const Replies help = c.say("ann", "!help");
    CHECK(help.size() == 3);
    for (const std::string& command : channel_command_names())
        CHECK(has(help, "!" + command));  // every command is named
    CHECK(c.say("ann", "!help give") == Replies{"!give NICK (or !g NICK): on your turn, give the card you drew to NICK; !give NICK 12 only if it is still turn 12"});
    CHECK(c.say("ann", "!help !stop").size() == 1);
    CHECK(has(c.say("ann", "!help nope"), "There is no command !nope"));
    CHECK(has(c.say("ann", "!sets"), "standard"));
    CHECK(has(c.say("ann", "!gametypes"), "closed-table"));
    const Replies rules = c.say("ann", "!rules");
    REQUIRE(rules.size() == 1);
    CHECK(has(rules, "first to 10 wins"));
    CHECK(has(rules, "0:+0 1:+0 2:+0 3:+0 4:+0 5:+1; +0 beyond"));  // official: 5 cherries score 1
    CHECK(has(c.say("ann", "!card double cherry"), "Double Cherry [S] (+2 cherries)"));
    CHECK(has(c.say("ann", "!card Cherry Halver"), "modifier"));
    CHECK(has(c.say("ann", "!card Lemon"), "No card called 'Lemon'"));
    c.say("ann", "!cherries");
    CHECK(has(c.say("bob", "!status"), "Seated: ann"));
    c.say("bob", "!join");
    c.say("ann", "!start");
    const Replies status = c.say("zed", "!status");
    REQUIRE(status.size() == 2);
    CHECK(has(status, "Turn 1: ann to play"));
    CHECK(has(status, "Scores: ann 0"));
}

TEST_CASE("!stop: the opener or a channel operator") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    CHECK(has(c.say("bob", "!stop"), "Only ann"));
    CHECK(c.game.open());
    CHECK(has(c.say("zed", "!stop", true), "stopped by zed"));
    CHECK_FALSE(c.game.open());
    c.say("ann", "!cherries");
    CHECK(has(c.say("ann", "!stop"), "The game is over: stopped by ann."));
}

TEST_CASE("A game between bots alone does not run on: it stops when the last human leaves") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("ann", "!bot random");
    c.say("ann", "!bot greedy");
    c.say("ann", "!start");
    REQUIRE(c.game.to_play() == "ann");
    const Replies r = c.say("ann", "!leave");
    CHECK(has(r, "ann leaves; the greedy bot plays their turn."));
    CHECK(has(r, "no human player is left"));
    CHECK_FALSE(c.game.open());
}

TEST_CASE("!stop of a running game prints the final scores; a lobby stopped has none") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    c.say("ann", "!keep");
    const Replies r = c.say("ann", "!stop");
    REQUIRE(r.size() == 2);
    CHECK(r[0] == "The game is over: stopped by ann.");
    CHECK(r[1].rfind("Final scores: ann ", 0) == 0);
    CHECK(r[1].find(", bob ") != std::string::npos);
    CHECK(r[1].find(" after 2 turns.") != std::string::npos);  // ann's turn, and bob's that was going on
    c.say("ann", "!cherries");
    CHECK(c.say("ann", "!stop") == Replies{"The game is over: stopped by ann."});
}

TEST_CASE("Text slips: no '.;' after a card's words, no '..' before a prompt") {
    Channel c;
    for (const char* card : {"cherry", "double cherry", "anticherry", "cherry doubler", "point drop"}) {
        const Replies r = c.say("ann", std::string("!card ") + card);
        REQUIRE(r.size() == 1);
        INFO(r[0]);
        CHECK(r[0].find(".;") == std::string::npos);
        CHECK(r[0].find(" in the game.") != std::string::npos);
    }
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    for (int i = 0; i < 40 && c.game.open(); ++i) c.say(c.game.to_play(), "!keep");
    for (const auto& line : c.log) CHECK(line.find("..") == std::string::npos);
}

TEST_CASE("The same one-line answer in a new game is said again: a second game's !join is answered") {
    Channel c;
    c.say("ann", "!cherries");
    CHECK(c.say("bob", "!join") == Replies{"bob joins, last in the turn order."});
    CHECK(has(c.say("ann", "!stop"), "The game is over"));
    CHECK(has(c.say("ann", "!cherries"), "ann opens a game"));  // two lines now: the game and its sealed deal
    CHECK(c.say("bob", "!join") == Replies{"bob joins, last in the turn order."});
}

TEST_CASE("A give may name the turn it answers; one for another turn is refused and changes nothing") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    const cherries::Game& game = *c.game.game();
    const std::uint32_t turn = game.turn();
    const auto snapshot = game.snapshot();
    const std::string stale = std::to_string(turn - 1), now = std::to_string(turn);
    CHECK(c.say("ann", "!keep " + stale) ==
          Replies{"That answers turn " + stale + ", but the game is at turn " + now +
                  ": nothing was given; decide again on the card drawn now."});
    CHECK(c.say("ann", "!give bob " + std::to_string(turn + 5)).size() == 1);
    CHECK(game.snapshot() == snapshot);  // a delayed or doubled give never lands on a later card
    CHECK(c.say("ann", "!keep bob").size() == 1);  // a keep names nobody
    CHECK(game.turn() == turn);
    c.say("ann", "!give bob " + now);  // the right turn: done
    CHECK(game.turn() > turn);
}
