// `cherries replay`: what it prints, where it stops, and how it refuses: a changed plugin (by
// its fingerprint), a record that differs from the replay, a corrupted or truncated record.
#include <catch2/catch.hpp>

#include "tests/sdk/temp_plugin.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "host/base/input_error.hpp"
#include "tests/support/record_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

void spit(const std::filesystem::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

std::string q(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

// A bot game recorded by `cherries play`, on the plugins under `plugin_path` when given.
std::filesystem::path record_game(const TempFolder& dir, const std::string& extra = "") {
    const auto file = dir.path() / "game.jsonl";
    const CliRun run = run_cli("play --player bot:greedy --player bot:random --player bot:random --seed 5 --record " +
                               q(file) + " " + extra);
    REQUIRE(run.status == 0);
    return file;
}

}  // namespace

TEST_CASE("replay of an untouched record matches, and says how much it checked") {
    TempFolder dir;
    const auto file = record_game(dir);
    const CliRun run = run_cli("replay " + q(file));
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK_THAT(run.out, Catch::Contains("events in") && Catch::Contains("turns match the record; greedy-1 won"));
}

TEST_CASE("replay --show prints the game as a transcript; --to N stops after turn N and prints the state") {
    TempFolder dir;
    const auto file = record_game(dir);
    const CliRun show = run_cli("replay --show " + q(file), "", "NO_COLOR=1");
    CHECK(show.status == 0);
    CHECK_THAT(show.out, Catch::Contains("Turn 1: greedy-1") && Catch::Contains("greedy-1 draws") &&
                             Catch::Contains("Result: greedy-1 wins"));

    const CliRun to = run_cli("replay --to 4 " + q(file), "", "NO_COLOR=1");
    CHECK(to.status == 0);
    CHECK_THAT(to.out, Catch::Contains("cherries  score") && Catch::Contains("in 4 turns match the record (stopped at turn 4)"));

    const CliRun js = run_cli("replay --to 4 --json " + q(file));
    REQUIRE(js.status == 0);
    const json state = json::parse(js.out);
    CHECK(state["turns"] == 4);
    CHECK(state["status"] == "in_progress");
    CHECK(state["players"].size() == 3);
    CHECK(state["events"][0]["kind"] == "draw");
    CHECK(state["events"].back()["turn"] == 4);
}

TEST_CASE("a one-byte change in a plugin's Lua file makes replay refuse, naming the plugin; --force replays anyway") {
    TempFolder dir;
    std::filesystem::create_directories(dir.path() / "sets");
    std::filesystem::copy(std::string(CHERRIES_SOURCE_DIR) + "/sets/standard", dir.path() / "sets" / "standard",
                          std::filesystem::copy_options::recursive);
    const auto file = record_game(dir, "--plugin-path " + q(dir.path()));
    CHECK(run_cli("replay --plugin-path " + q(dir.path()) + " " + q(file)).status == 0);

    // One byte, in a comment: the game is the same, the plugin is not.
    const auto lua = dir.path() / "sets" / "standard" / "set.lua";
    std::string text = test::read_text(lua);
    const auto at = text.find("--");
    REQUIRE(at != std::string::npos);
    text[at + 2] = text[at + 2] == 'x' ? 'y' : 'x';
    spit(lua, text);

    const CliRun refused = run_cli("replay --plugin-path " + q(dir.path()) + " " + q(file));
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains("plugin set 'standard' differs from the record") &&
                                Catch::Contains("use --force to replay anyway"));
    CHECK(refused.out.empty());

    const CliRun forced = run_cli("replay --force --plugin-path " + q(dir.path()) + " " + q(file));
    CHECK(forced.status == 0);
    CHECK_THAT(forced.err, Catch::Contains("warning") && Catch::Contains("'standard' differs"));
    CHECK_THAT(forced.out, Catch::Contains("match the record"));
}

TEST_CASE("replay of a file of many records checks them all; --game N picks one; a difference names its line") {
    TempFolder dir;
    const auto file = dir.path() / "all.jsonl";
    REQUIRE(run_cli("sim --games 50 --players 3 --seed 8 --record " + q(file)).status == 0);
    CliRun r = run_cli("replay " + q(file));
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains(": 50 records, "));
    r = run_cli("replay --game 7 --to 3 --json " + q(file));
    REQUIRE(r.status == 0);
    CHECK(json::parse(r.out)["turns"] == 3);
    r = run_cli("replay --show " + q(file));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("holds 50 records; choose one with --game N"));
    r = run_cli("replay --game 77 " + q(file));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("no record of game 77"));
    // Break a line of the 30th record: the message gives its line number in the whole file.
    auto lines = test::read_lines(file.string());
    const auto records = test::records_of(file.string());
    const std::size_t target = records[29].first_line - 1 + 5;
    lines[target] = lines[target].substr(0, lines[target].rfind(',')) + ",999]";
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    spit(file, text);
    r = run_cli("replay " + q(file));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains(file.string() + ":" + std::to_string(target + 1) + ": turn "));
}

TEST_CASE("replay of many records refuses a record whose header names other plugins than the first, naming its line") {
    TempFolder dir;
    const auto file = dir.path() / "all.jsonl";
    REQUIRE(run_cli("sim --games 3 --players 3 --seed 8 --record " + q(file)).status == 0);
    auto lines = test::read_lines(file.string());
    const auto records = test::records_of(file.string());
    REQUIRE(records.size() == 3);
    const std::size_t second = records[1].first_line - 1;  // index of its header in `lines`
    // The second record adds a set: it used to replay against the first record's plugins.
    json header = json::parse(lines[second]);
    header["plugins"].insert(header["plugins"].begin(),
                             json::object({{"kind", "set"}, {"id", "grove"}, {"version", "1.0.0"}, {"fingerprint", std::string(64, '0')}}));
    lines[second] = header.dump();
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    spit(file, text);
    for (const std::string force : {"", "--force "}) {
        const CliRun r = run_cli("replay " + force + q(file));
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(file.string() + ":" + std::to_string(second + 1) +
                                          ": the plugins recorded (set 'grove', set 'standard', gametype 'official') are "
                                          "not the ones loaded (set 'standard', gametype 'official')"));
    }
}

TEST_CASE("blank lines after the last record are ignored; a line after an end line must be the next record's header") {
    TempFolder dir;
    const auto file = record_game(dir);
    const std::string good = test::read_text(file);
    const std::size_t count = test::read_lines(file.string()).size();
    spit(file, good + "\n\n");
    CliRun r = run_cli("replay " + q(file));
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    spit(file, good + "[\"draw\",1,\"greedy-1\",\"cherry\"]\n");
    r = run_cli("replay " + q(file));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(file.string() + ":" + std::to_string(count + 1) +
                                      ": malformed record: expected the next record's header line or the end of the "
                                      "file, saw [\"draw\""));
}

TEST_CASE("replay of many records: a blank line between records names its line; blank lines at the end are fine") {
    TempFolder dir;
    const auto file = dir.path() / "all.jsonl";
    REQUIRE(run_cli("sim --games 3 --players 3 --seed 8 --record " + q(file)).status == 0);
    const std::string good = test::read_text(file);
    spit(file, good + "\n\n");
    CliRun r = run_cli("replay " + q(file));
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains(": 3 records, "));
    const std::size_t second = good.find("\n{\"cherries\"") + 1;
    const std::size_t line = static_cast<std::size_t>(std::count(good.begin(), good.begin() + second, '\n')) + 1;
    spit(file, good.substr(0, second) + "\n" + good.substr(second));
    r = run_cli("replay " + q(file));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(file.string() + ":" + std::to_string(line) +
                                      ": malformed record: expected the next record's header line or the end of the file"));
}

TEST_CASE("the end line is compared by its end and turns only: unknown keys are ignored") {
    TempFolder dir;
    const auto file = record_game(dir);
    const std::string good = test::read_text(file);
    const std::size_t end = good.rfind("{\"end\"");
    const json end_line = json::parse(good.substr(end));
    json more = end_line;
    more["note"] = "written by another tool";
    spit(file, good.substr(0, end) + more.dump() + "\n");
    CliRun r = run_cli("replay " + q(file));
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    json wrong = end_line;
    wrong["turns"] = end_line["turns"].get<int>() + 1;
    spit(file, good.substr(0, end) + wrong.dump() + "\n");
    r = run_cli("replay " + q(file));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("expected " + wrong.dump() + ", replay gives " + end_line.dump()));
}

TEST_CASE("a record that differs from the replay stops at the first difference with file, line, turn and both lines") {
    TempFolder dir;
    const auto file = record_game(dir);
    auto lines = test::read_lines(file.string());
    // Line 13 (index 12) is an event of turn 3 or so; make its last number wrong.
    std::string& line = lines[12];
    const auto comma = line.rfind(',');
    line = line.substr(0, comma) + ",999]";
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    spit(file, text);
    const CliRun run = run_cli("replay " + q(file));
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::Contains(file.string() + ":13: turn ") && Catch::Contains(": expected " + line) &&
                            Catch::Contains("replay gives ["));
}

TEST_CASE("bad records give one clear line and exit status 2: missing, empty, not JSON, truncated, wrong format") {
    TempFolder dir;
    const auto file = record_game(dir);
    const std::string good = test::read_text(file);
    auto run_on = [&](const std::string& text) {
        spit(file, text);
        return run_cli("replay " + q(file));
    };
    CliRun r = run_cli("replay " + q(dir.path() / "nothing.jsonl"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("nothing.jsonl: cannot read the record"));
    r = run_on("");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: malformed record: the file is empty"));
    r = run_on("hello\n");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: malformed record: the header line is not JSON"));
    r = run_on(good.substr(0, good.size() / 2));  // cut in the middle of a line
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("malformed record"));
    r = run_on(good.substr(0, good.rfind("{\"end\"")));  // cut at a line's end: no end line
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("truncated record"));
    std::string other = good;
    other.replace(other.find("\"format\":4"), 10, "\"format\":7");
    r = run_on(other);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: record format 7 is not one this cherries reads (format 1 to 4)"));
    other.replace(other.find("\"format\":7"), 10, "\"format\":0");
    r = run_on(other);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: record format 0 is not one this cherries reads (format 1 to 4)"));
    other.replace(other.find("\"format\":0"), 10, "\"format\":1");  // format 1: format 2 without plugin lines
    CHECK(run_on(other).status == 0);
    other.replace(other.find("\"format\":1"), 10, "\"format\":2");  // format 2: format 3 without seat lines
    CHECK(run_on(other).status == 0);
    other.replace(other.find("\"format\":2"), 10, "\"format\":3");  // format 3: format 4 with an open seed
    CHECK(run_on(other).status == 0);
    other = good;
    other.replace(other.find("\"id\":\"official\""), 15, "\"id\":\"nonesuch\"");
    r = run_on(other);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("nonesuch"));
    for (const auto& line : r.err_lines()) CHECK_THAT(line, !Catch::Contains("internal error"));
}

TEST_CASE("every truncation and hundreds of corruptions of a record give an error, never a crash or a false match") {
    TempFolder dir;
    write_grove(dir);
    const sdk::Bundle bundle = sdk::load_bundle({"grove"}, "official", {dir.path()});
    auto runtime = bundle.make_runtime();
    // A game with faults, joins and leaves in it, so that every kind of line is there to break.
    const auto file = (dir.path() / "r.jsonl").string();
    std::uint64_t seed = 0;
    for (;; ++seed) {
        const std::size_t faults = record_random_game(bundle, *runtime, seed, file);
        const std::string text = test::read_text(file);
        if (faults > 0 && text.find("[\"join\"") != std::string::npos && text.find("[\"leave\"") != std::string::npos) break;
    }
    const std::string good = test::read_text(file);
    const std::size_t header_end = good.find('\n') + 1;
    const auto broken = (dir.path() / "broken.jsonl").string();
    auto outcome = [&](const std::string& text) -> int {  // 0 match, 1 difference, 2 bad record
        spit(broken, text);
        try {
            replay_file(bundle, *runtime, broken);
            return 0;
        } catch (const host::ReplayMismatch&) {
            return 1;
        } catch (const host::InputError& e) {
            CHECK_THAT(std::string(e.what()), Catch::StartsWith(broken + ":"));
            return 2;
        }
    };
    REQUIRE(outcome(good) == 0);
    // Truncated anywhere after the header: never a match (the end line is missing or cut).
    // About 400 cuts, an odd step so that they fall at every place within a line.
    std::size_t truncations = 0;
    const std::size_t step = std::max<std::size_t>(7, (good.size() - header_end) / 400) | 1;
    for (std::size_t cut = header_end; cut + 1 < good.size(); cut += step) {
        INFO("cut at " << cut);
        CHECK(outcome(good.substr(0, cut)) != 0);
        ++truncations;
    }
    // One byte changed in an event line: a difference or a malformed record. A change that
    // leaves the same JSON value (e.g. a space for a space) cannot happen: every byte of a line
    // is significant in the compact layout.
    std::mt19937_64 rng(9);
    std::size_t corruptions = 0;
    const std::string bytes = "0123456789,[]{}\"ax -";
    for (int i = 0; i < 300; ++i) {
        std::string text = good;
        const std::size_t at = header_end + rng() % (good.size() - header_end - 1);
        if (text[at] == '\n') continue;
        char c = text[at];
        while (c == text[at]) c = bytes[rng() % bytes.size()];
        text[at] = c;
        const int r = outcome(text);
        if (r == 0) {  // only a value-preserving change may pass: e.g. "1" -> " 1"? never in this layout
            INFO("byte " << at << " changed to '" << c << "' and the replay still matched");
            CHECK(json::parse(text.substr(text.rfind('\n', at) + 1, text.find('\n', at) - text.rfind('\n', at) - 1), nullptr,
                              false) ==
                  json::parse(good.substr(good.rfind('\n', at) + 1, good.find('\n', at) - good.rfind('\n', at) - 1)));
        }
        ++corruptions;
    }
    CHECK(truncations > 50);
    CHECK(corruptions > 250);
}

TEST_CASE("seat lines (format 3): replay names a seat's last occupant as the winner; a bad one is refused") {
    TempFolder dir;
    const auto file = record_game(dir);
    const std::string good = test::read_text(file);
    const CliRun plain = run_cli("replay " + q(file));
    REQUIRE(plain.status == 0);
    const std::size_t won = plain.out.rfind("; ");
    REQUIRE(won != std::string::npos);
    const std::string winner = plain.out.substr(won + 2, plain.out.find(" won") - won - 2);  // e.g. "greedy-1"
    const std::string after_header = good.substr(0, good.find('\n') + 1);
    auto with_line = [&](const std::string& line) {
        spit(file, after_header + line + "\n" + good.substr(after_header.size()));
        return run_cli("replay " + q(file));
    };
    CliRun r = with_line("[\"seat\",0,\"" + winner + "\",{\"bot\":\"greedy\",\"name\":\"stand-in\",\"why\":\"take-over\"}]");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("; stand-in won (in the seat " + winner + " joined as)"));
    // Not an event: the count is the same as without it.
    CHECK(r.out.substr(0, r.out.find(" events")) == plain.out.substr(0, plain.out.find(" events")));
    r = with_line("[\"seat\",0,\"nobody\",{\"name\":\"x\",\"why\":\"nick\"}]");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("who is not playing in the replay"));
    r = with_line("[\"seat\",0,\"" + winner + "\",{\"why\":\"nick\"}]");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":2: malformed record: seat: the occupant: field 'name' is missing; expected the occupant's name"));
}
