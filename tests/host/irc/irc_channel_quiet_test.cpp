// A quieter table (issue 23, point 5): score lines that say why a score did not move (GDD
// §3.3.1.1: only the counts the gametype's table scores; §3.4.2.3.4 step 3: scores stop at 0),
// one line per bot turn, compact mode (config key and !quiet) with a round summary, the short
// aliases !j !k !g, !cards, and !card by the start of a word with the choices when ambiguous.
#include "tests/host/irc/irc_channel_support.hpp"

#include <regex>

#include "host/irc/turn_text.hpp"
#include "host/text/card_text.hpp"

using namespace irc_test;

namespace {

cherries::Event score_change(cherries::PlayerId player, std::int64_t cherries, std::int64_t change, std::int64_t modified,
                             std::int64_t score) {
    cherries::Event e{.type = cherries::EventType::score_change};
    e.player = player;
    e.cherries = cherries;
    e.change = change;
    e.modified_change = modified;
    e.score = score;
    return e;
}

bool starts(const std::string& line, const std::string& text) { return line.rfind(text, 0) == 0; }

}  // namespace

TEST_CASE("Score lines say why: only exactly 5 cherries score (official), scores stop at 0 (GDD 3.4.2.3.4)") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    const cherries::Game& game = *c.game.game();
    const auto bundle = library().bundle({"standard"}, "official");
    const cherries::host::CardText cards(*bundle);
    TurnText text(game, cards, [](cherries::PlayerId id) { return id == 0 ? std::string("ann") : std::string("bob"); });
    cherries::Event join{.type = cherries::EventType::join};
    join.player = 0;
    text.on_event(join);
    text.take();

    // 4 cherries: the official table scores only exactly 5 (GDD 3.3.1.1).
    text.on_event(score_change(0, 4, 0, 0, 0));
    CHECK(text.take() == Replies{"End of turn: ann has 4 cherries: score +0 (only exactly 5 cherries score), now 0."});
    // 5 cherries: it scores; nothing to explain.
    text.on_event(score_change(0, 5, 1, 3, 3));
    CHECK(text.take() == Replies{"End of turn: ann has 5 cherries: score +1, +3 after modifiers, now 3."});
    // A modifier turned +1 into -5: 3 - 5 stops at 0 (GDD 3.4.2.3.4 step 3).
    text.on_event(score_change(0, 5, 1, -5, 0));
    CHECK(text.take() == Replies{"End of turn: ann has 5 cherries: score +1, -5 after modifiers, now 0 (scores stop at 0)."});
    // Landing on 0 exactly is no stop: 2 - 2.
    text.on_event(score_change(0, 5, 1, 2, 2));
    text.take();
    text.on_event(score_change(0, 5, 1, -2, 0));
    CHECK(text.take() == Replies{"End of turn: ann has 5 cherries: score +1, -2 after modifiers, now 0."});
    // A change of 0 after modifiers at a scoring count is the modifiers' doing: no rule to quote.
    text.on_event(score_change(0, 5, 1, 0, 0));
    CHECK(text.take() == Replies{"End of turn: ann has 5 cherries: score +1, +0 after modifiers, now 0."});
}

TEST_CASE("A bot's turn is one line with its end of turn, and no scores line follows it") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("ann", "!bot");
    c.say("ann", "!bot");
    const Replies started = c.say("ann", "!start");
    std::size_t bot_turns = 0;
    for (int turn = 0; turn < 20 && c.game.open(); ++turn) {
        const Replies r = c.say("ann", "!keep");
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (!starts(r[i], "Turn ") || r[i].find(": greedy-") == std::string::npos || r[i].find("!keep or !give") != std::string::npos)
                continue;
            ++bot_turns;
            INFO(r[i]);
            CHECK(r[i].find(" End of turn: greedy-") != std::string::npos);
            if (i + 1 < r.size()) CHECK_FALSE(starts(r[i + 1], "Scores: "));
        }
        // ann's own turn still ends with the scores.
        if (c.game.open()) CHECK(has(r, "Scores: "));
    }
    CHECK(bot_turns >= 10);
}

TEST_CASE("Compact mode: every turn one line, the scores once a round; !quiet switches it per channel") {
    ChannelOptions o;
    o.compact = true;
    Channel c(o);
    CHECK(c.game.compact());
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!bot");
    c.say("ann", "!start");  // turn order: ann, bob, greedy-3
    REQUIRE(c.game.to_play() == "ann");
    const Replies ann = c.say("ann", "!keep");
    REQUIRE(ann.size() == 2);  // ann's turn in one line, then bob's prompt
    CHECK(starts(ann[0], "ann kept "));
    CHECK(ann[0].find(" End of turn: ann has ") != std::string::npos);
    CHECK_FALSE(has(ann, "Scores: "));
    REQUIRE(c.game.to_play() == "bob");
    const Replies bob = c.say("bob", "!keep");
    // bob's turn, greedy-3's turn, the round's scores, ann's prompt.
    REQUIRE(bob.size() == 4);
    CHECK(starts(bob[0], "bob kept "));
    CHECK(starts(bob[1], "Turn 3: greedy-3 drew "));
    CHECK(starts(bob[2], "Round over after turn 3. Scores: ann "));
    CHECK(bob[3].find("ann: !keep or !give NICK") != std::string::npos);

    CHECK(c.say("bob", "!quiet") ==
          Replies{"Every turn's scores again. !quiet for one line a turn and the scores once a round."});
    CHECK_FALSE(c.game.compact());
    const Replies loud = c.say("ann", "!keep");
    CHECK(has(loud, "Scores: "));
    CHECK_FALSE(has(loud, "Round over"));
    CHECK(c.say("ann", "!quiet") ==
          Replies{"Compact mode: one line a turn, the scores once a round. !quiet again for every turn's scores."});
    CHECK(c.game.compact());
}

TEST_CASE("Short aliases: !j joins, !k keeps, !g NICK gives; !help knows them") {
    Channel c;
    c.say("ann", "!cherries");
    CHECK(c.say("bob", "!j") == Replies{"bob joins, last in the turn order."});
    c.say("ann", "!start");
    REQUIRE(c.game.to_play() == "ann");
    const Replies gave = c.say("ann", "!g bob");
    CHECK(starts(gave[0], "ann gave "));
    CHECK(gave[0].find(" to bob") != std::string::npos);
    REQUIRE(c.game.to_play() == "bob");
    CHECK(starts(c.say("bob", "!K")[0], "bob kept "));
    CHECK(c.say("ann", "!help k") == Replies{"!keep (or !k): on your turn, keep the card you drew; !keep 12 only if it is still turn 12"});
}

TEST_CASE("!cards lists the cards; !card finds one by the start of a word, or lists the choices") {
    Channel c;
    const Replies cards = c.say("ann", "!cards");  // each line fits one IRC line (Channel::keep checks)
    REQUIRE(cards.size() == 2);
    CHECK(starts(cards[0], "Cards (a new game): Cherry x10, Double Cherry x5, "));
    const std::string all = cards[0] + " " + cards[1];
    CHECK(all.find("+1 Hat Of Fruit x4, -1 Hat Of Unfruit x4") != std::string::npos);
    CHECK(all.ends_with(". !card NAME tells what one does."));
    // Every item of every line, the continued line's too, stands between separators: never "x2Point".
    CHECK_FALSE(std::regex_search(all, std::regex("x[0-9]+[A-Za-z+-]")));
    CHECK(c.say("ann", "!card cherry") == Replies{"Cherry [S] (+1 cherry); 10 in the game."});
    CHECK(starts(c.say("ann", "!card cherry sh")[0], "Cherry Shield [S] "));  // the start of the name
    CHECK(c.say("ann", "!card shield") == Replies{"Which one? Cherry Shield, Score Shield."});
    CHECK(starts(c.say("ann", "!card three-p")[0], "3 Points [S] "));  // the start of an id
    CHECK(c.say("ann", "!card hat") == Replies{"Which one? +1 Hat Of Fruit, -1 Hat Of Unfruit."});
    CHECK(c.say("ann", "!card doub") == Replies{"Which one? Double Cherry, Double Anticherry, Cherry Doubler, Score Doubler."});
    CHECK(c.say("ann", "!card lemon") == Replies{"No card called 'lemon'; !cards lists them, e.g. !card Cherry."});
    CHECK(c.say("ann", "!card") == Replies{"Which card? !card NAME (the start of a word will do, e.g. !card cherry); !cards lists them."});
}

TEST_CASE("Repeated refusals are merged: the same command refused to the same nick is said once per 10 s") {
    Channel c;
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("ann", "!start");
    REQUIRE(c.game.to_play() == "ann");
    CHECK(c.say("bob", "!keep") == Replies{"It is ann's turn, not bob's."});
    for (int i = 0; i < 4; ++i) CHECK(c.say("bob", "!keep").empty());
    c.tick(kRepeatQuiet - 1s);
    CHECK(c.say("bob", "!keep").empty());
    // After kRepeatQuiet from the refusal said, it is said again.
    c.tick(1s);
    CHECK(c.say("bob", "!keep") == Replies{"It is ann's turn, not bob's."});
    // Another command, or another nick, is answered.
    CHECK(c.say("bob", "!give ann") == Replies{"It is ann's turn, not bob's."});
    CHECK(c.say("cid", "!keep") == Replies{"You are not playing; it is ann's turn."});
    // The game itself went on untouched.
    CHECK(c.game.to_play() == "ann");
}

TEST_CASE("!rematch: the last game's gametype, sets and bots again; its people are asked to !join") {
    Channel c;
    CHECK(c.say("ann", "!rematch") == Replies{"No game was played here since the bot came; !cherries opens one."});
    c.say("ann", "!cherries closed-table orchard standard");
    c.say("bob", "!join");
    c.say("ann", "!bot");
    c.say("ann", "!start");
    REQUIRE(c.game.open());
    c.say("ann", "!rematch");
    CHECK(has(c.log, "A game is open already; !join to play, !status to look."));
    c.say("ann", "!stop");
    REQUIRE_FALSE(c.game.open());
    CHECK(c.say("zed", "!rematch") ==
          Replies{"Only the players of the last game (ann, bob) or a channel operator can !rematch; !cherries opens a new game."});
    const Replies again = c.say("bob", "!rematch");
    REQUIRE(c.game.open());
    CHECK(starts(again[0], "bob opens a game of Cherries: Closed Table, "));
    CHECK(again[0].find("Orchard") != std::string::npos);
    CHECK(c.game.seated() == std::vector<std::string>{"bob", "greedy-2"});
    CHECK(again.back() == "A rematch: ann, !join to play again; then !start.");
    c.say("ann", "!j");
    CHECK(c.game.seated() == std::vector<std::string>{"bob", "greedy-2", "ann"});
    // A game stopped before it started is no table to play again: the last one that ran is.
    // An operator may ask for it too.
    c.say("bob", "!stop");
    const Replies by_op = c.say("op", "!rematch", true);
    CHECK(starts(by_op[0], "op opens a game of Cherries: Closed Table, "));
    CHECK(by_op.back() == "A rematch: ann, bob, !join to play again; then !start.");
}
