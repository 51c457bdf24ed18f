// `cherries play`: a game at one terminal (hotseat), humans and bots, printed turn by turn; and
// scenario mode (`--scenario FILE [--json]`).
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <memory>
#include <random>
#include <sstream>

#include "engine/game.hpp"
#include "engine/table_view.hpp"
#include "host/bots/bot.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/number_option.hpp"
#include "host/cli/plugin_options.hpp"
#include "host/records/record.hpp"
#include "host/terminal/render.hpp"
#include "host/terminal/explain.hpp"
#include "host/records/replay.hpp"
#include "host/records/save.hpp"
#include "host/terminal/scenario.hpp"
#include "host/cli/seats.hpp"
#include "host/sim/sim.hpp"
#include "host/cli/text.hpp"
#include "host/cli/usage_error.hpp"

namespace cherries::host {

namespace {

struct PlayOptions {
    PluginOptions plugins;
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

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

constexpr const char* kExpected = "keep, give NAME, join NAME, leave NAME, status, help or quit";

/// Sends each event to several sinks, in order.
class EventFanout final : public EventSink {
public:
    void add(EventSink* sink) { sinks_.push_back(sink); }
    void on_event(const Event& event) override {
        for (EventSink* s : sinks_) s->on_event(event);
    }

private:
    std::vector<EventSink*> sinks_;
};

/// Where a hotseat game keeps itself: a record (docs/records.md) and a save file.
struct Persistence {
    std::string record_file;  ///< new games: write a record here (empty: none)
    std::string save_file;    ///< save after every turn here (empty: never)
    std::vector<RecordedPlugin> plugins;
    BotSettings bot_settings;  ///< --think: for every bot seated, joined or resumed (not saved)
};

/// One game at the terminal: bots play their turns, humans answer at a prompt.
class Hotseat {
public:
    Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<Seat>& seats, std::uint64_t seed,
            std::uint32_t max_turns, std::istream& in, std::ostream& out, Palette palette, const Persistence& files)
        : game_(bundle.catalog(), bundle.gametype(), evaluator, seed, names_of(seats)),
          view_(game_),
          cards_(bundle),
          renderer_(game_, cards_, out, palette),
          seed_(seed),
          max_turns_(max_turns),
          in_(in),
          out_(out),
          echo_(isatty(STDIN_FILENO) != 1),
          files_(files) {
        for (std::size_t i = 0; i < seats.size(); ++i) seat(seats[i], game_.players()[i].id);
        if (!files.record_file.empty())
            record_.emplace(files.record_file, game_,
                            RecordHeader{.seed = seed, .players = seats, .plugins = files.plugins, .source = "play"});
        attach_sinks();
    }

    /// Resumes the game `save` holds (read from `from`), humans and bots in their seats.
    Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from,
            std::istream& in, std::ostream& out, Palette palette, const Persistence& files)
        : game_(restore(bundle, evaluator, save, from)),
          view_(game_),
          cards_(bundle),
          renderer_(game_, cards_, out, palette),
          seed_(save.seed),
          seats_(save.seats_taken),
          humans_(save.humans),
          max_turns_(save.max_turns),
          in_(in),
          out_(out),
          echo_(isatty(STDIN_FILENO) != 1),
          files_(files),
          resumed_from_(from) {
        for (const SavedSeat& s : save.seats) {
            if (s.bot.empty()) continue;
            try {
                bots_[s.id] = {s.bot, make_bot(s.bot, 0, files.bot_settings)};
            } catch (const UsageError& e) {
                throw UsageError(from + ": malformed save: " + e.what());
            }
            bots_[s.id].bot->restore(s.bot_state);
        }
        if (!save.record_file.empty()) {
            // A relative record path is relative to the save file's folder (docs/records.md).
            const std::filesystem::path record = std::filesystem::path(from).parent_path() / save.record_file;
            check_saved_record(save, from, record.string());
            record_.emplace(record.string(), game_, save.record_bytes);
        }
        attach_sinks();
    }

    int run() {
        out_ << fmt::format("Cherries: {} with gametype {} (winning score {})\n", set_names(), game_.gametype().name,
                            game_.gametype().winning_score);
        if (!resumed_from_.empty()) out_ << fmt::format("resumed from {} after turn {}\n", resumed_from_, game_.turn());
        out_ << fmt::format("players in turn order: {}\n", player_list(game_));
        renderer_.print_rules();
        renderer_.print_table();
        const StopReason reason = loop();
        renderer_.print_result(reason, max_turns_);
        out_.flush();
        if (record_) record_->finish(!files_.save_file.empty());
        return 0;
    }

private:
    enum class Answer { done, quit, eof };
    struct Pending {
        bool join = false;
        Seat seat;  // join: who; leave: seat.name
    };

    static std::vector<std::string> names_of(const std::vector<Seat>& seats) {
        std::vector<std::string> names;
        for (const auto& s : seats) names.push_back(s.name);
        return names;
    }

    std::string set_names() const {
        std::string out;
        for (const auto& s : game_.catalog().sets()) out += (out.empty() ? "" : " + ") + s.name;
        return out;
    }

    static Game restore(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from) {
        try {
            return Game(bundle.catalog(), bundle.gametype(), evaluator, save.game);
        } catch (const RuleError& e) {
            throw UsageError(from + ": malformed save: " + e.what());
        }
    }

    void attach_sinks() {
        sinks_.add(&renderer_);
        if (record_) sinks_.add(&*record_);
        game_.set_event_sink(&sinks_);
        if (record_ && !files_.save_file.empty()) {
            // Relative to the save file's folder, so that the two can move together; once, not
            // at every save.
            std::filesystem::path folder = std::filesystem::path(files_.save_file).parent_path();
            if (folder.empty()) folder = ".";
            record_in_save_ = std::filesystem::relative(std::filesystem::absolute(record_->file()),
                                                        std::filesystem::absolute(folder)).string();
        }
    }

    void seat(const Seat& s, PlayerId id) {
        if (s.is_bot()) {
            bots_[id] = {s.bot, make_bot(s.bot, sim_bot_seed(seed_, seats_), files_.bot_settings)};
        } else {
            humans_ = true;
        }
        ++seats_;
    }

    SaveState save_state() const {
        SaveState s;
        s.game = game_.snapshot();
        s.seed = seed_;
        s.max_turns = max_turns_;
        s.seats_taken = seats_;
        s.humans = humans_;
        for (const Player& p : game_.players()) {
            SavedSeat seat{.id = p.id};
            if (const auto bot = bots_.find(p.id); bot != bots_.end()) {
                seat.bot = bot->second.kind;
                seat.bot_state = bot->second.bot->state();
            }
            s.seats.push_back(std::move(seat));
        }
        s.plugins = files_.plugins;
        if (record_) {
            s.record_file = record_in_save_;
            s.record_bytes = record_->bytes();
        }
        return s;
    }

    // Between turns: the record reaches the disk first, then the save that points into it, so
    // a crash at any instant leaves a save whose record is at least as long as it says.
    void checkpoint() {
        if (record_) record_->flush(!files_.save_file.empty());
        if (!files_.save_file.empty())
            write_atomically(files_.save_file, save_json(save_state()).dump(-1, ' ', false,
                                                                           nlohmann::json::error_handler_t::replace) + "\n");
    }

    StopReason loop() {
        for (;;) {
            if (apply_pending()) renderer_.print_table();
            checkpoint();
            if (game_.over()) return StopReason::game_over;
            if (game_.phase() == Phase::suspended) {
                if (!humans_) return StopReason::suspended;
                const Answer a = suspended_prompt();
                if (a == Answer::quit) return StopReason::quit;
                if (a == Answer::eof) return StopReason::end_of_input;
                continue;
            }
            if (game_.turn() >= max_turns_) return StopReason::turn_cap;
            game_.start_turn();
            while (game_.phase() == Phase::awaiting_give) {
                const PlayerId player = game_.current_player();
                if (const auto bot = bots_.find(player); bot != bots_.end()) {
                    game_.give(bot->second.bot->choose_receiver(view_));
                    continue;
                }
                const Answer a = ask(player);
                if (a == Answer::quit) return StopReason::quit;
                if (a == Answer::eof) return StopReason::end_of_input;
            }
            renderer_.print_table();
        }
    }

    // Reads one line; false at end of input. Echoes it when input is not a terminal, so a
    // transcript of piped input reads like a session.
    bool read(std::string& line) {
        out_.flush();
        if (!std::getline(in_, line)) {
            out_ << '\n';
            return false;
        }
        if (echo_) out_ << printable(line) << '\n';
        return true;
    }

    // Messages echo what was typed: printable() keeps its escape sequences off the screen.
    void message(const std::string& text) { out_ << "  " << renderer_.palette().red(printable(text)) << '\n'; }

    std::string unknown_player(const std::string& name) const {
        return fmt::format("unknown player '{}'; players: {}", name, player_list(game_));
    }

    Answer ask(PlayerId player) {
        const std::string name = game_.player(player).name;
        for (;;) {
            out_ << renderer_.palette().bold(fmt::format("{}, give {} to whom?", name, cards_.name(game_.drawn_card())))
                 << " [keep | give NAME | help] > ";
            std::string line;
            if (!read(line)) return Answer::eof;
            const auto w = words(line);
            if (w.empty()) continue;
            const std::string& command = w[0];
            if (command == "keep") {
                if (w.size() != 1) {
                    message("keep takes no name; to give the card to someone, type give NAME");
                    continue;
                }
                game_.give(player);
                return Answer::done;
            }
            if (command == "give") {
                if (w.size() != 2) {
                    message(fmt::format("expected give NAME, one name; players: {}", player_list(game_)));
                    continue;
                }
                const Player* receiver = game_.find_player(w[1]);
                if (!receiver) {
                    message(unknown_player(w[1]));
                    continue;
                }
                game_.give(receiver->id);
                return Answer::done;
            }
            if (command == "quit" && w.size() == 1) return Answer::quit;
            if (!common_command(w, false)) message(fmt::format("unknown command '{}'; expected {}", line_of(w), kExpected));
        }
    }

    Answer suspended_prompt() {
        for (;;) {
            out_ << renderer_.palette().bold("The game is suspended: join NAME resumes it, leave NAME ends it.")
                 << " [join NAME | leave NAME | quit] > ";
            std::string line;
            if (!read(line)) return Answer::eof;
            const auto w = words(line);
            if (w.empty()) continue;
            if (w[0] == "quit" && w.size() == 1) return Answer::quit;
            if (w[0] == "keep" || w[0] == "give") {
                message("no card to give while the game is suspended; join NAME to resume it");
                continue;
            }
            if (!common_command(w, true))
                message(fmt::format("unknown command '{}'; expected join NAME, leave NAME, status, help or quit", line_of(w)));
            if (game_.phase() != Phase::suspended) {
                renderer_.print_table();
                return Answer::done;
            }
        }
    }

    static std::string line_of(const std::vector<std::string>& w) {
        std::string s;
        for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
        return s;
    }

    // join, leave, status, help. `now`: apply joins and leaves at once (the game is between
    // turns), else queue them for after this turn. False if `w` is none of these.
    bool common_command(const std::vector<std::string>& w, bool now) {
        const std::string& command = w[0];
        if (explain_command(w, game_, cards_, out_)) return true;  // help, help CARD, card NAME, rules
        if (command == "status" && w.size() == 1) {
            renderer_.print_table();
            out_ << fmt::format("  deck: {} cards", game_.deck().size());
            if (game_.drawn_card() != kNoCard) out_ << "; drawn: " << cards_.describe(game_.drawn_card());
            out_ << '\n' << rules_text(game_, cards_);
            return true;
        }
        if (command != "join" && command != "leave") return false;
        if (w.size() != 2) {
            message(command == "join" ? "expected join NAME (or join bot:KIND, join bot:KIND=NAME)"
                                      : fmt::format("expected leave NAME; players: {}", player_list(game_)));
            return true;
        }
        const bool in_progress = game_.in_progress();
        const HouseRules& rules = game_.gametype().house_rules;
        Pending p;
        p.join = command == "join";
        if (p.join) {
            std::size_t queued = 0;
            for (const auto& q : pending_) queued += q.join;
            try {
                p.seat = parse_seat(w[1], game_.players().size() + queued + 1);
            } catch (const UsageError& e) {
                message(e.what());
                return true;
            }
            if (in_progress && !rules.join_in_progress) {
                message(fmt::format("house rules of '{}': players may not join once the game is in progress", game_.gametype().id));
                return true;
            }
            if (game_.find_player(p.seat.name) || queued_join(p.seat.name)) {
                message(fmt::format("there is already a player named '{}'", p.seat.name));
                return true;
            }
        } else {
            p.seat.name = w[1];
            if (!game_.find_player(w[1])) {
                message(unknown_player(w[1]));
                return true;
            }
            if (in_progress && !rules.leave_in_progress) {
                message(fmt::format("house rules of '{}': players may not leave once the game is in progress", game_.gametype().id));
                return true;
            }
            for (const auto& q : pending_)
                if (!q.join && q.seat.name == w[1]) {
                    message(fmt::format("{} already leaves after this turn", w[1]));
                    return true;
                }
        }
        if (now) {
            apply(p);
        } else {
            out_ << fmt::format("  {} {} after this turn\n", p.seat.name, p.join ? "joins" : "leaves");
            pending_.push_back(std::move(p));
        }
        return true;
    }

    bool queued_join(const std::string& name) const {
        for (const auto& q : pending_)
            if (q.join && q.seat.name == name) return true;
        return false;
    }

    void apply(const Pending& p) {
        try {
            if (p.join) {
                seat(p.seat, game_.join(p.seat.name));
            } else if (const Player* player = game_.find_player(p.seat.name)) {
                const PlayerId id = player->id;
                game_.leave(id);
                bots_.erase(id);
            } else {
                message(unknown_player(p.seat.name));
            }
        } catch (const RuleError& e) {
            message(e.what());
        }
    }

    // Joins and leaves asked for during the last turn (GDD §3.4.2.1: between turns only).
    bool apply_pending() {
        if (pending_.empty()) return false;
        for (const auto& p : pending_)
            if (!game_.over()) apply(p);
        pending_.clear();
        return true;
    }

    Game game_;
    TableView view_;
    CardText cards_;
    TextRenderer renderer_;
    struct SeatedBot {
        std::string kind;  // for save files
        std::unique_ptr<Bot> bot;
    };
    std::map<PlayerId, SeatedBot> bots_;
    std::vector<Pending> pending_;
    std::uint64_t seed_;
    std::uint32_t seats_ = 0;  // seats ever taken: the next bot's seed index
    bool humans_ = false;      // someone at the terminal may answer a prompt
    std::uint32_t max_turns_;
    std::istream& in_;
    std::ostream& out_;
    bool echo_;
    Persistence files_;
    std::string resumed_from_;
    std::optional<RecordWriter> record_;
    std::string record_in_save_;  // the record's path relative to the save file's folder
    EventFanout sinks_;
};

std::uint64_t random_seed() {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}

int run_scenario(const PlayOptions& o) {
    const Scenario scenario = read_scenario(o.scenario);
    // An explicit --set / --gametype wins over the file; the file over the defaults.
    std::vector<std::string> sets = o.set_option->count() > 0 ? o.plugins.sets : scenario_sets(scenario);
    std::string gametype = o.gametype_option->count() > 0 ? o.plugins.gametype
                                                          : scenario_gametype(scenario).value_or(o.plugins.gametype);
    const sdk::Bundle bundle = load_bundle(sets, gametype, o.plugins.plugin_path);
    // An early end is said on stderr; a refused join or leave exits 1; either way the state so
    // far is printed.
    auto finish = [](const ScenarioEnd& end) {
        if (!end.message.empty()) std::cerr << "cherries: " << (end.kind == ScenarioEnd::Kind::refused ? "error: " : "note: ") << end.message << '\n';
        return end.kind == ScenarioEnd::Kind::refused ? 1 : 0;
    };
    if (o.json) {
        ScenarioEnd end;
        const nlohmann::json out = scenario_json(scenario, bundle, &end);
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        return finish(end);
    }
    auto runtime = bundle.make_runtime();
    Game game = make_scenario_game(scenario, bundle, *runtime);
    const CardText cards(bundle);
    TextRenderer renderer(game, cards, std::cout, stdout_palette());
    game.set_event_sink(&renderer);
    std::cout << fmt::format("scenario {}\nseed {}\n", scenario.file, scenario.seed);
    std::cout << fmt::format("players in turn order: {}\n", player_list(game));
    renderer.print_table();
    const ScenarioEnd end = play_scenario(scenario, game, [&] { renderer.print_table(); });
    renderer.print_result(game.over()                                ? StopReason::game_over
                          : game.phase() == Phase::suspended           ? StopReason::suspended
                          : end.kind == ScenarioEnd::Kind::refused     ? StopReason::refused
                                                                       : StopReason::turns_done);
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
    const sdk::Bundle bundle = load_bundle(o.plugins);
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
                     "seat), bot:KIND=NAME (repeatable; kinds: random, greedy, expert, or a bot plugin's name)")
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
