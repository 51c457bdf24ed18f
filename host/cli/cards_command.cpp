// `cherries cards SET...`: print-and-play sheets of a set's cards (GDD §3.3.2.1.2) as a PDF,
// and one PNG per card kind.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "host/cli/commands.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/design/card_sheet.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::host {

namespace {

struct CardsOptions {
    std::vector<std::string> sets;
    std::string output;  // empty: cards.pdf, unless only --png was asked for
    std::string paper = "a4";
    std::string png_dir;
    double bleed = 0;
    sdk::PluginSelection plugins;  // only --plugin-path
};

int run_cards(const CardsOptions& o) {
    const SheetLayout layout = lay_out_sheet(paper_named(o.paper), o.bleed);
    std::vector<CardFront> fronts;
    std::optional<CardBack> back;
    std::vector<std::filesystem::path> folders;
    for (const std::string& name : o.sets) folders.push_back(sdk::find_plugin("set", name, o.plugins.plugin_path));
    // Loaded as a game would load them (the official gametype), so that a modifier without
    // `text` is described from its functions (sdk::describe_card) and a broken set is refused.
    const sdk::Bundle bundle = sdk::Bundle::load(folders, sdk::find_plugin("gametype", "official", o.plugins.plugin_path));
    const CardText words(bundle);
    for (const std::filesystem::path& folder : folders) {
        std::vector<sdk::Diagnostic> problems;
        const sdk::SetManifest set = sdk::read_set_manifest(folder, problems);
        if (std::any_of(problems.begin(), problems.end(),
                        [](const sdk::Diagnostic& d) { return d.severity == sdk::Diagnostic::Severity::error; }))
            throw sdk::LoadError(problems);
        for (CardFront& f : card_fronts(set, &words)) fronts.push_back(std::move(f));
        // One back for every card (GDD §3.3.2.1.2.3): the first set's, or the first picture given.
        if (!back || (back->picture.empty() && !set.back_picture.empty())) back = card_back(set);
    }
    if (!o.png_dir.empty()) {
        const auto files = write_card_pngs(fronts, *back, o.png_dir);
        fmt::print("wrote {} images ({} x {} px) to {}\n", files.size(), kCardPngPixels, kCardPngPixels, o.png_dir);
    }
    if (o.output.empty() && !o.png_dir.empty()) return 0;
    const std::string file = o.output.empty() ? "cards.pdf" : o.output;
    const SheetSummary summary = write_cards_pdf(fronts, *back, layout, file);
    fmt::print(
        "wrote {}: {} cards on {} sheets ({} pages, fronts then mirrored backs), {}, {} per sheet, "
        "{} mm bleed\n",
        file, summary.cards, summary.sheets, 2 * summary.sheets, layout.paper.name, layout.per_page(), layout.bleed);
    return 0;
}

}  // namespace

void add_cards_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<CardsOptions>();
    CLI::App* cmd =
        app.add_subcommand("cards", "Print-and-play: card sheets as a PDF with cut marks, and PNGs per card");
    cmd->add_option("sets", options->sets, "Card sets, by name or folder")->required();
    cmd->add_option("-o,--output", options->output, "PDF file to write (default: cards.pdf)");
    cmd->add_option("--paper", options->paper, "Paper size: a4 or letter")->capture_default_str();
    cmd->add_option("--png", options->png_dir, "Also write one PNG per card kind (and back.png) into this folder");
    cmd->add_option("--bleed", options->bleed, "Millimetres of picture past the cut line, 0 to 5")
        ->capture_default_str();
    add_plugin_path_option(*cmd, options->plugins);
    cmd->callback([options, &run] { run = [options] { return run_cards(*options); }; });
}

}  // namespace cherries::host
