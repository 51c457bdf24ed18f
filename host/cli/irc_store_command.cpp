// `cherries irc list|export`: what CherryBot's database (docs/irc-storage.md) holds, and a
// stored game's record for `cherries replay`.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

#include "host/cli/commands.hpp"
#include "host/base/input_error.hpp"
#include "host/store/game_store.hpp"
#include "host/store/store_location.hpp"

namespace cherries::host {

namespace {

struct IrcStoreOptions {
    std::string database;
    std::int64_t game = 0;
};

// The store of an existing file (never creates one: a mistyped path is an error).
std::unique_ptr<host::GameStore> open_existing(const std::string& file) {
    if (!host::is_postgresql_url(file) && !std::filesystem::is_regular_file(file))
        throw InputError(file + ": no such database file");
    try {
        return std::make_unique<host::GameStore>(file);
    } catch (const host::StoreError& e) {
        throw InputError(e.what());
    }
}

std::string date(std::int64_t unix_seconds) {
    const std::chrono::sys_seconds t{std::chrono::seconds(unix_seconds)};
    const auto day = std::chrono::floor<std::chrono::days>(t);
    const std::chrono::year_month_day ymd{day};
    const std::chrono::hh_mm_ss hms{t - day};
    return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()),
                       hms.hours().count(), hms.minutes().count());
}

int run_list(const IrcStoreOptions& o) {
    auto store = open_existing(o.database);
    try {
        for (const host::GameSummary& g : store->games(1000000))
            std::cout << fmt::format("{}\t{}\t{}\t{}\t{}\t{} turns\t{} UTC\n", g.id, g.channel, g.players,
                                     g.winner.empty() ? "-" : g.winner, g.status, g.turns, date(g.started));
    } catch (const host::StoreError& e) {
        throw InputError(e.what());
    }
    return 0;
}

int run_export(const IrcStoreOptions& o) {
    auto store = open_existing(o.database);
    try {
        std::cout << host::export_record(*store, o.game);
    } catch (const host::StoreError& e) {
        throw InputError(e.what());
    }
    return 0;
}

}  // namespace

void add_irc_store_commands(CLI::App& irc, Command& run) {
    auto o = std::make_shared<IrcStoreOptions>();
    CLI::App* top = &irc;
    CLI::App* list = top->add_subcommand("list", "List the stored games: id, channel, players, winner, status, turns, date");
    list->add_option("--database", o->database, "The database FILE")->required();
    list->callback([o, &run] { run = [o] { return run_list(*o); }; });
    CLI::App* exp = top->add_subcommand("export", "Print a stored game's record (JSON Lines, for cherries replay)");
    exp->add_option("game", o->game, "The game's id (see list)")->required();
    exp->add_option("--database", o->database, "The database FILE")->required();
    exp->callback([o, &run] { run = [o] { return run_export(*o); }; });
}

}  // namespace cherries::host
