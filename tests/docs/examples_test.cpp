// Every example in docs/*.md is checked here, so the docs cannot rot.
//
// How a fenced code block is treated depends on its info string (the words after ```):
//
//   ```toml file=sets/mine/set.toml      a whole file: written to PATH under a temporary folder,
//   ```lua file=sets/mine/set.lua        one folder per doc page, in the order the page shows
//                                        them. When the page is done, every folder holding a
//                                        set.toml or gametype.toml is checked as `cherries
//                                        check` does (sdk/check: schema, Lua, probes, the
//                                        designer tests): it must have no error.
//   ```toml file=bad/set.toml error      ... the same, but check must find an error in it.
//   ```toml file=gametypes/official/gametype.toml shipped
//                                        ... and it must be byte for byte the shipped file of
//                                        that path in the source tree (a copy shown in a page).
//   ```toml append=sets/mine/set.toml    appended to a file written earlier (by a file= block
//                                        or a command, e.g. `cherries new`); loaded as above.
//   ```toml fragment=set                 [[card]] tables (or any set.toml text after [set]):
//                                        appended to a [set] header and loaded alone. Add
//                                        lua=PATH to use a Lua file shown earlier on the page.
//   ```toml fragment=gametype            gametype.toml text after [gametype]: appended to a
//                                        [gametype] header (winning_score = 10), plus
//                                        "[distribution] 5 = 1" when it has no [distribution].
//   ```lua fragment                      Lua that defines functions on a table M: wrapped in
//                                        "local M = {} ... return M" and loaded in the sandbox.
//   ```jsonl file=results.jsonl          a data file (a results file for `cherries ratings`):
//                                        written to PATH for the commands after it; not checked
//                                        itself (the command that reads it is).
//   ```console                           `$ cherries ARGS` lines are run, in the page's folder
//                                        (so files written by earlier blocks are there), with
//                                        the built binary; each must exit 0, or N with exit=N.
//                                        The lines after a command are its expected output: each
//                                        non-empty one must appear, in order, among the lines it
//                                        printed (stdout, then stderr). "..." in a line matches
//                                        any text; a line that is only "..." stands for lines
//                                        left out. What follows a `play` prompt "] > " in an
//                                        expected line is what the user types: it is sent to
//                                        the command's standard input (play echoes it).
//
// Any other ```toml or ```lua block fails the test: every manifest and Lua example is checked.
// Blocks in other languages (sh, text) are not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/run_cli.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/designer_checks.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {


const fs::path kSource(CHERRIES_SOURCE_DIR);

struct Block {
    std::string language;
    std::map<std::string, std::string> attributes;  // "file" -> path; a bare word -> ""
    std::string text;
    int line = 0;  // of the opening fence, 1-based
};

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The fenced code blocks of a Markdown page (``` fences at the start of a line).
std::vector<Block> blocks_of(const std::string& markdown) {
    std::vector<Block> blocks;
    const auto lines = lines_of(markdown);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("```", 0) != 0) continue;
        Block b;
        b.line = static_cast<int>(i + 1);
        std::istringstream info(lines[i].substr(3));
        info >> b.language;
        for (std::string word; info >> word;) {
            const auto eq = word.find('=');
            b.attributes[word.substr(0, eq)] = eq == std::string::npos ? "" : word.substr(eq + 1);
        }
        for (++i; i < lines.size() && lines[i].rfind("```", 0) != 0; ++i) b.text += lines[i] + "\n";
        blocks.push_back(std::move(b));
    }
    return blocks;
}

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

// Does `pattern` ("..." matches anything) match the whole of `line`?
bool matches(const std::string& pattern, const std::string& line) {
    std::string re;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern.compare(i, 3, "...") == 0) {
            re += ".*";
            i += 2;
        } else if (std::string("\\^$.|?*+()[]{}").find(pattern[i]) != std::string::npos) {
            re += std::string("\\") + pattern[i];
        } else {
            re += pattern[i];
        }
    }
    return std::regex_match(line, std::regex(re));
}

// Trailing spaces do not count.
std::string rtrim(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
    return s;
}

void run_console(const Block& b, const fs::path& folder, const std::string& where) {
    const int expected_status = b.attributes.count("exit") ? std::stoi(b.attributes.at("exit")) : 0;
    struct Command {
        std::string args;
        std::vector<std::string> expected;
        std::string input;  // typed after "] > " prompts
    };
    std::vector<Command> commands;
    for (const auto& line : lines_of(b.text)) {
        if (line.rfind("$ ", 0) == 0) {
            INFO(where << ": " << line);
            REQUIRE(line.rfind("$ cherries ", 0) == 0);  // only cherries commands are run
            commands.push_back({line.substr(11), {}});
        } else if (!rtrim(line).empty() && rtrim(line) != "...") {
            INFO(where << ": output before any command: " << line);
            REQUIRE(!commands.empty());
            commands.back().expected.push_back(rtrim(line));
            if (const auto prompt = line.find("] > "); prompt != std::string::npos)
                commands.back().input += rtrim(line.substr(prompt + 4)) + "\n";
        }
    }
    for (const auto& c : commands) {
        const auto run = test::run_cli(c.args, c.input, "cd '" + folder.string() + "' && env -u CHERRIES_PATH NO_COLOR=1");
        const auto printed = lines_of(run.out + run.err);
        INFO(where << ": $ cherries " << c.args << "\n--- printed:\n" << run.out << run.err << "---");
        CHECK(run.status == expected_status);
        std::size_t at = 0;
        for (const auto& want : c.expected) {
            while (at < printed.size() && !matches(want, rtrim(printed[at]))) ++at;
            INFO("expected line: " << want);
            CHECK(at < printed.size());
            if (at == printed.size()) break;
            ++at;
        }
    }
}

// Loads every plugin folder under `root`; returns how many were loaded.
int load_plugins(const fs::path& root, const std::set<fs::path>& must_fail, const std::string& page) {
    int loaded = 0;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        const fs::path folder = entry.path().parent_path();
        const std::string name = entry.path().filename().string();
        if (name != "set.toml" && name != "gametype.toml") continue;
        INFO(page << ": plugin " << fs::relative(folder, root).string());
        ++loaded;
        const auto errors = test::check_errors(folder);  // what `cherries check` finds
        if (must_fail.count(folder)) {
            CHECK(!errors.empty());
            continue;
        }
        CHECK(errors == std::vector<std::string>{});
    }
    return loaded;
}

struct PageTotals {
    int files = 0, fragments = 0, commands_blocks = 0, plugins = 0;
};

PageTotals check_page(const fs::path& page) {
    PageTotals totals;
    const test::TempFolder tmp;
    const std::string name = page.filename().string();
    std::set<fs::path> must_fail;
    for (const Block& b : blocks_of(test::read_text(page))) {
        const std::string where = name + ":" + std::to_string(b.line);
        INFO(where);
        if (b.language == "console") {
            run_console(b, tmp.path(), where);
            ++totals.commands_blocks;
        } else if (b.language == "jsonl" && b.attributes.count("file")) {
            write(tmp.path() / b.attributes.at("file"), b.text);
            ++totals.files;
        } else if (b.language != "toml" && b.language != "lua") {
            continue;
        } else if (b.attributes.count("file")) {
            const fs::path file = tmp.path() / b.attributes.at("file");
            write(file, b.text);
            if (b.attributes.count("error")) must_fail.insert(file.parent_path());
            if (b.attributes.count("shipped")) {
                const fs::path original = kSource / b.attributes.at("file");
                REQUIRE(fs::is_regular_file(original));
                CHECK(b.text == test::read_text(original));
            }
            ++totals.files;
        } else if (b.attributes.count("append")) {
            const fs::path file = tmp.path() / b.attributes.at("append");
            REQUIRE(fs::is_regular_file(file));
            std::ofstream(file, std::ios::binary | std::ios::app) << "\n" << b.text;
            ++totals.files;
        } else if (b.language == "toml" && b.attributes.count("fragment")) {
            const test::TempFolder fragment;
            const std::string kind = b.attributes.at("fragment");
            REQUIRE((kind == "set" || kind == "gametype"));
            if (kind == "set") {
                write(fragment.path() / "set.toml", test::set_header("fragment") + "\n" + b.text);
                if (b.attributes.count("lua")) write(fragment.path() / "set.lua", test::read_text(tmp.path() / b.attributes.at("lua")));
            } else {
                std::string text = "[gametype]\nid = \"fragment\"\nname = \"Fragment\"\nversion = \"1.0.0\"\napi = 1\n";
                if (b.text.find("winning_score") == std::string::npos) text += "winning_score = 10\n";
                text += "\n" + b.text;
                if (b.text.find("[distribution]") == std::string::npos) text += "\n[distribution]\n5 = 1\n";
                write(fragment.path() / "gametype.toml", text);
                if (b.attributes.count("lua")) write(fragment.path() / "gametype.lua", test::read_text(tmp.path() / b.attributes.at("lua")));
            }
            CHECK(load_plugins(fragment.path(), {}, where) == 1);
            ++totals.fragments;
        } else if (b.language == "lua" && b.attributes.count("fragment")) {
            sdk::LuaProgram program;
            program.chunks.push_back({"@" + where, "local M = {}\n" + b.text + "\nreturn M\n"});
            CHECK_NOTHROW(sdk::LuaRuntime(program));
            ++totals.fragments;
        } else {
            FAIL_CHECK(where << ": a ```" << b.language << " block with neither file= nor fragment: it would not be checked");
        }
    }
    totals.plugins = load_plugins(tmp.path(), must_fail, name);
    return totals;
}

}  // namespace

TEST_CASE("docs: every manifest, Lua and command example in docs/*.md works as shown") {
    std::vector<fs::path> pages;
    for (const auto& entry : fs::directory_iterator(kSource / "docs"))
        if (entry.path().extension() == ".md") pages.push_back(entry.path());
    std::sort(pages.begin(), pages.end());
    std::map<std::string, PageTotals> totals;
    for (const auto& page : pages) totals[page.filename().string()] = check_page(page);
    // The designer pages exist and have examples of each kind (a page that lost its examples,
    // or a renamed attribute, shows up here).
    REQUIRE(totals.count("guide.md"));
    CHECK(totals["guide.md"].commands_blocks >= 4);
    CHECK(totals["guide.md"].plugins >= 1);
    CHECK(totals["check.md"].commands_blocks >= 3);
    CHECK(totals["check.md"].plugins >= 1);
    CHECK(totals["manifest.md"].plugins + totals["manifest.md"].fragments >= 4);
    CHECK(totals["lua-api.md"].plugins + totals["lua-api.md"].fragments >= 2);
    CHECK(totals["gametypes.md"].plugins >= 3);
    CHECK(totals["scenarios.md"].commands_blocks >= 3);
    CHECK(totals["irc.md"].commands_blocks >= 2);  // cherries irc --check-config, good and bad
    CHECK(totals["ratings.md"].files >= 2);            // a results file and a bad one
    CHECK(totals["ratings.md"].commands_blocks >= 2);  // cherries ratings on each
}

TEST_CASE("docs examples test: the output matcher and the block reader") {
    CHECK(matches("turns per second: ...", "turns per second: 38556 (276023 turns in 0.072 s, 1 job)"));
    CHECK(matches("games: 2000", "games: 2000"));
    CHECK_FALSE(matches("games: 2000", "games: 20000"));
    CHECK(matches("a (b) [c]...", "a (b) [c] d"));
    CHECK_FALSE(matches("a (b)", "a b"));
    const auto blocks = blocks_of("text\n```toml file=x/set.toml error\n[set]\n```\n```console exit=2\n$ cherries x\n```\n");
    REQUIRE(blocks.size() == 2);
    CHECK(blocks[0].attributes.at("file") == "x/set.toml");
    CHECK(blocks[0].attributes.count("error") == 1);
    CHECK(blocks[0].text == "[set]\n");
    CHECK(blocks[0].line == 2);
    CHECK(blocks[1].attributes.at("exit") == "2");
}
