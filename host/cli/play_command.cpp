// `cherries play`'s command line: its options, and which mode they choose — a new game at one
// terminal (hotseat; hotseat.hpp), a resumed one (--resume), or scenario mode
// (`--scenario FILE [--json]`).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "engine/game.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/records/record.hpp"
#include "host/text/render.hpp"
#include "host/records/replay.hpp"
#include "host/records/save.hpp"
#include "host/terminal/hotseat.hpp"
#include "host/scenario/scenario.hpp"
#include "host/session/seats.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/base/random_seed.hpp"

namespace cherries::host {

namespace {

struct PlayOptions {
    sdk::PluginSelection plugins;
    std::vector<std::string> players;
    std::uint64_t seed = 0;
    std::uint32_t max_turns = 10000;
    std::string scenario;
    bool json = false;
    std::string record;  ///< --record FILE
    std::string save;    ///< --save FILE
    std::string resume;  ///< --resume FILE
    BotSettings bot_settings;  ///< --think
    // Which options were given (CLI11 fills these after parsing).
    CLI::Option* seed_option = nullptr;
    CLI::Option* set_option = nullptr;
    CLI::Option* gametype_option = nullptr;
};


int run_scenario(const PlayOptions& o) {
    const Scenario scenario = read_scenario(o.scenario);
    // An explicit --set / --gametype wins over the file; the file over the defaults.
    std::vector<std::string> sets = o.set_option->count() > 0 ? o.plugins.sets : scenario_sets(scenario);
    std::string gametype = o.gametype_option->count() > 0 ? o.plugins.gametype
                                                          : scenario_gametype(scenario).value_or(o.plugins.gametype);
    const sdk::Bundle bundle = sdk::load_bundle(sets, gametype, o.plugins.plugin_path);
    // An early end is said on stderr; a refused join or leave exits 1; either way the state so
    // far is printed.
    auto finish = [](const ScenarioEnd& end) {
        if (!end.message.empty()) std::cerr << "cherries: " << (end.failed() ? "error: " : "note: ") << end.message << '\n';
        return end.failed() ? 1 : 0;
    };
    if (o.json) {
        ScenarioEnd end;
        const nlohmann::json out = scenario_json(scenario, bundle, &end);
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return finish(end);
    }
    auto runtime = bundle.make_runtime();
    ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    const CardText cards(bundle);
    TextRenderer renderer(game, cards, std::cout, stdout_palette());
    game.set_event_sink(&renderer);
    std::cout << fmt::format("scenario {}\nseed {}\n", scenario.file, scenario.seed);
    std::cout << fmt::format("players in turn order: {}\n", player_list(game));
    renderer.print_table();
    const ScenarioEnd end = play_scenario(scenario, played, [&] { renderer.print_table(); });
    renderer.print_result(end.end);
    return finish(end);
}

int resume_play(const PlayOptions& o) {
    const SaveState save = read_save(o.resume);
    check_resumable(save, o.resume);
    const sdk::Bundle bundle = load_recorded_bundle(save.plugins, o.plugins.plugin_path);
    check_plugins(save.plugins, bundle, o.resume, false, std::cerr,
                  "the game cannot go on with other plugins than it started with", true);
    std::cout << "seed " << save.seed << '\n';
    auto runtime = bundle.make_runtime();
    const Persistence files{.save_file = o.save.empty() ? o.resume : o.save, .plugins = save.plugins,  // checked above
                            .bot_settings = o.bot_settings};
    Hotseat session(bundle, *runtime, save, o.resume, std::cin, std::cout, stdout_palette(), files);
    return session.run();
}

int run_play(const PlayOptions& o) {
    if (!o.resume.empty()) return resume_play(o);
    const std::vector<Seat> seats = parse_seats(o.players);
    const sdk::Bundle bundle = sdk::load_bundle(o.plugins);
    const std::uint64_t seed = o.seed_option->count() > 0 ? o.seed : random_seed();
    std::cout << "seed " << seed << '\n';
    auto runtime = bundle.make_runtime();
    std::vector<std::string> bots;
    for (const Seat& seat : seats) bots.push_back(seat.bot);
    const Persistence files{o.record, o.save, recorded_plugins(bundle, bots), o.bot_settings};
    Hotseat session(bundle, *runtime, seats, seed, o.max_turns, std::cin, std::cout, stdout_palette(), files);
    return session.run();
}

}  // namespace

void add_play_command(CLI::App& app, Command& run) {
    auto options = std::make_shared<PlayOptions>();
    CLI::App* play = app.add_subcommand("play", "Play a game at this terminal (humans and bots), or run a scenario file");
    add_plugin_options(*play, options->plugins);
    auto* scenario = play->add_option("--scenario", options->scenario,
                                      "Run the scenario in this TOML file (players, seed, deck top, every give)");
    play->add_flag("--json", options->json, "With --scenario: print the final state and the events as JSON")
        ->needs(scenario);
    play->add_option("--player", options->players,
                     "A seat, in turn order, first player first: NAME (a human), bot:KIND (a bot named KIND-N, N the "
                     "seat), bot:KIND=NAME (repeatable; kinds: random, greedy, expert, strategic, or a bot plugin's name)")
        ->excludes(scenario);
    options->seed_option = add_integer_option<std::uint64_t>(*play, "--seed", options->seed, 0, UINT64_MAX,
                                                             "Seed of the game (default: a random one, printed)")
                               ->excludes(scenario);
    add_integer_option<std::uint32_t>(*play, "--max-turns", options->max_turns, 1, UINT32_MAX,
                                      "Stop with no winner after this many turns")
        ->capture_default_str()
        ->excludes(scenario);
    play->add_option("--record", options->record, "Write the game's record to FILE (JSON Lines; docs/records.md)")
        ->excludes(scenario);
    play->add_option("--save", options->save,
                     "Keep the game's whole state in FILE after every turn (replaced atomically; see --resume)")
        ->excludes(scenario);
    play->add_option("--resume", options->resume,
                     "Go on with the game saved in FILE (and keep saving there, or to --save); its record goes on too")
        ->excludes(scenario)
        ->excludes("--player")
        ->excludes("--seed")
        ->excludes("--set")
        ->excludes("--gametype")
        ->excludes("--max-turns")
        ->excludes("--record");
    add_integer_option<std::uint32_t>(*play, "--think", options->bot_settings.think, 1, 1'000'000,
                                      "Expert bots: deck orders sampled per decision (default 128; docs/bots.md)")
        ->excludes(scenario);
    options->set_option = play->get_option("--set");
    options->gametype_option = play->get_option("--gametype");
    play->callback([options, &run] {
        run = [options] { return options->scenario.empty() ? run_play(*options) : run_scenario(*options); };
    });
}

}  // namespace cherries::host
