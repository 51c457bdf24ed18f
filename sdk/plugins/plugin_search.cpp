#include "sdk/plugins/plugin_search.hpp"

#include <fmt/ranges.h>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "sdk/base/plugin_file.hpp"

namespace cherries::sdk {

std::vector<std::filesystem::path> search_directories(const std::vector<std::filesystem::path>& extra) {
    std::vector<std::filesystem::path> dirs(extra);
    dirs.emplace_back(".");
    if (const char* env = std::getenv("CHERRIES_PATH")) {
        std::stringstream list(env);
        for (std::string dir; std::getline(list, dir, ':');)
            if (!dir.empty()) dirs.emplace_back(dir);
    }
    // A program run from its build tree (the tests, a developer) reads the source tree's plugins
    // first. Any other (a package, `cmake --install`, a copy) reads its installed data first:
    // share/cherries beside its bin/, wherever the prefix is, then the configured prefix's; the
    // source tree it was built from comes last, for a copy of a developer's build.
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::string build = CHERRIES_BUILD_DIR;
    const bool in_build_tree = ec || self.string().rfind(build + "/", 0) == 0;
    if (in_build_tree) dirs.emplace_back(CHERRIES_SOURCE_DATA_DIR);
    if (!in_build_tree) {
        auto beside = (self.parent_path().parent_path() / "share/cherries").lexically_normal();
        if (beside != std::filesystem::path(CHERRIES_INSTALL_DATA_DIR)) dirs.push_back(std::move(beside));
    }
    dirs.emplace_back(CHERRIES_INSTALL_DATA_DIR);
    if (!in_build_tree) dirs.emplace_back(CHERRIES_SOURCE_DATA_DIR);
    return dirs;
}

std::filesystem::path find_plugin(const std::string& type, const std::string& name,
                                  const std::vector<std::filesystem::path>& extra) {
    const std::string manifest = type + ".toml";
    const std::filesystem::path given(name);
    std::error_code ec;
    if (path_present(given / manifest)) return given;  // reading it says what is wrong with it
    if (name.find('/') != std::string::npos)
        throw LoadError({{Diagnostic::Severity::error, "", 0, 0,
                          "no " + manifest + " in folder '" + name + "' (a " + type + " plugin folder holds one)"}});
    std::string looked;
    std::set<std::string> available;
    for (const auto& dir : search_directories(extra)) {
        const auto folder = dir == "." ? std::filesystem::path(type + "s") : dir / (type + "s");
        if (std::filesystem::is_regular_file(folder / name / manifest, ec)) return folder / name;
        looked += (looked.empty() ? "" : ", ") + folder.string();
        if (!std::filesystem::is_directory(folder, ec)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
            if (std::filesystem::is_regular_file(entry.path() / manifest, ec))
                available.insert(entry.path().filename().string());
    }
    const std::string names = fmt::format("{}", fmt::join(available, ", "));
    const std::string close = closest_name(name, std::vector<std::string>(available.begin(), available.end()));
    throw LoadError({{Diagnostic::Severity::error, "", 0, 0,
                      "cannot find " + type + " '" + name + "'" + (close.empty() ? "" : " (did you mean '" + close + "'?)") +
                          "; looked in " + looked + (names.empty() ? std::string("; none found") : "; available: " + names)}});
}


std::vector<std::filesystem::path> list_plugins(const std::string& type, const std::vector<std::filesystem::path>& extra) {
    const std::string manifest = type + ".toml";
    std::map<std::string, std::filesystem::path> found;  // id (folder name) -> first folder
    std::error_code ec;
    for (const auto& dir : search_directories(extra)) {
        const auto folder = dir == "." ? std::filesystem::path(type + "s") : dir / (type + "s");
        if (!std::filesystem::is_directory(folder, ec)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
            if (std::filesystem::is_regular_file(entry.path() / manifest, ec))
                found.emplace(entry.path().filename().string(), entry.path());
    }
    std::vector<std::filesystem::path> out;
    for (auto& [id, path] : found) out.push_back(std::move(path));
    return out;
}


GamePluginFolders find_plugins(const std::vector<std::string>& sets, const std::string& gametype,
                               const std::vector<std::filesystem::path>& plugin_path) {
    GamePluginFolders folders;
    for (const auto& name : sets.empty() ? std::vector<std::string>{"standard"} : sets)
        folders.sets.push_back(find_plugin("set", name, plugin_path));
    folders.gametype = find_plugin("gametype", gametype.empty() ? "official" : gametype, plugin_path);
    return folders;
}

Bundle load_bundle(const std::vector<std::string>& sets, const std::string& gametype,
                   const std::vector<std::filesystem::path>& plugin_path) {
    const GamePluginFolders folders = find_plugins(sets, gametype, plugin_path);
    return Bundle::load(folders.sets, folders.gametype);
}

Bundle load_bundle(const PluginSelection& selection) {
    return load_bundle(selection.sets, selection.gametype, selection.plugin_path);
}

}  // namespace cherries::sdk
