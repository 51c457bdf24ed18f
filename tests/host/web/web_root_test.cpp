// The web root `cherries serve` needs (docs/web.md, "Running it"): the shipped page is complete,
// a root missing a page or a module the page imports is named file by file, and `serve` refuses
// to start from an incomplete root in words (exit 2), before it listens.
#include <catch2/catch.hpp>

#include <filesystem>

#include "host/web/static_files.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
namespace fs = std::filesystem;

namespace {

// A copy of the source tree's web/ to break.
void copy_page(const TempFolder& dir) {
    fs::copy(fs::path(CHERRIES_SOURCE_DIR) / "web", dir.path() / "web", fs::copy_options::recursive);
}

}  // namespace

TEST_CASE("web root: the shipped page is complete; a missing page, style sheet or imported module is named") {
    CHECK(web::missing_web_files(fs::path(CHERRIES_SOURCE_DIR) / "web").empty());

    TempFolder dir;
    copy_page(dir);
    const fs::path root = dir.path() / "web";
    REQUIRE(web::missing_web_files(root).empty());
    // view.js is imported by table.js and replay.js only (not linked from a page): found through imports.
    fs::remove(root / "js/view.js");
    fs::remove(root / "table.html");
    CHECK(web::missing_web_files(root) == std::vector<std::string>{"js/view.js", "table.html"});
    // An empty file is as good as none.
    dir.write("web/css/cherries.css", "");
    CHECK(web::missing_web_files(root) == std::vector<std::string>{"css/cherries.css", "js/view.js", "table.html"});

    CHECK(web::missing_web_files(dir.path() / "nowhere") == std::vector<std::string>{"(the folder itself)"});
    TempFolder empty;
    CHECK(web::missing_web_files(empty.path()) == std::vector<std::string>{"index.html", "names.html", "ranking.html", "replay.html", "table.html"});
}

TEST_CASE("serve: an incomplete web root is refused in words, exit 2, and --check-config says so too (exit 1)") {
    TempFolder dir;
    copy_page(dir);
    fs::remove(dir.path() / "web/js/lobby.js");
    const std::string root = (dir.path() / "web").string();
    const CliRun run = run_cli("serve --listen 127.0.0.1:0 --web-root '" + root + "'");
    CHECK(run.status == 2);
    CHECK(run.out.find("listening") == std::string::npos);
    CHECK_THAT(run.err, Catch::Contains("the web root " + root + " lacks the page's files: js/lobby.js"));

    const auto config = dir.write("serve.toml", "[server]\nweb_root = \"web\"\n");
    const CliRun check = run_cli("serve --check-config '" + config.string() + "'");
    CHECK(check.status == 1);
    CHECK_THAT(check.err, Catch::Contains("serve.toml: error: the web root") && Catch::Contains("js/lobby.js"));
}
