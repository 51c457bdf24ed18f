// ChannelGame: the turn clock. A human's time starts when their prompt line is written to the
// server (Client tells prompt_written), not when the card is drawn, so a prompt that waits in
// the flood queue or a lost connection costs nobody time; a warning comes turn_warning before
// the end; !pause stops the clock for at most pause_limit; "CherryBot is back" asks again.
#include <fmt/core.h>

#include "host/hosted/after_change.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"

namespace cherries::irc {

namespace {

// A person's card waits on the clock (not while the others choose for a person out of time).
bool human_turn(const ChannelGame::OpenGame& t) {
    return t.started && t.hosted->waiting_for_person().has_value();
}

}  // namespace

std::string ChannelGame::prompt(std::string lead) {
    OpenGame& t = *open_;
    lead += fmt::format("{}{}: !keep or !give NICK ({}).", lead.empty() ? "" : " ", t.nick(t.game.current_player()),
                        seconds_text(t.clock().time_for(t.game.current_player())));
    t.prompt_line = paint({lead})[0];
    t.prompt_unsent = true;
    ++t.prompt_serial;
    return lead;
}

std::optional<ChannelGame::Prompt> ChannelGame::unsent_prompt() const {
    if (!open_ || !open_->prompt_unsent) return std::nullopt;
    return Prompt{open_->prompt_serial, open_->prompt_line};
}

void ChannelGame::prompt_written(std::uint64_t serial, GameClock::time_point now) {
    if (!open_) return;
    OpenGame& t = *open_;
    if (serial != t.prompt_serial) return;  // an older prompt: that turn is over
    t.prompt_unsent = false;
    if (!human_turn(t)) return;
    t.clock().start(now, t.game.current_player());
}

void ChannelGame::connection_lost() {
    if (!open_) return;
    // Nobody can answer while the bot is away: the clock waits for the prompt asked again.
    open_->clock().stop();
    open_->prompt_unsent = false;
}

Replies ChannelGame::back() {
    Replies out;
    if (!open_) return out;
    OpenGame& t = *open_;
    t.out = &out;
    out.push_back("CherryBot is back.");
    status(out);
    if (human_turn(t) && !t.clock().paused()) {
        out.push_back(prompt(t.drew_line()));
    }
    return paint(std::move(out));
}

Replies ChannelGame::on_join(std::string_view nick, GameClock::time_point now) {
    Replies out;
    now_ = now;
    if (!open_ || !open_->started) return out;
    OpenGame& t = *open_;
    t.out = &out;
    PlayerId id = t.find(nick, true);
    if (const PlayerId held = held_seat(std::string(nick)); id == kNoPlayer && held != kNoPlayer) {
        const host::Reply reply = seat_person(std::string(nick));  // the stand-in bot gives the seat back
        t.say(reply);
        if (!reply) return paint(std::move(out));
        id = held;
        persist(out);
    } else if (id == kNoPlayer) {
        return out;
    } else if (t.table().cancel(t.nick(id), false)) {  // left during a turn, back before its end
        out.push_back(fmt::format("{} is back and stays in their seat.", t.nick(id)));
        persist(out);
    } else {
        out.push_back(fmt::format("Welcome back, {}.", t.nick(id)));
    }
    status(out);
    if (human_turn(t) && t.game.current_player() == id && !t.clock().paused())
        out.push_back(prompt(t.drew_line()));
    return paint(std::move(out));
}

void ChannelGame::pause(const std::string& nick, GameClock::time_point now, Replies& out) {
    OpenGame& t = *open_;
    if (t.clock().options().bank && t.started) {  // a correspondence table pauses by everyone's word, with no limit
        out.push_back(t.hosted->agree_pause(t.find(nick, true), now).text);
        persist(out);
        return;
    }
    if (t.find(nick, true) == kNoPlayer) {
        out.push_back(fmt::format("{}, only a seated player can !pause the game.", nick));
    } else if (!t.started) {
        out.push_back("The game has not started; there is no clock to stop.");
    } else if (!t.clock().pause(now)) {
        out.push_back("The game is paused already; !resume goes on.");
    } else {
        out.push_back(fmt::format("{} pauses the game: the turn clock stops, for at most {}. !resume goes on.", nick,
                                  seconds_text(options_.pause_limit)));
    }
}

void ChannelGame::resume_clock(const std::string& nick, GameClock::time_point now, Replies& out) {
    OpenGame& t = *open_;
    if (!nick.empty() && (t.clock().held() || !t.hosted->pause_asked().empty())) {  // a correspondence table's pause
        out.push_back(t.hosted->end_pause(t.find(nick, true), now).text);
        persist(out);
        if (human_turn(t) && t.clock().running()) out.push_back(prompt(t.drew_line()));
        return;
    }
    if (!t.clock().paused()) {
        out.push_back("The game is not paused.");
        return;
    }
    if (!nick.empty() && t.find(nick, true) == kNoPlayer) {
        out.push_back(fmt::format("{}, only a seated player can !resume the game.", nick));
        return;
    }
    std::string left;
    if (const auto had = t.clock().resume(now)) left = fmt::format(": {} has {} left", t.nick(t.game.current_player()), seconds_text(*had));
    out.push_back(nick.empty() ? fmt::format("The pause ran out ({}); the game goes on{}.", seconds_text(options_.pause_limit), left)
                               : fmt::format("{} resumes the game{}.", nick, left));
}

std::optional<GameClock::time_point> ChannelGame::deadline() const {
    if (!open_) return std::nullopt;
    return host::next_due(*open_->hosted);
}

Replies ChannelGame::tick(GameClock::time_point now) {
    Replies out;
    now_ = now;
    if (!open_) return out;
    OpenGame& t = *open_;
    if (host::store_retry_due(*t.hosted, now)) {  // the database failed: try again, in memory meanwhile
        persist(out);
        if (!open_) return paint(std::move(out));
    }
    if (t.clock().paused()) {
        if (t.clock().tick(now) == host::TurnClock::Due::pause_over) resume_clock("", now, out);
        return paint(std::move(out));
    }
    if (!t.clock().running()) return out;
    if (!human_turn(t)) {
        t.clock().stop();  // stale: nobody is waited for
        return out;
    }
    const host::TurnClock::Due due = t.clock().tick(now);
    if (due == host::TurnClock::Due::vacation) {
        const PlayerId seat = t.game.current_player();
        out.push_back(fmt::format("{}'s time ran out: a vacation day is spent ({} of {}), so {} has one more day for this turn.", t.nick(seat),
                                  t.clock().vacation_spent(seat), t.clock().options().bank->vacation_days, t.nick(seat)));
        persist(out);
        return paint(std::move(out));
    }
    if (due == host::TurnClock::Due::warning)
        out.push_back(fmt::format("{}: {} left.", t.nick(t.game.current_player()), seconds_text(options_.turn_warning)));
    if (due != host::TurnClock::Due::timeout) return paint(std::move(out));
    try {
        t.out = &out;
        t.hosted->out_of_time(t.clock().turn_length());  // the stand-in decides, or at a correspondence table the others choose
        t.flush();
        t.sync_held();
        advance(now, out);
    } catch (const std::exception& e) {
        internal_error(e, out);
    }
    persist(out);
    return paint(std::move(out));
}

}  // namespace cherries::irc
