// Records (docs/records.md): the line layouts, and record -> replay round trips for thousands
// of random games (GDD §3.5 note 6: software Cherries is deterministic, so a replay of the
// recorded decisions must give every recorded event again).
#include <catch2/catch.hpp>

#include "host/base/printable.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "sdk/plugins/plugin_search.hpp"
#include "host/records/record.hpp"
#include "host/records/replay.hpp"
#include "host/scenario/scenario.hpp"
#include "host/batch/sim.hpp"
#include "host/records/state_json.hpp"
#include "tests/support/fake_plugins.hpp"
#include "tests/support/record_support.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

namespace {

std::vector<std::string> lines_of(const std::string& file) { return test::read_lines(file); }

}  // namespace

TEST_CASE("a record is a header line, one line per event in the documented layout, and an end line") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario = host::parse_scenario(
        "players = [\"ann\", \"bob\"]\nseed = 3\ndeck = [\"triple-cherry\", \"cherry-doubler\", \"double-cherry\"]\n"
        "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"bob\"\n[[turn]]\ngive = \"bob\"\n",
        "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    TempFolder dir;
    const std::string file = (dir.path() / "r.jsonl").string();
    {
        host::RecordWriter record(file, game,
                                  {.seed = 3, .players = {{"ann", ""}, {"bob", "greedy"}},
                                   .plugins = host::recorded_plugins(bundle), .source = "play"});
        game.set_event_sink(&record);
        host::play_scenario(scenario, played);
        record.finish();
    }
    const auto lines = lines_of(file);
    const json header = json::parse(lines[0]);
    CHECK(header["record"] == "cherries");
    CHECK(header["format"] == host::kRecordFormat);
    CHECK(header["cherries"] == std::string(host::cherries_version()));
    CHECK(header["seed"] == 3);
    CHECK(header["players"] == json::parse(R"([{"name": "ann", "bot": null}, {"name": "bob", "bot": "greedy"}])"));
    REQUIRE(header["plugins"].size() == 2);
    CHECK(header["plugins"][0]["kind"] == "set");
    CHECK(header["plugins"][0]["id"] == "standard");
    CHECK(header["plugins"][0]["fingerprint"] == bundle.plugins()[0].fingerprint);
    CHECK(header["plugins"][1]["id"] == "official");
    // ann keeps the Triple Cherry (3 cherries score nothing in the official distribution), bob
    // keeps the Cherry Doubler (kept: lifetime 2 + 1, GDD §3.4.2.3.3.3; aged to 2 at the end of
    // his turn), ann gives bob the Double Cherry, which his doubler makes +4.
    const std::vector<std::string> expected = {
        R"(["draw",1,"ann","triple-cherry"])",
        R"(["give",1,"ann","ann","triple-cherry"])",
        R"(["handle",1,"ann","triple-cherry",3,3,3])",
        R"(["score_change",1,"ann",3,0,0,0])",
        R"(["draw",2,"bob","cherry-doubler"])",
        R"(["give",2,"bob","bob","cherry-doubler"])",
        R"(["handle",2,"bob","cherry-doubler",3])",
        R"(["score_change",2,"bob",0,0,0,0])",
        R"(["age",2,"bob","cherry-doubler",2])",
        R"(["draw",3,"ann","double-cherry"])",
        R"(["give",3,"ann","bob","double-cherry"])",
        R"(["handle",3,"bob","double-cherry",2,4,4])",
        R"(["score_change",3,"ann",3,0,0,0])",
        R"({"end":"in_progress","turns":3})",
    };
    CHECK(std::vector<std::string>(lines.begin() + 1, lines.end()) == expected);
}

TEST_CASE("the header line written by hand is header_json's, and parse_header reads it back") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "example-b");
    host::RecordHeader h{.seed = 18446744073709551615ULL, .players = {{"a\"b", ""}, {"c", "random"}},
                         .plugins = host::recorded_plugins(bundle), .source = "sim", .game = 12};
    const std::string line = host::header_line(h, host::HeaderText(h));
    CHECK(json::parse(line) == host::header_json(h));
    const host::RecordHeader back = host::parse_header(json::parse(line), "f");
    CHECK(back.seed == h.seed);  // 64-bit seeds survive JSON exactly
    CHECK(back.players[0].name == "a\"b");
    CHECK(back.players[1].bot == "random");
    CHECK(back.game == 12);
    // A game index past 2^63-1 is refused, not wrapped to a negative "no game".
    json j = host::header_json(h);
    j["game"] = 18446744073709551615ULL;
    CHECK_THROWS_WITH(host::parse_header(j, "f"), "f:1: malformed record: expected \"game\" to be an integer from 0 to 2^63-1");
    j["game"] = "12";
    CHECK_THROWS_WITH(host::parse_header(j, "f"), Catch::Contains("expected \"game\""));
    j = host::header_json(h);
    j["source"] = 5;  // used to escape as a JSON type error
    CHECK_THROWS_WITH(host::parse_header(j, "f"), "f:1: malformed record: expected \"source\" to be a string");
    CHECK_THROWS_WITH(host::parse_header(json::parse(R"({"record": "cherries", "format": 9})"), "f"),
                      Catch::Contains("record format 9 is not one this cherries reads"));
    CHECK_THROWS_WITH(host::parse_header(json::parse(R"({"record": "cherries", "format": 1, "seed": -1})"), "f"),
                      Catch::Contains("f:1: malformed record: expected \"seed\""));
    CHECK_THROWS_WITH(host::parse_header(json::parse(R"([1, 2])"), "f"), Catch::Contains("expected a header line"));
}

TEST_CASE("record -> replay round trip: 2000 simulated games on every shipped gametype replay event for event (GDD §3.5 note 6)") {
    TempFolder dir;
    std::size_t games = 0, events = 0;
    for (const std::string gametype : {"official", "example-a", "example-b"}) {
        const sdk::Bundle bundle = sdk::load_bundle({"standard"}, gametype);
        host::SimOptions options;
        options.games = gametype == "official" ? 1000 : 500;
        options.players = gametype == "example-a" ? 3 : 4;
        options.bots = {"random", "greedy", "random"};
        if (options.players == 4) options.bots.push_back("greedy");
        options.seed = 11;
        options.max_turns = 400;
        options.record = (dir.path() / gametype).string();
        const host::SimResults results = host::run_sim(bundle, options);
        auto runtime = bundle.make_runtime();
        for (std::uint64_t i = 0; i < options.games; ++i) {
            const std::string file = host::sim_record_file(options.record, i);
            INFO(file);
            const std::size_t n = replay_file(bundle, *runtime, file);
            REQUIRE(n > 0);
            events += n;
            ++games;
            // The end line agrees with the simulator's own result.
            const json end = json::parse(lines_of(file).back());
            REQUIRE(end["turns"] == results.games[i].turns);
        }
    }
    CHECK(games == 2000);
    CHECK(events > 100000);
}

TEST_CASE("record -> replay round trip: 1000 random games with joins, leaves and faulting cards (GDD §3.4.2.1, §3.5)") {
    TempFolder dir;
    write_grove(dir);
    const sdk::Bundle bundle = sdk::load_bundle({"grove"}, "official", {dir.path()});
    auto runtime = bundle.make_runtime();
    std::size_t faults = 0, joins = 0, leaves = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const std::string file = (dir.path() / ("g" + std::to_string(i) + ".jsonl")).string();
        faults += record_random_game(bundle, *runtime, mix_seed(i), file);
        INFO(file);
        REQUIRE(replay_file(bundle, *runtime, file) > 0);
        for (const auto& line : lines_of(file)) {
            joins += line.starts_with("[\"join\"");
            leaves += line.starts_with("[\"leave\"");
        }
        std::filesystem::remove(file);
    }
    CHECK(faults > 100);
    CHECK(joins > 100);
    CHECK(leaves > 100);
}

TEST_CASE("sim --record FILE.jsonl writes every game's record into one file, whole, whatever --jobs is") {
    TempFolder dir;
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    host::SimOptions options;
    options.games = 200;
    options.players = 3;
    options.jobs = 2;
    options.seed = 4;
    options.record = (dir.path() / "all.jsonl").string();
    host::run_sim(bundle, options);
    const auto records = test::records_of(options.record);
    REQUIRE(records.size() == 200);
    auto runtime = bundle.make_runtime();
    std::vector<bool> seen(200, false);
    for (const auto& record : records) {
        const host::RecordHeader header = host::parse_header_line(record.lines.at(0), options.record, record.first_line);
        REQUIRE(header.game >= 0);
        REQUIRE(header.game < 200);
        CHECK_FALSE(seen[static_cast<std::size_t>(header.game)]);
        seen[static_cast<std::size_t>(header.game)] = true;
        CHECK(header.seed == host::sim_game_seed(4, static_cast<std::uint64_t>(header.game)));
        host::Replayer replayer(bundle, *runtime, header, record.lines, options.record, record.first_line);
        CHECK(replayer.run());
    }
}

TEST_CASE("a joiner with a long name is written whole in the record and its events replay") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    auto runtime = bundle.make_runtime();
    TempFolder dir;
    const std::string file = (dir.path() / "r.jsonl").string();
    // Far longer than the bound of the players seated at the start: learnt from the join event
    // (as long as a name may be: host::kMaxNameWidth).
    const std::string name(host::kMaxNameWidth, 'z');
    {
        Game game(bundle.catalog(), bundle.gametype(), *runtime, 4, {"ann", "bob"});
        host::RecordWriter record(file, game,
                                  {.seed = 4, .players = {{"ann", "random"}, {"bob", "random"}},
                                   .plugins = host::recorded_plugins(bundle), .source = "test"});
        game.set_event_sink(&record);
        game.join(name);
        for (int turn = 0; turn < 6 && !game.over(); ++turn) {
            game.start_turn();
            while (game.phase() == Phase::awaiting_give) game.give(game.players().back().id);
        }
        record.finish();
    }
    const auto lines = lines_of(file);
    CHECK(lines[1] == "[\"join\",0,\"" + name + "\"]");
    CHECK(test::read_text(file).find(name + "\",\"") != std::string::npos);  // a give to the joiner
    CHECK(replay_file(bundle, *runtime, file) == lines.size() - 2);
}

TEST_CASE("quoted and the end line, written by hand, are what nlohmann::json writes: every byte, and a reason") {
    // quoted's own path (printable ASCII but '"' and '\\') and nlohmann's (everything else).
    for (int c = 0; c < 256; ++c) {
        const std::string s = std::string("a") + static_cast<char>(c) + "b";
        INFO("byte " << c);
        CHECK(host::quoted(s) == json(s).dump(-1, ' ', false, json::error_handler_t::replace));
    }
    CHECK(host::quoted("") == "\"\"");
    CHECK(host::quoted("seat 1 ~ ann") == "\"seat 1 ~ ann\"");
    StandardKit kit;
    Game g = kit.game({"ann", "bob"});
    for (const std::string reason : {"", "!stop by ann", "a \"quoted\" \\ reason\n"}) {
        json expected = {{"end", host::status_name(g)}, {"turns", g.turn()}};
        if (!reason.empty()) expected["reason"] = reason;
        CHECK(host::end_line(g, reason) == expected.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

TEST_CASE("sim --seed 1 and --seed 2 record no game in common, and every record replays from its own seed") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    TempFolder dir;
    std::set<std::uint64_t> seeds;
    std::size_t total = 0;
    for (std::uint64_t master : {1, 2}) {
        host::SimOptions options;
        options.games = 60;
        options.players = 3;
        options.seed = master;
        options.record = (dir.path() / fmt::format("seed{}.jsonl", master)).string();
        host::run_sim(bundle, options);
        auto runtime = bundle.make_runtime();
        for (const auto& record : test::records_of(options.record)) {
            const host::RecordHeader header = host::parse_header_line(record.lines.at(0), options.record, record.first_line);
            seeds.insert(header.seed);
            ++total;
            host::Replayer replayer(bundle, *runtime, header, record.lines, options.record, record.first_line);
            CHECK(replayer.run());
        }
    }
    CHECK(total == 120);
    CHECK(seeds.size() == 120);  // seed + i shared 59 of them
}
