// A game's events as short channel lines: a turn in at most 3 lines (the move, the end of the
// turn, and what else happened), joins and leaves one line each.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/text/event_words.hpp"

namespace cherries::irc {

/// Collects events (EventSink) into lines, laying out their brief words (host::EventWords) the
/// channel's way; take() hands them out and starts afresh.
class TurnText final : public EventSink {
public:
    /// `nick` names a player by id (also players who left); `cards` describes cards.
    TurnText(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> nick);

    void on_event(const Event& event) override;

    /// Before the first turn a lone opener "suspends" the engine's game; that is no news.
    void set_lobby(bool lobby) { lobby_ = lobby; }

    /// The lines since the last take(): the move ("Turn 4: ann drew X, gave it to bob: ..."),
    /// the end of the turn with expiries, then joins, leaves, faults and the end of the game.
    /// `tail` (e.g. the scores) ends the last line. Empty lines are left out: at most 3 lines.
    /// `one_line`: the move and the end of the turn in one line (a bot's turn, compact mode).
    std::vector<std::string> take(const std::string& tail = {}, bool one_line = false);

    /// The player of the turn told last (its draw or pass), or kNoPlayer before any.
    PlayerId turn_player() const { return turn_player_; }
    /// A game resumed during `player`'s turn (its draw told before the restart): their turn.
    void resumed_turn(PlayerId player) { turn_player_ = player; }

private:
    void fault(const Event& event, const std::string& words);

    host::EventWords words_;
    std::string move_, end_, other_;
    bool lobby_ = true;
    PlayerId turn_player_ = kNoPlayer;
};

/// `line` with mIRC colour codes (ChannelOptions::colours): each of `red` (cherry card names)
/// in red, and the scores bold: the number after "now " and, in "Scores:" and "Final scores:"
/// lines, each player's score. Codes are always closed, so no colour leaks into the next line.
std::string paint_line(const std::string& line, const std::vector<std::string>& red);

}  // namespace cherries::irc
