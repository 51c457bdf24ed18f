// The layout rule of docs/architecture.md ("Layout"), checked over the source tree: a file may
// include headers of its own folder and of folders in a lower layer, never of a folder in its
// own layer or above; every source folder is in the table; the engine reaches no Lua, toml++
// or I/O header; toml++ is included only in the sdk's TOML room and CLI11 only in host/cli/.
// The table in the page is the rule: this test reads it, so the page cannot drift from what
// is enforced. The checks are functions of an include list, so fake lists show they catch what
// they must.
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

using Layers = std::map<std::string, int>;

// "| `host/base/` | 4 | ..." rows of the Layout table: folder (with its '/') -> layer.
Layers layers_from_docs() {
    Layers layers;
    const std::regex row(R"(^\| `([a-z_/]+/)` \| (\d+) \|)");
    std::istringstream page(slurp(kRoot / "docs/architecture.md"));
    for (std::string line; std::getline(page, line);) {
        std::smatch m;
        if (std::regex_search(line, m, row)) layers[m[1]] = std::stoi(m[2]);
    }
    return layers;
}

// The table's folder a path is in: the longest folder that starts it; "" when none does.
std::string folder_of(const Layers& layers, const std::string& path) {
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

std::vector<fs::path> sources_under(const std::string& top) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
        const auto ext = entry.path().extension();
        if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) found.push_back(entry.path());
    }
    return found;
}

std::vector<Include> includes_under(const std::string& top) {
    std::vector<Include> found;
    const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    for (const fs::path& path : sources_under(top)) {
        const std::string file = fs::relative(path, kRoot).generic_string();
        std::istringstream text(slurp(path));
        int n = 0;
        for (std::string line; std::getline(text, line);) {
            ++n;
            std::smatch m;
            if (std::regex_search(line, m, include)) found.push_back({file, n, m[2], m[1] == "<"});
        }
    }
    return found;
}

std::vector<Include> tree_includes() {
    std::vector<Include> all;
    for (const std::string top : {"engine", "sdk", "host"})
        for (Include& inc : includes_under(top)) all.push_back(std::move(inc));
    return all;
}

std::string where(const Include& inc) {
    return inc.file + ":" + std::to_string(inc.line) + ": #include " + (inc.angled ? "<" : "\"") + inc.header +
           (inc.angled ? ">" : "\"");
}

// Every quoted include against the layers: one line per include that names no folder of the
// table or points sideways or up.
std::vector<std::string> layer_violations(const Layers& layers, const std::vector<Include>& includes) {
    std::vector<std::string> out;
    for (const Include& inc : includes) {
        if (inc.angled) continue;
        const std::string from = folder_of(layers, inc.file), to = folder_of(layers, inc.header);
        if (from.empty()) out.push_back(where(inc) + ": the file is in no folder of the Layout table");
        // A quoted include is a project header, named from the source root.
        else if (to.empty()) out.push_back(where(inc) + ": the header is in no folder of the Layout table");
        else if (to != from && layers.at(to) >= layers.at(from))
            out.push_back(where(inc) + ": folder " + from + " (layer " + std::to_string(layers.at(from)) +
                          ") may not include " + to + " (layer " + std::to_string(layers.at(to)) +
                          "): includes point down only");
    }
    return out;
}

// A library used in one room only (docs/architecture.md, "Layout"): its include prefix and the room.
struct LibraryRoom {
    const char* prefix;
    const char* room;
    const char* why;
};
const LibraryRoom kLibraryRooms[] = {
    {"toml++/", "sdk/toml/", "TOML is read by sdk/toml/ (TomlReader, ConfigReader)"},
    {"CLI/", "host/cli/", "every CLI11 option is wired in host/cli/"},
};

std::vector<std::string> library_violations(const std::vector<Include>& includes) {
    std::vector<std::string> out;
    for (const Include& inc : includes)
        for (const LibraryRoom& lib : kLibraryRooms)
            if (inc.header.rfind(lib.prefix, 0) == 0 && inc.file.rfind(lib.room, 0) != 0)
                out.push_back(where(inc) + ": only " + lib.room + " includes " + lib.prefix + ": " + lib.why);
    return out;
}

std::string lines(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& l : v) s += l + "\n";
    return s;
}

}  // namespace

TEST_CASE("docs/architecture.md's Layout table names every source folder with a layer") {
    const auto layers = layers_from_docs();
    REQUIRE(layers.count("engine/") == 1);
    REQUIRE(layers.count("sdk/base/") == 1);
    REQUIRE(layers.count("sdk/toml/") == 1);
    REQUIRE(layers.count("host/cli/") == 1);
    REQUIRE(layers.at("engine/") < layers.at("sdk/base/"));
    REQUIRE(layers.at("sdk/base/") < layers.at("sdk/toml/"));
    REQUIRE(layers.at("sdk/check/") < layers.at("host/base/"));
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
    // The sdk's rooms hold their sources: none is left in sdk/ itself.
    for (const auto& file : fs::directory_iterator(kRoot / "sdk")) {
        INFO(file.path().generic_string() << ": sdk/ holds rooms (base, toml, sandbox, plugins, check), not files");
        CHECK_FALSE((file.path().extension() == ".cpp" || file.path().extension() == ".hpp"));
    }
}

TEST_CASE("every include points down the layers of docs/architecture.md") {
    const auto layers = layers_from_docs();
    const auto includes = tree_includes();
    CHECK(includes.size() > 1000);  // the tree was really read
    const auto bad = layer_violations(layers, includes);
    INFO(lines(bad));
    CHECK(bad.empty());
}

TEST_CASE("the layer check catches an include sideways, up, or out of the table") {
    const auto layers = layers_from_docs();
    const std::vector<Include> fake = {
        {"sdk/toml/toml_reader.cpp", 3, "sdk/sandbox/lua_runtime.hpp", false},  // same layer, other room
        {"sdk/base/diagnostic.cpp", 4, "sdk/plugins/manifest.hpp", false},      // up
        {"engine/game.cpp", 5, "sdk/base/diagnostic.hpp", false},               // up
        {"host/irc/config.cpp", 6, "host/web/serve_config.hpp", false},         // front end to front end
        {"host/base/utf8.cpp", 7, "nowhere/x.hpp", false},                      // no folder of the table
        {"sdk/plugins/manifest.cpp", 8, "sdk/toml/toml_reader.hpp", false},     // fine: down
        {"host/cli/main.cpp", 9, "sdk/check/check.hpp", false},                 // fine: down
        {"sdk/sandbox/lua_seal.cpp", 10, "sdk/sandbox/lua_library.hpp", false}, // fine: own room
        {"host/irc/config.cpp", 11, "fmt/core.h", true},                        // a library: not a layer matter
    };
    const auto bad = layer_violations(layers, fake);
    INFO(lines(bad));
    REQUIRE(bad.size() == 5);
    CHECK(bad[0].find("sdk/toml/toml_reader.cpp:3:") == 0);
    CHECK(bad[0].find("includes point down only") != std::string::npos);
    CHECK(bad[1].find("sdk/base/diagnostic.cpp:4:") == 0);
    CHECK(bad[2].find("engine/game.cpp:5:") == 0);
    CHECK(bad[3].find("host/irc/config.cpp:6:") == 0);
    CHECK(bad[4].find("no folder of the Layout table") != std::string::npos);
}

TEST_CASE("toml++ is included only in sdk/toml/, CLI11 only in host/cli/") {
    const auto bad = library_violations(tree_includes());
    INFO(lines(bad));
    CHECK(bad.empty());
}

TEST_CASE("the library check catches toml++ outside sdk/toml/ and CLI11 outside host/cli/") {
    const std::vector<Include> fake = {
        {"host/irc/config.cpp", 3, "toml++/toml.h", true},
        {"sdk/plugins/manifest.cpp", 4, "toml++/toml.h", true},
        {"host/batch/shard.cpp", 5, "CLI/CLI.hpp", true},
        {"sdk/toml/toml_reader.cpp", 6, "toml++/toml.h", true},  // fine
        {"host/cli/main.cpp", 7, "CLI/CLI.hpp", true},           // fine
    };
    const auto bad = library_violations(fake);
    INFO(lines(bad));
    REQUIRE(bad.size() == 3);
    CHECK(bad[0].find("host/irc/config.cpp:3:") == 0);
    CHECK(bad[1].find("sdk/plugins/manifest.cpp:4:") == 0);
    CHECK(bad[2].find("host/batch/shard.cpp:5: #include <CLI/CLI.hpp>: only host/cli/") == 0);
}

TEST_CASE("no host file names a toml++ type: configs and scenarios read TOML through sdk/toml/config_reader") {
    const std::regex toml_type(R"(\btoml::)");
    int read = 0;
    for (const fs::path& path : sources_under("host")) {
        std::istringstream text(slurp(path));
        int n = 0;
        for (std::string line; std::getline(text, line);) {
            ++n;
            INFO(fs::relative(path, kRoot).generic_string() << ":" << n << ": " << line);
            CHECK_FALSE(std::regex_search(line, toml_type));
        }
        ++read;
    }
    CHECK(read > 100);
}

TEST_CASE("the engine includes no Lua, toml++ or I/O header (docs/architecture.md, \"Design intent\": the engine is pure)") {
    const std::regex forbidden(R"(^(lua|lauxlib|lualib|toml\+\+/|iostream|fstream|cstdio|filesystem|unistd))");
    int checked = 0;
    for (const Include& inc : includes_under("engine")) {
        INFO(where(inc));
        CHECK_FALSE(std::regex_search(inc.header, forbidden));
        ++checked;
    }
    CHECK(checked > 10);
}

TEST_CASE("host/ includes no Lua or toml++ header: plugins and TOML files are read by sdk/ (issue 20)") {
    const std::regex forbidden(R"(^(lua|lauxlib|lualib|toml\+\+/))");
    int checked = 0;
    for (const Include& inc : includes_under("host")) {
        INFO(where(inc) << ": use the sdk/ reader or runtime instead");
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
