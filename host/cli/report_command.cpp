// `cherries report`: the balance report (docs/report.md), played here, by shards, or merged
// from shards (docs/cluster.md).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "host/cli/batch_options.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/batch_options.hpp"
#include "host/cli/number_option.hpp"
#include "host/design/report_agents.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/cli/what_if_options.hpp"
#include "host/base/file_io.hpp"
#include "host/base/input_error.hpp"
#include "host/design/report_compare.hpp"
#include "host/design/report_html.hpp"
#include "host/design/report_run.hpp"
#include "host/design/report_stats.hpp"
#include "host/design/report_whatif.hpp"
#include "host/batch/shard.hpp"

namespace cherries::host {

namespace {

// Writes `text` to `path` whole. Throws InputError naming the file when it cannot.
void write_text_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw InputError(fmt::format("{}: cannot write the file: {}", path, std::strerror(errno)));
}

// Reads a JSON file whole. Throws InputError naming the file when it cannot be read or parsed.
nlohmann::json read_json_file(const std::string& path) {
    const std::string text = read_text_file(path, "the JSON file");  // regular files only, size-capped
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(fmt::format("{}: not JSON: {}", path, e.what()));
    }
}

// Fails early, before minutes of games, when `path` cannot be written; leaves no new file behind.
void check_writable(const std::string& path) {
    if (path.empty()) return;
    const bool existed = std::filesystem::exists(path);
    std::ofstream out(path, std::ios::binary | std::ios::app);
    if (!out) throw InputError(fmt::format("{}: cannot write the file: {}", path, std::strerror(errno)));
    out.close();
    if (!existed) std::filesystem::remove(path);
}

// The verdicts' band from --band-margin and --band (points). Throws InputError for a bad band.
VerdictOptions verdict_options(double margin, const std::string& band) {
    VerdictOptions v;
    v.margin = margin / 100;
    if (band.empty()) return v;
    const auto dots = band.find("..");
    double low = 0, high = 0;
    try {
        if (dots == std::string::npos) throw std::invalid_argument("no ..");
        std::size_t used = 0;
        const std::string a = band.substr(0, dots), b = band.substr(dots + 2);
        low = std::stod(a, &used);
        if (used != a.size()) throw std::invalid_argument("trailing");
        high = std::stod(b, &used);
        if (used != b.size()) throw std::invalid_argument("trailing");
    } catch (const std::exception&) {
        throw InputError(fmt::format("--band {}: expected LOW..HIGH in percentage points, e.g. --band=-5..5", band));
    }
    if (!(low <= high) || low < -100 || high > 100)
        throw InputError(fmt::format("--band {}: expected -100 <= LOW <= HIGH <= 100", band));
    v.band = std::pair{low / 100, high / 100};
    return v;
}

}  // namespace

void add_report_command(CLI::App& app, Command& run) {
    struct State {
        ReportOptions report;
        sdk::PluginSelection plugins;
        std::string html, json;
        std::vector<std::string> from;
        std::vector<std::string> compare;
        bool quiet = false;
        WhatIfOptions what_if;
        double band_margin = 5;  // points
        double precision = 3;    // points; the default only when --games is not given
        std::string fork_placement = "need";
        bool fork_by_rarity = false;  // the older flag for --fork-placement rarity
        double decision_threshold = 100 * kDefaultDecisionThreshold;  // points
        std::string band;        // "LOW..HIGH" in points, or empty
        std::uint64_t agent_matrix = 0;  // games per ordered pair of the agent matrix (0: none)
    };
    auto state = std::make_shared<State>();
    state->report.jobs = std::clamp(std::thread::hardware_concurrency(), 1u, kMaxJobs);
    state->report.max_games = 200'000;  // the precision's budgets by default: a game budget is reproducible
    state->report.max_seconds = 3600;
    CLI::App* cmd = app.add_subcommand("report", "Play many games and write a balance report (HTML and JSON)");
    add_integer_option<std::uint64_t>(*cmd, "--games", state->report.games, 1, UINT64_MAX,
                                      fmt::format("Games per player count and bot, exactly (without --precision); with "
                                                  "--precision the first round (default: {} with the default "
                                                  "precision, else {})", kPrecisionFirstRound, kDefaultReportGames));
    cmd->add_option("--players", state->report.players, "Player counts, comma-separated")
        ->delimiter(',')
        ->check(CLI::Range(2u, static_cast<unsigned>(kMaxPlayers)))
        ->capture_default_str();
    cmd->add_option("--bots", state->report.bots,
                    "Bots, comma-separated, weakest first; every seat plays the same bot")
        ->delimiter(',')
        ->capture_default_str();
    add_game_options(*cmd, state->report);
    add_integer_option<std::uint32_t>(*cmd, "--fork-every", state->report.fork_every, 0, UINT32_MAX,
                                      "Causal card strength: fork one give in this many (0: none; docs/report.md)")
        ->capture_default_str();
    add_integer_option<std::uint32_t>(*cmd, "--decision-every", state->report.decision_every, 0, UINT32_MAX,
                                      "Decisions that matter: sample one give in this many (0: none; docs/report.md)")
        ->capture_default_str();
    add_integer_option<std::uint64_t>(*cmd, "--agent-matrix", state->agent_matrix, 0, UINT64_MAX,
                                      "The agent matrix (docs/report.md): this many games of each of random, greedy, "
                                      "strategic and expert against three of another, and the skill index (0: none)")
        ->capture_default_str();
    cmd->add_option("--decision-threshold", state->decision_threshold,
                    "Decisions that matter: a decision matters when the best and the worst choice change the drawer's "
                    "chance to win by more than this many percentage points")
        ->check(CLI::Range(0.0, 99.0))
        ->capture_default_str();
    cmd->add_option("--precision", state->precision,
                    "Play more games (in rounds after --games) until every card's handling effect interval under the "
                    "strongest bot is within ± this many percentage points, or a budget ends (0: exactly --games; "
                    "the default when --games is not given: 3)");
    add_integer_option<std::uint64_t>(*cmd, "--max-games", state->report.max_games, 1, UINT64_MAX,
                                      "With --precision: at most this many games per player count and bot")
        ->capture_default_str();
    cmd->add_option("--max-seconds", state->report.max_seconds,
                    "With --precision: start no new round after this many seconds (0: no limit; a run stopped by "
                    "it is not reproducible)")
        ->check(CLI::Range(0.0, 1e9))
        ->capture_default_str();
    cmd->add_option("--fork-placement", state->fork_placement,
                    "Which gives to fork for card strength: even (one in --fork-every of every card), rarity (a card's "
                    "gives more often the fewer copies it has) or need (rarity, then with --precision each card as "
                    "often as its interval needs)")
        ->check(CLI::IsMember({"even", "rarity", "need"}))
        ->capture_default_str();
    cmd->add_flag("--fork-by-rarity", state->fork_by_rarity, "The same as --fork-placement rarity");
    cmd->add_option("--band-margin", state->band_margin,
                    "Verdicts: a card is too strong or too weak when its handling effect's 95% interval lies beyond its "
                    "type's median ± this many percentage points")
        ->check(CLI::Range(0.0, 100.0))
        ->capture_default_str();
    cmd->add_option("--band", state->band,
                    "Verdicts: a fixed band LOW..HIGH in percentage points for every type instead (write --band=-5..5)");
    cmd->add_flag("--quiet", state->quiet, "No progress meter on standard error (it is drawn only on a terminal)");
    cmd->add_flag("--association", state->report.association,
                  "Also print the association figures (who received a card and won): not the card's effect");
    cmd->add_option("-o,--output", state->html,
                    "The HTML report; with --shard, the part file for `report --from`");
    cmd->add_option("--json", state->json, "Also write the report's numbers as JSON to this file");
    add_shard_option(*cmd, state->report.shard, state->report.shards,
                     "Play only the K-th of N equal slices of the games and write the partial results to -o PART.json, "
                     "for `report --from` (docs/cluster.md)");
    cmd->add_option("--from", state->from, "Merge these part files (from `report --shard`) instead of playing; the game options come from the parts")
        ->expected(1, -1);
    cmd->add_option("--compare", state->compare,
                    "Compare two reports (OLD.json NEW.json from --json): cards added, removed and changed, and the "
                    "numbers that moved beyond noise, to -o DIFF.html and/or --json DIFF.json")
        ->expected(2);
    add_what_if_options(*cmd, state->what_if);
    add_plugin_options(*cmd, state->plugins);
    cmd->callback([&run, state, cmd] {
        const bool games_given = cmd->count("--games") > 0, precision_given = cmd->count("--precision") > 0;
        if (cmd->count("--fork-by-rarity") > 0) {
            if (cmd->count("--fork-placement") > 0 && state->fork_placement != "rarity")
                throw CLI::ValidationError("--fork-by-rarity", "goes without --fork-placement " + state->fork_placement);
            state->fork_placement = "rarity";
        }
        run = [state, games_given, precision_given] {
            ReportOptions& o = state->report;
            o.decision_threshold = state->decision_threshold / 100;
            o.fork_by_rarity = state->fork_placement != "even";
            o.fork_by_need = state->fork_placement == "need";
            // Precision by default (docs/report.md, "Precision"), unless the games are given, or a
            // run needs their number in advance (shards, what-ifs, the association figures).
            const bool fixed_needed = o.shards > 1 || o.association || !state->what_if.empty() || !state->from.empty();
            if (precision_given) {
                if (!(state->precision >= 0 && state->precision < 100))
                    throw InputError("--precision must be from 0 to 100 points (less than 100)");
                o.precision = state->precision / 100;
                if (!games_given && o.precision > 0) o.games = kPrecisionFirstRound;
                if (!games_given && o.precision == 0) o.games = kDefaultReportGames;
            } else if (games_given || fixed_needed) {
                o.precision = 0;
                if (!games_given) o.games = kDefaultReportGames;
            } else {
                o.precision = state->precision / 100;
                o.games = kPrecisionFirstRound;
            }
            const VerdictOptions verdicts = verdict_options(state->band_margin, state->band);  // before any game
            const bool sharded = o.shards > 1;
            if (state->html.empty() && state->json.empty())
                throw InputError("report: give -o FILE.html and/or --json FILE (with --shard: -o PART.json)");
            if (!sharded && !state->html.empty()) {
                // The page is HTML: refuse a name that promises another format (say, x.pdf).
                std::string ext = std::filesystem::path(state->html).extension().string();
                std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
                if (ext != ".html" && ext != ".htm")
                    throw InputError(fmt::format("-o {}: the report is an HTML page; give a name ending in .html "
                                                 "(print it to PDF from a browser)", state->html));
            }
            if (!state->from.empty() && sharded) throw InputError("report: --from and --shard do not go together");
            if (!state->compare.empty()) {
                if (!state->from.empty() || sharded) throw InputError("report: --compare goes without --from and --shard");
                check_writable(state->html);
                check_writable(state->json);
                const nlohmann::json diff = compare_reports(read_json_file(state->compare[0]),
                                                            read_json_file(state->compare[1]), state->compare[0],
                                                            state->compare[1]);
                if (!state->json.empty()) write_text_file(state->json, diff.dump(2) + "\n");
                if (!state->html.empty()) write_text_file(state->html, compare_html(diff));
                fmt::print(stderr, "cherries report --compare: {} numbers moved beyond noise, {} did not\n",
                           diff["moved"].size(), diff["steady"].get<std::uint64_t>());
                return 0;
            }
            ReportData data;
            nlohmann::json what_if_results = nlohmann::json::array();
            nlohmann::json agent_matrix;  // null unless --agent-matrix
            if (!state->from.empty()) {
                data = merge_report_parts(state->from);
            } else {
                check_report_options(o);  // bad flags fail before the plugins load
                if (sharded && state->html.empty()) throw InputError("report --shard: give -o PART.json");
                if (sharded && !state->json.empty())
                    throw InputError("report --shard writes only its part (-o PART.json); --json goes with --from");
                check_writable(state->html);
                check_writable(state->json);
                if (!state->what_if.empty() && sharded)
                    throw InputError("report: what-if runs (--without, --count, --lifetime, --winning-score, --sweep) "
                                     "go without --shard");
                const sdk::Bundle bundle = sdk::load_bundle(state->plugins);
                const std::vector<WhatIf> what_ifs = parse_what_ifs(bundle, state->what_if);
                o.progress = !state->quiet;
                o.keep_games = !what_ifs.empty();
                data = run_report(bundle, o);
                nlohmann::json labels = nlohmann::json::array();
                for (const WhatIf& w : what_ifs) {
                    // The same options and seeds as the baseline: every difference is paired.
                    // The comparison uses the games and the card forks only: no skill games, no decisions.
                    ReportOptions vo = o;
                    vo.skill = false;
                    vo.decision_every = 0;
                    const ReportData variant = run_report(what_if_bundle(bundle, w), vo);
                    what_if_results.push_back(
                        compare_what_if(data, variant, w.label, data.setup["cards"].get<std::vector<std::string>>()));
                    labels.push_back(w.label);
                }
                if (!what_ifs.empty()) data.setup["what_if"] = labels;
                if (state->agent_matrix > 0) {
                    if (sharded) throw InputError("report: --agent-matrix goes without --shard");
                    // Each bot against three of another (4 players), on the report's seed.
                    LadderOptions lo;
                    lo.bots = kMatrixBots;
                    lo.games = state->agent_matrix;
                    lo.players = 4;
                    lo.seed = o.seed;
                    lo.jobs = o.jobs;
                    lo.max_turns = o.max_turns;
                    lo.bot_settings = o.bot_settings;
                    lo.progress = !state->quiet;
                    agent_matrix = agent_matrix_json(run_ladder(bundle, lo));
                    data.setup["agent_matrix_games"] = state->agent_matrix;
                }
                std::uint64_t played = 0;
                for (const ReportTally& t : data.tallies) played += t.games;
                fmt::print(stderr, "cherries report: {} games in {:.2f} s\n", played, data.seconds);
                if (const auto& p = data.setup.value("precision", nlohmann::json()); p.is_object()) {
                    std::string per;
                    for (const auto& c : p.value("configurations", nlohmann::json::array()))
                        per += fmt::format("{}{} players {}", per.empty() ? "" : ", ", c["players"].get<int>(),
                                           c["games"].get<std::uint64_t>());
                    fmt::print(stderr, "cherries report: {}: the widest card interval is ±{} points (target ±{:g}); "
                               "games of {}: {}; other bots: {}\n",
                               p["stopped"].get<std::string>(),
                               p["widest"].is_null() ? std::string("?") : fmt::format("{:.2f}", 100 * p["widest"].get<double>()),
                               100 * o.precision, strongest_bot(o.bots), per, o.games);
                }
                if (sharded) {
                    write_text_file(state->html, report_part(data, o.shard, o.shards).dump() + "\n");
                    return 0;
                }
            }
            nlohmann::json report = report_json(data, verdicts);
            if (!what_if_results.empty()) report["what_if"] = what_if_results;
            if (!agent_matrix.is_null()) report["agent_matrix"] = std::move(agent_matrix);
            // For the page's "Reproduce with": the folders as given (not in the setup, which shards
            // on other machines must share).
            report["plugin_path"] = nlohmann::json::array();
            for (const auto& dir : state->plugins.plugin_path) report["plugin_path"].push_back(dir.string());
            report["next_steps"] = nlohmann::json::array();  // the page's "What to do next", for tools
            for (const NextStep& step : next_steps(report))
                report["next_steps"].push_back({{"why", step.why}, {"command", step.command}});
            if (!state->json.empty()) write_text_file(state->json, report.dump(2) + "\n");
            if (!state->html.empty()) write_text_file(state->html, report_html(report));
            return 0;
        };
    });
}

}  // namespace cherries::host
