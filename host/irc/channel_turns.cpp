// ChannelGame: seating, leaving, and playing turns out (GDD §3.4.2).
#include <fmt/core.h>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_table.hpp"
#include "host/records/state_json.hpp"
#include "host/sim/sim.hpp"

namespace cherries::irc {

namespace {

void append(Replies& out, std::vector<std::string> lines) {
    for (auto& l : lines) out.push_back(std::move(l));
}

}  // namespace

void ChannelGame::seat(const PendingChange& change, Replies& out) {
    Table& t = *table_;
    // The engine wants unique names; a nick that left and came back under another name may
    // still be taken there, so the engine name gets a suffix (players only ever see nicks).
    std::string name = change.nick;
    for (int n = 2; t.game.find_player(name); ++n) name = change.nick + "~" + std::to_string(n);
    // The bot first, so that a bot plugin that does not load seats no one; one the record does
    // not name yet gets a plugin line before the join line (docs/records.md, "Plugin lines").
    std::unique_ptr<host::Bot> bot;
    std::optional<host::RecordedPlugin> plugin;
    if (!change.bot.empty()) {
        std::string why;
        bot = make_seat_bot(change.bot, host::sim_bot_seed(t.seed, t.seats), plugin, why);
        if (!bot) {
            out.push_back(fmt::format("{} cannot join: {}.", change.nick, why));
            return;
        }
    }
    t.joining = change.nick;
    t.log.set_joining_plugin(plugin);
    PlayerId id;
    try {
        id = t.game.join(name);
    } catch (const RuleError& e) {
        t.joining.clear();
        t.log.set_joining_plugin(std::nullopt);
        out.push_back(fmt::format("{} cannot join: {}.", change.nick, e.what()));
        return;
    }
    t.joining.clear();
    t.nicks[id] = change.nick;
    if (plugin) t.plugins.push_back(std::move(*plugin));
    if (bot) {
        t.bots[id] = std::move(bot);
        t.bot_kinds[id] = change.bot;
    } else if (std::string account = account_of(change.nick); !account.empty()) {
        t.accounts[id] = std::move(account);
    }
    ++t.seats;
    append(out, t.text.take());
}

void ChannelGame::unseat(PlayerId id, Replies& out) {
    Table& t = *table_;
    try {
        t.game.leave(id);
    } catch (const RuleError& e) {
        out.push_back(fmt::format("{} cannot leave: {}.", t.nick(id), e.what()));
        return;
    }
    t.bots.erase(id);
    t.bot_kinds.erase(id);
    t.timeouts.erase(id);
    append(out, t.text.take());
}

void ChannelGame::leave(const std::string& nick, bool departed, Replies& out) {
    Table& t = *table_;
    if (t.game.over()) return;
    const PlayerId id = t.find(nick, true);
    if (id == kNoPlayer) {
        if (PendingChange* p = t.pending_for(nick, true)) {
            t.pending.erase(t.pending.begin() + (p - t.pending.data()));
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
            t.bots[id] = host::make_bot("greedy", 0);
            t.bot_kinds[id] = "greedy";
            out.push_back(fmt::format("{} is gone, and the house rules keep the seat: the greedy bot plays it.", t.nick(id)));
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
        t.pending.push_back(PendingChange{.join = false, .nick = t.nick(id), .bot = {}});
        return;
    }
    unseat(id, out);
    if (!t.started && t.game.players().empty()) close(out, "nobody is seated");
}

void ChannelGame::give(PlayerId receiver, Replies& out) {
    Table& t = *table_;
    const std::uint32_t turn = t.game.turn();
    t.game.give(receiver);  // a fault leaves the phase awaiting_give with a new card (GDD §3.5)
    if (t.game.phase() == Phase::awaiting_give && t.game.turn() == turn) return;
    append(out, t.text.take(t.game.over() ? "" : "Scores: " + t.scores() + "."));
}

void ChannelGame::apply_pending(Replies& out) {
    Table& t = *table_;
    if (t.game.turn() < t.hold_pending_until) return;  // resumed: after the turn that is played again
    std::vector<PendingChange> changes;
    changes.swap(t.pending);
    for (const PendingChange& c : changes) {
        if (t.game.over()) break;
        if (c.join) {
            seat(c, out);
        } else if (const PlayerId id = t.find(c.nick, true); id != kNoPlayer) {
            unseat(id, out);
        }
    }
}

void ChannelGame::advance(GameClock::time_point now, Replies& out) {
    // Bots play at once; the loop stops at a human's turn, a suspension or the end. The bound
    // only guards against a bug: a game between bots alone is stopped below.
    for (int step = 0; step < 100000 && table_; ++step) {
        Table& t = *table_;
        // Only a human's drawn card waits on the clock.
        if (t.game.phase() != Phase::awaiting_give || t.is_bot(t.game.current_player())) t.turn_deadline.reset();
        if (t.game.phase() != Phase::awaiting_give) apply_pending(out);
        if (t.game.over()) {
            append(out, t.text.take());
            std::string result = "Final scores: " + t.scores() + fmt::format(" after {} turns.", t.game.turn());
            try {
                store_end(host::status_name(t.game));
            } catch (const std::exception& e) {
                out.push_back("Warning: the finished game could not be stored: " + clean_echo(e.what(), 160));
            }
            table_.reset();
            out.push_back(std::move(result));
            return;
        }
        if (!t.started) return;
        if (!t.has_humans()) return close(out, "no human player is left");
        if (t.game.phase() == Phase::suspended) {
            append(out, t.text.take());
            return;
        }
        if (t.game.phase() == Phase::between_turns) {
            persist(out);  // the turn before is complete: stored before the next one is announced
            t.game.start_turn();
            if (t.game.phase() != Phase::awaiting_give) {  // a pass (no card to draw)
                append(out, t.text.take(t.game.over() ? "" : "Scores: " + t.scores() + "."));
            }
            continue;
        }
        const PlayerId current = t.game.current_player();
        if (const auto bot = t.bots.find(current); bot != t.bots.end()) {
            give(bot_decision(current, *bot->second, out), out);
            continue;
        }
        if (t.prompted_card != t.game.drawn_card() || t.prompted_turn != t.game.turn()) {
            std::string line;
            for (const auto& l : t.text.take()) line += (line.empty() ? "" : " ") + l;
            line += fmt::format(". {}: !keep or !give NICK ({} s).", t.nick(current), options_.turn_timeout.count());
            out.push_back(std::move(line));
            t.prompted_card = t.game.drawn_card();
            t.prompted_turn = t.game.turn();
            t.turn_deadline = now + options_.turn_timeout;
        }
        return;
    }
    if (table_) close(out, "stopped: it ran too long without a human turn", "it ran too long without a human turn");
}

void ChannelGame::close(Replies& out, std::string why, std::string reason) {
    try {
        store_end("stopped", reason.empty() ? why : reason);
    } catch (const std::exception&) {  // already closing: the game ends either way
    }
    table_.reset();
    out.push_back("The game is over: " + why + ".");
}

}  // namespace cherries::irc

namespace cherries::irc {

void ChannelGame::take_over(PlayerId id, Replies& out) {
    // bot_takes_over: the seat stays and the greedy bot plays it under a bot's name, so that a
    // small game goes on instead of being suspended (the engine's player list is unchanged).
    Table& t = *table_;
    const std::string was = t.nick(id);
    std::string bot;
    for (std::uint32_t n = t.seats + 1;; ++n) {
        bot = "greedy-" + std::to_string(n);
        if (t.find(bot) == kNoPlayer && !t.pending_for(bot, true)) break;
    }
    ++t.seats;
    t.bots[id] = host::make_bot("greedy", 0);
    t.bot_kinds[id] = "greedy";
    t.nicks[id] = bot;
    t.timeouts.erase(id);
    t.accounts.erase(id);
    if (t.game.phase() == Phase::awaiting_give && t.game.current_player() == id) t.turn_deadline.reset();
    out.push_back(fmt::format("{} leaves; the bot {} takes over their seat, so the game goes on.", was, bot));
}

Replies ChannelGame::paint(Replies lines) const {
    if (!options_.colours) return lines;
    for (auto& line : lines) line = paint_line(line, red_);
    return lines;
}

}  // namespace cherries::irc
