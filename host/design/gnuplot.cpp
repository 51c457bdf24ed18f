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

namespace {

// Runs gnuplot on `charts` in one script; the SVGs, or the error text when gnuplot failed.
struct GnuplotRun {
    std::vector<std::string> svgs;
    std::string error;  // empty: every chart drawn
};

GnuplotRun run_gnuplot(const std::vector<GnuplotChart>& charts) {
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
    GnuplotRun run;
    if (status != 0) {
        std::string errors = read_text_file(err_file, "gnuplot's messages");
        if (errors.size() > 600) errors = errors.substr(0, 600) + "...";
        run.error = errors.empty() ? fmt::format("exit status {}", status) : errors;
        return run;
    }
    for (std::size_t i = 0; i < charts.size(); ++i) {
        std::string svg = read_text_file(dir.path / fmt::format("chart-{}.svg", i), "gnuplot's chart");
        const auto start = svg.find("<svg");
        if (start == std::string::npos) throw InputError(fmt::format("gnuplot wrote no SVG for chart {}", i + 1));
        run.svgs.push_back(svg.substr(start));
    }
    return run;
}

// What stands in for a chart gnuplot refused: a box that says so, the page still written.
std::string chart_not_drawn(const GnuplotChart& chart, const std::string& error) {
    std::string first = error.substr(0, error.find('\n'));
    std::string escaped;
    for (char c : first.substr(0, 160)) {
        if (c == '<') escaped += "&lt;";
        else if (c == '>') escaped += "&gt;";
        else if (c == '&') escaped += "&amp;";
        else escaped += c;
    }
    return fmt::format("<svg xmlns='http://www.w3.org/2000/svg' width='{}' height='60'><rect width='100%' height='100%' "
                       "fill='#fafafa' stroke='#cccccc'/><text x='10' y='25' font-family='sans-serif' font-size='12'>"
                       "This chart was not drawn: its data cannot make one (gnuplot said: {}).</text></svg>",
                       chart.width, escaped);
}

}  // namespace

std::vector<std::string> gnuplot_svgs(const std::vector<GnuplotChart>& charts) {
    if (charts.empty()) return {};
    GnuplotRun all = run_gnuplot(charts);
    if (all.error.empty()) return all.svgs;
    // One chart's data may be degenerate (every game one length): draw the others, and say so in
    // that one's place. Only when none can be drawn is gnuplot itself the problem.
    std::vector<std::string> svgs;
    std::size_t drawn = 0;
    for (const GnuplotChart& chart : charts) {
        GnuplotRun one = run_gnuplot({chart});
        if (one.error.empty()) {
            svgs.push_back(one.svgs.front());
            ++drawn;
        } else {
            svgs.push_back(chart_not_drawn(chart, one.error));
        }
    }
    if (drawn == 0)
        throw InputError(fmt::format("cannot draw the charts with gnuplot (is gnuplot installed? Debian: gnuplot-nox): {}",
                                     all.error));
    return svgs;
}

}  // namespace cherries::host
