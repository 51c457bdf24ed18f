// `cherries tune`: searches for variants of a set that meet a designer's targets (docs/tune.md),
// here, by shards, or merged from shards.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

#include "host/base/input_error.hpp"
#include "host/batch/shard.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/batch_options.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/design/tune.hpp"

namespace cherries::host {

namespace {

// Writes `text` to `path` whole. Throws InputError naming the file when it cannot.
void write_tune_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw InputError(fmt::format("{}: cannot write the file: {}", path, std::strerror(errno)));
}

}  // namespace

void add_tune_command(CLI::App& app, Command& run) {
    struct State {
        TuneOptions tune;
        sdk::PluginSelection plugins;
        std::string file, json, part;
        std::vector<std::string> from;
        bool quiet = false;
        double confirm_precision = 3;  // points
    };
    auto state = std::make_shared<State>();
    state->tune.jobs = std::clamp(std::thread::hardware_concurrency(), 1u, kMaxJobs);
    CLI::App* cmd = app.add_subcommand("tune", "Search for card counts, lifetimes and a winning score that meet targets "
                                               "stated in a TOML file (docs/tune.md)");
    cmd->add_option("file", state->file, "The tune file: [play], [targets] and [vary] (docs/tune.md)");
    add_integer_option<std::uint64_t>(*cmd, "--games", state->tune.games, 1, UINT64_MAX,
                                      "Games per player count for each variant the search plays (the same seeds for all)")
        ->capture_default_str();
    add_integer_option<std::uint64_t>(*cmd, "--final-games", state->tune.final_games, 1, UINT64_MAX,
                                      "Games per player count for the best variants and the set as it is, at the end")
        ->capture_default_str();
    add_integer_option<std::uint32_t>(*cmd, "--evaluations", state->tune.evaluations, 1, 1'000'000,
                                      "Variants the search plays (over all shards)")
        ->capture_default_str();
    add_integer_option<std::uint32_t>(*cmd, "--top", state->tune.top, 1, 1000, "Best variants shown")->capture_default_str();
    add_game_options(*cmd, state->tune);
    add_integer_option<std::uint32_t>(*cmd, "--fork-every", state->tune.fork_every, 1, UINT32_MAX,
                                      "With a card_effect target: fork one give in this many (by rarity; docs/report.md)")
        ->capture_default_str();
    add_integer_option<std::uint32_t>(*cmd, "--decision-every", state->tune.decision_every, 1, UINT32_MAX,
                                      "With a decisions target: sample one give in this many (docs/report.md)")
        ->capture_default_str();
    cmd->add_option("--variant-seconds", state->tune.variant_seconds,
                    "Stop a variant's games after this many seconds and report it as stopped (0: no limit)")
        ->check(CLI::Range(0.0, 1e9))
        ->capture_default_str();
    add_integer_option<std::uint64_t>(*cmd, "--confirm-games", state->tune.confirm_games, 0, UINT64_MAX,
                                      "Play each best variant that met every target again on fresh seeds, this many "
                                      "games per player count (0: no confirmation)")
        ->capture_default_str();
    cmd->add_option("--confirm-precision", state->confirm_precision,
                    "With a card_effect target, the confirmation plays until every card's handling interval is within "
                    "± this many points (0: exactly --confirm-games)")
        ->check(CLI::Range(0.0, 99.0))
        ->capture_default_str();
    cmd->add_option("--json", state->json, "Also write the result as JSON to this file");
    cmd->add_option("-o,--output", state->part, "With --shard: the part file for `tune --from`");
    add_shard_option(*cmd, state->tune.shard, state->tune.shards,
                     "Run the K-th of N searches (its share of --evaluations, a search of its own on the same game "
                     "seeds) and write it to -o PART.json, for `tune --from` (docs/tune.md)");
    cmd->add_option("--from", state->from, "Merge these part files (from `tune --shard`) instead of searching")
        ->expected(1, -1);
    cmd->add_flag("--quiet", state->quiet, "No progress lines on standard error");
    add_plugin_options(*cmd, state->plugins);
    cmd->callback([&run, state] {
        run = [state] {
            TuneOptions& o = state->tune;
            o.confirm_precision = state->confirm_precision / 100;
            const bool sharded = o.shards > 1;
            nlohmann::json result;
            if (!state->from.empty()) {
                if (sharded) throw InputError("tune: --from and --shard do not go together");
                result = merge_tune_parts(state->from);
            } else {
                if (state->file.empty()) throw InputError("tune: give the tune file (docs/tune.md), or --from PARTS");
                check_tune_options(o);  // bad flags fail before the plugins load
                if (sharded && state->part.empty()) throw InputError("tune --shard: give -o PART.json");
                if (!sharded && !state->part.empty()) throw InputError("tune: -o goes with --shard (the text goes to "
                                                                       "standard output, the JSON to --json FILE)");
                const TuneSpec spec = read_tune_file(state->file);
                const sdk::Bundle bundle = sdk::load_bundle(state->plugins);
                for (const auto& dir : state->plugins.plugin_path) o.plugin_path.push_back(dir.string());
                TuneProgress progress;
                if (!state->quiet)
                    progress = [](std::uint32_t done, std::uint32_t budget, const std::string& label, double fitness,
                                  double best) {
                        fmt::print(stderr, "cherries tune: {}/{} fitness {:.3f} (best {:.3f}): {}\n", done, budget,
                                   fitness + 0.0, best + 0.0, label.empty() ? "the set as it is" : label);
                    };
                result = run_tune(bundle, spec, o, progress);
                if (sharded) {
                    write_tune_file(state->part, result.dump() + "\n");
                    return 0;
                }
            }
            if (!state->json.empty()) write_tune_file(state->json, result.dump(2) + "\n");
            fmt::print("{}", tune_text(result));
            return 0;
        };
    });
}

}  // namespace cherries::host
