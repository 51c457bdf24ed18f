// Forgiving input at the `cherries play` prompt (host/terminal/play_input.hpp): command words and
// aliases, player names by case, unique start and seat number, "did you mean", ambiguity.
#include <catch2/catch.hpp>

#include "host/terminal/play_input.hpp"

using namespace cherries::host;

namespace {

const std::vector<std::string> kCommands = {"keep", "give", "join", "leave", "cancel", "status", "help", "quit"};
const std::vector<std::string> kPlayers = {"ann", "greedy-2", "Bob", "bea"};

}  // namespace

TEST_CASE("edit distance counts insertions, deletions and substitutions, ignoring case") {
    CHECK(edit_distance("kep", "keep") == 1);
    CHECK(edit_distance("KEEP", "keep") == 0);
    CHECK(edit_distance("gvie", "give") == 2);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("status", "stat") == 2);
}

TEST_CASE("command words: any case, the aliases k, q and ?, did you mean for a near miss") {
    CHECK(match_command("keep", kCommands).match == "keep");
    CHECK(match_command("KeEp", kCommands).match == "keep");
    CHECK(match_command("k", kCommands).match == "keep");
    CHECK(match_command("Q", kCommands).match == "quit");
    CHECK(match_command("?", kCommands).match == "help");
    const Match typo = match_command("kep", kCommands);
    CHECK_FALSE(typo.ok());
    CHECK(typo.error == "unknown command 'kep'; did you mean 'keep'?");
    CHECK(match_command("stauts", kCommands).error == "unknown command 'stauts'; did you mean 'status'?");
    CHECK(match_command("xyzzy", kCommands).error == "unknown command 'xyzzy'");
    // An alias counts only where its command is allowed.
    CHECK_FALSE(match_command("k", {"join", "quit"}).ok());
}

TEST_CASE("player names: exact, any case, a unique start, a seat number") {
    CHECK(match_player("ann", kPlayers).match == "ann");
    CHECK(match_player("ANN", kPlayers).match == "ann");
    CHECK(match_player("bob", kPlayers).match == "Bob");
    CHECK(match_player("gr", kPlayers).match == "greedy-2");
    CHECK(match_player("greedy", kPlayers).match == "greedy-2");  // only greedy-2 starts so
    CHECK(match_player("2", kPlayers).match == "greedy-2");       // seat 2 in turn order
    CHECK(match_player("4", kPlayers).match == "bea");
}

TEST_CASE("a player named like a seat number is that player, not the seat") {
    const std::vector<std::string> names = {"ann", "1", "cid"};
    CHECK(match_player("1", names).match == "1");
    CHECK(match_player("3", names).match == "cid");
}

TEST_CASE("ambiguous starts list the candidates; unknown names get did you mean and the players") {
    const Match b = match_player("b", kPlayers);
    CHECK_FALSE(b.ok());
    CHECK(b.error == "'b' is ambiguous: Bob, bea");
    CHECK(match_player("an", {"ann", "Anna"}).error == "'an' is ambiguous: ann, Anna");
    CHECK(match_player("ANN", {"ann", "Ann"}).error == "'ANN' is ambiguous: ann, Ann");
    CHECK(match_player("anm", kPlayers).error == "unknown player 'anm'; did you mean 'ann'? players: ann, greedy-2, Bob, bea");
    CHECK(match_player("zed", kPlayers).error == "unknown player 'zed'; players: ann, greedy-2, Bob, bea");
    CHECK(match_player("9", kPlayers).error == "there is no seat 9; seats 1 to 4 (turn order): ann, greedy-2, Bob, bea");
    CHECK(match_player("0", kPlayers).error.starts_with("there is no seat 0"));
}

TEST_CASE("near misses: the closest known words, one edit per three letters, none for short or far words") {
    CHECK(near_misses("giv", kCommands) == std::vector<std::string>{"give"});
    CHECK(near_misses("lave", kCommands) == std::vector<std::string>{"leave"});
    CHECK(near_misses("x", kCommands).empty());
    CHECK(near_misses("zzzzzz", kCommands).empty());
    CHECK(near_misses("zed", kPlayers).empty());  // two edits from "bea": too far for three letters
}
