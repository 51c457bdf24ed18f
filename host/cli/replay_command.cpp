// `cherries replay FILE`: replays a record and checks it event by event (docs/records.md).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/base/printable.hpp"
#include "host/records/record_reader.hpp"
#include "host/text/render.hpp"
#include "host/records/replay.hpp"
#include "host/records/state_json.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

namespace {

struct ReplayOptions {
    std::string file;
    bool force = false;
    bool show = false;
    bool json = false;
    bool require_sealed = false;
    std::uint32_t to = 0;
    CLI::Option* to_option = nullptr;
    std::int64_t game = 0;
    CLI::Option* game_option = nullptr;
    sdk::PluginSelection plugins;
};

// The winner as the table knew them: a seat's last occupant (seat lines), e.g. the bot that
// took over a leaver's seat, with the name the record joined the seat as when it differs.
std::string outcome(const Game& game, const Replayer& replayer) {
    switch (game.phase()) {
        case Phase::won: {
            const std::string seat = game.player(game.winner()).name, who = replayer.occupant(game.winner());
            return who == seat ? who + " won" : who + " won (in the seat " + seat + " joined as)";
        }
        case Phase::ended: return "ended without a winner";
        case Phase::aborted: return "aborted (the gametype failed)";
        case Phase::suspended: return "suspended";
        default: return "in progress";
    }
}

// With --require-sealed, refuses a record (`lines`, its header parsed as `header`, the header
// on line `first` of the file) whose deal is not sealed, before anything is replayed. A sealed
// one is verified when its Replayer is made (replay_seed), which refuses a reveal that differs.
void require_sealed(const ReplayOptions& o, const RecordHeader& header, const std::vector<std::string>& lines,
                    std::size_t first) {
    if (!o.require_sealed) return;
    const DealCheck deal = deal_check(header, lines);
    if (deal == DealCheck::sealed) return;
    throw InputError(fmt::format("{}:{}: --require-sealed: {}", o.file, first, deal_words(deal, header, header.seed)));
}

// A file of many records (sim --record FILE.jsonl) without --game: replays them all, one at a
// time. `lines`/`first` and `second`/`second_first` are the first two records read.
int replay_all(const ReplayOptions& o, RecordReader& reader, std::vector<std::string> lines, std::size_t first,
               std::vector<std::string> second, std::size_t second_first) {
    if (o.show || o.json || o.to_option->count() > 0) {
        while (reader.next(lines, first)) {
        }
        throw InputError(fmt::format("{} holds {} records; choose one with --game N to use --show, --to or --json",
                                     o.file, reader.records()));
    }
    const sdk::Bundle bundle = load_recorded_bundle(parse_header_line(lines[0], o.file, first).plugins, o.plugins.plugin_path);
    auto runtime = bundle.make_runtime();
    std::size_t events = 0;
    std::uint64_t turns = 0;
    std::map<DealCheck, std::size_t> deals;
    for (bool more = true; more;) {
        const RecordHeader header = parse_header_line(lines[0], o.file, first);
        require_sealed(o, header, lines, first);
        // Every record must be of the plugins the first one loaded: the same list, in order.
        check_plugins(header.plugins, bundle, fmt::format("{}:{}", o.file, first), o.force, std::cerr);
        Replayer replayer(bundle, *runtime, header, std::move(lines), o.file, first);
        try {
            replayer.run();
        } catch (const ReplayMismatch& e) {
            fmt::print(stderr, "cherries: replay differs: {}\n", e.what());
            return 1;
        }
        ++deals[replayer.deal()];
        events += replayer.events();
        turns += replayer.game().turn();
        lines = std::move(second);
        first = second_first;
        more = !lines.empty();
        if (more && !reader.next(second, second_first)) second.clear();
    }
    std::string deal_counts;  // "every deal open", or "deals: 2 sealed and verified, 1 open"
    if (deals.size() == 1)
        deal_counts = deals.begin()->first == DealCheck::sealed ? "every deal sealed and verified"
                                                                : fmt::format("every deal {}", to_string(deals.begin()->first));
    else
        for (const auto& [deal, count] : deals)
            deal_counts += fmt::format("{}{} {}", deal_counts.empty() ? "deals: " : ", ", count,
                                       deal == DealCheck::sealed ? "sealed and verified" : to_string(deal));
    std::cout << fmt::format("replay: {}: {} records, {} events in {} turns match; {}\n", o.file, reader.records(), events,
                             turns, deal_counts);
    return 0;
}

int run_replay(const ReplayOptions& o) {
    RecordReader reader(o.file);
    std::vector<std::string> lines;
    std::size_t first = 0;
    reader.next(lines, first);  // a record, or InputError: the file is empty
    if (o.game_option->count() > 0) {
        while (parse_header_line(lines[0], o.file, first).game != o.game) {
            if (!reader.next(lines, first))
                throw InputError(fmt::format("{}: no record of game {} (the file holds {})", o.file, o.game, reader.records()));
        }
    } else {
        std::vector<std::string> second;
        std::size_t second_first = 0;
        if (reader.next(second, second_first))
            return replay_all(o, reader, std::move(lines), first, std::move(second), second_first);
    }
    const RecordHeader header = parse_header_line(lines[0], o.file, first);
    require_sealed(o, header, lines, first);
    const sdk::Bundle bundle = load_recorded_bundle(header.plugins, o.plugins.plugin_path);
    check_plugins(header.plugins, bundle, o.file, o.force, std::cerr);
    auto runtime = bundle.make_runtime();
    Replayer replayer(bundle, *runtime, header, std::move(lines), o.file, first);
    const Game& game = replayer.game();

    const CardText cards(bundle);
    std::optional<TextRenderer> renderer;
    std::optional<JsonEventLog> log;
    if (o.json) {
        replayer.set_observer(&log.emplace(game));
    } else if (o.show) {
        replayer.set_observer(&renderer.emplace(game, cards, std::cout, stdout_palette()));
        std::cout << fmt::format("replay of {}: seed {}{}\n", o.file, replayer.seed(),
                                 replayer.sealed() ? fmt::format(" (revealed; commitment {})", header.commitment) : "");
        std::cout << fmt::format("players in turn order: {}\n", player_list(game));
        renderer->print_table();
        replayer.set_turn_hook([&] { renderer->print_table(); });
    }
    const std::optional<std::uint32_t> to = o.to_option->count() > 0 ? std::optional(o.to) : std::nullopt;
    int status = 0;
    bool ended = false;
    try {
        ended = replayer.run(to);
    } catch (const ReplayMismatch& e) {
        std::cout.flush();
        fmt::print(stderr, "cherries: replay differs: {}\n", e.what());
        status = 1;
    }
    if (o.json) {
        nlohmann::json out = state_json(game);
        out["events"] = log->events();
        if (ended && !replayer.reason().empty()) out["reason"] = replayer.reason();  // why it was stopped
        out["deal"] = to_string(replayer.deal());  // sealed (and verified), open, unverifiable
        // Who plays each seat at this point (seat lines: a take-over, a nick change), and the
        // winner by the seat's occupant, as the table announced them (docs/records.md, "Seat lines").
        for (auto& p : out["players"])
            if (const Player* seat = game.find_player(p["name"].get<std::string>())) p["occupant"] = replayer.occupant(seat->id);
        if (game.phase() == Phase::won) out["winner_occupant"] = replayer.occupant(game.winner());
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return status;
    }
    if (renderer) {
        renderer->print_table();
        renderer->print_result(end_by_rules(game).value_or(GameEnd::scenario_done));
    } else if (to) {
        TextRenderer table(game, cards, std::cout, stdout_palette());
        table.print_table();
    }
    if (status == 0)  // sealed and verified, open, or unverifiable: said plainly every time
        std::cout << fmt::format("replay: {}: {}\n", o.file, deal_words(replayer.deal(), header, replayer.seed()));
    if (status == 0)
        std::cout << fmt::format("replay: {}: {} events in {} turns match the record{}; {}\n", o.file,
                                 replayer.events(), game.turn(), ended ? "" : fmt::format(" (stopped at turn {})", *to),
                                 replayer.reason().empty() || !ended
                                     ? outcome(game, replayer)
                                     : fmt::format("the game was stopped at turn {}: {} ({})", game.turn(),
                                                   excerpt(replayer.reason()), outcome(game, replayer)));
    return status;
}

}  // namespace

void add_replay_command(CLI::App& app, Command& run) {
    auto o = std::make_shared<ReplayOptions>();
    CLI::App* replay = app.add_subcommand(
        "replay", "Replay a game record and check every event against it; exit status 1 at the first difference");
    replay->add_option("file", o->file, "The record (JSON Lines, docs/records.md)")->required();
    replay->add_flag("--force", o->force, "Replay even when a plugin's fingerprint differs from the record");
    replay->add_flag("--require-sealed", o->require_sealed,
                     "Refuse (exit status 2) a record whose deal is not sealed, or whose reveal does not verify");
    replay->add_flag("--show", o->show, "Print the game as a transcript while replaying");
    o->to_option = add_integer_option<std::uint32_t>(*replay, "--to", o->to, 0, UINT32_MAX,
                                                     "Stop when turn N has been played and print the state");
    replay->add_flag("--json", o->json, "Print the state (and the events) as JSON, as scenario mode does")
        ->excludes("--show");
    o->game_option = add_integer_option<std::int64_t>(
        *replay, "--game", o->game, 0, INT64_MAX,
        "In a file of many records (sim --record FILE.jsonl): replay only the record of game N");
    add_plugin_path_option(*replay, o->plugins);
    replay->callback([o, &run] { run = [o] { return run_replay(*o); }; });
}

}  // namespace cherries::host
