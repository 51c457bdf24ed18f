#include "sdk/check/discover.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "sdk/base/diagnostic.hpp"
#include "sdk/base/plugin_file.hpp"

namespace cherries::sdk::check {

namespace {

namespace fs = std::filesystem;

class Finder {
public:
    explicit Finder(PluginFolders& found) : found_(found) {}

    // Adds `folder` if it is a plugin folder, else searches its subfolders `depth` more levels.
    void visit(const fs::path& folder, int depth) {
        std::error_code ec;
        bool plugin = false;
        if (path_present(folder / "set.toml")) plugin = add(found_.sets, folder);
        if (path_present(folder / "gametype.toml")) plugin = add(found_.gametypes, folder) || plugin;
        if (plugin || fs::exists(folder / "set.toml", ec) || fs::exists(folder / "gametype.toml", ec) || depth == 0) return;
        std::vector<fs::path> children;
        for (const auto& entry : fs::directory_iterator(folder, ec)) {
            const std::string name = entry.path().filename().string();
            if (!name.empty() && name[0] != '.' && entry.is_directory(ec)) children.push_back(entry.path());
        }
        std::sort(children.begin(), children.end());
        for (const auto& child : children) visit(child, depth - 1);
    }

private:
    bool add(std::vector<fs::path>& list, const fs::path& folder) {
        std::error_code ec;
        const fs::path key = fs::weakly_canonical(folder, ec);
        if (seen_.insert((ec ? folder : key).string() + (&list == &found_.sets ? "#set" : "#gametype")).second)
            list.push_back(folder);
        return true;
    }

    PluginFolders& found_;
    std::set<std::string> seen_;
};

fs::path shown(const fs::path& path) {
    fs::path p = path.lexically_normal();
    if (p.has_filename() || p == "/") return p;
    return p.parent_path();  // "sets/" -> "sets"
}

}  // namespace

PluginFolders find_plugin_folders(const std::vector<fs::path>& paths) {
    PluginFolders found;
    Finder finder(found);
    std::vector<Diagnostic> problems;
    for (const fs::path& given : paths) {
        fs::path path = shown(given);
        if (path.empty()) path = ".";
        std::error_code ec;
        const std::string name = path.filename().string();
        if (fs::is_regular_file(path, ec) && (name == "set.toml" || name == "gametype.toml"))
            path = path.has_parent_path() ? path.parent_path() : fs::path(".");
        if (!fs::is_directory(path, ec)) {
            problems.push_back({Diagnostic::Severity::error, "", 0, 0,
                                "'" + given.string() + "': " +
                                    (fs::exists(path, ec) ? "not a folder; expected a plugin folder or a folder holding plugins"
                                                          : "no such file or folder")});
            continue;
        }
        const std::size_t before = found.sets.size() + found.gametypes.size();
        finder.visit(path, kSearchDepth);
        if (found.sets.size() + found.gametypes.size() == before && !fs::is_regular_file(path / "set.toml", ec) &&
            !fs::is_regular_file(path / "gametype.toml", ec))
            problems.push_back({Diagnostic::Severity::error, "", 0, 0,
                                "'" + given.string() + "': no set.toml or gametype.toml in it or in its subfolders (" +
                                    std::to_string(kSearchDepth) + " levels down)"});
    }
    if (!problems.empty()) throw LoadError(std::move(problems));
    return found;
}

}  // namespace cherries::sdk::check
