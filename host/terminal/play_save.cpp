// The hotseat game's save file and record: what a save holds, and the checkpoint between turns.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "host/terminal/play_interrupt.hpp"
#include "host/terminal/hotseat.hpp"

namespace cherries::host {

// The table's record lines since the last write, to the record file (kept only there).
void Hotseat::write_record() {
    RecordLog* log = table_.record();
    if (!log) return;
    std::vector<std::string> lines = log->take_lines();
    if (!record_) return;
    for (const std::string& line : lines) record_->put_line(line);
    record_->flush(!files_.save_file.empty());
}

SaveState Hotseat::save_state() const {
    SaveState s = table_.session_ptr()->save_state();
    s.max_turns = max_turns_;
    if (record_) {
        s.record_file = record_in_save_;
        s.record_bytes = record_->bytes();
    }
    return s;
}

// A join, leave or cancel during a turn: the last save again (the game as it was between
// turns), with the new list of what is pending after the turn.
void Hotseat::save_pending() {
    if (files_.save_file.empty() || !last_save_) return;
    last_save_->pending = table_.pending();
    write_atomically(files_.save_file,
                     save_json(*last_save_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

// Between turns: the record reaches the disk first, then the save that points into it, so
// a crash at any instant leaves a save whose record is at least as long as it says.
// Also what Ctrl-C prints from here on: the standings as saved and how to go on.
void Hotseat::checkpoint() {
    write_record();
    if (!files_.save_file.empty()) {
        last_save_ = save_state();
        write_atomically(files_.save_file,
                         save_json(*last_save_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    }
    std::string text = "\n\nInterrupted (Ctrl-C).\n" + standings();
    if (!game_.over() && !files_.save_file.empty())
        text += fmt::format("The game is saved in {}; to go on: {}\n", files_.save_file, resume_command());
    else if (!game_.over())
        text += "The game was not saved (play with --save FILE to be able to go on later).\n";
    set_interrupt_text(text);
    out_.flush();
}

}  // namespace cherries::host
