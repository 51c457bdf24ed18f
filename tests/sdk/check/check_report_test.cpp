// `cherries check`, finding plugins under the paths given and ordering what is reported:
// errors first, then warnings, each by file, line and column; a summary line.
#include "tests/sdk/check/check_support.hpp"

#include "sdk/check/discover.hpp"

using namespace cherries;
using namespace cherries::test;
namespace fs = std::filesystem;

TEST_CASE("discover: a set folder, a gametype folder, and folders holding them (2 levels down, hidden ones skipped)") {
    TempFolder dir;
    dir.write("proj/sets/a/set.toml", "");
    dir.write("proj/sets/b/set.toml", "");
    dir.write("proj/gametypes/g/gametype.toml", "");
    dir.write("proj/.hidden/sets/h/set.toml", "");
    dir.write("proj/deep/er/still/set.toml", "");  // 3 levels down: not searched
    const auto found = sdk::check::find_plugin_folders({dir.path() / "proj"});
    REQUIRE(found.sets.size() == 2);
    CHECK(found.sets[0].filename() == "a");
    CHECK(found.sets[1].filename() == "b");
    REQUIRE(found.gametypes.size() == 1);
    CHECK(found.gametypes[0].filename() == "g");
    // A folder named twice, directly and through its parent, is checked once; a manifest names its folder.
    const auto again = sdk::check::find_plugin_folders(
        {dir.path() / "proj/sets", dir.path() / "proj/sets/a", dir.path() / "proj/sets/b/set.toml"});
    CHECK(again.sets.size() == 2);
}

TEST_CASE("discover: a path that does not exist or holds no plugin is an error naming it") {
    TempFolder dir;
    dir.write("empty/readme.txt", "");
    try {
        sdk::check::find_plugin_folders({dir.path() / "nope", dir.path() / "empty"});
        FAIL("find_plugin_folders should throw");
    } catch (const sdk::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 2);
        CHECK(e.diagnostics()[0].message.find("nope': no such file or folder") != std::string::npos);
        CHECK(e.diagnostics()[1].message.find("empty': no set.toml or gametype.toml in it") != std::string::npos);
    }
}

TEST_CASE("report: errors before warnings, each sorted by file, line and column; the summary counts them") {
    using S = sdk::Diagnostic::Severity;
    std::vector<sdk::Diagnostic> ds{{S::warning, "a.toml", 1, 1, "w1"}, {S::error, "b.toml", 2, 1, "e3"},
                                    {S::error, "a.toml", 9, 1, "e2"},   {S::error, "a.toml", 3, 4, "e1"}};
    sdk::check::sort_diagnostics(ds);
    CHECK(ds[0].message == "e1");
    CHECK(ds[1].message == "e2");
    CHECK(ds[2].message == "e3");
    CHECK(ds[3].message == "w1");
    sdk::check::CheckReport report{ds, 2, 1};
    CHECK(report.summary() == "checked 2 sets, 1 gametype: 3 errors, 1 warning");
}

TEST_CASE("report: the shipped plugins check clean, whatever the number of jobs") {
    const fs::path source(CHERRIES_SOURCE_DIR);
    const auto folders = sdk::check::find_plugin_folders({source / "sets", source / "gametypes"});
    for (unsigned jobs : {1u, 3u}) {
        const auto report = sdk::check::check_plugins(folders, jobs);
        INFO(listing(report.diagnostics));
        CHECK(report.diagnostics.empty());
        CHECK(report.sets == folders.sets.size());
    }
}

TEST_CASE("report: the same diagnostics, in the same order, whatever the number of jobs") {
    TempFolder dir;
    const std::string modifier = modifier_card("f");
    dir.write("a/set.toml", set_header("a") + cherry_card() + modifier);
    dir.write("a/set.lua", "local M = {}\nfunction M.f(last) return last +\nend\nreturn M\n");           // syntax error
    dir.write("b/set.toml", set_header("b") + cherry_card("apple", 1) + modifier);                    // few cherry cards
    dir.write("b/set.lua", "return { f = function(last) return last / 3 end }\n");                    // float results
    dir.write("c/set.toml", set_header("c") + cherry_card() + modifier);
    dir.write("c/set.lua", "local n = 0\nreturn { f = function(last) n = n + 1 return last + n end }\n");  // keeps state
    dir.write("d/set.toml", set_header("d") + cherry_card() + "[[card]]\nid = \"m\"\nname = \"M\"\ntype = \"modifier\"\nlifetime = 1\n");
    const auto folders = sdk::check::find_plugin_folders({dir.path()});
    REQUIRE(folders.sets.size() == 4);
    std::vector<std::string> first;
    for (unsigned jobs : {1u, 3u}) {
        std::vector<std::string> lines;
        for (const auto& d : sdk::check::check_plugins(folders, jobs).diagnostics) lines.push_back(d.to_string());
        if (jobs == 1) {
            first = lines;
            CHECK(lines.size() >= 5);  // each set has something to say; symbol clash warnings too
        } else {
            CHECK(lines == first);
        }
    }
}
