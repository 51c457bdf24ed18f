// The number options of a batch of bot games, shared by `cherries sim`, `ladder`, `report` and
// `tune`, and `--shard K/N` of `sim`, `report` and `tune` (docs/cluster.md).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "engine/player.hpp"
#include "host/cli/number_option.hpp"
#include "host/batch/sim.hpp"

namespace cherries::host {

/// Adds --seed, --jobs, --max-turns and --think to `app`, each range-checked by
/// add_integer_option, reading into the fields of those names of `o` (SimOptions, LadderOptions,
/// ReportOptions, TuneOptions).
template <class Options>
void add_game_options(CLI::App& app, Options& o) {
    add_integer_option<std::uint64_t>(app, "--seed", o.seed, 0, UINT64_MAX, "Master seed; game i's seed is a hash of (seed, i)")
        ->capture_default_str();
    add_integer_option<unsigned>(app, "--jobs", o.jobs, 1, kMaxJobs, "Worker threads")->capture_default_str();
    add_integer_option<std::uint32_t>(app, "--max-turns", o.max_turns, 1, UINT32_MAX,
                                      "A game still going after this many turns is unfinished: no winner")
        ->capture_default_str();
    add_integer_option<std::uint32_t>(app, "--think", o.bot_settings.think, 1, 1'000'000,
                                      "Expert bots: deck orders sampled per decision (default 128; docs/bots.md)");
}

/// add_game_options and --players (one count: sim, ladder).
template <class Options>
void add_batch_options(CLI::App& app, Options& o) {
    add_integer_option<std::uint32_t>(app, "--players", o.players, 2, kMaxPlayers, "Players (seats) per game")
        ->capture_default_str();
    add_game_options(app, o);
}

/// Adds `--shard K/N` to `app` with help text `description`: reads K into `shard`, N into `shards`;
/// rejects anything but two integers with 1 <= K <= N <= 1,000,000 (CLI11 validation error naming
/// the option).
inline void add_shard_option(CLI::App& app, std::uint32_t& shard, std::uint32_t& shards, const std::string& description) {
    app.add_option_function<std::string>(
           "--shard",
           [&shard, &shards](const std::string& text) {
               unsigned long k = 0, n = 0;
               char slash = 0;
               std::istringstream in(text);
               in >> k >> slash >> n;
               if (!in || slash != '/' || in.peek() != EOF || k < 1 || n < 1 || k > n || n > 1'000'000 ||
                   text.find_first_not_of("0123456789/") != std::string::npos)
                   throw CLI::ValidationError("--shard", "expected K/N with 1 <= K <= N <= 1000000, got '" + text + "'");
               shard = static_cast<std::uint32_t>(k);
               shards = static_cast<std::uint32_t>(n);
           },
           description)
        ->type_name("K/N");
}

}  // namespace cherries::host
