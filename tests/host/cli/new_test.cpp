// `cherries new set|gametype NAME`: the scaffolded plugin loads at once, its designer tests pass,
// it has nothing `cherries check` would warn about, and games with it end with a winner. Bad
// names and existing folders are refused with exit status 2 and nothing written.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sdk/plugins/scaffold.hpp"
#include "host/base/input_error.hpp"
#include "tests/support/run_cli.hpp"
#include "sdk/plugins/bundle.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/designer_checks.hpp"

using namespace cherries;
using test::run_cli;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CHERRIES_SOURCE_DIR);

// Every file under `folder`, as relative paths.
std::vector<std::string> listing(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) out.push_back(fs::relative(entry.path(), folder).string());
    std::sort(out.begin(), out.end());
    return out;
}

// Plays `games` bot games with `args` through the real binary; every game must end with a winner.
void check_sim_ends(const std::string& args, int games) {
    const auto run = run_cli("sim " + args + " --games " + std::to_string(games) + " --seed 3 --json");
    INFO(args << "\nstderr: " << run.err);
    REQUIRE(run.status == 0);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["games"] == games);
    CHECK(json["unfinished"] == 0);  // no game hit the turn cap
    CHECK(json["no_winner"] == 0);
    int wins = 0;
    for (const auto& seat : json["wins"]) wins += seat["wins"].get<int>();
    CHECK(wins == games);  // a winner in every game (GDD §3.4.3)
}

}  // namespace

TEST_CASE("cherries new set: a commented set that loads, passes its designer tests and plays to the end") {
    const test::TempFolder tmp;
    const auto run = run_cli("new set mine --dir '" + tmp.path().string() + "'");
    INFO("stderr: " << run.err);
    REQUIRE(run.status == 0);
    const fs::path folder = tmp.path() / "mine";
    CHECK(listing(folder) == std::vector<std::string>{"set.lua", "set.toml"});
    CHECK(run.out.find("created " + (folder / "set.toml").generic_string()) != std::string::npos);
    CHECK(run.out.find("cherries check " + folder.generic_string()) != std::string::npos);
    CHECK(run.out.find("cherries play --set " + folder.generic_string()) != std::string::npos);

    // The manifest says what its keys mean and cites the GDD.
    const std::string toml = test::read_text(folder / "set.toml");
    CHECK(toml.find("GDD §3.3.2.2") != std::string::npos);
    CHECK(toml.find("id = \"mine\"") != std::string::npos);
    CHECK(toml.find("symbol = \"MI\"") != std::string::npos);
    CHECK(test::read_text(folder / "set.lua").find("floor division") != std::string::npos);

    // Alone and with the Standard Set, under the official gametype.
    const auto official = kSource / "gametypes/official";
    const auto alone = sdk::Bundle::load({folder}, official);
    CHECK(alone.catalog().sets().at(0).name == "Mine");
    const auto both = sdk::Bundle::load({kSource / "sets/standard", folder}, official);
    CHECK(both.catalog().card_count() == 74 + alone.catalog().card_count());
    // No card id or symbol clashes with the Standard Set: every id is found as written.
    for (const auto& k : alone.catalog().kinds()) CHECK_NOTHROW(both.catalog().find_kind(k.id));
    CHECK(both.catalog().sets().at(0).symbol != both.catalog().sets().at(1).symbol);

    CHECK(test::designer_test_count(folder) >= 6);  // both functions of the modifier are tested
    // `cherries check` finds nothing: designer tests pass, >= 30% cherry cards, no identity modifier.
    CHECK(test::check_plugin(folder) == std::vector<std::string>{});

    check_sim_ends("--set '" + folder.string() + "'", 50);
    check_sim_ends("--set standard --set '" + folder.string() + "'", 50);
}

TEST_CASE("cherries new gametype: a commented gametype that loads, passes its designer tests and plays to the end") {
    const test::TempFolder tmp;
    const auto run = run_cli("new gametype house --dir '" + tmp.path().string() + "'");
    INFO("stderr: " << run.err);
    REQUIRE(run.status == 0);
    const fs::path folder = tmp.path() / "house";
    CHECK(listing(folder) == std::vector<std::string>{"gametype.lua", "gametype.toml"});
    CHECK(run.out.find("cherries play --gametype " + folder.generic_string()) != std::string::npos);
    CHECK(test::read_text(folder / "gametype.toml").find("GDD §3.3.1.2") != std::string::npos);

    const auto bundle = sdk::Bundle::load({kSource / "sets/standard"}, folder);
    const Gametype& g = bundle.gametype();
    CHECK(g.winning_score == 10);
    CHECK(g.house_rules.join_in_progress);
    CHECK(g.house_rules.leave_in_progress);
    REQUIRE(g.distribution.size() > 10);  // the function, tabulated at load
    CHECK(g.distribution[5] == 1);
    CHECK(g.distribution[10] == 2);
    CHECK(g.distribution[4] == 0);

    CHECK(test::designer_test_count(folder) == 4);
    CHECK(test::check_plugin(folder) == std::vector<std::string>{});
    check_sim_ends("--gametype '" + folder.string() + "'", 50);
}

TEST_CASE("cherries new: by default the folder goes under sets/ or gametypes/ of the current directory") {
    const test::TempFolder tmp;
    const auto run = run_cli("new set orchard-two", "", "cd '" + tmp.path().string() + "' &&");
    INFO("stderr: " << run.err);
    REQUIRE(run.status == 0);
    CHECK(fs::is_regular_file(tmp.path() / "sets/orchard-two/set.toml"));
    // Found by name from there: the next commands it prints work as shown.
    CHECK(run.out.find("cherries sim --set orchard-two --games 1000") != std::string::npos);
    const auto sim = run_cli("sim --set orchard-two --games 5", "", "cd '" + tmp.path().string() + "' &&");
    CHECK(sim.status == 0);
    CHECK(sim.out.find("sets: orchard-two;") != std::string::npos);

    const auto gametype = run_cli("new gametype g2", "", "cd '" + tmp.path().string() + "' &&");
    CHECK(gametype.status == 0);
    CHECK(fs::is_regular_file(tmp.path() / "gametypes/g2/gametype.toml"));
}

TEST_CASE("cherries new refuses a name that is not a valid id, with nothing written") {
    const test::TempFolder tmp;
    for (const std::string bad : {"My-Set", "my_set", "-mine", "mine!", "a/b", "..", "caf\xc3\xa9"}) {
        INFO(bad);
        const auto run = run_cli("new set '" + bad + "' --dir '" + tmp.path().string() + "'");
        CHECK(run.status == 2);
        CHECK(run.err.rfind("cherries: error: ", 0) == 0);
        if (bad != "-mine") CHECK(run.err.find("expected lowercase letters, digits and '-'") != std::string::npos);
        CHECK(listing(tmp.path()).empty());
    }
    const auto kind = run_cli("new deck mine --dir '" + tmp.path().string() + "'");
    CHECK(kind.status == 2);
    CHECK(kind.err.find("expected 'set', 'gametype' or 'bot'") != std::string::npos);
    CHECK(listing(tmp.path()).empty());
    CHECK(run_cli("new set").status == 2);  // the name is required
}

TEST_CASE("cherries new refuses to overwrite an existing folder, with nothing written") {
    const test::TempFolder tmp;
    tmp.write("mine/notes.txt", "my own work");
    const auto run = run_cli("new set mine --dir '" + tmp.path().string() + "'");
    CHECK(run.status == 2);
    CHECK(run.err.find("mine already exists; nothing was written") != std::string::npos);
    CHECK(listing(tmp.path()) == std::vector<std::string>{"mine", "mine/notes.txt"});
    CHECK(test::read_text(tmp.path() / "mine/notes.txt") == "my own work");
    // An empty folder, or a file of that name, is refused too.
    fs::create_directories(tmp.path() / "empty");
    CHECK(run_cli("new gametype empty --dir '" + tmp.path().string() + "'").status == 2);
    CHECK(fs::is_empty(tmp.path() / "empty"));
    tmp.write("plain", "x");
    CHECK(run_cli("new set plain --dir '" + tmp.path().string() + "'").status == 2);
    CHECK(test::read_text(tmp.path() / "plain") == "x");
}

TEST_CASE("create_plugin throws ScaffoldError and display_name capitalises words") {
    const test::TempFolder tmp;
    CHECK_THROWS_AS(sdk::create_plugin("set", "Bad", tmp.path()), sdk::ScaffoldError);
    CHECK(sdk::create_plugin("gametype", "ok", tmp.path()).size() == 2);
    CHECK_THROWS_WITH(sdk::create_plugin("gametype", "ok", tmp.path()), Catch::Contains("already exists"));
    CHECK(sdk::display_name("my-fine-set") == "My Fine Set");
    CHECK(sdk::display_name("x2") == "X2");
}

TEST_CASE("cherries new set: the symbol is unique among the sets found (GDD §3.3.2.2)") {
    const test::TempFolder tmp;
    // "s" in capitals is the Standard Set's symbol "S", so the new set gets "S2".
    REQUIRE(run_cli("new set s --dir '" + tmp.path().string() + "'").status == 0);
    CHECK(test::read_text(tmp.path() / "s/set.toml").find("symbol = \"S2\"") != std::string::npos);
    // A set already in the target folder counts too: "s-2" would not clash, but a second
    // scaffold next to one whose symbol was edited to "X" must not reuse "X".
    tmp.write("x0/set.toml", test::set_header("x0") + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchange = 1\n");
    std::string manifest = test::read_text(tmp.path() / "x0/set.toml");
    manifest.replace(manifest.find("symbol = \"O\""), 12, "symbol = \"X\"");
    tmp.write("x0/set.toml", manifest);
    REQUIRE(run_cli("new set x --dir '" + tmp.path().string() + "'").status == 0);
    CHECK(test::read_text(tmp.path() / "x/set.toml").find("symbol = \"X2\"") != std::string::npos);
    const auto both = sdk::Bundle::load({kSource / "sets/standard", tmp.path() / "s"}, kSource / "gametypes/official");
    CHECK(both.catalog().sets().at(1).symbol == "S2");
}

TEST_CASE("cherries new: a plugin of the same name elsewhere is pointed out") {
    const test::TempFolder tmp;
    const auto run = run_cli("new set standard --dir '" + tmp.path().string() + "'");
    CHECK(run.status == 0);
    CHECK(run.out.find("note: there is also a set 'standard' in ") != std::string::npos);
    CHECK(run_cli("new set fresh --dir '" + tmp.path().string() + "'").out.find("note:") == std::string::npos);
}
