// A bot plugin that joins mid-game (`join bot:leader=carol` at the play prompt, GDD §3.4.2.1)
// is carried by the record (a plugin line just before its join line, docs/records.md "Plugin
// lines") and by the save file's plugins; replay reads the line, resume checks it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>

#include "host/bots/lua_bot.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/base/input_error.hpp"
#include "host/records/record.hpp"
#include "tests/support/record_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A folder with a copy of the shipped bots/leader, found first when the binary runs there.
struct LeaderFolder {
    test::TempFolder dir;
    std::string fingerprint;
    LeaderFolder() {
        fs::create_directories(dir.path() / "bots");
        fs::copy(fs::path(CHERRIES_SOURCE_DIR) / "bots" / "leader", dir.path() / "bots" / "leader");
        fingerprint = sdk::read_bot_plugin(dir.path() / "bots" / "leader").fingerprint;
    }
    test::CliRun run(const std::string& args, const std::string& input = "") const {
        return test::run_cli(args, input, "cd '" + dir.path().string() + "' && NO_COLOR=1");
    }
    std::vector<std::string> lines(const std::string& file) const { return test::read_lines((dir.path() / file).string()); }
    json save(const std::string& file) const { return json::parse(test::read_text(dir.path() / file)); }
    void write(const std::string& file, const std::string& text) const { std::ofstream(dir.path() / file, std::ios::binary) << text; }
};

// The indices of the record's plugin lines.
std::vector<std::size_t> plugin_lines(const std::vector<std::string>& lines) {
    std::vector<std::size_t> out;
    for (std::size_t i = 1; i < lines.size(); ++i)
        if (lines[i].starts_with("[\"plugin\"")) out.push_back(i);
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

const std::string kGame = "play --player ann --player bot:greedy --seed 3 ";
// ann keeps turn 1 and asks carol (bot:leader) in; keeps turn 4; dave (bot:leader again) is
// asked in at turn 7, when ann leaves: the three bots play to the end.
const std::string kFirst = "join bot:leader=carol\nkeep\nkeep\n";
const std::string kSecond = "join bot:leader=dave\nleave ann\nkeep\n";

}  // namespace

TEST_CASE("a bot plugin joining mid-game gets a plugin line before its join; replay reads it to the end") {
    const LeaderFolder f;
    const test::CliRun run = f.run(kGame + "--record r.jsonl", kFirst + kSecond);
    REQUIRE(run.status == 0);
    INFO(run.out << run.err);
    CHECK_THAT(run.out, Catch::Contains("  carol joins the game") && Catch::Contains("  dave joins the game"));
    const std::vector<std::string> lines = f.lines("r.jsonl");
    const json header = json::parse(lines.at(0));
    CHECK(header["format"] == 4);
    REQUIRE(header["plugins"].size() == 2);  // the set and the gametype: no bot plugin at the start
    // One plugin line, for carol's join: dave's is of a bot plugin recorded already.
    const auto at = plugin_lines(lines);
    REQUIRE(at.size() == 1);
    const json plugin = json::parse(lines[at[0]]);
    CHECK(plugin == json::array({"plugin", 1,
                                 {{"kind", "bot"}, {"id", "leader"}, {"version", "1.0.0"}, {"fingerprint", f.fingerprint}}}));
    CHECK(json::parse(lines.at(at[0] + 1)) == json::array({"join", 1, "carol"}));
    CHECK(lines[at[0]] == host::plugin_line(1, {"bot", "leader", "1.0.0", f.fingerprint}));  // keys sorted, compact
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("[\"join\""); }) == 2);

    const test::CliRun replay = f.run("replay r.jsonl");
    CHECK(replay.status == 0);
    CHECK(replay.err.empty());
    // Every line but the header, the end line and the plugin line is an event.
    CHECK_THAT(replay.out, Catch::Contains(std::to_string(lines.size() - 3) + " events in") &&
                               Catch::Contains("match the record; ") && Catch::Contains(" won"));
    const test::CliRun show = f.run("replay r.jsonl --show");
    CHECK(show.status == 0);
    CHECK_THAT(show.out, Catch::Contains("  carol joins the game") && !Catch::Contains("plugin"));
}

TEST_CASE("a bot plugin seated at the start gets no plugin line when another seat of it joins") {
    const LeaderFolder f;
    const test::CliRun run =
        f.run("play --player ann --player bot:leader --seed 3 --record r.jsonl --max-turns 6", "join bot:leader=carol\nkeep\nkeep\n");
    REQUIRE(run.status == 0);
    const std::vector<std::string> lines = f.lines("r.jsonl");
    const json header = json::parse(lines.at(0));
    REQUIRE(header["plugins"].size() == 3);
    CHECK(header["plugins"][2]["id"] == "leader");
    CHECK(plugin_lines(lines).empty());
    CHECK(std::find(lines.begin(), lines.end(), "[\"join\",1,\"carol\"]") != lines.end());
    CHECK(f.run("replay r.jsonl").status == 0);
}

TEST_CASE("a bot plugin joining a suspended game at once gets its plugin line too, at turn 0") {
    const LeaderFolder f;
    const test::CliRun run = f.run("play --player ann --seed 1 --record r.jsonl", "join bot:leader\nquit\n");
    REQUIRE(run.status == 0);
    const std::vector<std::string> lines = f.lines("r.jsonl");
    const auto at = plugin_lines(lines);
    REQUIRE(at.size() == 1);
    CHECK(lines[at[0]] == host::plugin_line(0, {"bot", "leader", "1.0.0", f.fingerprint}));
    CHECK(lines.at(at[0] + 1) == "[\"join\",0,\"leader-2\"]");
    CHECK(f.run("replay r.jsonl").status == 0);
}

TEST_CASE("the save carries a joined bot plugin; the resumed game plays on and its record is the uninterrupted one") {
    const LeaderFolder f;
    REQUIRE(f.run(kGame + "--record whole.jsonl", kFirst + kSecond).status == 0);
    const test::CliRun first = f.run(kGame + "--record r.jsonl --save g.save", kFirst + "quit\n");
    REQUIRE(first.status == 0);
    const json save = f.save("g.save");
    REQUIRE(save["plugins"].size() == 3);
    CHECK(save["plugins"][2] == json({{"kind", "bot"}, {"id", "leader"}, {"version", "1.0.0"}, {"fingerprint", f.fingerprint}}));

    const test::CliRun second = f.run("play --resume g.save", kSecond);
    INFO(second.out << second.err);
    REQUIRE(second.status == 0);
    CHECK_THAT(second.out, Catch::Contains("resumed from g.save after turn 6") && Catch::Contains("Result: ") &&
                               Catch::Contains(" wins with a score of "));
    CHECK(test::read_text(f.dir.path() / "r.jsonl") == test::read_text(f.dir.path() / "whole.jsonl"));
    CHECK(plugin_lines(f.lines("r.jsonl")).size() == 1);  // dave, joined after the resume, adds none
    CHECK(f.run("replay r.jsonl").status == 0);
}

TEST_CASE("a tampered plugin line is refused with file:line; so is a misplaced or repeated one") {
    const LeaderFolder f;
    REQUIRE(f.run(kGame + "--record r.jsonl", kFirst + kSecond).status == 0);
    const std::vector<std::string> good = f.lines("r.jsonl");
    const std::size_t at = plugin_lines(good).at(0);
    const std::string where = "bad.jsonl:" + std::to_string(at + 1) + ": malformed record: plugin: ";
    auto refused = [&](std::vector<std::string> lines, const std::string& why, const std::string& line_where) {
        f.write("bad.jsonl", joined(lines));
        const test::CliRun r = f.run("replay bad.jsonl");
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(line_where) && Catch::Contains(why));
        CHECK(r.err_lines().size() == 1);
    };
    std::vector<std::string> bad = good;
    bad[at].replace(bad[at].find(f.fingerprint), 3, "xyz");
    refused(bad, "expected \"fingerprint\" to be 64 hex digits (SHA-256)", where);
    bad = good;
    bad[at].replace(bad[at].find("\"kind\":\"bot\""), 12, "\"kind\":\"set\"");
    refused(bad, "expected kind \"bot\" (only a bot plugin joins mid-game), saw \"set\"", where);
    bad = good;
    bad[at].replace(bad[at].find("\"kind\":\"bot\""), 12, "\"kind\":\"hat\"");
    refused(bad, "expected kind \"set\", \"gametype\" or \"bot\", saw \"hat\"", where);
    bad = good;
    bad[at] = "[\"plugin\",1]";
    refused(bad, "expected [\"plugin\", turn, {\"kind\": \"bot\"", where);
    // Not followed by its join.
    bad = good;
    bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(at + 1));
    refused(bad, "expected the next line to be the join of its bot, saw " + good[at + 2], where);
    // A second plugin line for leader (before dave's join).
    bad = good;
    std::size_t dave = 0;
    for (std::size_t i = 0; i < bad.size(); ++i)
        if (bad[i].starts_with("[\"join\"") && bad[i].find("dave") != std::string::npos) dave = i;
    REQUIRE(dave > at);
    const json dave_join = json::parse(bad[dave]);
    bad.insert(bad.begin() + static_cast<std::ptrdiff_t>(dave),
               host::plugin_line(dave_join[1].get<std::uint32_t>(), {"bot", "leader", "1.0.0", f.fingerprint}));
    refused(bad, "bot 'leader' is recorded already", "bad.jsonl:" + std::to_string(dave + 1) + ": malformed record: plugin: ");
}

TEST_CASE("play --resume refuses a save whose plugins are not the record's header and plugin lines, and a changed joined bot") {
    const LeaderFolder f;
    REQUIRE(f.run(kGame + "--record r.jsonl --save g.save", kFirst + "quit\n").status == 0);
    const json saved = f.save("g.save");
    const std::string record = test::read_text(f.dir.path() / "r.jsonl");
    auto refused = [&](const json& save, const std::string& why) {
        f.write("g.save", save.dump());
        const test::CliRun r = f.run("play --resume g.save", kSecond);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(why));
        CHECK(r.err_lines().size() == 1);
        CHECK(test::read_text(f.dir.path() / "r.jsonl") == record);  // untouched
    };
    // An extra bot plugin the record does not name (installed, so that only the record refuses it).
    fs::copy(f.dir.path() / "bots" / "leader", f.dir.path() / "bots" / "other", fs::copy_options::recursive);
    {
        std::ofstream toml(f.dir.path() / "bots" / "other" / "bot.toml");
        toml << "[bot]\nid = \"other\"\nname = \"Other\"\nversion = \"1.0.0\"\napi = 1\ndescription = \"test\"\n";
    }
    json extra = saved;
    extra["plugins"].push_back({{"kind", "bot"}, {"id", "other"}, {"version", "1.0.0"},
                                {"fingerprint", sdk::read_bot_plugin(f.dir.path() / "bots" / "other").fingerprint}});
    refused(extra, "its header and plugin lines name other plugins (or other fingerprints): set 'standard', gametype "
                   "'official', bot 'leader'; the save names set 'standard', gametype 'official', bot 'leader', bot 'other'");
    // Without the joined bot plugin (as saves were before plugin lines): carol would play unchecked.
    json without = saved;
    without["plugins"].erase(2);
    refused(without, "g.save: malformed save: game: players: carol plays bot plugin 'leader', which the save's "
                     "\"plugins\" do not name");
    // ... and so with no record at all.
    without["record"] = nullptr;
    refused(without, "carol plays bot plugin 'leader'");
    // Another fingerprint for leader in the save: the installed leader is not that one.
    json other_print = saved;
    other_print["plugins"][2]["fingerprint"] = std::string(64, 'a');
    refused(other_print, "g.save: plugin bot 'leader' differs from the record");
    // A tampered plugin line in the record part the save covers.
    {
        std::string bad = record;
        bad.replace(bad.find("\"kind\":\"bot\""), 12, "\"kind\":\"set\"");
        f.write("r.jsonl", bad);
        f.write("g.save", saved.dump());
        const test::CliRun r = f.run("play --resume g.save", kSecond);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("r.jsonl:") && Catch::Contains(": malformed record: plugin: expected kind \"bot\""));
        f.write("r.jsonl", record);
    }
    // The joined bot plugin changed since: its bots play on, so the resume refuses it.
    f.write("g.save", saved.dump());
    std::ofstream(f.dir.path() / "bots" / "leader" / "bot.lua", std::ios::app) << "-- changed\n";
    const test::CliRun changed = f.run("play --resume g.save", kSecond);
    CHECK(changed.status == 2);
    CHECK_THAT(changed.err, Catch::Contains("g.save: plugin bot 'leader' differs from the record") &&
                                Catch::Contains("the game cannot go on with other plugins than it started with"));
    CHECK(test::read_text(f.dir.path() / "r.jsonl") == record);
}

TEST_CASE("RecordWriter writes the joining plugin's line only before the next join, and not once taken back") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    auto runtime = bundle.make_runtime();
    Game game(bundle.catalog(), bundle.gametype(), *runtime, 1, {"ann", "bob"});
    test::TempFolder dir;
    const std::string file = (dir.path() / "r.jsonl").string();
    const host::RecordedPlugin leader{"bot", "leader", "1.0.0", std::string(64, 'b')};
    {
        host::RecordWriter record(file, game, host::RecordHeader{.seed = 1, .players = {{"ann", ""}, {"bob", ""}},
                                                                 .plugins = host::recorded_plugins(bundle), .source = "test"});
        game.set_event_sink(&record);
        record.set_joining_plugin(leader);
        game.start_turn();  // no join: the line waits
        game.give(game.current_player());
        game.join("carol");
        record.set_joining_plugin(leader);
        record.set_joining_plugin(std::nullopt);  // taken back
        game.join("dave");
        record.finish();
        game.set_event_sink(nullptr);
    }
    const std::vector<std::string> lines = test::read_lines(file);
    REQUIRE(plugin_lines(lines).size() == 1);
    const std::size_t at = plugin_lines(lines)[0];
    CHECK(lines[at] == "[\"plugin\",1,{\"fingerprint\":\"" + std::string(64, 'b') +
                           "\",\"id\":\"leader\",\"kind\":\"bot\",\"version\":\"1.0.0\"}]");
    CHECK(lines.at(at + 1) == "[\"join\",1,\"carol\"]");
    CHECK(lines.at(at + 2) == "[\"join\",1,\"dave\"]");
    // parse_plugin_line: the plugin of a plugin line, nullopt for other lines.
    CHECK(host::parse_plugin_line(json::parse(lines[at]), file, 5) == leader);
    CHECK_FALSE(host::parse_plugin_line(json::parse(lines[at + 1]), file, 6));
    CHECK_THROWS_WITH(host::parse_plugin_line(json::parse("[\"plugin\",1,{\"kind\":\"bot\"}]"), "f", 7),
                      Catch::StartsWith("f:7: malformed record: plugin: expected \"id\" to be a string"));
}
