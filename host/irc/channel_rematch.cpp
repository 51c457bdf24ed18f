// ChannelGame's !rematch: the table of the game that just ended, as a new game: the same
// gametype and sets, the asker in the first seat, the same bots seated again; the other people
// of that game are asked to !join (the bot cannot know that they are still there).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"

namespace cherries::irc {

void ChannelGame::remember_table() { last_table_ = host::rematch_of(open_->table(), open_->hosted->bundle()); }

void ChannelGame::rematch(const std::string& nick, bool op, Replies& out) {
    if (open_) {
        out.push_back("A game is open already; !join to play, !status to look.");
        return;
    }
    if (!last_table_) {
        out.push_back("No game was played here since the bot came; !cherries opens one.");
        return;
    }
    const host::Rematch last = *last_table_;
    const auto same = [&](const std::string& a, const std::string& b) {
        return fold_case(a, options_.casemapping) == fold_case(b, options_.casemapping);
    };
    const std::vector<std::string> people = last.people();
    const bool played = std::any_of(people.begin(), people.end(), [&](const std::string& p) { return same(p, nick); });
    if (!played && !op) {
        out.push_back(fmt::format("Only the players of the last game ({}) or a channel operator can !rematch; !cherries opens a new game.",
                                  fmt::join(people, ", ")));
        return;
    }
    ChannelCommand open{.name = "cherries", .args = {last.gametype}};
    for (const auto& set : last.sets) open.args.push_back(set);
    open_game(open, nick, out);
    if (!open_) return;
    open_->out = &out;  // its plugins no longer load: open_game said so
    for (const host::Rematch::Seat& seat : last.seats)
        if (!seat.bot.empty() && open_->game.players().size() < options_.max_players) join("", seat.bot, out);
    std::vector<std::string> others;
    for (const auto& p : people)
        if (!same(p, nick)) others.push_back(p);
    out.push_back(others.empty() ? "A rematch: !start when ready."
                                 : fmt::format("A rematch: {}, !join to play again; then !start.", fmt::join(others, ", ")));
}

}  // namespace cherries::irc
