// A channel game's seats over time: joins and leaves between turns (GDD §3.4.2.1) and the
// gametype's house rules (GDD §3.6), nick changes, PART/QUIT/KICK, turn timeouts.
#include "tests/host/irc/irc_channel_support.hpp"

#include "engine/game.hpp"

using namespace irc_test;

namespace {

// ann opens, bob joins, the game starts: ann's turn.
void two_players(Channel& c, const std::string& gametype = "") {
    c.say("ann", gametype.empty() ? "!cherries" : "!cherries " + gametype);
    c.say("bob", "!join");
    c.say("ann", "!start");
    REQUIRE(c.game.to_play() == "ann");
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("A join during a turn takes effect between turns, last in the turn order (GDD §3.4.2.1)") {
    Channel c;
    two_players(c);
    CHECK(c.say("cid", "!join") == Replies{"cid joins after this turn."});
    CHECK(c.say("cid", "!join").size() == 1);  // once is enough
    CHECK(c.game.seated() == Names{"ann", "bob"});
    const Replies r = c.say("ann", "!keep");
    CHECK(has(r, "cid joins, last in the turn order."));
    CHECK(c.game.seated() == Names{"ann", "bob", "cid"});
    CHECK(c.game.to_play() == "bob");
}

TEST_CASE("A leave during a turn takes effect between turns (GDD §3.4.2.1); a lone player suspends the game") {
    Channel c;
    two_players(c);
    c.say("cid", "!join");
    c.say("ann", "!keep");  // cid is seated now; bob's turn
    CHECK(c.say("cid", "!leave") == Replies{"cid leaves after this turn."});
    CHECK(c.game.seated() == Names{"ann", "bob", "cid"});
    const Replies r = c.say("bob", "!keep");
    CHECK(has(r, "cid leaves; their cards are set aside."));
    CHECK(c.game.seated() == Names{"ann", "bob"});
    CHECK(c.game.to_play() == "ann");
    CHECK(c.say("zed", "!leave") == Replies{"zed, you are not playing."});

    SECTION("a leave on one's own turn: the greedy bot plays it, then the leave; alone, the game is suspended") {
        const Replies left = c.say("ann", "!leave");
        CHECK(has(left, "ann leaves; the greedy bot plays their turn."));
        CHECK(has(left, "ann leaves; their cards are set aside."));
        CHECK(has(left, "The game is suspended"));
        CHECK(c.game.game()->phase() == cherries::Phase::suspended);
        CHECK(c.say("bob", "!keep").size() == 1);  // nothing to give
        const Replies back = c.say("dan", "!join");
        CHECK(has(back, "The game resumes."));
        CHECK(c.game.to_play() != "");
    }
}

TEST_CASE("A nick change keeps the seat") {
    Channel c;
    two_players(c);
    c.game.on_nick("ann", "Anna");
    CHECK(c.game.seated() == Names{"Anna", "bob"});
    CHECK(c.game.to_play() == "Anna");
    CHECK(c.say("ann", "!keep") == Replies{"You are not playing; it is Anna's turn."});
    CHECK(has(c.say("ANNA", "!keep"), "Anna kept"));  // nicks compare case-insensitively (CASEMAPPING)
    CHECK(has(c.say("bob", "!give anna"), "bob gave"));
    // The opener's right to !stop follows the nick.
    CHECK(has(c.say("Anna", "!stop"), "stopped by Anna"));
}

TEST_CASE("PART, QUIT or KICK of a player is a leave between turns") {
    Channel c;
    two_players(c);
    c.say("cid", "!join");
    c.say("ann", "!keep");  // bob's turn, cid seated
    REQUIRE(c.game.to_play() == "bob");
    SECTION("not on their turn: after this turn") {
        CHECK(c.depart("cid") == Replies{"cid leaves after this turn."});
        c.say("bob", "!keep");
        CHECK(c.game.seated() == Names{"ann", "bob"});
    }
    SECTION("on their turn: the greedy bot plays it, then they leave") {
        const Replies r = c.depart("bob");
        CHECK(has(r, "bob leaves; the greedy bot plays their turn."));
        CHECK(has(r, "bob leaves; their cards are set aside."));
        CHECK(c.game.seated() == Names{"ann", "cid"});
    }
    SECTION("someone not playing: nothing") { CHECK(c.depart("zed").empty()); }
}

TEST_CASE("House rules of a closed table (GDD §3.6): no join or leave once in progress") {
    Channel c;
    two_players(c, "closed-table");
    CHECK(c.say("cid", "!join") == Replies{"House rules of 'closed-table': players may not join once the game is in progress."});
    CHECK(c.say("ann", "!bot") .size() == 1);
    CHECK(c.say("bob", "!leave") == Replies{"House rules of 'closed-table': players may not leave once the game is in progress."});
    CHECK(c.game.seated() == Names{"ann", "bob"});
    // Gone from the channel, the seat cannot be given up: a bot plays it, and the game goes on.
    const Replies r = c.depart("bob");
    CHECK(has(r, "the greedy bot plays it"));
    c.say("ann", "!keep");
    CHECK(c.game.to_play() == "ann");  // bob's turn was played by the bot at once
    CHECK(c.game.seated() == Names{"ann", "bob"});
    // The bot plays bob's seat from now on; only ann's turns wait on the clock.
    const Replies timed_out = c.tick(90s);
    CHECK(has(timed_out, "ann did not act"));
    CHECK_FALSE(has(timed_out, "bob did not act"));
    CHECK(c.game.to_play() == "ann");
}

TEST_CASE("House rules of a closed table: a player gone on their own turn has it played by the bot at once") {
    Channel c;
    two_players(c, "closed-table");
    c.say("ann", "!keep");
    REQUIRE(c.game.to_play() == "bob");
    const Replies r = c.depart("bob");
    CHECK(has(r, "the greedy bot plays it"));
    CHECK(has(r, "bob kept") != has(r, "bob gave"));  // the bot decided bob's drawn card
    CHECK(c.game.to_play() == "ann");
    CHECK(c.tick(89s) == Replies{"ann: 15 s left."});  // ann's clock started with her prompt, not bob's
}

TEST_CASE("Turn timeout: the greedy bot decides, announced; after 3 timeouts in a row the player leaves") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!start");
    REQUIRE(c.game.deadline().has_value());
    CHECK(c.tick(74s).empty());
    CHECK(c.tick(15s) == Replies{"ann: 15 s left."});  // the warning, 15 s before the timeout
    const Replies first = c.tick(1s);
    CHECK(has(first, "ann did not act within 90 s: the greedy bot decides for them (timeout 1 of 3)."));
    CHECK(c.game.to_play() == "bob");
    for (int round = 2; round <= 3; ++round) {
        c.say("bob", "!keep");
        c.say("cid", "!keep");
        REQUIRE(c.game.to_play() == "ann");
        const Replies r = c.tick(90s);
        CHECK(has(r, "(timeout " + std::to_string(round) + " of 3)"));
    }
    CHECK(has(c.log, "ann timed out 3 turns in a row."));
    CHECK(c.game.seated() == Names{"bob", "cid"});

    SECTION("acting resets the count") {
        Channel d;
        d.say("ann", "!cherries");
        d.say("bob", "!join");
        d.say("ann", "!start");
        d.tick(90s);            // ann: 1
        d.say("bob", "!keep");
        d.say("ann", "!keep");  // ann acts: back to 0
        d.say("bob", "!keep");
        CHECK(has(d.tick(90s), "(timeout 1 of 3)"));
    }
}

TEST_CASE("Hostile text: control codes, formatting, invalid UTF-8, nicks that are card names or commands") {
    Channel c;
    c.say("Cherry", "!cherries");
    c.say("keep", "!join");
    c.say("Cherry", "!start");
    REQUIRE(c.game.to_play() == "Cherry");
    // Formatting inside a command word is stripped, so this is !give keep.
    CHECK(has(c.say("Cherry", "!give \x02k\x03" "4eep\x0F"), "Cherry gave"));
    REQUIRE(c.game.to_play() == "keep");
    // A nick equal to a card name is a player to !give, and a card to !card.
    CHECK(has(c.say("keep", "!give Cherry"), "keep gave"));
    CHECK(has(c.say("zed", "!card Cherry"), "Cherry [S] (+1 cherry)"));
    // Unknown things are echoed cut and clean (Channel::keep checks every reply).
    const Replies nul = c.say("Cherry", std::string("!give bo\0b\x01\xff\xfe", 13));
    REQUIRE(nul.size() == 1);
    CHECK(has(nul, "Nobody called 'bob\xEF\xBF\xBD\xEF\xBF\xBD' plays here"));
    const Replies long_one = c.say("Cherry", "!" + std::string(5000, 'x'));
    REQUIRE(long_one.size() == 1);
    CHECK(long_one[0].size() < 100);
    CHECK(c.say("Cherry", "!").empty());
    CHECK(c.say("Cherry", "!!keep").empty());
    CHECK(c.say("Cherry", "\x01" "ACTION !keep\x01").empty());  // a CTCP ACTION is no command
    CHECK(c.game.to_play() == "Cherry");
}

TEST_CASE("A table has at most max_players seats, pending joins included") {
    ChannelOptions three;
    three.max_players = 3;
    Channel c(three);
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    CHECK(c.say("cid", "!join") == Replies{"cid joins after this turn."});
    CHECK(c.say("dan", "!join") == Replies{"The table is full (3 seats)."});
    CHECK(c.say("ann", "!bot") == Replies{"The table is full (3 seats)."});
    c.say("ann", "!keep");
    CHECK(c.game.seated() == Names{"ann", "bob", "cid"});
}
