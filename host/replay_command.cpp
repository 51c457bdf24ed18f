// `cherries replay FILE`: replays a record and checks it event by event (docs/records.md).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <optional>

#include "host/commands.hpp"
#include "host/plugin_options.hpp"
#include "host/render.hpp"
#include "host/replay.hpp"
#include "host/state_json.hpp"
#include "host/usage_error.hpp"

namespace cherries::host {

namespace {

struct ReplayOptions {
    std::string file;
    bool force = false;
    bool show = false;
    bool json = false;
    std::uint32_t to = 0;
    CLI::Option* to_option = nullptr;
    PluginOptions plugins;
};

std::string outcome(const Game& game) {
    switch (game.phase()) {
        case Phase::won: return game.player(game.winner()).name + " won";
        case Phase::ended: return "ended without a winner";
        case Phase::aborted: return "aborted (the gametype failed)";
        case Phase::suspended: return "suspended";
        default: return "in progress";
    }
}

int run_replay(const ReplayOptions& o) {
    const std::vector<std::string> lines = read_record_lines(o.file);
    const RecordHeader header = read_record_header(lines, o.file);
    const sdk::Bundle bundle = load_recorded_bundle(header, o.plugins.plugin_path);
    check_fingerprints(header, bundle, o.file, o.force, std::cerr);
    auto runtime = bundle.make_runtime();
    Replayer replayer(bundle, *runtime, header, lines, o.file);
    const Game& game = replayer.game();

    const CardText cards(bundle);
    std::optional<TextRenderer> renderer;
    std::optional<JsonEventLog> log;
    if (o.json) {
        replayer.set_observer(&log.emplace(game));
    } else if (o.show) {
        replayer.set_observer(&renderer.emplace(game, cards, std::cout, stdout_palette()));
        std::cout << fmt::format("replay of {}: seed {}\n", o.file, header.seed);
        std::cout << fmt::format("players in turn order: {}\n", player_list(game));
        renderer->print_table();
        replayer.set_turn_hook([&] { renderer->print_table(); });
    }
    const std::optional<std::uint32_t> to = o.to_option->count() > 0 ? std::optional(o.to) : std::nullopt;
    int status = 0;
    try {
        replayer.run(to);
    } catch (const ReplayMismatch& e) {
        std::cout.flush();
        fmt::print(stderr, "cherries: replay differs: {}\n", e.what());
        status = 1;
    }
    if (o.json) {
        nlohmann::json out = state_json(game);
        out["events"] = log->events();
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return status;
    }
    if (renderer) {
        renderer->print_table();
        renderer->print_result(game.over() ? StopReason::game_over
                               : game.phase() == Phase::suspended ? StopReason::suspended
                                                                  : StopReason::turns_done);
    } else if (to) {
        TextRenderer table(game, cards, std::cout, stdout_palette());
        table.print_table();
    }
    if (status == 0)
        std::cout << fmt::format("replay: {}: {} events in {} turns match the record{}; {}\n", o.file,
                                 replayer.events(), game.turn(), to ? fmt::format(" (stopped at turn {})", *to) : "",
                                 outcome(game));
    return status;
}

}  // namespace

void add_replay_command(CLI::App& app, Command& run) {
    auto o = std::make_shared<ReplayOptions>();
    CLI::App* replay = app.add_subcommand(
        "replay", "Replay a game record and check every event against it; exit status 1 at the first difference");
    replay->add_option("file", o->file, "The record (JSON Lines, docs/records.md)")->required();
    replay->add_flag("--force", o->force, "Replay even when a plugin's fingerprint differs from the record");
    replay->add_flag("--show", o->show, "Print the game as a transcript while replaying");
    o->to_option = replay->add_option("--to", o->to, "Stop when turn N has been played and print the state");
    replay->add_flag("--json", o->json, "Print the state (and the events) as JSON, as scenario mode does")
        ->excludes("--show");
    add_plugin_path_option(*replay, o->plugins);
    replay->callback([o, &run] { run = [o] { return run_replay(*o); }; });
}

}  // namespace cherries::host
