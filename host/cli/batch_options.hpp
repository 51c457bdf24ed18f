// The number options of a batch of bot games, shared by `cherries sim`, `ladder`, `report` and `tune`.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>

#include "engine/player.hpp"
#include "host/cli/number_option.hpp"
#include "host/batch/sim.hpp"

namespace cherries::host {

/// Adds --seed, --jobs, --max-turns and --think to `app`, each range-checked by
/// add_integer_option, reading into the fields of those names of `o` (SimOptions, LadderOptions,
/// ReportOptions, TuneOptions).
template <class Options>
void add_game_options(CLI::App& app, Options& o) {
    add_integer_option<std::uint64_t>(app, "--seed", o.seed, 0, UINT64_MAX, "Master seed; game i uses mix_seed(seed + i)")
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

}  // namespace cherries::host
