#include "host/design/gnuplot.hpp"

#include <fmt/core.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "host/base/file_io.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

// A private temporary folder, removed with everything in it at the end of the scope.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "cherries-report-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) throw InputError("cannot create a temporary folder for gnuplot");
        path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

}  // namespace

std::string gnuplot_quote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::vector<std::string> gnuplot_svgs(const std::vector<GnuplotChart>& charts) {
    if (charts.empty()) return {};
    const TempDir dir;
    std::string script;
    for (std::size_t i = 0; i < charts.size(); ++i) {
        script += fmt::format("reset\nset terminal svg size {},{} noenhanced font 'sans,11' background '#ffffff'\nset output {}\n",
                              charts[i].width, charts[i].height,
                              gnuplot_quote((dir.path / fmt::format("chart-{}.svg", i)).string()));
        script += charts[i].script;
        script += "\nunset output\n";
    }
    const auto script_file = dir.path / "charts.gp";
    const auto err_file = dir.path / "errors.txt";
    std::ofstream(script_file, std::ios::binary) << script;
    const std::string command = fmt::format("gnuplot '{}' >/dev/null 2>'{}'", script_file.string(), err_file.string());
    const int status = std::system(command.c_str());
    if (status != 0) {
        std::string errors = read_text_file(err_file, "gnuplot's messages");
        if (errors.size() > 600) errors = errors.substr(0, 600) + "...";
        throw InputError(fmt::format("cannot draw the charts with gnuplot (is gnuplot installed? Debian: gnuplot-nox): {}",
                                     errors.empty() ? fmt::format("exit status {}", status) : errors));
    }
    std::vector<std::string> svgs;
    for (std::size_t i = 0; i < charts.size(); ++i) {
        std::string svg = read_text_file(dir.path / fmt::format("chart-{}.svg", i), "gnuplot's chart");
        const auto start = svg.find("<svg");
        if (start == std::string::npos) throw InputError(fmt::format("gnuplot wrote no SVG for chart {}", i + 1));
        svgs.push_back(svg.substr(start));
    }
    return svgs;
}

}  // namespace cherries::host
