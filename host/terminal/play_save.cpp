// The hotseat game's save file and record: what a save holds, and the checkpoint between turns.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "host/terminal/play_interrupt.hpp"
#include "host/terminal/play_session.hpp"

namespace cherries::host {

SaveState Hotseat::save_state() const {
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
    for (const Pending& p : pending_) s.pending.push_back({.join = p.join, .name = p.seat.name, .bot = p.seat.bot});
    return s;
}

void Hotseat::restore_pending(const SaveState& save) {
    for (const SavedPending& p : save.pending) pending_.push_back({.join = p.join, .seat = {.name = p.name, .bot = p.bot}});
    hold_pending_ = !pending_.empty();  // they were typed during the turn about to be played again
}

// A join, leave or cancel during a turn: the last save again (the game as it was between
// turns), with the new list of what is pending after the turn.
void Hotseat::save_pending() {
    if (files_.save_file.empty() || !last_save_) return;
    last_save_->pending.clear();
    for (const Pending& p : pending_) last_save_->pending.push_back({.join = p.join, .name = p.seat.name, .bot = p.seat.bot});
    write_atomically(files_.save_file,
                     save_json(*last_save_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

// Between turns: the record reaches the disk first, then the save that points into it, so
// a crash at any instant leaves a save whose record is at least as long as it says.
// Also what Ctrl-C prints from here on: the standings as saved and how to go on.
void Hotseat::checkpoint() {
    if (record_) record_->flush(!files_.save_file.empty());
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
