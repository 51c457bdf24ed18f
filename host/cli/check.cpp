// `cherries check PATH... [--set A --gametype G]`: every problem in the plugins at once, printed
// like a compiler's diagnostics (or as JSON), then a summary; exit status 1 on any error. With
// --set/--gametype it also plays bot games of that combination (host/cli/check_combination.hpp).
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <thread>

#include "host/bots/check_bot.hpp"
#include "host/cli/check_combination.hpp"
#include "host/cli/check_scenarios.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/cli/usage_error.hpp"
#include "sdk/check/check.hpp"

namespace cherries::host {

namespace {

struct CheckOptions {
    std::vector<std::filesystem::path> paths;
    std::vector<std::string> sets;  ///< --set: names or folders
    std::string gametype;           ///< --gametype: name or folder
    PluginOptions plugins;          ///< --plugin-path
    CombinationOptions combination;
    bool json = false;
    const CLI::Option* games_option = nullptr;  ///< to tell whether --games was given
};

// One diagnostic; `notes` holds its other places (the card in the manifest, the function's line
// in the Lua file) and hints, each {kind, file, line, column, message}.
nlohmann::json to_json(const sdk::Diagnostic& d) {
    nlohmann::json notes = nlohmann::json::array();
    for (const auto& n : d.notes)
        notes.push_back({{"kind", n.kind}, {"file", n.file}, {"line", n.line}, {"column", n.column}, {"message", n.message}});
    return {{"file", d.file}, {"line", d.line}, {"column", d.column},
            {"severity", d.severity == sdk::Diagnostic::Severity::error ? "error" : "warning"}, {"message", d.message},
            {"notes", std::move(notes)}};
}

int run_check(const CheckOptions& o) {
    const bool combination = !o.sets.empty() || !o.gametype.empty();
    if (o.paths.empty() && !combination)
        throw UsageError("nothing to check: give plugin folders (e.g. 'cherries check sets gametypes'), or --set and "
                         "--gametype to check a combination");
    if (!combination && o.games_option && o.games_option->count() > 0)
        throw UsageError("--games applies to the games of a combination: give --set and/or --gametype too");
    if (combination && o.combination.games < 2) throw UsageError("--games must be at least 2");

    // The combination's plugins are checked like any folder given.
    std::vector<std::filesystem::path> paths = o.paths;
    GamePluginFolders folders;
    if (combination) {
        folders = find_plugins(o.sets, o.gametype, o.plugins.plugin_path);
        paths.insert(paths.end(), folders.sets.begin(), folders.sets.end());
        paths.push_back(folders.gametype);
    }
    const unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    // A folder that holds only bot plugins is checked by check_bot below, not by the sdk.
    std::erase_if(paths, [](const std::filesystem::path& p) { return holds_only_bots(p); });
    sdk::check::CheckReport report;
    std::size_t scenarios = 0;  // a set's scenarios/*.toml, run as its designer tests
    if (!paths.empty()) {
        const auto found = sdk::check::find_plugin_folders(paths);
        report = sdk::check::check_plugins(found, jobs);
        for (const auto& set : found.sets) {
            const std::string prefix = set.string() + "/";
            const bool set_ok = std::none_of(report.diagnostics.begin(), report.diagnostics.end(), [&](const sdk::Diagnostic& d) {
                return d.severity == sdk::Diagnostic::Severity::error && d.file.rfind(prefix, 0) == 0;
            });
            if (!set_ok) continue;  // its errors are reported; its scenarios would only repeat them
            for (const auto& file : set_scenarios(set)) {
                ++scenarios;
                for (auto& d : run_set_scenario(set, file, o.plugins.plugin_path)) report.diagnostics.push_back(std::move(d));
            }
        }
        sdk::check::sort_diagnostics(report.diagnostics);
    }

    std::size_t bots = 0;  // bot plugins (host/bots/check_bot.hpp)
    for (const auto& folder : find_bot_folders(o.paths)) {
        ++bots;
        for (auto& d : check_bot(folder)) report.diagnostics.push_back(std::move(d));
    }
    std::uint64_t games = 0;
    std::string skipped;
    if (combination) {
        try {
            const sdk::Bundle bundle = sdk::Bundle::load(folders.sets, folders.gametype);
            CombinationOptions options = o.combination;
            options.jobs = jobs;
            for (auto& d : check_combination(bundle, options)) report.diagnostics.push_back(std::move(d));
            games = options.games;
            sdk::check::sort_diagnostics(report.diagnostics);
        } catch (const sdk::LoadError& e) {
            // Most of its errors were found by the checks above; a combination can also fail on
            // its own (two sets with one id, too many cards together): report what is new.
            for (const auto& d : e.diagnostics()) {
                const auto same = [&](const sdk::Diagnostic& r) { return r.to_string() == d.to_string(); };
                if (std::none_of(report.diagnostics.begin(), report.diagnostics.end(), same)) report.diagnostics.push_back(d);
            }
            sdk::check::sort_diagnostics(report.diagnostics);
            skipped = "the combination does not load, so no games were played";
        }
    }

    if (o.json) {
        nlohmann::json diagnostics = nlohmann::json::array();
        for (const auto& d : report.diagnostics) diagnostics.push_back(to_json(d));
        nlohmann::json summary = {{"sets", report.sets}, {"gametypes", report.gametypes}, {"errors", report.errors()},
                                  {"warnings", report.warnings()}};
        if (combination) summary["games"] = games;
        if (bots) summary["bots"] = bots;
        if (scenarios) summary["scenarios"] = scenarios;
        std::cout << nlohmann::json{{"diagnostics", diagnostics}, {"summary", summary}}.dump(
                         2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << '\n';
    } else {
        std::string text;
        for (const auto& d : report.diagnostics) text += (d.file.empty() ? "cherries: " : "") + d.to_string() + "\n";
        text += report.summary();
        if (bots) text += fmt::format("; {} bot plugin{}", bots, bots == 1 ? "" : "s");
        if (scenarios) text += fmt::format("; ran {} scenario{}", scenarios, scenarios == 1 ? "" : "s");
        if (combination) text += games ? fmt::format("; played {} bot games", games) : "; " + skipped;
        std::cout << text << '\n';
    }
    return report.errors() ? 1 : 0;
}

}  // namespace

void add_check_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<CheckOptions>();
    CLI::App* cmd = app.add_subcommand(
        "check", "Check card sets and gametypes: manifests, Lua code, function behaviour, designer tests, lints");
    cmd->add_option("paths", options->paths,
                    "Plugin folders, or folders holding plugins (searched 2 levels down), e.g. 'sets gametypes' or '.'");
    cmd->add_option("--set", options->sets,
                    "Also play bot games with this card set, by name or folder (repeatable; default: standard)");
    cmd->add_option("--gametype", options->gametype, "Also play bot games with this gametype (default: official)");
    add_plugin_path_option(*cmd, options->plugins);
    options->games_option =
        add_integer_option<std::uint64_t>(*cmd, "--games", options->combination.games, 2, UINT64_MAX,
                                          "Bot games to play with --set/--gametype (half random, half greedy bots)")
            ->capture_default_str();
    cmd->add_flag("--json", options->json, "Print the diagnostics and the summary as JSON");
    cmd->callback([options, &run] { run = [options] { return run_check(*options); }; });
}

}  // namespace cherries::host
