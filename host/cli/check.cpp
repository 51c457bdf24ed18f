// `cherries check PATH... [--set A --gametype G]`: every problem in the plugins at once, printed
// like a compiler's diagnostics (or as JSON), then a summary; exit status 1 on any error. With
// --set/--gametype it also plays bot games of that combination (host/cli/check_combination.hpp).
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <chrono>
#include <filesystem>
#include <tuple>
#include <iostream>
#include <memory>
#include <thread>

#include "host/batch/check_bot.hpp"
#include "host/cli/check_combination.hpp"
#include "host/cli/check_scenarios.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/base/input_error.hpp"
#include "host/design/print_lint.hpp"
#include "sdk/check/check.hpp"

namespace cherries::host {

namespace {

struct CheckOptions {
    std::vector<std::filesystem::path> paths;
    std::vector<std::string> sets;  ///< --set: names or folders
    std::string gametype;           ///< --gametype: name or folder
    sdk::PluginSelection plugins;          ///< --plugin-path
    CombinationOptions combination;
    bool json = false;
    bool watch = false;         ///< --watch: check again whenever a file under `paths` changes
    std::uint64_t watch_runs = 0;  ///< --watch-runs: stop after this many checks (0: never; for tests)
    const CLI::Option* games_option = nullptr;  ///< to tell whether --games was given
};

// What --watch compares: every file under `paths` (hidden folders skipped) with its size and
// modification time. Files that cannot be read are left out.
std::vector<std::tuple<std::string, std::uintmax_t, std::filesystem::file_time_type>> snapshot(
    const std::vector<std::filesystem::path>& paths) {
    std::vector<std::tuple<std::string, std::uintmax_t, std::filesystem::file_time_type>> files;
    for (const auto& root : paths) {
        std::error_code ec;
        for (auto it = std::filesystem::recursive_directory_iterator(root, ec); !ec && it != decltype(it){}; it.increment(ec)) {
            if (it->path().filename().string().starts_with(".")) {
                if (it->is_directory(ec)) it.disable_recursion_pending();
                continue;
            }
            std::error_code e2;
            if (!it->is_regular_file(e2)) continue;
            const auto size = it->file_size(e2);
            const auto time = it->last_write_time(e2);
            if (!e2) files.emplace_back(it->path().string(), size, time);
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

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
        throw InputError("nothing to check: give plugin folders (e.g. 'cherries check sets gametypes'), or --set and "
                         "--gametype to check a combination");
    if (!combination && o.games_option && o.games_option->count() > 0)
        throw InputError("--games applies to the games of a combination: give --set and/or --gametype too");
    if (combination && o.combination.games < 2) throw InputError("--games must be at least 2");

    // The combination's plugins are checked like any folder given.
    std::vector<std::filesystem::path> paths = o.paths;
    sdk::GamePluginFolders folders;
    if (combination) {
        folders = sdk::find_plugins(o.sets, o.gametype, o.plugins.plugin_path);
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
            // How its cards would print (`cherries cards`): from the layout's numbers, no drawing.
            const auto manifest = std::find_if(report.set_manifests.begin(), report.set_manifests.end(),
                                               [&](const sdk::SetManifest& m) { return m.file.rfind(prefix, 0) == 0; });
            if (manifest != report.set_manifests.end())
                for (auto& d : lint_print(*manifest)) report.diagnostics.push_back(std::move(d));
            for (const auto& file : set_scenarios(set)) {
                ++scenarios;
                for (auto& d : run_set_scenario(set, file, o.plugins.plugin_path)) report.diagnostics.push_back(std::move(d));
            }
        }
        sdk::check::sort_diagnostics(report.diagnostics);
    }

    std::size_t bots = 0;  // bot plugins (host/batch/check_bot.hpp)
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
            // A plugin whose own check found errors has them reported already, where the designer
            // wrote them: the load's wording of the same problem would be a follow-on.
            for (const auto& d : e.diagnostics()) {
                const auto same = [&](const sdk::Diagnostic& r) { return r.to_string() == d.to_string(); };
                const std::string folder = std::filesystem::path(d.file).parent_path().string() + "/";
                const auto covered = [&](const sdk::Diagnostic& r) {
                    return r.severity == sdk::Diagnostic::Severity::error && !d.file.empty() && r.file.rfind(folder, 0) == 0;
                };
                if (std::none_of(report.diagnostics.begin(), report.diagnostics.end(), same) &&
                    std::none_of(report.diagnostics.begin(), report.diagnostics.end(), covered))
                    report.diagnostics.push_back(d);
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
        // A hint is given once: one `/` in a function faults in every probe and test that calls it.
        std::set<std::string> hinted;
        for (sdk::Diagnostic d : report.diagnostics) {
            std::erase_if(d.notes, [&](const sdk::DiagnosticNote& n) { return n.kind == "hint" && !hinted.insert(n.message).second; });
            text += (d.file.empty() ? "cherries: " : "") + d.to_string() + "\n";
        }
        text += report.summary();
        if (bots) text += fmt::format("; {} bot plugin{}", bots, bots == 1 ? "" : "s");
        if (scenarios) text += fmt::format("; ran {} scenario{}", scenarios, scenarios == 1 ? "" : "s");
        if (combination) text += games ? fmt::format("; played {} bot games", games) : "; " + skipped;
        std::cout << text << '\n';
    }
    return report.errors() ? 1 : 0;
}

}  // namespace

// --watch: checks, then polls the files every 0.5 s and checks again when one changes, until
// interrupted (or `watch_runs` checks). The exit status is the last check's.
int watch_check(const CheckOptions& o) {
    std::uint64_t runs = 0;
    for (;;) {
        auto before = snapshot(o.paths);
        int status = 0;
        try {
            status = run_check(o);
        } catch (const sdk::LoadError& e) {  // no plugin found (yet): say so and keep watching
            for (const auto& d : e.diagnostics()) std::cout << d.to_string() << '\n';
            status = 2;
        }
        if (o.watch_runs && ++runs >= o.watch_runs) return status;
        std::cout << "watching for changes (Ctrl-C to stop)" << std::endl;
        while (snapshot(o.paths) == before) std::this_thread::sleep_for(std::chrono::milliseconds(500));
        std::cout << "\n";
    }
}

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
    auto* watch = cmd->add_flag("--watch", options->watch, "Check again whenever a file in the plugin folders changes");
    add_integer_option<std::uint64_t>(*cmd, "--watch-runs", options->watch_runs, 1, UINT64_MAX,
                                      "With --watch: stop after this many checks")
        ->needs(watch);
    cmd->callback([options, &run] {
        run = [options] {
            if (options->watch && options->paths.empty()) throw InputError("--watch needs plugin folders to watch");
            return options->watch ? watch_check(*options) : run_check(*options);
        };
    });
}

}  // namespace cherries::host
