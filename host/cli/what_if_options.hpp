// The what-if options (docs/report.md, "What if"), shared by `cherries sim` and `cherries report`.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>

#include "host/batch/what_if.hpp"
#include "host/cli/number_option.hpp"

namespace cherries::host {

/// Adds --without, --count, --lifetime, --winning-score and --sweep to `app`, reading into `o`
/// (parse_what_ifs checks the cards and numbers once the plugins are loaded).
inline void add_what_if_options(CLI::App& app, WhatIfOptions& o) {
    app.add_option("--without", o.without, "What if: the set without this card (repeatable; docs/report.md)");
    app.add_option("--count", o.count, "What if: CARD=N copies of a card (repeatable)");
    app.add_option("--lifetime", o.lifetime, "What if: CARD=N, a modifier's lifetime (repeatable)");
    add_integer_option<std::int64_t>(app, "--winning-score", o.winning_score, 1, INT64_MAX,
                                     "What if: another winning score");
    app.add_option("--sweep", o.sweep,
                   "What if, one variant per value: count:CARD=A..B, lifetime:CARD=A..B or winning-score:A..B");
}

}  // namespace cherries::host
