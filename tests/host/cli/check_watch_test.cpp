// `cherries check --watch`: checks again when a file in the plugin folder changes (polling every
// 0.5 s). Bounded by --watch-runs 2 and by `timeout`, so the test ends whatever happens.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <sys/wait.h>

#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

TEST_CASE("check --watch re-checks after a file changes") {
    test::TempFolder dir;
    const std::string set = "[set]\nid = \"w\"\nname = \"W\"\nversion = \"1.0.0\"\nsymbol = \"W\"\napi = 1\n"
                            "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\n";
    dir.write("w/set.toml", set);
    const std::string command = "timeout 120 '" CHERRIES_BINARY "' check --watch --watch-runs 2 '" + (dir.path() / "w").string() + "'";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    char line[4096];
    bool edited = false;
    while (std::fgets(line, sizeof line, pipe)) {
        out += line;
        if (!edited && std::string(line).rfind("watching for changes", 0) == 0) {
            dir.write("w/set.toml", set + "cuont = 2\n");  // a mistake: the second check must see it
            edited = true;
        }
    }
    const int status = pclose(pipe);
    INFO(out);
    CHECK(edited);
    CHECK(out.find("checked 1 set, 0 gametypes: 0 errors, 0 warnings") != std::string::npos);
    CHECK(out.find("card 'apple': unknown field 'cuont'; did you mean 'count'?") != std::string::npos);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);  // the last check's status
}
