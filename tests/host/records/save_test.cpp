// Save and resume: the save file format, and `cherries play --save` killed with SIGKILL at many
// points and resumed each time, ending with the very record and state of a game never
// interrupted: no turn lost, none played twice (GDD §3.5 note 6: determinism).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "host/records/save.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/sdk/temp_plugin.hpp"

extern char** environ;

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

// Starts the binary with `args`, standard input and output on /dev/null; returns its pid.
pid_t spawn(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string binary = CHERRIES_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    REQUIRE(rc == 0);
    return pid;
}

// The save without the record's file name, which differs between the two runs compared.
json comparable(const fs::path& save) {
    json j = json::parse(test::read_text(save));
    j["record"]["file"] = "";
    return j;
}

}  // namespace

TEST_CASE("a save file round-trips every field, and a bad one is refused naming the field") {
    host::SaveState s;
    s.game.players = {{.id = 0, .name = "ann", .cherries = 3, .score = 2, .received = {4, 5}, .modifiers = {{7, 2}}},
                      {.id = 2, .name = "bob"}};
    s.game.deck = {1, 2, 3};
    s.game.removed = {9};
    s.game.phase = Phase::awaiting_give;
    s.game.next = 1;
    s.game.drawn = 6;
    s.game.next_id = 3;
    s.game.turn = 12;
    s.game.started = true;
    s.game.random = "1 2 3";
    s.seed = 18446744073709551615ULL;
    s.max_turns = 100;
    s.seats_taken = 3;
    s.humans = true;
    s.seats = {{.id = 0}, {.id = 2, .bot = "random", .bot_state = 12345678901234567890ULL}};
    s.plugins = {{"set", "standard", "1.0.0", std::string(64, 'a')}, {"gametype", "official", "1.0.0", std::string(64, 'd')}};
    s.record_file = "r.jsonl";
    s.record_bytes = 999;
    const host::SaveState back = host::parse_save(json::parse(host::save_json(s).dump()), "f");
    CHECK(back.game == s.game);
    // Also in memory, with no trip through text (signed integers where parsing gives unsigned
    // ones): a table restores from its own save (found by tests/fuzz/web_table_fuzz).
    CHECK(host::parse_save(host::save_json(s), "f").game == s.game);
    CHECK(back.seed == s.seed);
    CHECK(back.seats_taken == 3);
    CHECK(back.humans);
    CHECK(back.seats[1].bot == "random");
    CHECK(back.seats[1].bot_state == s.seats[1].bot_state);
    CHECK(back.seats[0].bot.empty());
    CHECK(back.record_bytes == 999);
    CHECK(back.plugins == s.plugins);

    json j = host::save_json(s);
    j["game"].erase("deck");
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("f: malformed save: game: field 'deck' is missing"));
    j = host::save_json(s);
    j["game"]["phase"] = "dancing";
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("unknown phase 'dancing'"));
    j = host::save_json(s);
    j["format"] = 2;
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("save format 2 is not one this cherries reads"));
    // Numbers that do not fit their field are refused, not wrapped.
    j = host::save_json(s);
    j["game"]["players"][0]["modifiers"][0][1] = 4294967298ULL;  // was read as lifetime 2
    CHECK_THROWS_WITH(host::parse_save(j, "f"),
                      Catch::Contains("f: malformed save: game: players: \"modifiers\": expected [card, lifetime] pairs, "
                                      "lifetime from 1 to 1000001, saw [7,4294967298]"));
    j["game"]["players"][0]["modifiers"][0][1] = 0;
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("lifetime from 1 to 1000001, saw [7,0]"));
    j = host::save_json(s);
    j["game"]["players"][0]["score"] = 18446744073709551615ULL;  // was read as -1
    CHECK_THROWS_WITH(host::parse_save(j, "f"),
                      Catch::Contains("f: malformed save: game: players: field 'score' is an integer out of range; expected an integer from -2^63 to 2^63-1"));
    // The plugins are checked as a record header's are (host/session/plugin_list.hpp).
    j = host::save_json(s);
    j["plugins"][1]["kind"] = "theme";
    CHECK_THROWS_WITH(host::parse_save(j, "f"),
                      Catch::Contains("f: malformed save: plugins: entry 2: expected kind \"set\", \"gametype\" or \"bot\""));
    j = host::save_json(s);
    j["plugins"][0]["kind"] = "gametype";
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("f: malformed save: plugins: expected one or more sets and exactly one gametype"));
}

TEST_CASE("pending joins and leaves round-trip in a save; a save without them (older) has none") {
    host::SaveState s;
    s.game.players = {{.id = 0, .name = "ann"}, {.id = 1, .name = "bob"}};
    s.game.random = "1";
    s.seats = {{.id = 0}, {.id = 1}};
    s.plugins = {{"set", "standard", "1.0.0", std::string(64, 'a')}, {"gametype", "official", "1.0.0", std::string(64, 'd')}};
    s.pending = {{.join = true, .name = "cid"}, {.join = true, .name = "rita", .bot = "random"}, {.join = false, .name = "bob"}};
    json j = host::save_json(s);
    CHECK(j["pending"].dump() == R"([{"bot":null,"join":"cid"},{"bot":"random","join":"rita"},{"bot":null,"leave":"bob"}])");
    const host::SaveState back = host::parse_save(j, "f");
    REQUIRE(back.pending.size() == 3);
    CHECK(back.pending[0].join);
    CHECK(back.pending[0].name == "cid");
    CHECK(back.pending[0].bot.empty());
    CHECK(back.pending[1].bot == "random");
    CHECK_FALSE(back.pending[2].join);
    CHECK(back.pending[2].name == "bob");
    j.erase("pending");
    CHECK(host::parse_save(j, "f").pending.empty());
    j["pending"] = json::array({json{{"join", "a"}, {"leave", "b"}}});
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("f: malformed save: pending: expected {\"join\": NAME"));
    j["pending"] = json::array({json{{"join", "a b"}}});
    CHECK_THROWS_WITH(host::parse_save(j, "f"), Catch::Contains("f: malformed save: pending: \"join\": "));
}

TEST_CASE("write_atomically replaces the file whole and leaves no temporary file") {
    TempFolder dir;
    const fs::path file = dir.path() / "s.json";
    host::write_atomically(file.string(), "old");
    host::write_atomically(file.string(), "new contents");
    CHECK(test::read_text(file) == "new contents");
    CHECK_FALSE(fs::exists(file.string() + ".tmp"));
    CHECK_THROWS_AS(host::write_atomically((dir.path() / "no" / "such" / "f").string(), "x"), host::InputError);
}

TEST_CASE("write_atomically on a full disk keeps the old file and leaves no FILE.tmp behind") {
    // FILE.tmp is a link to /dev/full, where every write fails with ENOSPC, as on a full disk.
    REQUIRE(fs::exists("/dev/full"));
    TempFolder dir;
    const fs::path file = dir.path() / "s.json";
    host::write_atomically(file.string(), "old");
    fs::create_symlink("/dev/full", file.string() + ".tmp");
    CHECK_THROWS_WITH(host::write_atomically(file.string(), "new contents"),
                      Catch::Contains("s.json.tmp: cannot save the game: write: ") && Catch::Contains(std::strerror(ENOSPC)));
    CHECK(test::read_text(file) == "old");
    CHECK_FALSE(fs::exists(fs::symlink_status(file.string() + ".tmp")));
}

TEST_CASE("play --save killed with SIGKILL at many points and resumed each time ends exactly as the uninterrupted game") {
    TempFolder dir;
    const std::string players = "--player bot:random --player bot:random --player bot:random --player bot:random --seed 3";
    const fs::path whole_record = dir.path() / "whole.jsonl", whole_save = dir.path() / "whole.save";
    REQUIRE(run_cli("play " + players + " --record " + q(whole_record) + " --save " + q(whole_save)).status == 0);
    const std::string expected = test::read_text(whole_record);
    const int final_turn = json::parse(test::read_text(whole_save))["game"]["turn"];
    REQUIRE(final_turn > 200);

    const fs::path record = dir.path() / "r.jsonl", save = dir.path() / "r.save";
    const std::vector<std::string> start = {"play",     "--player", "bot:random", "--player", "bot:random",
                                            "--player", "bot:random", "--player", "bot:random", "--seed",
                                            "3",        "--record", record.string(), "--save", save.string()};
    const std::vector<std::string> resume = {"play", "--resume", save.string()};
    // Twelve runs, each killed with SIGKILL as soon as its save reaches the next twelfth of the
    // game: the kill lands while the following turns are played and saved, wherever that is, on a
    // fast machine (tmpfs, milliseconds a game) as on a slow one (a disk that syncs each save).
    int kills = 0, mid_game = 0, last_turn = 0;
    bool finished = false;
    for (int k = 1; k <= 12 && !finished; ++k) {
        const int target = final_turn * k / 13;
        const pid_t pid = spawn(fs::exists(save) ? resume : start);
        int status = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (;;) {
            if (waitpid(pid, &status, WNOHANG) == pid) break;  // it ended by itself
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            if (fs::exists(save) && json::parse(test::read_text(save))["game"]["turn"].get<int>() >= target) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                break;
            }
            usleep(200);
        }
        if (WIFSIGNALED(status)) ++kills;
        else REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
        // The save is always whole (never torn), and never goes back in time.
        const int turn = json::parse(test::read_text(save))["game"]["turn"];
        CHECK(turn >= last_turn);
        if (WIFSIGNALED(status) && turn < final_turn) ++mid_game;
        last_turn = turn;
        finished = !WIFSIGNALED(status);
    }
    // The rest is played unkilled.
    if (!finished) REQUIRE(run_cli("play --resume " + q(save)).status == 0);
    INFO("kills " << kills << ", kills mid-game " << mid_game);
    CHECK(mid_game >= 6);
    CHECK(test::read_text(record) == expected);
    CHECK(comparable(save) == comparable(whole_save));
}

TEST_CASE("a resumed game keeps its humans and bots in their seats, and its record goes on where it stopped") {
    TempFolder dir;
    const std::string players = "--player ann --player bot:random --player bob --seed 3";
    const fs::path whole = dir.path() / "whole.jsonl";
    const std::string moves = "keep\ngive bob\nkeep\ngive ann\nkeep\nkeep\n";
    const CliRun all = run_cli("play " + players + " --record " + q(whole), moves, "NO_COLOR=1");
    REQUIRE(all.status == 0);

    const fs::path record = dir.path() / "r.jsonl", save = dir.path() / "r.save";
    const CliRun first = run_cli("play " + players + " --record " + q(record) + " --save " + q(save),
                                 "keep\ngive bob\nkeep\nquit\n", "NO_COLOR=1");
    REQUIRE(first.status == 0);
    const CliRun second = run_cli("play --resume " + q(save), "give ann\nkeep\nkeep\n", "NO_COLOR=1");
    REQUIRE(second.status == 0);
    CHECK_THAT(second.out, Catch::Contains("resumed from " + save.string() + " after turn "));
    CHECK(test::read_text(record) == test::read_text(whole));
    // Both transcripts end alike: the same result and standings (only the saved one can go on).
    auto ending = [](const std::string& out) {
        const auto from = out.rfind("Result:");
        return out.substr(from, out.find("\nThe game ", from) - from);
    };
    CHECK(ending(all.out) == ending(second.out));
    CHECK_THAT(ending(all.out), Catch::Contains("\nStandings after 10 turns:\n"));
    CHECK_THAT(second.out, Catch::EndsWith("The game is saved in " + save.string() + "; to go on: cherries play --resume " +
                                           save.string() + "\n"));
}

TEST_CASE("play --resume refuses a missing, malformed or inconsistent save with one line and exit status 2") {
    TempFolder dir;
    CliRun r = run_cli("play --resume " + q(dir.path() / "none.save"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("none.save: cannot read the save file"));
    const fs::path bad = dir.write("bad.save", "{\"save\": \"cherries\", ");
    r = run_cli("play --resume " + q(bad));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("bad.save: malformed save: not JSON"));
    // A save whose deck lost a card.
    const fs::path save = dir.path() / "s.save";
    REQUIRE(run_cli("play --player bot:random --player bot:random --seed 1 --max-turns 5 --save " + q(save)).status == 0);
    json j = json::parse(test::read_text(save));
    j["game"]["deck"].erase(0);
    std::ofstream(save) << j.dump();
    r = run_cli("play --resume " + q(save));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("s.save: malformed save: inconsistent game state: card"));
    CHECK(r.err_lines().size() == 1);
}

TEST_CASE("play --resume refuses a save whose record is not this game's, and leaves that file and the save untouched") {
    TempFolder dir;
    const fs::path save = dir.path() / "s.save", record = dir.path() / "r.jsonl", other = dir.path() / "other.jsonl";
    const std::string game = "play --player bot:random --player bot:random --max-turns 5 ";
    REQUIRE(run_cli(game + "--seed 1 --record " + q(record) + " --save " + q(save)).status == 0);
    REQUIRE(run_cli(game + "--seed 2 --record " + q(other)).status == 0);
    const json saved = json::parse(test::read_text(save));
    const std::uint64_t bytes = saved["record"]["bytes"];
    REQUIRE(bytes < test::read_text(record).size());  // the end line comes after the last save

    // Points the save at `file` with `length` bytes; resuming must refuse and write nothing.
    auto refused = [&](const fs::path& file, std::uint64_t length, const std::string& why) {
        json j = saved;
        j["record"] = {{"file", file.filename().string()}, {"bytes", length}};
        std::ofstream(save, std::ios::binary) << j.dump();
        const std::string save_before = test::read_text(save), file_before = test::read_text(file);
        const CliRun r = run_cli("play --resume " + q(save));
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(save.string() + ": malformed save: record \"" + file.string() +
                                          "\" is not this game's record: expected a Cherries record whose header has seed 1") &&
                              Catch::Contains(why));
        CHECK(r.err_lines().size() == 1);
        CHECK(test::read_text(file) == file_before);
        CHECK(test::read_text(save) == save_before);
    };
    // A file that is no record at all, longer than `bytes`: it used to be cut to `bytes`.
    const fs::path precious = dir.write("precious.txt", std::string(3 * bytes, 'x') + "\nthe end\n");
    refused(precious, bytes, "its first line");
    // Another game's record (seed 2).
    refused(other, std::min<std::uint64_t>(bytes, test::read_text(other).size()), "its header has seed 2");
    // This game's record, but a length in the middle of a line.
    const std::string text = test::read_text(record);
    const std::size_t mid = text.find('\n', text.find('\n') + 1) - 3;
    refused(record, mid, "is not the end of a line");
    // And a length that cuts into the header.
    refused(record, text.find('\n') - 5, "its first line does not end");
}

TEST_CASE("a save names its record relative to the save file's folder, also when --resume saves elsewhere") {
    TempFolder dir;
    const fs::path save = dir.path() / "s.save", record = dir.path() / "r.jsonl", other = dir.path() / "sub" / "t.save";
    REQUIRE(run_cli("play --player bot:random --player bot:random --seed 1 --max-turns 5 --record " + q(record) +
                    " --save " + q(save)).status == 0);
    CHECK(json::parse(test::read_text(save))["record"]["file"] == "r.jsonl");
    fs::create_directories(other.parent_path());
    REQUIRE(run_cli("play --resume " + q(save) + " --save " + q(other)).status == 0);
    CHECK(json::parse(test::read_text(other))["record"]["file"] == "../r.jsonl");
}

TEST_CASE("play --resume of a save written after the game's end adds no second end line (GDD §3.4.3)") {
    // What a SIGKILL between the last save and the exit leaves: a finished game's save and its
    // whole record. Resuming it must not end the record again.
    TempFolder dir;
    const fs::path record = dir.path() / "r.jsonl", save = dir.path() / "r.save";
    REQUIRE(run_cli("play --player bot:random --player bot:greedy --seed 5 --record " + q(record) + " --save " + q(save)).status == 0);
    const std::string whole = test::read_text(record);
    REQUIRE(json::parse(test::read_text(save))["game"]["phase"] == "won");
    const CliRun again = run_cli("play --resume " + q(save));
    INFO(again.out << again.err);
    CHECK(again.status == 0);
    CHECK(test::read_text(record) == whole);  // one end line, as the game left it
    CHECK(run_cli("replay " + q(record)).status == 0);
}
