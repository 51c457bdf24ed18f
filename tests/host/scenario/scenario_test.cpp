// Scenario mode: rules checked end to end through the real plugins (Standard Set in Lua, the
// shipped gametypes), file errors reported at their line and column, deterministic JSON.
#include <catch2/catch.hpp>

#include <algorithm>

#include <string>

#include "sdk/plugins/plugin_search.hpp"
#include "host/scenario/scenario.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using nlohmann::json;

namespace {

// Runs a fixture in process, with the plugins its file names.
json run_fixture(const std::string& name) {
    const host::Scenario scenario = host::read_scenario(test::scenario_fixture(name));
    const sdk::Bundle bundle =
        sdk::load_bundle(host::scenario_sets(scenario), host::scenario_gametype(scenario).value_or("official"));
    return host::scenario_json(scenario, bundle);
}

// Runs scenario text with the Standard Set and `gametype`.
json run_text(const std::string& text, const std::string& gametype = "official") {
    const host::Scenario scenario = host::parse_scenario(text, "s.toml");
    return host::scenario_json(scenario, sdk::load_bundle({"standard"}, gametype));
}

const json& player(const json& state, const std::string& name) {
    for (const auto& p : state["players"])
        if (p["name"] == name) return p;
    FAIL("no player " << name << " in " << state.dump());
    static const json none;
    return none;
}

// The events of `kind` (and of turn `turn` unless 0).
std::vector<json> events(const json& state, const std::string& kind, std::uint32_t turn = 0) {
    std::vector<json> out;
    for (const auto& e : state["events"])
        if (e["kind"] == kind && (turn == 0 || e["turn"] == turn)) out.push_back(e);
    return out;
}

// Who drew in each turn, in order (a redraw after a fault counts once).
std::vector<std::string> drawers(const json& state) {
    std::vector<std::string> out;
    std::uint32_t last = 0;
    for (const auto& e : state["events"])
        if (e["kind"] == "draw" && e["turn"].get<std::uint32_t>() != last) {
            last = e["turn"].get<std::uint32_t>();
            out.push_back(e["player"].get<std::string>());
        }
    return out;
}

// toml++'s idiom: this scenario text should fail at line L, column C, with a message containing M.
void should_fail(const std::string& text, int line, int column, const std::string& message) {
    const std::string where = "s.toml:" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    try {
        run_text(text);
        FAIL("no error for:\n" << text);
    } catch (const host::InputError& e) {
        const std::string what = e.what();
        INFO("message: " << what);
        CHECK(what.rfind(where, 0) == 0);
        CHECK(what.find(message) != std::string::npos);
        CHECK(what.find('\n') == std::string::npos);
    }
}

}  // namespace

TEST_CASE("kept Triple Cherry then Double Cherry: 5 cherries score 1 at the end of the keeper's turn") {
    const json s = run_fixture("keep_triple_then_double.toml");
    CHECK(s["status"] == "in_progress");
    CHECK(s["winner"].is_null());
    CHECK(s["turns"] == 3);
    CHECK(s["deck_remaining"] == 74 - 3);
    const json& ann = player(s, "ann");
    CHECK(ann["cherries"] == 5);  // 0 + 3 + 2
    CHECK(ann["score"] == 1);     // official: 5 cherries at the end of her turn 3 score 1
    CHECK(ann["received"] == json({"triple-cherry", "double-cherry"}));
    CHECK(player(s, "bob")["cherries"] == 1);
    CHECK(player(s, "bob")["score"] == 0);
    // Turn 1 ended with 3 cherries: the distribution gives 0.
    const auto first = events(s, "score_change", 1);
    REQUIRE(first.size() == 1);
    CHECK(first[0] == json({{"kind", "score_change"}, {"turn", 1}, {"player", "ann"}, {"cherries", 3},
                            {"change", 0}, {"modified_change", 0}, {"score", 0}}));
    const auto third = events(s, "score_change", 3);
    REQUIRE(third.size() == 1);
    CHECK(third[0]["cherries"] == 5);
    CHECK(third[0]["change"] == 1);
    CHECK(third[0]["score"] == 1);
}

TEST_CASE("the end-of-turn score change is the turn's player's, not the receiver's") {
    const json s = run_fixture("end_of_turn_player.toml");
    // Turn 2: bob gives ann her fifth cherry, but the score change of turn 2 is bob's (0 cherries).
    const auto second = events(s, "score_change", 2);
    REQUIRE(second.size() == 1);
    CHECK(second[0]["player"] == "bob");
    CHECK(second[0]["cherries"] == 0);
    CHECK(second[0]["score"] == 0);
    // Turn 3: ann ends her own turn with 5 cherries and scores 1.
    const auto third = events(s, "score_change", 3);
    REQUIRE(third.size() == 1);
    CHECK(third[0]["player"] == "ann");
    CHECK(third[0]["score"] == 1);
    // The Anticherry takes bob from 0 to 0, not -1.
    const auto handled = events(s, "handle", 3);
    REQUIRE(handled.size() == 1);
    CHECK(handled[0]["player"] == "bob");
    CHECK(handled[0]["modified_change"] == -1);
    CHECK(handled[0]["cherries"] == 0);
    CHECK(player(s, "bob")["cherries"] == 0);
}

TEST_CASE("3 Points given to a player at 9 wins the game for them in the middle of another's turn") {
    const json s = run_fixture("three_points_win.toml");
    CHECK(s["status"] == "won");
    CHECK(s["winner"] == "ann");
    CHECK(s["turns"] == 20);  // the scenario's 21st turn is not played: the game is over
    CHECK(s["next_player"].is_null());
    CHECK(player(s, "ann")["score"] == 12);
    CHECK(player(s, "ann")["cherries"] == 5);
    // ann was at 9 after her turn 19.
    const auto nineteenth = events(s, "score_change", 19);
    REQUIRE(nineteenth.size() == 1);
    CHECK(nineteenth[0]["player"] == "ann");
    CHECK(nineteenth[0]["score"] == 9);
    // Turn 20 is bob's: draw, give, handle, won; no end-of-turn score change, no aging.
    std::vector<std::string> kinds;
    for (const auto& e : s["events"])
        if (e["turn"] == 20) kinds.push_back(e["kind"].get<std::string>());
    CHECK(kinds == std::vector<std::string>{"draw", "give", "handle", "won"});
    CHECK(s["events"].back() == json({{"kind", "won"}, {"turn", 20}, {"player", "ann"}}));
    CHECK(player(s, "bob")["score"] == 0);
}

TEST_CASE("joins and leaves before a turn: turn order, first player, suspension and resumption (GDD §3.4.2.1)") {
    const json s = run_fixture("join_leave.toml");
    // cid joins after ann's turn 1, mid-round: plays after bob in the same round. ann (first)
    // leaves before turn 4: bob is first and plays. cid leaves: suspended. dan joins: resumed,
    // and dan plays turn 5 (bob had his turn this round), then bob starts the next round.
    CHECK(drawers(s) == std::vector<std::string>{"ann", "bob", "cid", "bob", "dan", "bob"});
    CHECK(s["status"] == "in_progress");
    CHECK(s["turns"] == 6);
    REQUIRE(s["players"].size() == 2);
    CHECK(s["players"][0]["name"] == "bob");
    CHECK(s["players"][1]["name"] == "dan");
    CHECK(player(s, "dan")["cherries"] == 5);
    const auto joins = events(s, "join");
    REQUIRE(joins.size() == 2);
    CHECK(joins[0] == json({{"kind", "join"}, {"turn", 1}, {"player", "cid"}}));
    CHECK(joins[1]["player"] == "dan");
    const auto leaves = events(s, "leave");
    REQUIRE(leaves.size() == 2);
    CHECK(leaves[0]["player"] == "ann");
    CHECK(leaves[1]["player"] == "cid");
    CHECK(events(s, "suspend").size() == 1);
    CHECK(events(s, "resume").size() == 1);
    // The deck top fixed in the file held through both leaves: the draws are its six cards.
    std::vector<std::string> drawn;
    for (const auto& e : events(s, "draw")) drawn.push_back(e["card"].get<std::string>());
    CHECK(drawn == std::vector<std::string>{"cherry", "cherry", "cherry", "cherry", "double-cherry", "triple-cherry"});
    // 74 cards; 6 drawn; ann's and cid's Cherry are set aside, not in the deck.
    CHECK(s["deck_remaining"] == 74 - 6);
    CHECK(s["set_aside"] == json({"cherry", "cherry"}));
}

TEST_CASE("a scenario that ends early says so, and which [[turn]] tables were not applied (GDD §3.4.2.1, §3.4.3)") {
    const host::Scenario scenario = host::parse_scenario(
        "players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"ann\"\n[[turn]]\nleave = [\"bob\"]\n"
        "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"ann\"\n",
        "s.toml");
    host::ScenarioEnd end;
    const json s = host::scenario_json(scenario, sdk::load_bundle({"standard"}, "official"), &end);
    CHECK(s["status"] == "suspended");
    CHECK(s["turns"] == 1);
    CHECK(end.end == host::GameEnd::suspended);
    CHECK(end.message == "s.toml:6:1: the scenario ends early after turn 1: the game is suspended (one player left; "
                         "a join resumes it); 2 [[turn]] tables were not applied, from [[turn]] 3 on");

    host::ScenarioEnd complete;
    host::scenario_json(host::parse_scenario("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"ann\"\n", "s.toml"),
                        sdk::load_bundle({"standard"}, "official"), &complete);
    CHECK(complete.end == host::GameEnd::scenario_done);
    CHECK(complete.message.empty());
}

TEST_CASE("a join the house rules refuse stops the scenario with its position and exit 1, printing the state so far (GDD §3.6)") {
    test::TempFolder dir;
    dir.write("s.toml", "gametype = \"closed-table\"\nplayers = [\"ann\", \"bob\"]\n"
                        "[[turn]]\ngive = \"ann\"\n[[turn]]\njoin = [\"cid\"]\ngive = \"bob\"\n");
    const auto r = test::run_cli("play --scenario '" + (dir.path() / "s.toml").string() + "' --json");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("s.toml:6:9: cannot join 'cid': house rules of 'closed-table': players may not "
                                      "join once the game is in progress; the scenario stops here, after turn 1"));
    const json s = json::parse(r.out);
    CHECK(s["turns"] == 1);
    CHECK(player(s, "ann")["received"].size() + player(s, "ann")["modifiers"].size() == 1);
    CHECK(s["players"].size() == 2);

    // The same file as text: the table so far, then the message.
    const auto text = test::run_cli("play --scenario '" + (dir.path() / "s.toml").string() + "'");
    CHECK(text.status == 1);
    CHECK_THAT(text.out, Catch::Contains("ann"));
    CHECK_THAT(text.err, Catch::Contains("s.toml:6:9: cannot join 'cid'"));
}

TEST_CASE("a [[turn]] table with only join or leave is a gap with no turn after it (GDD §3.4.2 d.i)") {
    const json s = run_text("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"ann\"\n"
                            "[[turn]]\njoin = [\"cid\"]\n[[turn]]\ngive = \"cid\"\n");
    // ann played; cid joined mid-round in a gap of its own; bob plays turn 2 and gives to cid.
    CHECK(drawers(s) == std::vector<std::string>{"ann", "bob"});
    CHECK(s["turns"] == 2);
    CHECK(events(s, "join").size() == 1);
    CHECK(player(s, "cid")["received"].size() + player(s, "cid")["modifiers"].size() == 1);
}

TEST_CASE("a give whose card faults is applied again to the redrawn card") {
    test::TempFolder dir;
    dir.write("orchard/set.toml", test::set_header() +
                                      "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = 3\n\n"
                                      "[[card]]\nid = \"bomb\"\nname = \"Bomb\"\ntype = \"modifier\"\nlifetime = 1\n"
                                      "score = \"boom\"\n");
    dir.write("orchard/set.lua", "local M = {}\nfunction M.boom(last) error(\"boom\") end\nreturn M\n");
    const sdk::Bundle bundle = sdk::load_bundle({(dir.path() / "orchard").string()}, "official");
    const host::Scenario scenario = host::parse_scenario(
        "players = [\"ann\", \"bob\"]\ndeck = [\"bomb\", \"apple\"]\n[[turn]]\ngive = \"ann\"\n", "s.toml");
    const json s = host::scenario_json(scenario, bundle);
    // Keeping the Bomb runs its score function at the end of the turn: a fault. The Bomb leaves
    // the game, ann draws the Apple and the same give (keep) applies to it.
    CHECK(s["removed"] == json({"bomb"}));
    CHECK(s["turns"] == 1);
    CHECK(player(s, "ann")["cherries"] == 1);
    CHECK(player(s, "ann")["received"] == json({"apple"}));
    CHECK(player(s, "ann")["modifiers"] == json::array());
    const auto faults = events(s, "fault");
    REQUIRE(faults.size() == 1);
    CHECK(faults[0]["card"] == "bomb");
    CHECK(faults[0]["player"] == "ann");
    CHECK(faults[0]["message"].get<std::string>().find("boom") != std::string::npos);
    const auto draws = events(s, "draw", 1);
    REQUIRE(draws.size() == 2);
    CHECK(draws[0]["card"] == "bomb");
    CHECK(draws[1]["card"] == "apple");
}

TEST_CASE("a fault in a Lua function that two cards share names the card that ran it and which function (GDD §3.5)") {
    test::TempFolder dir;
    dir.write("bombs/set.toml", test::set_header() +
                                    "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = 3\n\n"
                                    "[[card]]\nid = \"cherry-bomb\"\nname = \"Cherry Bomb\"\ntype = \"modifier\"\nlifetime = 1\n"
                                    "cherry = \"boom\"\n\n"
                                    "[[card]]\nid = \"score-bomb\"\nname = \"Score Bomb\"\ntype = \"modifier\"\nlifetime = 1\n"
                                    "score = \"boom\"\n");
    dir.write("bombs/set.lua", "local M = {}\nfunction M.boom(last)\n  error(\"boom\")\nend\nreturn M\n");
    const sdk::Bundle bundle = sdk::load_bundle({(dir.path() / "bombs").string()}, "official");
    // ann keeps the Score Bomb: its score function runs at the end of her turn and faults.
    const json s = host::scenario_json(
        host::parse_scenario("players = [\"ann\", \"bob\"]\ndeck = [\"score-bomb\", \"apple\"]\n[[turn]]\ngive = \"ann\"\n", "s.toml"),
        bundle);
    const auto faults = events(s, "fault");
    REQUIRE(faults.size() == 1);
    CHECK(faults[0]["card"] == "score-bomb");
    const std::string message = faults[0]["message"].get<std::string>();
    INFO(message);
    CHECK(message.rfind("card 'score-bomb' score function: ", 0) == 0);
    CHECK_THAT(message, Catch::Contains("set.lua:3: boom"));
    CHECK(message.find("cherry-bomb") == std::string::npos);
}

TEST_CASE("a kept modifier is listed with its lifetime, bottom first") {
    const json s = run_text("players = [\"ann\", \"bob\"]\ndeck = [\"cherry-halver\", \"point-boost\"]\n"
                            "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"ann\"\n");
    // Turn 1: kept, lifetime 2 + 1 = 3, aged at the end of ann's turn to 2. Turn 2: given by bob,
    // lifetime 2; ann's modifiers do not age in bob's turn.
    CHECK(player(s, "ann")["modifiers"] ==
          json::parse(R"([{"card": "cherry-halver", "lifetime": 2}, {"card": "point-boost", "lifetime": 2}])"));
    const auto handled = events(s, "handle", 1);
    REQUIRE(handled.size() == 1);
    CHECK(handled[0] == json({{"kind", "handle"}, {"turn", 1}, {"player", "ann"}, {"card", "cherry-halver"}, {"lifetime", 3}}));
}

TEST_CASE("scenario files: errors name the line, the column, what was expected and what was seen") {
    should_fail("players = [\"ann\", 5]\n", 1, 19, "'players': expected a string, saw integer 5");
    should_fail("players = [\"ann\", \"ann\"]\n", 1, 19, "player 'ann' is listed twice");
    should_fail("players = []\n", 1, 11, "expected at least one name");
    should_fail("players = [\"ann\"]\nseed = -1\n", 2, 8, "'seed': expected an integer >= 0, saw integer -1");
    should_fail("players = [\"ann\"]\nseed = \"x\"\n", 2, 8, "saw string \"x\"");
    should_fail("players = [\"ann\"]\ncolour = 1\n", 2, 1, "unknown key 'colour'; expected one of: sets gametype");
    should_fail("players = [\"ann\"]\n[[turn]]\ngve = \"ann\"\n", 3, 1, "[[turn]] 1: unknown key 'gve'; did you mean 'give'?");
    should_fail("players = [\"ann\"]\n[[turn]]\n", 2, 1, "[[turn]] 1 is empty; expected give = \"NAME\"");
    should_fail("players = [\"ann\"]\n[[turn]]\ngive = [\"ann\"]\n", 3, 8, "'give': expected a string, saw an array");
    should_fail("players = [\"ann\"]\n[[turn]]\ngive = \"ann\"\nleave = \"bob\"\n", 4, 9,
                "'leave': expected an array of strings, saw string \"bob\"");
    should_fail("players = [\"ann\"]\nseed = \n", 2, 8, "malformed TOML");
    should_fail("players = [\"ann\", \"bob\"]\ndeck = [\"cherry\", \"chery\"]\n", 2, 19,
                "unknown card 'chery'; did you mean 'cherry'?");
    should_fail("players = [\"ann\", \"bob\"]\ndeck = [\"three-points\", \"three-points\"]\n", 2, 25,
                "'deck' asks for 2 copies of 'three-points'; the sets have 1");
    should_fail("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"bbo\"\n", 3, 8, "unknown player 'bbo' in 'give'; players: ann, bob");
    should_fail("players = [\"ann\", \"bob\"]\n[[turn]]\nleave = [\"cid\"]\ngive = \"ann\"\n", 3, 10,
                "unknown player 'cid' in 'leave'; players: ann, bob");
    // A name is checked against the players of that moment: bob has left by turn 2.
    should_fail("players = [\"ann\", \"bob\", \"cid\"]\n[[turn]]\nleave = [\"bob\"]\ngive = \"ann\"\n[[turn]]\ngive = \"bob\"\n",
                6, 8, "unknown player 'bob' in 'give'; players: ann, cid");
}

TEST_CASE("a join or leave the rules refuse stops the scenario there, with the state so far (GDD §3.4.2.1, §3.6)") {
    auto refused = [](const std::string& text, const std::string& gametype) {
        host::ScenarioEnd end;
        const json s = host::scenario_json(host::parse_scenario(text, "s.toml"), sdk::load_bundle({"standard"}, gametype), &end);
        CHECK(end.end == host::GameEnd::refused);
        return std::make_pair(s, end.message);
    };
    {
        const auto [s, message] = refused("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"ann\"\n[[turn]]\njoin = [\"cid\"]\ngive = \"bob\"\n",
                                          "closed-table");
        CHECK(message.rfind("s.toml:5:9: cannot join 'cid': house rules of 'closed-table'", 0) == 0);
        CHECK(s["turns"] == 1);
    }
    {
        const auto [s, message] = refused("players = [\"ann\", \"bob\"]\n[[turn]]\ngive = \"ann\"\n[[turn]]\nleave = [\"bob\"]\n",
                                          "closed-table");
        CHECK(message.rfind("s.toml:5:10: cannot leave 'bob': house rules of 'closed-table'", 0) == 0);
        CHECK(s["players"].size() == 2);
    }
    {
        const auto [s, message] = refused("players = [\"ann\", \"bob\"]\n[[turn]]\njoin = [\"bob\"]\ngive = \"ann\"\n", "official");
        CHECK(message == "s.toml:3:9: cannot join 'bob': there is already a player named 'bob'; the scenario stops here, after turn 0");
        CHECK(s["turns"] == 0);
    }
    // Before the first turn anyone may join.
    const json s = run_text("players = [\"ann\", \"bob\"]\n[[turn]]\njoin = [\"cid\"]\ngive = \"ann\"\n", "closed-table");
    CHECK(s["players"].size() == 3);
}

TEST_CASE("scenario --json output is byte-identical across runs of the binary") {
    const std::string args = "play --scenario '" + test::scenario_fixture("three_points_win.toml") + "' --json";
    const test::CliRun first = test::run_cli(args);
    const test::CliRun second = test::run_cli(args);
    REQUIRE(first.status == 0);
    // The fixture's [[turn]] 21 comes after the win: said on stderr, and the exit stays 0.
    CHECK(first.err_lines() == std::vector<std::string>{
                                   "cherries: note: " + test::scenario_fixture("three_points_win.toml") +
                                   ":74:1: the scenario ends early after turn 20: the game is won; 1 [[turn]] table was "
                                   "not applied, from [[turn]] 21 on"});
    CHECK(first.out == second.out);
    const json s = json::parse(first.out);
    CHECK(s["winner"] == "ann");
    CHECK(s == run_fixture("three_points_win.toml"));  // the binary prints what scenario_json builds
}

TEST_CASE("scenario text output shows the turns, the table and the result") {
    const test::CliRun run = test::run_cli("play --scenario '" + test::scenario_fixture("three_points_win.toml") + "'");
    REQUIRE(run.status == 0);
    CHECK(run.out.find("seed 3\n") != std::string::npos);
    CHECK(run.out.find("Turn 20: bob\n") != std::string::npos);
    CHECK(run.out.find("  bob gives 3 Points [S] to ann\n") != std::string::npos);
    CHECK(run.out.find("  ann: score change +3; score 9 → 12\n") != std::string::npos);
    CHECK(run.out.find("Result: ann wins with a score of 12 after 20 turns") != std::string::npos);
    CHECK(run.out.find("Turn 21") == std::string::npos);
    CHECK(run.out.find("\x1b[") == std::string::npos);  // not a terminal: no colour
}

TEST_CASE("scenario files: every problem is reported at once, one line each, in file order") {
    try {
        run_text("players = [\"ann\", 5, \"ann\"]\nseed = -1\ncolur = 1\n[[turn]]\ngive = 3\n[[turn]]\nexpect = { status = \"over\" }\n");
        FAIL("no error");
    } catch (const host::InputError& e) {
        const std::string what = e.what();
        INFO(what);
        CHECK(what.find("s.toml:1:19: 'players': expected a string, saw integer 5") != std::string::npos);
        CHECK(what.find("s.toml:1:22: player 'ann' is listed twice") != std::string::npos);
        CHECK(what.find("s.toml:2:8: 'seed': expected an integer >= 0") != std::string::npos);
        CHECK(what.find("s.toml:3:1: unknown key 'colur'") != std::string::npos);
        CHECK(what.find("s.toml:5:8: 'give': expected a string, saw integer 3") != std::string::npos);
        CHECK(what.find("s.toml:7:21: expect status: expected one of in_progress") != std::string::npos);
        CHECK(std::count(what.begin(), what.end(), '\n') == 5);
    }
}
