// `cherries play`'s game at one terminal (hotseat): bots play their turns, humans answer at a
// prompt; joins and leaves asked for during a turn are applied between turns (GDD §3.4.2.1);
// the record and the save file are kept after every turn.
#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/session/seats.hpp"
#include "host/records/record.hpp"
#include "host/records/save.hpp"
#include "host/session/session.hpp"
#include "host/table/table.hpp"
#include "host/terminal/line_reader.hpp"
#include "host/terminal/play_input.hpp"
#include "host/terminal/play_recap.hpp"
#include "host/text/render.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

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
    std::vector<RecordedPlugin> plugins;  ///< the record header's: the game's, with the bot plugins seated
    BotSettings bot_settings;  ///< --think: for every bot seated, joined or resumed (not saved)
};

/// One game at the terminal: bots play their turns, humans answer at a prompt. It drives a
/// Table (host/table), which owns the game, its seats, the joins and leaves and the record;
/// this is its listener (private), and its I/O.
class Hotseat final : private TableListener {
public:
    /// A new game: `seats` in turn order, seeded with `seed`, stopped after `max_turns`.
    Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<Seat>& seats, std::uint64_t seed,
            std::uint32_t max_turns, std::istream& in, std::ostream& out, Palette palette, const Persistence& files);

    /// Resumes the game `save` holds (read from `from`), humans and bots in their seats.
    /// Throws InputError "FROM: malformed save: ..." when the save does not fit the plugins.
    Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from,
            std::istream& in, std::ostream& out, Palette palette, const Persistence& files);

    /// Plays until the game ends, the turn cap, quit or end of input (confirmed on a terminal);
    /// prints the result, the standings and, when the game can go on, the `--resume` command.
    /// Ctrl-C ends it too (play_interrupt.hpp), with the standings and the command. Returns the
    /// exit status (0).
    int run();

    /// "cherries play --resume FILE" for the save file (quoted for a shell when needed).
    std::string resume_command() const;

private:
    enum class Answer { none, done, quit, eof };

    // hotseat.cpp: the game loop and the session's hooks.
    std::string set_names() const;
    void attach_sinks();
    GameEnd loop();
    void on_event(const Event& event) override { sinks_.on_event(event); }
    void notice(const std::string& text) override { message(text); }
    void changes_applied() override { renderer_.print_table(); }
    bool may_start_turn() override { return game_.turn() < max_turns_; }
    void before_turn() override { checkpoint(); }
    void turn_ended() override { renderer_.print_table(); }
    void write_record();
    std::string standings() const;
    void print_end(GameEnd end);

    // play_save.cpp: the record and the save file.
    SaveState save_state() const;
    void checkpoint();
    void save_pending();

    // play_prompt.cpp: the prompt and its commands.
    bool read(const std::string& prompt, std::string& line);
    void message(const std::string& text);
    void print_fitted(const std::string& text);
    void print_help();
    void refuse_command(const Match& command, const std::string& expected);
    bool quit_confirmed(const std::vector<std::string>& w);
    std::vector<std::string> player_names() const;
    bool confirm(const std::string& question, const std::string& note);
    std::string stop_note() const;
    Answer end_of_input();
    Answer ask(PlayerId player);
    Answer suspended_prompt();
    void show_pending();
    void status();
    void cancel(const std::vector<std::string>& w);
    void common_command(const std::string& command, const std::vector<std::string>& w, const std::string& asker);
    void answer(const Reply& reply, const std::string& name, bool join);

    InstalledBots bot_source_;
    Table table_;
    Game& game_;  // table_'s
    CardText cards_;
    TextRenderer renderer_;
    std::uint32_t max_turns_;
    std::istream& in_;
    std::ostream& out_;
    bool terminal_in_;  // standard input is a terminal: confirmations are asked
    bool echo_;
    LineReader reader_;
    std::size_t width_;  // terminal columns (0: no limit)
    Persistence files_;
    std::string resumed_from_;
    std::optional<RecordWriter> record_;
    std::string record_in_save_;  // the record's path relative to the save file's folder
    std::optional<SaveState> last_save_;  // what the last checkpoint saved
    Recap recap_;
    EventFanout sinks_;
};

}  // namespace cherries::host
