#include "host/web/static_files.hpp"

#include <boost/beast/zlib/deflate_stream.hpp>
#include <boost/crc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <stdexcept>
#include <system_error>
#include <tuple>

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
    std::set<std::string> seen{"index.html", "table.html", "replay.html", "ranking.html", "names.html"};
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

std::string gzip(std::string_view bytes) {
    namespace zlib = boost::beast::zlib;
    zlib::deflate_stream deflate;
    deflate.reset(9, 15, 8, zlib::Strategy::normal);
    std::string out = {'\x1f', '\x8b', 8, 0, 0, 0, 0, 0, 2, 3};  // gzip, deflate, no name or time, best, Unix
    const std::size_t header = out.size();
    out.resize(header + deflate.upper_bound(bytes.size()) + 64);
    zlib::z_params z;
    z.next_in = bytes.data();
    z.avail_in = bytes.size();
    z.next_out = out.data() + header;
    z.avail_out = out.size() - header;
    boost::system::error_code ec;
    deflate.write(z, zlib::Flush::finish, ec);
    if (ec && ec != zlib::error::end_of_stream) throw std::runtime_error("gzip: " + ec.message());
    out.resize(header + z.total_out);
    boost::crc_32_type crc;
    crc.process_bytes(bytes.data(), bytes.size());
    for (const std::uint32_t word : {static_cast<std::uint32_t>(crc.checksum()), static_cast<std::uint32_t>(bytes.size())})
        for (int i = 0; i < 4; ++i) out += static_cast<char>((word >> (8 * i)) & 0xff);
    return out;
}

bool fingerprinted(std::string_view name) {
    static const std::regex print(R"re((^|[/.])[0-9a-f]{8,64}\.|(^|/)[0-9a-f]{64}(/|$))re");
    return std::regex_search(name.begin(), name.end(), print);
}

namespace {

std::string fmt_hex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 15];
    return out;
}

std::string http_date(std::time_t t) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[64];
    const std::size_t n = std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    return std::string(text, n);
}

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// Whether If-None-Match (a list of entity tags, weak ones with W/) names `etag`.
bool matches(std::string_view if_none_match, std::string_view etag) {
    std::size_t at = 0;
    while (at < if_none_match.size()) {
        std::size_t end = if_none_match.find(',', at);
        if (end == std::string_view::npos) end = if_none_match.size();
        std::string_view tag = if_none_match.substr(at, end - at);
        while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
        while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
        if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
        if (tag == "*" || tag == etag) return true;
        at = end + 1;
    }
    return false;
}

// "gzip" among Accept-Encoding's codings, not refused with q=0.
bool accepts_gzip(std::string_view accept) {
    std::string lower(accept);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    static const std::regex gz(R"re((^|,)\s*(gzip|\*)\s*(;\s*q\s*=\s*([0-9.]+))?\s*(,|$))re");
    for (std::sregex_iterator it(lower.begin(), lower.end(), gz), end; it != end; ++it) {
        const std::string q = (*it)[4].str();
        if (q.empty() || std::strtod(q.c_str(), nullptr) > 0) return true;
    }
    return false;
}

}  // namespace

StaticAnswer static_answer(const fs::path& file, const std::string& bytes, std::string_view if_none_match,
                           std::string_view accept_encoding, bool fingerprinted) {
    StaticAnswer out;
    std::error_code ec;
    const auto written = fs::last_write_time(file, ec);
    const std::time_t modified = ec ? std::time(nullptr)
                                    : std::chrono::system_clock::to_time_t(
                                          std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(written)));
    const std::string tag = fmt_hex(fnv1a(bytes));
    // The gzip form, made once per file and content (a few files, each at most a few tens of KB).
    std::string packed;
    const bool want_gzip = accepts_gzip(accept_encoding) && bytes.size() >= 256;
    if (want_gzip) {
        static std::mutex guard;
        static std::map<std::string, std::pair<std::string, std::string>> kept;  // file -> (tag, gzip)
        const std::lock_guard lock(guard);
        auto& entry = kept[file.string()];
        if (entry.first != tag) entry = {tag, gzip(bytes)};
        packed = entry.second;
    }
    const bool gzipped = want_gzip && packed.size() < bytes.size();
    const std::string etag = "\"" + tag + (gzipped ? "-gz" : "") + "\"";
    out.headers = {{"ETag", etag},
                   {"Last-Modified", http_date(modified)},
                   {"Cache-Control", fingerprinted ? "public, max-age=31536000, immutable" : "no-cache"},
                   {"Vary", "Accept-Encoding"}};
    if (matches(if_none_match, etag)) {
        out.status = 304;
        return out;
    }
    if (gzipped) {
        out.headers.emplace_back("Content-Encoding", "gzip");
        out.body = std::move(packed);
    } else {
        out.body = bytes;
    }
    return out;
}

}  // namespace cherries::web
