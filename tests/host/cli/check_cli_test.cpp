// `cherries check` as a user runs it: compiler-style lines, a summary, exit status 1 on errors
// (0 with warnings only, 2 on usage errors), --json, and the combination games.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using cherries::test::run_cli;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CHERRIES_SOURCE_DIR);

// Runs the binary from the source tree, as a designer in a checkout would.
test::CliRun run_in_source(const std::string& args) { return run_cli(args, "", "cd '" + kSource.string() + "' &&"); }

}  // namespace

TEST_CASE("cherries check sets gametypes: the shipped plugins have no errors and no warnings", "[cli]") {
    const auto run = run_in_source("check sets gametypes");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("error:") == std::string::npos);
    CHECK(run.out.find("warning:") == std::string::npos);
    CHECK(run.out.find(": 0 errors, 0 warnings") != std::string::npos);
    CHECK(run.err.empty());
}

TEST_CASE("cherries check --set standard --gametype official plays bot games and has no warnings (GDD §3.3.1.5)", "[cli]") {
    const auto run = run_in_source("check --set standard --gametype official");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out == "checked 1 set, 1 gametype: 0 errors, 0 warnings; played 300 bot games\n");
}

TEST_CASE("cherries check --set standard --set standard: a combination that cannot load is an error, exit 1", "[cli]") {
    const auto run = run_in_source("check --set standard --set standard --gametype official");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    CHECK(run.out.find("card set 'standard' is loaded twice") != std::string::npos);
    CHECK(run.out.find("1 error, 0 warnings; the combination does not load, so no games were played") != std::string::npos);
}

TEST_CASE("cherries check on a broken set: compiler-style lines, a summary, exit status 1", "[cli]") {
    test::TempFolder dir;
    dir.write("orchard/set.toml", test::set_header() +
                                      "[[card]]\nid = \"apple-storm\"\nname = \"Apple Storm\"\ntype = \"modifier\"\nlifetime = \"two\"\n");
    const auto run = run_cli("check '" + dir.path().string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    CHECK(run.out.find("orchard/set.toml:11:12: error: card 'apple-storm': field 'lifetime': expected integer >= 1, "
                       "saw string \"two\"\n") != std::string::npos);
    CHECK(run.out.find("checked 1 set, 0 gametypes: 1 error, 0 warnings\n") != std::string::npos);
}

TEST_CASE("cherries check with warnings only exits 0; warnings follow errors", "[cli]") {
    test::TempFolder dir;
    dir.write("sets/few/set.toml", test::set_header("few") +
                                       "[[card]]\nid = \"point\"\nname = \"Point\"\ntype = \"score\"\nchange = 1\n");
    auto run = run_cli("check '" + dir.path().string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("few/set.toml:2:6: warning: set 'few': 0 of its 1 cards (0%) are cherry cards") != std::string::npos);

    dir.write("sets/bad/set.toml", test::set_header("bad") + "[[card]]\nid = \"x\"\n");
    run = run_cli("check '" + dir.path().string() + "'");
    CHECK(run.status == 1);
    CHECK(run.out.find("error:") < run.out.find("warning:"));
}

TEST_CASE("cherries check --json: diagnostics with file, line, column, severity, message, and a summary", "[cli]") {
    test::TempFolder dir;
    dir.write("s/set.toml", test::set_header() + "[[card]]\nid = \"a\"\nname = \"A\"\ntype = \"cherry\"\nchange = \"one\"\n");
    const auto run = run_cli("check --json '" + dir.path().string() + "' '" + (kSource / "gametypes/official").string() + "'");
    INFO(run.out << run.err);
    CHECK(run.status == 1);
    const auto json = nlohmann::json::parse(run.out);
    REQUIRE(json.at("diagnostics").size() == 1);
    const auto& d = json["diagnostics"][0];
    CHECK(d.at("file").get<std::string>().find("s/set.toml") != std::string::npos);
    CHECK(d.at("line") == 11);
    CHECK(d.at("column") == 10);
    CHECK(d.at("severity") == "error");
    CHECK(d.at("message").get<std::string>().find("card 'a': field 'change'") != std::string::npos);
    CHECK(json.at("summary") == nlohmann::json{{"sets", 1}, {"gametypes", 1}, {"errors", 1}, {"warnings", 0}});
}

TEST_CASE("cherries check: usage errors exit 2", "[cli]") {
    CHECK(run_cli("check").status == 2);
    const auto run = run_cli("check /no/such/folder");
    CHECK(run.status == 2);
    CHECK(run.err.find("'/no/such/folder': no such file or folder") != std::string::npos);
    CHECK(run_cli("check --set nosuchset").status == 2);
    CHECK(run_cli("check --games many sets").status == 2);
    CHECK(run_cli("check --games 10 '" + (kSource / "sets").string() + "'").status == 2);  // --games needs a combination
    CHECK(run_cli("check --games 1 --set standard").status == 2);
}

TEST_CASE("cherries check tests/security/plugins: every hostile plugin is reported, the process intact", "[cli][security]") {
    const auto run = run_in_source("check tests/security/plugins");
    INFO(run.err);
    CHECK(run.status == 1);
    CHECK(run.err.empty());  // no internal error, no crash message
    std::size_t sets = 0, gametypes = 0;
    for (const auto& entry : fs::directory_iterator(kSource / "tests/security/plugins")) {
        sets += fs::exists(entry.path() / "set.toml");
        gametypes += fs::exists(entry.path() / "gametype.toml");
    }
    CHECK(run.out.find("checked " + std::to_string(sets) + " sets, " + std::to_string(gametypes) + " gametypes: ") !=
          std::string::npos);
    for (const auto& entry : fs::directory_iterator(kSource / "tests/security/plugins")) {
        const std::string name = entry.path().filename().string();
        const std::string expect = test::read_text(entry.path() / "expect.txt");
        const std::string prefix = "tests/security/plugins/" + name + "/";
        INFO(name);
        // Faults and load errors are errors; the plugins that run cleanly are still reported
        // (a stateful function is an error; the others change nothing, a warning).
        // A lint case (expect: check) warns; an unreadable manifest is made so only in the
        // security test's copy of the folder.
        const bool must_error = (expect.find("expect: ok") == std::string::npos && expect.find("expect: check") == std::string::npos &&
                                 expect.find("unreadable:") == std::string::npos) ||
                                name == "34-stateful-counter" || name == "64-state-after-100-calls";
        std::istringstream lines(run.out);
        bool error = false, any = false;
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind(prefix, 0) != 0) continue;
            any = true;
            error = error || line.find(": error: ") != std::string::npos;
        }
        CHECK(any);
        if (must_error) CHECK(error);
    }
}

TEST_CASE("one `/` gives one hint: check gives each hint once, and sim's load error gives the line and the hint too", "[cli]") {
    test::TempFolder dir;
    dir.write("floaty/gametype.toml", "[gametype]\nid = \"floaty\"\nname = \"Floaty\"\nversion = \"1.0.0\"\napi = 1\n"
                                      "winning_score = 3\n[distribution]\nfunction = \"f\"\n[tests]\ndistribution = [[5, 1]]\n");
    dir.write("floaty/gametype.lua", "local M = {}\nfunction M.f(c)\n  if c == 5 then return 1.5 end\n  return 0\nend\nreturn M\n");
    const auto check = run_cli("check '" + (dir.path() / "floaty").string() + "'");
    INFO(check.out << check.err);
    CHECK(check.status == 1);
    std::size_t hints = 0;
    for (std::size_t at = 0; (at = check.out.find("hint: `/` returns a float", at)) != std::string::npos; ++at) ++hints;
    CHECK(hints == 1);
    CHECK(check.out.find("2 errors") != std::string::npos);  // the probe and the designer test, one hint

    const auto sim = run_cli("sim --gametype '" + (dir.path() / "floaty").string() + "' --games 1");
    INFO(sim.err);
    CHECK(sim.status == 2);
    CHECK(sim.err.find("floaty/gametype.lua:2: error: distribution for 5 cherries: returned 1.5, expected an integer\n"
                       "hint: `/` returns a float: use `//`") != std::string::npos);
}

TEST_CASE("a bot plugin's fault in sim names bot.lua's line and gives its hint once", "[cli]") {
    test::TempFolder dir;
    REQUIRE(run_cli("new bot chatty", "", "cd '" + dir.path().string() + "' &&").status == 0);
    const auto lua = dir.path() / "bots/chatty/bot.lua";
    std::string code = test::read_text(lua);
    const std::size_t body = code.find("function M.decide(view)\n");
    REQUIRE(body != std::string::npos);
    code.insert(body + std::string("function M.decide(view)\n").size(), "  print(view.me)\n");
    dir.write("bots/chatty/bot.lua", code);
    const auto sim = run_cli("sim --bot chatty --bot greedy --players 2 --games 2", "", "cd '" + dir.path().string() + "' &&");
    INFO(sim.err);
    CHECK(sim.status == 0);
    CHECK(sim.err.find("bots/chatty/bot.lua:") != std::string::npos);
    CHECK(sim.err.find("(global 'print'); the greedy bot decided instead") != std::string::npos);
    std::size_t hints = 0;
    for (std::size_t at = 0; (at = sim.err.find("hint: print is not available", at)) != std::string::npos; ++at) ++hints;
    CHECK(hints == 1);
}
