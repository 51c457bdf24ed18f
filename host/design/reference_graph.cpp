#include "host/design/reference_graph.hpp"
#include "host/design/drawing.hpp"
#include "host/design/report_html.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "engine/turn.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

constexpr double kWidth = 720, kHeight = 420;
constexpr double kLeft = 70, kRight = kWidth - 24, kTop = 56, kBottom = kHeight - 62;

// A tick step of 1, 2 or 5 times a power of ten giving at most about 8 ticks.
std::int64_t tick_step(std::int64_t span) {
    for (std::int64_t power = 1;; power *= 10)
        for (std::int64_t m : {1, 2, 5})
            if (span <= 8 * m * power) return m * power;
}

std::string signed_text(std::int64_t n) { return n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n); }

}  // namespace

ReferenceGraph tabulate_reference_graph(const Gametype& gametype, Evaluator& evaluator,
                                        std::optional<std::int64_t> max_cherries) {
    if (max_cherries && (*max_cherries < 0 || *max_cherries > kMaxGraphCherries))
        throw InputError(fmt::format("--max-cherries: expected 0 to {}, saw {}", kMaxGraphCherries, *max_cherries));
    std::int64_t last = max_cherries.value_or(-1);
    if (!max_cherries) {
        std::int64_t last_nonzero = 0;
        for (std::size_t i = 0; i < gametype.distribution.size(); ++i)
            if (gametype.distribution[i] != 0) last_nonzero = static_cast<std::int64_t>(i);
        last = std::max<std::int64_t>(last_nonzero + 2, 3);
    }
    ReferenceGraph graph{gametype.name + " " + gametype.version, gametype.winning_score, {}};
    for (std::int64_t cherries = 0; cherries <= last; ++cherries) {
        std::int64_t change = 0;
        std::string message;
        if (!distribution_change(gametype, evaluator, cherries, change, message))
            throw InputError(fmt::format("{} (at {} cherries)", message, cherries));
        graph.changes.push_back(change);
    }
    return graph;
}

std::string reference_graph_svg(const ReferenceGraph& graph) {
    const auto [min_it, max_it] = std::minmax_element(graph.changes.begin(), graph.changes.end());
    const std::int64_t low = std::min<std::int64_t>(0, graph.changes.empty() ? 0 : *min_it);
    const std::int64_t high = std::max<std::int64_t>({1, graph.winning_score, graph.changes.empty() ? 0 : *max_it});
    const std::int64_t step = tick_step(high - low);
    const std::int64_t axis_low = low < 0 ? -((-low + step - 1) / step) * step : 0;
    std::int64_t axis_high = (high + step - 1) / step * step;
    if (axis_high == graph.winning_score) axis_high += step;  // room for the line's label
    const auto y_of = [&](double v) {
        return kBottom - (v - axis_low) / double(axis_high - axis_low) * (kBottom - kTop);
    };
    const std::size_t n = std::max<std::size_t>(1, graph.changes.size());
    const double bracket = (kRight - kLeft) / double(n);
    const std::size_t label_every = (n + 29) / 30;

    std::string s = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"DejaVu Sans, sans-serif\">\n"
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n"
        "<text class=\"title\" x=\"{2}\" y=\"30\" font-size=\"20\" font-weight=\"bold\" "
        "text-anchor=\"middle\">{3}</text>\n",
        kWidth, kHeight, (kLeft + kRight) / 2, html_escape(graph.title));
    // Horizontal grid and score ticks.
    for (std::int64_t v = axis_low; v <= axis_high; v += step) {
        s += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{:.2f}\" x2=\"{}\" y2=\"{:.2f}\" stroke=\"#dddddd\"/>\n",
                         kLeft, y_of(double(v)), kRight, y_of(double(v)));
        s += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{:.2f}\" font-size=\"12\" text-anchor=\"end\">{}</text>\n",
                         kLeft - 6, y_of(double(v)) + 4, v);
    }
    // One bracket per cherry count: its label, and a bar when the change is not zero.
    for (std::size_t i = 0; i < graph.changes.size(); ++i) {
        const double x = kLeft + bracket * double(i);
        if (i % label_every == 0)
            s += fmt::format(
                "<text class=\"bracket\" x=\"{:.2f}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                x + bracket / 2, kBottom + 18, i);
        const std::int64_t change = graph.changes[i];
        if (change == 0) continue;
        const double top = y_of(double(std::max<std::int64_t>(change, 0))),
                     bottom = y_of(double(std::min<std::int64_t>(change, 0)));
        s += fmt::format(
            "<rect class=\"bar {}\" data-cherries=\"{}\" data-change=\"{}\" x=\"{:.2f}\" y=\"{:.2f}\" "
            "width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\"/>\n",
            change > 0 ? "positive" : "negative", i, change, x + bracket * 0.15, top, bracket * 0.7, bottom - top,
            change > 0 ? "#b3122e" : "#2e5fa3");
        if (n <= 40)
            s += fmt::format(
                "<text class=\"value\" x=\"{:.2f}\" y=\"{:.2f}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                x + bracket / 2, change > 0 ? top - 4 : bottom + 13, signed_text(change));
    }
    // Axes, zero line, the winning score across the whole width, axis titles.
    s += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000000\"/>\n", kLeft,
                     kTop, kBottom);
    s += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#000000\"/>\n", kLeft,
                     kBottom, kRight);
    s += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"{1:.2f}\" x2=\"{2}\" y2=\"{1:.2f}\" stroke=\"#000000\"/>\n",
                     kLeft, y_of(0), kRight);
    const double win = y_of(double(graph.winning_score));
    s += fmt::format(
        "<line class=\"winning-score\" data-score=\"{0}\" x1=\"{1}\" y1=\"{2:.2f}\" x2=\"{3}\" y2=\"{2:.2f}\" "
        "stroke=\"#1f7a3a\" stroke-width=\"2.5\" stroke-dasharray=\"10 5\"/>\n"
        "<text class=\"winning-label\" x=\"{3}\" y=\"{4:.2f}\" font-size=\"13\" text-anchor=\"end\" "
        "fill=\"#1f7a3a\">winning score {0}</text>\n",
        graph.winning_score, kLeft, win, kRight, win - 6);
    s += fmt::format(
        "<text class=\"axis-label\" x=\"{:.2f}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">"
        "Cherries at the end of the turn</text>\n",
        (kLeft + kRight) / 2, kHeight - 18);
    s += fmt::format(
        "<text class=\"axis-label\" transform=\"translate(22 {:.2f}) rotate(-90)\" font-size=\"14\" "
        "text-anchor=\"middle\">Score change</text>\n",
        (kTop + kBottom) / 2);
    return s + "</svg>\n";
}

void write_reference_graph(const ReferenceGraph& graph, const std::filesystem::path& file) {
    const std::string svg = reference_graph_svg(graph);
    const std::string ext = file.extension().string();
    if (ext == ".svg") {
        std::ofstream out(file, std::ios::binary);
        out << svg;
        out.close();
        if (!out) throw InputError(fmt::format("cannot write '{}'", file.string()));
        return;
    }
    if (ext != ".png" && ext != ".pdf")
        throw InputError(fmt::format("-o '{}': expected a file name ending in .svg, .png or .pdf", file.string()));
    design_drawing().svg_image(svg, kWidth, kHeight, ext == ".png" ? 2.0 : 1.0, file);
}

}  // namespace cherries::host
