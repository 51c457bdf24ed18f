// ChannelGame: leaving, and playing turns out (GDD §3.4.2), through its host::Table.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"
#include "host/records/deal.hpp"
#include "host/records/record.hpp"
#include "host/records/state_json.hpp"

namespace cherries::irc {

void ChannelGame::leave(const std::string& nick, bool departed, Replies& out) {
    OpenGame& t = *open_;
    t.out = &out;
    if (t.game.over()) return;
    const PlayerId id = t.find(nick, true);
    if (id == kNoPlayer) {
        if (!departed && held_seat(nick) != kNoPlayer) {
            out.push_back(fmt::format("{}, the greedy bot plays your seat while you are away; !join takes it back.", nick));
            return;
        }
        if (const host::Reply cancelled = t.table().cancel(nick, true); cancelled) {
            if (!departed) out.push_back(fmt::format("{} will not join after all.", nick));
        } else if (!departed) {
            out.push_back(fmt::format("{}, you are not playing.", nick));
        }
        return;
    }
    // On IRC a !leave on one's own turn leaves at once: the stand-in plays the card in hand
    // (docs/irc.md), as for a player gone, when the house rules let them leave at all.
    const bool own_turn = t.game.phase() == Phase::awaiting_give && t.game.current_player() == id;
    const host::Reply reply = t.table().leave(id, departed || (own_turn && !t.game.may_leave(id)));
    if (!reply && departed) return;  // gone already, or leaving already: nothing to say
    t.say(reply);
    if (!t.started && t.game.players().empty()) close(out, "nobody is seated");
}

void ChannelGame::advance(GameClock::time_point now, Replies& out) {
    if (!open_) return;
    OpenGame& t = *open_;
    // Bots play at once; the table stops at a human's turn, a suspension, the end, or when
    // may_start_turn says no (not started, no human left, or a bound that only guards a bug).
    t.out = &out;
    t.turns_left = 100000;
    const host::SessionStop stop = t.table().advance();
    if (stop != host::SessionStop::human) t.clock().answered(now);  // only a human's card waits on the clock (a bank keeps what is left)
    if (stop == host::SessionStop::over || t.game.over()) {
        t.flush();
        std::string result = "Final scores: " + t.scores() + fmt::format(" after {} turns.", t.game.turn());
        try {
            store_end(host::status_name(t.game));
        } catch (const std::exception& e) {
            tell_operator(e.what());
            out.push_back("Warning: the finished game could not be stored (the operator can see why).");
        }
        const std::optional<host::Deal> deal = t.table().revealed_deal();
        remember_table();
        open_.reset();
        out.push_back(std::move(result));
        if (deal) out.push_back(host::revealed_words(*deal));
        return;
    }
    if (stop == host::SessionStop::human) {
        if (t.prompted_card == t.game.drawn_card() && t.prompted_turn == t.game.turn()) return;  // asked already
        const std::string line = fmt::format("{}", fmt::join(t.text.take(), " "));
        out.push_back(prompt(line.empty() || line.back() == '.' ? line : line + "."));  // never "change.. ann:"
        t.prompted_card = t.game.drawn_card();
        t.prompted_turn = t.game.turn();
        t.clock().answered(now);  // the last turn was answered; this one's clock starts when the prompt is written (prompt_written)
        return;
    }
    if (!t.started) return;
    if (t.table().without_people()) return close(out, host::kNoPersonLeft);
    if (stop == host::SessionStop::suspended) {
        t.flush();
        return;
    }
    close(out, "stopped: it ran too long without a human turn", "it ran too long without a human turn");
}

void ChannelGame::close(Replies& out, std::string why, std::string reason) {
    try {
        store_end("stopped", reason.empty() ? why : reason);
    } catch (const std::exception&) {  // already closing: the game ends either way
    }
    const OpenGame& t = *open_;
    std::string scores;  // a game that ran ends with its scores, however it ends
    if (t.started && !t.game.players().empty())
        scores = "Final scores: " + t.scores() + fmt::format(" after {} turn{}.", t.game.turn(), t.game.turn() == 1 ? "" : "s");
    if (t.started) remember_table();
    const std::optional<host::Deal> deal = t.table().revealed_deal();
    open_.reset();
    out.push_back("The game is over: " + why + ".");
    if (!scores.empty()) out.push_back(std::move(scores));
    if (deal) out.push_back(host::revealed_words(*deal));
}

PlayerId ChannelGame::held_seat(const std::string& nick) const {
    const OpenGame& t = *open_;
    const std::string account = account_of(nick);
    for (const auto& [id, person] : t.table().held()) {
        if (!t.game.find_player(t.game.player(id).name)) continue;  // the seat is gone
        const auto a = t.held_account.find(id);
        if (!account.empty() && a != t.held_account.end()) {
            if (a->second == account) return id;  // the same services account, whatever the nick
        } else if (t.same(person, nick)) {
            return id;
        }
    }
    return kNoPlayer;
}

Replies ChannelGame::paint(Replies lines) const {
    if (!options_.colours) return lines;
    for (auto& line : lines) line = paint_line(line, red_);
    return lines;
}

}  // namespace cherries::irc
