#include "host/web/static_files.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <system_error>

#include "host/base/file_io.hpp"

namespace cherries::web {

namespace fs = std::filesystem;

fs::path default_web_root(const fs::path& configured) {
    if (!configured.empty()) return configured;
    // Run from the build tree (the test suite, a developer): the source tree's page.
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    const std::string build = CHERRIES_BUILD_DIR;
    if (!ec && self.string().rfind(build + "/", 0) == 0 && fs::is_directory(CHERRIES_SOURCE_WEB)) return CHERRIES_SOURCE_WEB;
    // Installed: bin/cherries beside share/cherries/web, whatever the prefix (a package: /usr);
    // else the prefix it was configured with.
    if (!ec) {
        const fs::path beside = (self.parent_path().parent_path() / "share/cherries/web").lexically_normal();
        if (fs::is_directory(beside, ec)) return beside;
    }
    return CHERRIES_INSTALL_WEB;
}

std::vector<std::string> missing_web_files(const fs::path& root) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return {"(the folder itself)"};
    // What a page or module loads: `/static/PATH` in a page, `from './NAME'` in a module (relative
    // to the module's folder). Only the page's own files: the server sends nothing else.
    static const std::regex link(R"re("/static/([^"?#]+)")re");
    static const std::regex import(R"re(from\s+['"]\./([^'"]+)['"])re");
    std::set<std::string> seen{"index.html", "table.html", "replay.html", "ranking.html"};
    std::vector<std::string> todo(seen.begin(), seen.end());
    std::vector<std::string> missing;
    while (!todo.empty()) {
        const std::string name = todo.back();
        todo.pop_back();
        const auto file = file_under(root, name);
        std::string text;
        try {
            if (file) text = host::read_text_file(*file, "a page's file");
        } catch (const std::exception&) {
            text.clear();
        }
        if (!file || text.empty()) {
            missing.push_back(name);
            continue;
        }
        const bool module = name.size() > 3 && name.compare(name.size() - 3, 3, ".js") == 0;
        const std::string folder = fs::path(name).parent_path().generic_string();
        const std::regex& pattern = module ? import : link;
        for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
            std::string next = (*it)[1].str();
            if (module && !folder.empty()) next = folder + "/" + next;
            if (seen.insert(next).second) todo.push_back(next);
        }
    }
    std::sort(missing.begin(), missing.end());
    return missing;
}

std::optional<std::string> url_decode(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return std::nullopt;  // "%" or "%4" at the end
        auto hex = [](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        };
        const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        const char c = static_cast<char>(hi * 16 + lo);
        if (c == '\0' || c == '/') return std::nullopt;
        out += c;
        i += 2;
    }
    return out;
}

std::optional<fs::path> file_under(const fs::path& root, std::string_view relative) {
    if (relative.empty() || relative.front() == '/' || relative.size() > 1024) return std::nullopt;
    if (relative.find('\0') != std::string_view::npos || relative.find('\\') != std::string_view::npos) return std::nullopt;
    std::size_t at = 0;
    while (at <= relative.size()) {
        const std::size_t end = std::min(relative.find('/', at), relative.size());
        const std::string_view part = relative.substr(at, end - at);
        if (part.empty() || part == "." || part == "..") return std::nullopt;
        at = end + 1;
    }
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec) return std::nullopt;
    const fs::path file = fs::canonical(base / fs::path(std::string(relative)), ec);
    if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
    // Under the root, component by component (a prefix of the text is not enough: /web-other).
    auto b = base.begin();
    auto f = file.begin();
    for (; b != base.end(); ++b, ++f)
        if (f == file.end() || *f != *b) return std::nullopt;
    return file;
}

std::string content_type(const fs::path& file) {
    const std::string ext = file.extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".json") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

}  // namespace cherries::web
