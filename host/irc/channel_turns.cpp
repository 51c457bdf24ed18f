// ChannelGame: seating, leaving, and playing turns out (GDD §3.4.2).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_table.hpp"
#include "host/records/record.hpp"
#include "host/records/state_json.hpp"
#include "host/batch/sim.hpp"

namespace cherries::irc {

namespace {

void append(Replies& out, std::vector<std::string> lines) {
    for (auto& l : lines) out.push_back(std::move(l));
}

}  // namespace

void ChannelGame::seat(const host::PendingChange& change, Replies& out) {
    Table& t = *table_;
    // The engine wants unique names; a nick that left and came back under another name may
    // still be taken there, so the engine name gets a suffix (players only ever see nicks).
    std::string name = change.name;
    for (int n = 2; t.game.find_player(name); ++n) name = change.name + "~" + std::to_string(n);
    t.joining = change.name;
    PlayerId id = kNoPlayer;
    try {
        // A bot plugin the record does not name yet gets a plugin line before the join line.
        id = t.session.join(host::Seat{.name = name, .bot = change.bot});
    } catch (const std::exception& e) {  // the engine refuses, or the bot cannot be made
        t.joining.clear();
        out.push_back(fmt::format("{} cannot join: {}.", change.name, e.what()));
        return;
    }
    t.joining.clear();
    t.nicks[id] = change.name;
    if (change.bot.empty())
        if (std::string account = account_of(change.name); !account.empty()) t.accounts[id] = std::move(account);
    append(out, t.text.take());
}

void ChannelGame::unseat(PlayerId id, Replies& out) {
    Table& t = *table_;
    try {
        t.session.leave(id);
    } catch (const RuleError& e) {
        out.push_back(fmt::format("{} cannot leave: {}.", t.nick(id), e.what()));
        return;
    }
    t.timeouts.erase(id);
    append(out, t.text.take());
}

void ChannelGame::leave(const std::string& nick, bool departed, Replies& out) {
    Table& t = *table_;
    if (t.game.over()) return;
    const PlayerId id = t.find(nick, true);
    if (id == kNoPlayer) {
        if (!departed && kept_seat(nick) != kNoPlayer) {
            out.push_back(fmt::format("{}, the greedy bot plays your seat while you are away; !join takes it back.", nick));
            return;
        }
        if (host::PendingChange* p = t.pending_for(nick, true)) {
            auto& pending = t.session.pending();
            pending.erase(pending.begin() + (p - pending.data()));
            if (!departed) out.push_back(fmt::format("{} will not join after all.", nick));
        } else if (!departed) {
            out.push_back(fmt::format("{}, you are not playing.", nick));
        }
        return;
    }
    if (t.started && !t.game.gametype().house_rules.leave_in_progress) {
        if (!departed) {
            out.push_back(fmt::format("House rules of '{}': nobody leaves once the game is in progress.", t.game.gametype().id));
        } else {
            // The seat cannot be given up, and nobody is there to play it: a bot takes it over.
            t.session.hand_to_bot(id, "greedy");
            t.kept_nick[id] = t.nick(id);
            if (const auto a = t.accounts.find(id); a != t.accounts.end()) t.kept_account[id] = a->second;
            seat_changed(id, t.nick(id), "greedy", "house rules");
            out.push_back(fmt::format("{} is gone, and the house rules keep the seat: the greedy bot plays it until they are back.",
                                      t.nick(id)));
        }
        return;
    }
    if (t.started && options_.bot_takes_over) return take_over(id, out);
    if (t.pending_for(nick, false)) {
        if (!departed) out.push_back(fmt::format("{} leaves after this turn already.", nick));
        return;
    }
    if (t.game.phase() == Phase::awaiting_give && t.game.current_player() == id) {
        // Nobody would answer for the drawn card: the greedy bot plays this last turn.
        out.push_back(fmt::format("{} leaves; the greedy bot plays their turn.", t.nick(id)));
        t.turn_deadline.reset();
        give(host::make_bot("greedy", 0)->choose_receiver(t.view), out);
        if (t.game.over()) return;
    }
    if (t.game.phase() == Phase::awaiting_give) {
        out.push_back(fmt::format("{} leaves after this turn.", t.nick(id)));
        t.session.pending().push_back(host::PendingChange{.join = false, .name = t.nick(id), .bot = {}});
        return;
    }
    unseat(id, out);
    if (!t.started && t.game.players().empty()) close(out, "nobody is seated");
}

void ChannelGame::give(PlayerId receiver, Replies& out) {
    Table& t = *table_;
    t.hooks.out = &out;
    t.session.give(receiver);  // a fault leaves the phase awaiting_give with a new card (GDD §3.5)
}

void ChannelGame::apply_changes(const std::vector<host::PendingChange>& changes, Replies& out) {
    Table& t = *table_;
    for (const host::PendingChange& c : changes) {
        if (t.game.over()) break;
        if (c.join) {
            seat(c, out);
        } else if (const PlayerId id = t.find(c.name, true); id != kNoPlayer) {
            unseat(id, out);
        }
    }
}

void ChannelGame::advance(GameClock::time_point now, Replies& out) {
    if (!table_) return;
    Table& t = *table_;
    // Bots play at once; the session stops at a human's turn, a suspension, the end, or when
    // may_start_turn says no (not started, no human left, or a bound that only guards a bug).
    t.hooks.out = &out;
    t.hooks.turns_left = 100000;
    const host::SessionStop stop = t.session.advance();
    if (stop != host::SessionStop::human) t.turn_deadline.reset();  // only a human's card waits on the clock
    if (stop == host::SessionStop::over) {
        append(out, t.text.take());
        std::string result = "Final scores: " + t.scores() + fmt::format(" after {} turns.", t.game.turn());
        try {
            store_end(host::status_name(t.game));
        } catch (const std::exception& e) {
            tell_operator(e.what());
            out.push_back("Warning: the finished game could not be stored (the operator can see why).");
        }
        remember_table();
        table_.reset();
        out.push_back(std::move(result));
        return;
    }
    if (stop == host::SessionStop::human) {
        const PlayerId current = t.game.current_player();
        if (t.prompted_card == t.game.drawn_card() && t.prompted_turn == t.game.turn()) return;  // asked already
        const std::string line = fmt::format("{}", fmt::join(t.text.take(), " "));
        (void)current;
        out.push_back(prompt(line.empty() || line.back() == '.' ? line : line + "."));  // never "change.. ann:"
        t.prompted_card = t.game.drawn_card();
        t.prompted_turn = t.game.turn();
        t.turn_deadline.reset();  // the clock starts when the prompt is written (prompt_written)
        (void)now;
        return;
    }
    if (!t.started) return;
    if (!t.has_humans()) return close(out, "no human player is left");
    if (stop == host::SessionStop::suspended) {
        append(out, t.text.take());
        return;
    }
    close(out, "stopped: it ran too long without a human turn", "it ran too long without a human turn");
}

// --- the session's hooks --------------------------------------------------------------------

void ChannelGame::Hooks::apply_changes(host::Session&, const std::vector<host::PendingChange>& changes) {
    game.apply_changes(changes, *out);
}

bool ChannelGame::Hooks::may_start_turn() {
    const Table& t = *game.table_;
    if (!t.started || !t.has_humans() || turns_left == 0) return false;
    --turns_left;
    return true;
}

// The turn before is complete: stored before the next one is announced.
void ChannelGame::Hooks::before_turn() { game.persist(*out); }

PlayerId ChannelGame::Hooks::bot_decides(PlayerId player, host::Bot& bot, const TableView&) {
    return game.bot_decision(player, bot, *out);
}

void ChannelGame::Hooks::turn_ended() {
    // A bot's turn, or any turn in compact mode: one line. A human's turn otherwise: the move,
    // the end of the turn, then the scores. Compact mode tells the scores when a round ends
    // (the last player in the turn order played).
    Table& t = *game.table_;
    const PlayerId player = t.text.turn_player();
    const bool one_line = game.compact_ || (player != kNoPlayer && t.is_bot(player));
    if (t.game.over()) return append(*out, t.text.take("", one_line));
    if (!one_line) return append(*out, t.text.take("Scores: " + t.scores() + "."));
    append(*out, t.text.take("", true));  // the turn; then joins, leaves, faults (if any)
    const auto& players = t.game.players();
    if (game.compact_ && !players.empty() && players.back().id == player)
        out->push_back(fmt::format("Round over after turn {}. Scores: {}.", t.game.turn(), t.scores()));
}

void ChannelGame::close(Replies& out, std::string why, std::string reason) {
    try {
        store_end("stopped", reason.empty() ? why : reason);
    } catch (const std::exception&) {  // already closing: the game ends either way
    }
    const Table& t = *table_;
    std::string scores;  // a game that ran ends with its scores, however it ends
    if (t.started && !t.game.players().empty())
        scores = "Final scores: " + t.scores() + fmt::format(" after {} turn{}.", t.game.turn(), t.game.turn() == 1 ? "" : "s");
    if (t.started) remember_table();
    table_.reset();
    out.push_back("The game is over: " + why + ".");
    if (!scores.empty()) out.push_back(std::move(scores));
}

}  // namespace cherries::irc

namespace cherries::irc {

void ChannelGame::take_over(PlayerId id, Replies& out) {
    // bot_takes_over: the seat stays and the greedy bot plays it under a bot's name, so that a
    // small game goes on instead of being suspended (the engine's player list is unchanged).
    Table& t = *table_;
    const std::string was = t.nick(id);
    std::string bot;
    for (std::uint32_t n = t.session.seats_taken() + 1;; ++n) {
        bot = "greedy-" + std::to_string(n);
        if (t.find(bot) == kNoPlayer && !t.pending_for(bot, true)) break;
    }
    t.session.hand_to_bot(id, "greedy", true);  // a seat of its own: names and seeds the next bots
    t.kept_nick[id] = was;
    if (const auto a = t.accounts.find(id); a != t.accounts.end()) t.kept_account[id] = a->second;
    t.nicks[id] = bot;
    t.timeouts.erase(id);
    t.accounts.erase(id);
    seat_changed(id, bot, "greedy", "take-over");
    if (t.game.phase() == Phase::awaiting_give && t.game.current_player() == id) t.turn_deadline.reset();
    out.push_back(fmt::format("{} leaves; the bot {} takes over their seat, so the game goes on.", was, bot));
}

void ChannelGame::seat_changed(PlayerId id, const std::string& name, const std::string& bot, const std::string& why) {
    Table& t = *table_;
    std::string line =
        host::seat_line(t.game.turn(), host::SeatLine{.player = t.game.player(id).name, .name = name, .bot = bot, .why = why});
    if (!t.recording()) return;
    t.unstored_seats.push_back(line);
    t.put_line(std::move(line));
}

PlayerId ChannelGame::kept_seat(const std::string& nick) const {
    const Table& t = *table_;
    const std::string account = account_of(nick);
    for (const auto& [id, kept] : t.kept_nick) {
        if (!t.game.find_player(t.game.player(id).name)) continue;  // the seat is gone
        const auto a = t.kept_account.find(id);
        if (!account.empty() && a != t.kept_account.end()) {
            if (a->second == account) return id;  // the same services account, whatever the nick
        } else if (t.same(kept, nick)) {
            return id;
        }
    }
    return kNoPlayer;
}

void ChannelGame::take_back(PlayerId id, const std::string& nick, Replies& out) {
    Table& t = *table_;
    const std::string stand_in = t.nick(id);
    t.session.hand_back(id);
    t.nicks[id] = nick;
    t.kept_nick.erase(id);
    t.kept_account.erase(id);
    t.timeouts.erase(id);
    if (std::string account = account_of(nick); !account.empty()) t.accounts[id] = std::move(account);
    seat_changed(id, nick, "", "back");
    out.push_back(stand_in == nick ? fmt::format("{} is back and plays their seat again (the greedy bot kept it).", nick)
                                   : fmt::format("{} is back and takes their seat again from {}.", nick, stand_in));
}

Replies ChannelGame::paint(Replies lines) const {
    if (!options_.colours) return lines;
    for (auto& line : lines) line = paint_line(line, red_);
    return lines;
}

}  // namespace cherries::irc
