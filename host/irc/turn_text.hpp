// A game's events as short channel lines: a turn in at most 3 lines (the move, the end of the
// turn, and what else happened), joins and leaves one line each.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/text/render.hpp"

namespace cherries::irc {

/// Collects events (EventSink) into lines; take() hands them out and starts afresh.
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

private:
    void fault(const Event& event);
    /// Why a score did not change as the cherry count or card might suggest: " (only exactly 5
    /// cherries score)" for an end-of-turn change of 0 at a count the gametype's table does not
    /// score (GDD §3.3.1.1), " (scores stop at 0)" when the score would have gone below 0
    /// (GDD §3.4.2.3.4 step 3); "" otherwise.
    std::string end_reason(const Event& e) const;
    std::string floor_reason(const Event& e) const;

    const Game& game_;
    const host::CardText& cards_;
    std::function<std::string(PlayerId)> nick_;
    std::string move_, end_, other_;
    bool lobby_ = true;
    PlayerId turn_player_ = kNoPlayer;
    std::map<PlayerId, std::int64_t> scores_;  // each player's score as last told (0 from their join)
};

/// `line` with mIRC colour codes (ChannelOptions::colours): each of `red` (cherry card names)
/// in red, and the scores bold: the number after "now " and, in "Scores:" and "Final scores:"
/// lines, each player's score. Codes are always closed, so no colour leaks into the next line.
std::string paint_line(const std::string& line, const std::vector<std::string>& red);

/// A fault message fit for a public channel: the text after the last ": " (the plugin's own
/// words, without the server's file paths), cleaned and cut to 80 bytes.
std::string public_fault(std::string_view message);

}  // namespace cherries::irc
