// `cherries play`: seats, the turn-by-turn text, the interactive prompt driven through a pipe,
// the all-bot demo game.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <regex>
#include <sstream>
#include <string>

#include "host/base/utf8.hpp"
#include "host/base/wrap.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/terminal/line_reader.hpp"
#include "host/text/render.hpp"
#include "host/scenario/scenario.hpp"
#include "host/session/seats.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using cherries::test::CliRun;
using cherries::test::run_cli;

namespace {

const char* kDemo = "play --player bot:greedy --player bot:random --player bot:greedy --player bot:random --seed 7";

std::size_t count(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

// Position of `needle` in `text`; fails the test when absent.
std::size_t position(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    INFO("looking for: " << needle << "\nin:\n" << text);
    REQUIRE(at != std::string::npos);
    return at;
}

}  // namespace

TEST_CASE("--player specs: humans, bots named by seat, named bots") {
    const auto seats = host::parse_seats({"ann", "bot:greedy", "bot:random=rita", "bot:random"});
    REQUIRE(seats.size() == 4);
    CHECK(seats[0].name == "ann");
    CHECK_FALSE(seats[0].is_bot());
    CHECK(seats[1].name == "greedy-2");
    CHECK(seats[1].bot == "greedy");
    CHECK(seats[2].name == "rita");
    CHECK(seats[2].bot == "random");
    CHECK(seats[3].name == "random-4");
    CHECK_THROWS_AS(host::parse_seats({}), host::InputError);
    CHECK_THROWS_WITH(host::parse_seats({"bot:clever"}), Catch::Contains("unknown bot 'clever'"));
    CHECK_THROWS_WITH(host::parse_seats({"random-2", "bot:random"}), Catch::Contains("'random-2' is taken"));
    CHECK_THROWS_WITH(host::parse_seats({"bot:greedy="}), Catch::Contains("expected a name"));
}

TEST_CASE("the renderer writes each event of a turn and the table") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario = host::parse_scenario(
        "players = [\"ann\", \"bob\"]\ndeck = [\"cherry-halver\", \"triple-cherry\"]\n"
        "[[turn]]\ngive = \"bob\"\n[[turn]]\ngive = \"bob\"\n",
        "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    const host::CardText cards(bundle);
    std::ostringstream out;
    host::TextRenderer renderer(game, cards, out, host::Palette(false));
    game.set_event_sink(&renderer);
    host::play_scenario(scenario, played, [&] { renderer.print_table(); });
    renderer.print_result(host::GameEnd::scenario_done);
    const std::string text = out.str();
    INFO(text);
    // Cards are named with their set's symbol and said in words, never as Lua identifiers
    // (GDD §3.3.2.2, §3.3.2.1.2.2); the end-of-turn line gives the reason (GDD §3.4.2.3.4).
    CHECK(text.find("Turn 1: ann\n  ann draws Cherry Halver [S] (modifier for 2 turns): Halves every cherry change, "
                    "rounded down.\n"
                    "  ann gives Cherry Halver [S] to bob\n"
                    "  bob: Cherry Halver [S] goes on top of the modifier card stack, lifetime 2\n"
                    "  end of turn: ann has 0 cherries: no points; score 0\n") != std::string::npos);
    // Turn 2: bob keeps the Triple Cherry; his Cherry Halver makes +3 into floor(3 / 2) = +1
    // (GDD §3.4.2.3.4.1), said step by step naming the card.
    CHECK(text.find("  bob: cherry change +3 → +1 Cherry Halver [S]; cherries 0 → 1\n") != std::string::npos);
    CHECK(text.find("  bob's Cherry Halver [S] ages: lifetime 1\n") != std::string::npos);
    CHECK(text.find("modifier card stack, bottom first (lifetime)\n") != std::string::npos);
    CHECK(text.find("  > ann            0      0  -\n") != std::string::npos);
    CHECK(text.find("    bob            1      0  Cherry Halver [S] (1)\n") != std::string::npos);
    CHECK(text.find("cherry: halve") == std::string::npos);
    CHECK(text.find("Result: in progress after 2 turns") != std::string::npos);
}

namespace {

// The text of a scenario (players ann and bob, `deck` on top, `turns` gives) as the renderer writes it.
std::string render_scenario(const std::string& deck, const std::string& turns) {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario =
        host::parse_scenario("players = [\"ann\", \"bob\"]\ndeck = [" + deck + "]\n" + turns, "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    const host::CardText cards(bundle);
    std::ostringstream out;
    host::TextRenderer renderer(game, cards, out, host::Palette(false));
    game.set_event_sink(&renderer);
    host::play_scenario(scenario, played, [&] { renderer.print_table(); });
    return out.str();
}

}  // namespace

TEST_CASE("a change through a modifier card stack is said step by step, bottom first, and a clamp at 0 is said") {
    // Turn 1 ann keeps a Cherry Doubler (bottom of her stack); turn 2 bob gives her a -1 Hat Of
    // Unfruit (on top); turn 3 she keeps an Anticherry: -1, doubled to -2, then -3 by the hat
    // (GDD §3.4.2.3.4.1); 0 cherries - 3 stays 0 (GDD §3.4.2.3.3.1 step 2).
    const std::string text = render_scenario("\"cherry-doubler\", \"hat-of-unfruit\", \"anticherry\"",
                                             "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"ann\"\n");
    INFO(text);
    CHECK(text.find("  ann: cherry change -1 → -2 Cherry Doubler [S] → -3 -1 Hat Of Unfruit [S]; cherries 0 (never below 0)\n") !=
          std::string::npos);
    // Their score functions are the identity: the end-of-turn change names neither card.
    CHECK(text.find("  end of turn: ann has 0 cherries: no points; score 0\n") != std::string::npos);
    CHECK(text.find("    ann            0      0  Cherry Doubler [S] (1), -1 Hat Of Unfruit [S] (2)\n") != std::string::npos);
}

TEST_CASE("the end-of-turn line gives the reason, then the modifier card stack's steps (GDD §3.4.2.3.4)") {
    // Turn 1 ann keeps a Point Boost: on top at once (GDD §3.4.2.3.3.3), it makes her 0 cherries'
    // "no points" into +1. Turn 2 bob keeps a -1 Point: his score stays 0 (GDD §3.4.2.3.3.2).
    const std::string text = render_scenario("\"point-boost\", \"minus-point\"",
                                             "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"bob\"\n");
    INFO(text);
    CHECK(text.find("  ann: Point Boost [S] goes on top of the modifier card stack, lifetime 3 (kept: +1)\n") != std::string::npos);
    CHECK(text.find("  end of turn: ann has 0 cherries: no points → +1 Point Boost [S]; score 0 → 1\n") != std::string::npos);
    CHECK(text.find("  bob: score change -1; score 0 (never below 0)\n") != std::string::npos);
}

TEST_CASE("with colour, the table shows your row in reverse video and the current player's in bold") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario = host::parse_scenario("players = [\"ann\", \"bob\", \"cid\"]\n", "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    const host::CardText cards(bundle);
    for (const bool colour : {true, false}) {
        std::ostringstream out;
        host::TextRenderer renderer(game, cards, out, host::Palette(colour));
        renderer.set_you(game.players()[2].id);  // cid at the prompt; ann is next
        renderer.print_table();
        const std::string text = out.str();
        INFO(text);
        if (colour) {
            CHECK(text.find("\x1b[1m  > ann ") != std::string::npos);
            CHECK(text.find("\n    bob ") != std::string::npos);
            CHECK(text.find("\x1b[7m    cid ") != std::string::npos);
        } else {
            CHECK(text.find("\x1b[") == std::string::npos);
        }
    }
}

TEST_CASE("colour is ANSI escapes when on, plain text when off") {
    CHECK(host::Palette(true).red("x") == "\x1b[31mx\x1b[0m");
    CHECK(host::Palette(false).red("x") == "x");
}

TEST_CASE("colour on a terminal, none with NO_COLOR") {
    if (std::system("command -v script >/dev/null 2>&1") != 0) {
        WARN("script(1) is not installed: no pseudo-terminal to test colour with");
        return;
    }
    // script(1) runs the binary with a pseudo-terminal as its standard output.
    auto on_terminal = [](const std::string& env) {
        const std::string command = env + " script -qec \"'" CHERRIES_BINARY
                                    "' play --player bot:greedy --player bot:random --seed 7 --max-turns 1\" /dev/null";
        std::string out;
        if (FILE* pipe = popen(command.c_str(), "r")) {
            char buffer[4096];
            for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
            pclose(pipe);
        }
        return out;
    };
    const std::string coloured = on_terminal("");
    CHECK(coloured.find("Turn 1: greedy-1") != std::string::npos);
    CHECK(coloured.find("\x1b[1mTurn 1: greedy-1\x1b[0m") != std::string::npos);
    const std::string plain = on_terminal("NO_COLOR=1");
    CHECK(plain.find("Turn 1: greedy-1") != std::string::npos);
    CHECK(plain.find("\x1b[") == std::string::npos);
}

TEST_CASE("the all-bot demo game plays to the end, the same every time") {
    const CliRun first = run_cli(kDemo);
    REQUIRE(first.status == 0);
    CHECK(first.err.empty());
    CHECK(first.out.rfind("seed 7\n", 0) == 0);
    CHECK(first.out.find("Turn 1: greedy-1\n") != std::string::npos);
    CHECK(std::regex_search(first.out, std::regex("\nResult: [a-z]+-[1-4] wins with a score of 1[0-9] after [0-9]+ turns\n")));
    CHECK(first.out.find("\x1b[") == std::string::npos);  // a pipe is not a terminal
    CHECK(run_cli(kDemo).out == first.out);
    // Modifiers are never shown as Lua identifiers, only by name and words (issue 9).
    for (const char* identifier : {"plus_one", "minus_one", "zero", "double", "halve", "invert", "cherry: plus", "score: zero", "(modifier, lifetime"})
        CHECK(first.out.find(identifier) == std::string::npos);
    CHECK(first.out.find("rules: exactly 5 cherries at the end of your turn: +1 point; first to 10 wins\n") != std::string::npos);
}

TEST_CASE("without --seed a seed is chosen and printed, and reproduces the game") {
    const CliRun run = run_cli("play --player bot:random --player bot:greedy --max-turns 30");
    REQUIRE(run.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(run.out, m, std::regex("^seed ([0-9]+)\n")));
    const CliRun again = run_cli("play --player bot:random --player bot:greedy --max-turns 30 --seed " + m[1].str());
    CHECK(again.out == run.out);
}

TEST_CASE("--max-turns stops a game with no winner") {
    const CliRun run = run_cli("play --player bot:random --player bot:random --seed 1 --max-turns 5");
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Turn 5: ") != std::string::npos);
    CHECK(run.out.find("Turn 6: ") == std::string::npos);
    CHECK(run.out.find("Result: no winner: stopped at the turn cap of 5 turns") != std::string::npos);
}

TEST_CASE("a bad answer at the prompt gets a message and the same question - the game goes on") {
    const CliRun run = run_cli("play --player ann --player bot:greedy --seed 1", "give nobody\nkeep\nquit\n");
    REQUIRE(run.status == 0);
    CHECK(run.err.empty());
    const std::string& out = run.out;
    INFO(out);
    // The question of turn 1, asked again after the message with the same card: nothing changed.
    const auto asked = position(out, "ann, give ");
    const std::string question = out.substr(asked, out.find('>', asked) - asked);
    const auto error = position(out, "  unknown player 'nobody'; players: ann, greedy-2\n");
    CHECK(error > asked);
    CHECK(out.find(question, error) != std::string::npos);
    CHECK(count(out, "ann draws") == 2);  // turn 1 and turn 3: no draw in between for ann
    // keep was then applied: ann's turn ends, the bot plays turn 2, ann quits at turn 3.
    const auto kept = position(out, "  ann keeps ");
    CHECK(kept > error);
    CHECK(position(out, "Turn 2: greedy-2\n") > kept);
    CHECK(position(out, "Turn 3: ann\n") > kept);
    CHECK(out.find("Result: quit after 3 turns; no winner") != std::string::npos);
}

TEST_CASE("typos and missing names at the prompt say what was expected") {
    const CliRun run = run_cli("play --player ann --player bob --seed 1",
                               "kep\ngive\ngive ann bob\nkeep now\nleave zed\njoin\nkeep\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    CHECK(out.find("  unknown command 'kep'; did you mean 'keep'? Commands: keep, give NAME, join NAME, leave NAME, "
                   "cancel join|leave NAME, status, rules, card NAME, help or quit\n") != std::string::npos);
    CHECK(count(out, "  expected give NAME, one name; players: ann, bob\n") == 2);
    CHECK(out.find("  keep takes no name") != std::string::npos);
    CHECK(out.find("  unknown player 'zed'; players: ann, bob\n") != std::string::npos);
    CHECK(out.find("  expected join NAME") != std::string::npos);
    // Then keep worked, bob was asked, and input ended.
    CHECK(out.find("  ann keeps ") != std::string::npos);
    CHECK(out.find("bob, give ") != std::string::npos);
    CHECK(out.find("Result: end of input after 2 turns; no winner") != std::string::npos);
}

TEST_CASE("join and leave at the prompt take effect right after the turn") {
    const CliRun run = run_cli("play --player ann --player bot:greedy --seed 1",
                               "join cid\njoin cid\nkeep\nleave ann\nkeep\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    const auto queued = position(out, "  cid joins after this turn (cancel join cid takes it back)\n");
    CHECK(out.find("  cid joins after this turn already.", queued) != std::string::npos);
    const auto kept = position(out, "  ann keeps ");
    const auto joined = position(out, "  cid joins the game, last in the turn order\n");
    CHECK(joined > kept);
    CHECK(joined < position(out, "Turn 2: greedy-2\n"));
    // Turn 3 is cid's (joined mid-round, plays later in the same round); cid makes ann leave.
    const auto leave = position(out, "  ann leaves after this turn (cancel leave ann takes it back)\n");
    CHECK(leave > position(out, "Turn 3: cid\n"));
    CHECK(position(out, "  ann leaves the game") > leave);
    CHECK(position(out, "Turn 4: greedy-2\n") > leave);
}

TEST_CASE("a game with one player is suspended until someone joins") {
    const CliRun run = run_cli("play --player ann --seed 1", "keep\njoin bot:random\nquit\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    CHECK(out.find("  no card to give while the game is suspended; join NAME to resume it\n") != std::string::npos);
    CHECK(out.find("  random-2 joins the game") != std::string::npos);
    CHECK(out.find("  the game resumes\n") != std::string::npos);
    CHECK(out.find("Turn 1: ann\n") != std::string::npos);
    CHECK(out.find("Result: quit after 1 turn; no winner") != std::string::npos);
}

TEST_CASE("end of input at the prompt ends the game cleanly") {
    const CliRun run = run_cli("play --player ann --player bob --seed 2", "");
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK(run.out.find("Result: end of input after 1 turn; no winner") != std::string::npos);
}

TEST_CASE("--think reaches the expert bots at the table, like sim's and ladder's (docs/bots.md)") {
    const std::string game = "play --player bot:expert --player bot:greedy --player bot:expert --seed 11 --max-turns 200";
    const CliRun standard = run_cli(game);
    REQUIRE(standard.status == 0);
    CHECK(standard.err.empty());
    // 128 samples is the default: the same game; 1 sample is another player, so another game.
    CHECK(run_cli(game + " --think 128").out == standard.out);
    const CliRun shallow = run_cli(game + " --think 1");
    REQUIRE(shallow.status == 0);
    CHECK(shallow.out != standard.out);
    const CliRun bad = run_cli(game + " --think 0");
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--think") != std::string::npos);
}

TEST_CASE("names by any case, a unique start or a seat number; the aliases k and q") {
    const CliRun run = run_cli("play --player ann --player bot:greedy --player Bob --seed 1",
                               "give greedy\nGIVE 1\nk\ngive b\nQ\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    CHECK(std::regex_search(out, std::regex("\n  ann gives [A-Za-z \\[\\]-]+ to greedy-2\n")));  // the only name starting so
    CHECK(std::regex_search(out, std::regex("\n  Bob gives [A-Za-z \\[\\]-]+ to ann\n")));       // seat 1
    CHECK(out.find("  ann keeps ") != std::string::npos);
    CHECK(std::regex_search(out, std::regex("\n  Bob gives [A-Za-z \\[\\]-]+ to Bob\n|\n  Bob keeps ")));
    CHECK(out.find("Result: quit after 7 turns; no winner") != std::string::npos);
}

TEST_CASE("a near miss gets did you mean, an ambiguous start the candidates, and the same question") {
    const CliRun run = run_cli("play --player ann --player bea --player bob --seed 1", "giv bob\ngive b\ngive 7\nquit\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    CHECK(out.find("  unknown command 'giv'; did you mean 'give'? Commands: ") != std::string::npos);
    CHECK(out.find("  'b' is ambiguous: bea, bob\n") != std::string::npos);
    CHECK(out.find("  there is no seat 7; seats 1 to 3 (turn order): ann, bea, bob\n") != std::string::npos);
    CHECK(count(out, "ann, give ") == 4);  // asked again after each refused line
    CHECK(out.find("ann gives") == std::string::npos);
    CHECK(out.find("Result: quit after 1 turn; no winner") != std::string::npos);
}

TEST_CASE("pending joins and leaves are shown and can be cancelled") {
    const CliRun run = run_cli("play --player ann --player bob --seed 1",
                               "join cid\nleave B\nstatus\ncancel join cid\ncancel leave bo\ncancel join zed\nkeep\nquit\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    CHECK(out.find("  cid joins after this turn (cancel join cid takes it back)\n") != std::string::npos);
    CHECK(out.find("  bob leaves after this turn (cancel leave bob takes it back)\n") != std::string::npos);
    CHECK(out.find("  after this turn: cid joins, bob leaves (cancel join|leave NAME)\n") != std::string::npos);
    CHECK(out.find("  cid's join is cancelled.\n") != std::string::npos);
    CHECK(out.find("  bob's leave is cancelled.\n") != std::string::npos);
    CHECK(out.find("  no join is pending\n") != std::string::npos);
    CHECK(out.find("joins the game") == std::string::npos);
    CHECK(out.find("leaves the game") == std::string::npos);
    CHECK(out.find("bob, give ") != std::string::npos);
}

TEST_CASE("every end prints the standings; a saved game says how to go on; a pending join survives the save") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("cherries-play-pending-" + std::to_string(std::random_device()()));
    fs::create_directories(dir);
    const std::string save = (dir / "game.json").string();
    const CliRun first = run_cli("play --player ann --player bob --seed 1 --save '" + save + "'", "join cid\nquit\n");
    REQUIRE(first.status == 0);
    INFO(first.out);
    CHECK(first.out.find("Standings after 1 turn:\n  1. ann  score 0, 0 cherries\n  1. bob  score 0, 0 cherries\n") !=
          std::string::npos);
    CHECK(first.out.find("The game is saved in " + save + "; to go on: cherries play --resume " + save + "\n") !=
          std::string::npos);
    const CliRun resumed = run_cli("play --resume '" + save + "'", "keep\nquit\n");
    REQUIRE(resumed.status == 0);
    const std::string& out = resumed.out;
    INFO(out);
    // The join was typed during turn 1: shown at the replayed turn 1, applied after it.
    const auto shown = position(out, "  after this turn: cid joins");
    const auto kept = position(out, "  ann keeps ");
    CHECK(shown < kept);
    CHECK(position(out, "  cid joins the game") > kept);
    CHECK(out.find("Standings after 2 turns:") != std::string::npos);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("a game played to its end prints the standings, and no resume command") {
    const CliRun run = run_cli(kDemo);
    REQUIRE(run.status == 0);
    CHECK(std::regex_search(run.out, std::regex("\nResult: [a-z]+-[1-4] wins[^\n]*\nStandings after [0-9]+ turns:\n  1\\. ")));
    CHECK(run.out.find("--resume") == std::string::npos);
}

TEST_CASE("the prompt, help, messages, pending changes and standings fit in 40 and in 80 columns") {
    // COLUMNS gives the width when standard output is not a terminal. Every line fits: the
    // prompt's and the table's, the turn's events and the result (GDD §3.4.2.3.1: all public).
    for (const int width : {40, 80}) {
        const CliRun run = run_cli("play --player ann --player bot:greedy --player cid --seed 1",
                                   "help\ngive zzzz\njoin rita\nleave gr\nstatus\ncancel gr\nquit\n",
                                   "COLUMNS=" + std::to_string(width));
        REQUIRE(run.status == 0);
        INFO("width " << width << ":\n" << run.out);
        CHECK(run.out.find("  cancel join NAME") != std::string::npos);
        CHECK(run.out.find("Standings after 1 turn:") != std::string::npos);
        CHECK(run.out.find("greedy-2's leave is cancelled") != std::string::npos);
        std::istringstream lines(run.out);
        std::size_t checked = 0;
        for (std::string line; std::getline(lines, line);) {
            INFO(line);
            CHECK(host::display_width(line) <= static_cast<std::size_t>(width));
            ++checked;
        }
        CHECK(checked > 25);
    }
}

TEST_CASE("since your last turn: what the others did, one line each, at a human's prompt") {
    const CliRun run = run_cli("play --player ann --player bot:greedy --player bot:random --seed 1", "keep\nkeep\nquit\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out);
    // Not at the first prompt; at the second (and the third), the two bots' turns.
    const auto second = position(out, "Turn 4: ann\n");
    const auto recap = position(out, "  since your last turn:\n");
    CHECK(recap > second);
    CHECK(count(out, "  since your last turn:\n") == 2);
    CHECK(std::regex_search(out.substr(recap), std::regex("^  since your last turn:\n    greedy-2 (kept [A-Za-z \\[\\]-]+|gave [A-Za-z \\[\\]-]+ to [a-z0-9-]+)\n"
                                                          "    random-3 (kept [A-Za-z \\[\\]-]+|gave [A-Za-z \\[\\]-]+ to [a-z0-9-]+)\n")));
}

TEST_CASE("at 40 columns the table puts each modifier card stack on lines of its own, and every line fits") {
    // A bot game of 60 turns builds modifier card stacks; COLUMNS=40 fits the renderer's table,
    // events and result as well as the prompt's lines (counted in display columns: "→" is one).
    const CliRun run = run_cli("play --player bot:greedy --player bot:random --player bot:greedy --seed 5 --max-turns 60", "",
                               "COLUMNS=40");
    REQUIRE(run.status == 0);
    INFO(run.out);
    CHECK(run.out.find("    player    cherries  score\n      (stack below, bottom first)\n") !=
          std::string::npos);
    CHECK(std::regex_search(run.out, std::regex("\n      [A-Z][^\n]* \\([0-9]+\\)")));  // a stack, on its own line
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        CHECK(host::display_width(line) <= 40);
    }
    // 80 columns: one row per player, the stack at its end.
    const CliRun wide = run_cli("play --player bot:greedy --player bot:random --player bot:greedy --seed 5 --max-turns 60", "",
                                "COLUMNS=80");
    CHECK(wide.out.find("  cherries  score  modifier card stack, bottom first (lifetime)\n") != std::string::npos);
}
