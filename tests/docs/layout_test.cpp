// The layout rule of docs/architecture.md ("Layout"), checked over the source tree: a file may
// include headers of its own folder and of folders in a lower layer, never of a folder in its
// own layer or above; every source folder is in the table; the engine reaches no Lua, toml++
// or I/O header. The table in the page is the rule: this test reads it, so the page cannot
// drift from what is enforced.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = CHERRIES_SOURCE_DIR;

std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// "| `host/base/` | 4 | ..." rows of the Layout table: folder (with its '/') -> layer.
std::map<std::string, int> layers_from_docs() {
    std::map<std::string, int> layers;
    const std::regex row(R"(^\| `([a-z_/]+/)` \| (\d+) \|)");
    std::istringstream page(slurp(kRoot / "docs/architecture.md"));
    for (std::string line; std::getline(page, line);) {
        std::smatch m;
        if (std::regex_search(line, m, row)) layers[m[1]] = std::stoi(m[2]);
    }
    return layers;
}

// The table's folder a path is in: the longest folder that starts it; "" when none does.
std::string folder_of(const std::map<std::string, int>& layers, const std::string& path) {
    std::string best;
    for (const auto& [folder, layer] : layers)
        if (path.rfind(folder, 0) == 0 && folder.size() > best.size()) best = folder;
    return best;
}

struct Include {
    std::string file;  // relative to the source root
    int line = 0;
    std::string header;  // as written: "host/base/input_error.hpp", "lua.hpp", ...
    bool angled = false;
};

std::vector<Include> includes_under(const std::string& top) {
    std::vector<Include> found;
    const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
        const auto ext = entry.path().extension();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        const std::string file = fs::relative(entry.path(), kRoot).generic_string();
        std::istringstream text(slurp(entry.path()));
        int n = 0;
        for (std::string line; std::getline(text, line);) {
            ++n;
            std::smatch m;
            if (std::regex_search(line, m, include)) found.push_back({file, n, m[2], m[1] == "<"});
        }
    }
    return found;
}

}  // namespace

TEST_CASE("docs/architecture.md's Layout table names every source folder with a layer") {
    const auto layers = layers_from_docs();
    REQUIRE(layers.count("engine/") == 1);
    REQUIRE(layers.count("host/cli/") == 1);
    REQUIRE(layers.at("engine/") < layers.at("sdk/"));
    REQUIRE(layers.at("sdk/") < layers.at("host/base/"));
    for (const std::string top : {"engine", "sdk", "host"})
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
            if (!entry.is_directory()) continue;
            const std::string folder = fs::relative(entry.path(), kRoot).generic_string() + "/";
            bool has_source = false;
            for (const auto& file : fs::directory_iterator(entry.path()))
                has_source = has_source || file.path().extension() == ".cpp" || file.path().extension() == ".hpp";
            INFO(folder << " holds C++ sources but has no row in docs/architecture.md's Layout table");
            if (has_source) CHECK(layers.count(folder) == 1);
        }
}

TEST_CASE("every include points down the layers of docs/architecture.md") {
    const auto layers = layers_from_docs();
    int checked = 0;
    for (const std::string top : {"engine", "sdk", "host"})
        for (const Include& inc : includes_under(top)) {
            if (inc.angled) continue;
            const std::string from = folder_of(layers, inc.file);
            const std::string to = folder_of(layers, inc.header);
            INFO(inc.file << ":" << inc.line << ": #include \"" << inc.header << "\"");
            REQUIRE(!from.empty());
            // A quoted include is a project header, named from the source root.
            CHECK(!to.empty());
            if (to.empty() || to == from) continue;
            INFO("folder " << from << " (layer " << layers.at(from) << ") may not include " << to << " (layer "
                           << layers.at(to) << "): includes point down only");
            CHECK(layers.at(to) < layers.at(from));
            ++checked;
        }
    CHECK(checked > 100);  // the tree was really read
}

TEST_CASE("the engine includes no Lua, toml++ or I/O header (docs/architecture.md, \"Design intent\": the engine is pure)") {
    const std::regex forbidden(R"(^(lua|lauxlib|lualib|toml\+\+/|iostream|fstream|cstdio|filesystem|unistd))");
    int checked = 0;
    for (const Include& inc : includes_under("engine")) {
        INFO(inc.file << ":" << inc.line << ": #include " << inc.header);
        CHECK_FALSE(std::regex_search(inc.header, forbidden));
        ++checked;
    }
    CHECK(checked > 10);
}

TEST_CASE("host/ includes no Lua or toml++ header: plugins and TOML files are read by sdk/ (issue 20)") {
    const std::regex forbidden(R"(^(lua|lauxlib|lualib|toml\+\+/))");
    int checked = 0;
    for (const Include& inc : includes_under("host")) {
        INFO(inc.file << ":" << inc.line << ": #include " << inc.header << ": use the sdk/ reader or runtime instead");
        CHECK_FALSE(std::regex_search(inc.header, forbidden));
        ++checked;
    }
    CHECK(checked > 100);
}

TEST_CASE("the project cites no file it does not contain (the design notes are written into docs/)") {
    // Spelled in two parts, so that this file does not cite it either.
    const std::string design = std::string("DESIGN") + ".md", shared = std::string("../") + "shared";
    int read = 0;
    for (const std::string top : {"engine", "sdk", "host", "tests", "docs", "scripts", "web"})
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
            if (!entry.is_regular_file() || entry.path().extension() == ".png" || entry.path().extension() == ".pdf") continue;
            const std::string text = slurp(entry.path());
            INFO(fs::relative(entry.path(), kRoot).generic_string() << " cites a file outside the repository");
            CHECK(text.find(design) == std::string::npos);
            CHECK(text.find(shared) == std::string::npos);
            ++read;
        }
    CHECK(read > 500);
}
