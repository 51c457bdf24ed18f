// Reading a results file for `cherries ratings` (issue 42 / Weng & Lin 2011 Algorithm 4 rates
// what it reads; docs/ratings.md, "Results file"): the games in file order with their lines, ties
// as groups, blank lines skipped, and every bad line named at FILE:LINE with what was expected.
#include <catch2/catch.hpp>

#include <string>

#include "host/base/input_error.hpp"
#include "host/ratings/results_file.hpp"

using namespace cherries::host;

namespace {

// The message parse_results throws for `text`, or "" when it throws none.
std::string problem(const std::string& text) {
    try {
        parse_results(text, "r.jsonl");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("games are read in file order with their lines; ties are groups; blank lines are skipped", "[ratings]") {
    const std::string text =
        "{\"gametype\": \"official\", \"order\": [[\"ann\"], [\"bob\", \"carl\"], [\"dan\"]]}\n"
        "\n"
        "   \r\n"
        "{\"gametype\": \"closed-table\", \"order\": [[\"dan\"], [\"ann\"]], \"date\": \"2026-12-06\"}\r\n";
    const auto games = parse_results(text, "r.jsonl");
    REQUIRE(games.size() == 2);
    CHECK(games[0].gametype == "official");
    CHECK(games[0].line == 1);
    CHECK(games[0].order == std::vector<std::vector<std::string>>{{"ann"}, {"bob", "carl"}, {"dan"}});
    CHECK(games[1].gametype == "closed-table");  // other keys ("date") are ignored
    CHECK(games[1].line == 4);
    CHECK(games[1].order == std::vector<std::vector<std::string>>{{"dan"}, {"ann"}});
    CHECK(parse_results("", "r.jsonl").empty());
    CHECK(parse_results("\n\n", "r.jsonl").empty());
}

TEST_CASE("every kind of bad line is named at its line with what was expected", "[ratings]") {
    const std::string game = "{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"]]}\n";
    CHECK(problem(game + "{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"]\n") ==
          "r.jsonl:2: malformed JSON at column 41; expected one game as "
          "{\"gametype\": \"NAME\", \"order\": [[\"FIRST\"], [\"TIED\", \"TIED\"], ...]}");
    // A number past a double is malformed too, not an internal error (found by results_file_fuzz).
    CHECK(problem("[1e3081]\n") == "r.jsonl:1: malformed JSON: number overflow parsing '1e3081'; expected one game as "
                                   "{\"gametype\": \"NAME\", \"order\": [[\"FIRST\"], [\"TIED\", \"TIED\"], ...]}");
    CHECK(problem("[1, 2]\n").starts_with("r.jsonl:1: expected one game as a JSON object"));
    CHECK(problem("{\"order\": [[\"a\"], [\"b\"]]}") == "r.jsonl:1: field 'gametype' is missing; expected the gametype's name, a non-empty string");
    CHECK(problem("{\"gametype\": 3, \"order\": [[\"a\"], [\"b\"]]}") == "r.jsonl:1: field 'gametype' is an integer; expected the gametype's name, a non-empty string");
    CHECK(problem("{\"gametype\": \"\", \"order\": [[\"a\"], [\"b\"]]}") == "r.jsonl:1: field 'gametype' is empty; expected the gametype's name, a non-empty string");
    CHECK(problem("{\"gametype\": \"g\"}").starts_with("r.jsonl:1: field 'order' is missing; expected the places, best first"));
    CHECK(problem("{\"gametype\": \"g\", \"order\": \"ann\"}").starts_with("r.jsonl:1: field 'order' is a string; expected the places"));
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\"], []]}") ==
          "r.jsonl:1: place 2: expected an array of one or more names (the players tied there), saw []");
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\"], \"b\"]}") ==
          "r.jsonl:1: place 2: expected an array of one or more names (the players tied there), saw \"b\"");
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\", \"\"]]}") == "r.jsonl:1: place 1: expected a name, a non-empty string, saw \"\"");
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\", \"a\"]]}") ==
          "r.jsonl:1: \"a\" is in the game twice; expected each player once");
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\"]]}") == "r.jsonl:1: 1 player; expected 2 to 6");
    CHECK(problem("{\"gametype\": \"g\", \"order\": []}") == "r.jsonl:1: 0 players; expected 2 to 6");
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\", \"b\", \"c\"], [\"d\", \"e\", \"f\", \"g\"]]}") ==
          "r.jsonl:1: 7 players; expected 2 to 6");
    // The limits themselves are games: 2 players tied, 6 in six places.
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\", \"b\"]]}").empty());
    CHECK(problem("{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"], [\"c\"], [\"d\"], [\"e\"], [\"f\"]]}").empty());
}

TEST_CASE("every bad line is reported at once, up to 20, then how many more", "[ratings]") {
    CHECK(problem("nope\n{\"gametype\": \"g\", \"order\": [[\"a\"], [\"b\"]]}\n[]\n") ==
          "r.jsonl:1: malformed JSON at column 2; expected one game as {\"gametype\": \"NAME\", \"order\": [[\"FIRST\"], "
          "[\"TIED\", \"TIED\"], ...]}\n"
          "r.jsonl:3: expected one game as a JSON object {\"gametype\": \"NAME\", \"order\": [[\"FIRST\"], [\"TIED\", "
          "\"TIED\"], ...]}, saw an array");
    std::string many;
    for (int i = 0; i < 25; ++i) many += "{}\n";
    const std::string all = problem(many);
    CHECK(all.find("r.jsonl:20: field 'gametype' is missing") != std::string::npos);
    CHECK(all.find("r.jsonl:21:") == std::string::npos);
    CHECK(all.ends_with("\nr.jsonl: 5 more bad lines"));
}

TEST_CASE("what a bad line echoes is escaped and cut", "[ratings]") {
    const std::string long_name(200, 'x');
    const std::string twice = problem("{\"gametype\": \"g\", \"order\": [[\"" + long_name + "\"], [\"" + long_name + "\"]]}");
    CHECK(twice.size() < 200);
    CHECK(twice.find("...") != std::string::npos);
    const std::string control = problem("{\"gametype\": \"g\", \"order\": [[\"a\\u001b[2J\"], [\"a\\u001b[2J\"]]}");
    CHECK(control.find('\x1b') == std::string::npos);
    CHECK(control.find("\\x1B[2J") != std::string::npos);
}

TEST_CASE("a results file that cannot be read is an input error that names it", "[ratings]") {
    try {
        read_results_file("/nonexistent/results.jsonl");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == "/nonexistent/results.jsonl: cannot read the results file: no such file");
    }
}
