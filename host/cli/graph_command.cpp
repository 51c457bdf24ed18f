// `cherries graph GAMETYPE`: the gametype's reference graph (GDD §3.3.1.3) as SVG, PNG or PDF.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <optional>

#include "host/cli/commands.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/design/reference_graph.hpp"

namespace cherries::host {

namespace {

struct GraphOptions {
    std::string gametype;
    std::string output;  // empty: SVG on stdout
    std::optional<std::int64_t> max_cherries;
    sdk::PluginSelection plugins;  // only --plugin-path
};

int run_graph(const GraphOptions& o) {
    const sdk::Bundle bundle = sdk::load_bundle({}, o.gametype, o.plugins.plugin_path);
    const auto runtime = bundle.make_runtime();
    const ReferenceGraph graph = tabulate_reference_graph(bundle.gametype(), *runtime, o.max_cherries);
    if (o.output.empty()) {
        std::cout << reference_graph_svg(graph);
        return 0;
    }
    write_reference_graph(graph, o.output);
    fmt::print("wrote {}: {}, cherry counts 0 to {}, winning score {}\n", o.output, graph.title,
               graph.changes.size() - 1, graph.winning_score);
    return 0;
}

}  // namespace

void add_graph_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<GraphOptions>();
    CLI::App* cmd = app.add_subcommand("graph", "Draw a gametype's reference graph (GDD 3.3.1.3) as SVG, PNG or PDF");
    cmd->add_option("gametype", options->gametype, "Gametype name or folder")->required();
    cmd->add_option("-o,--output", options->output, "Output file: .svg, .png or .pdf (default: SVG on stdout)");
    cmd->add_option("--max-cherries", options->max_cherries,
                    fmt::format("Last cherry count drawn, 0 to {} (default: two past the last non-zero change)",
                                kMaxGraphCherries));
    add_plugin_path_option(*cmd, options->plugins);
    cmd->callback([options, &run] { run = [options] { return run_graph(*options); }; });
}

}  // namespace cherries::host
