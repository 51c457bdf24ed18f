// The hotseat game's save file and record: what a save holds, and the checkpoint between turns.
#include <nlohmann/json.hpp>

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
    return s;
}

// Between turns: the record reaches the disk first, then the save that points into it, so
// a crash at any instant leaves a save whose record is at least as long as it says.
void Hotseat::checkpoint() {
    if (record_) record_->flush(!files_.save_file.empty());
    if (!files_.save_file.empty())
        write_atomically(files_.save_file, save_json(save_state()).dump(-1, ' ', false,
                                                                       nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace cherries::host
