// Games as text for a terminal: each event as a line, the table of players after a turn, the
// result at the end; ANSI colour only on a terminal and never with NO_COLOR.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/session/game_end.hpp"
#include "host/session/seats.hpp"
#include "host/text/card_text.hpp"
#include "host/text/event_words.hpp"
#include "host/text/palette.hpp"

namespace cherries::host {

/// Writes a game as text, driven by its events (EventSink): a header per turn with whose turn
/// it is, then each event's full words (EventWords: who received the card, the change before and
/// after the modifier card stack, the end-of-turn score change, aging and expiry, deck renewal,
/// faults, joins and leaves). print_table() and print_result() are called by the front end.
class TextRenderer final : public EventSink {
public:
    TextRenderer(const Game& game, const CardText& cards, std::ostream& out, Palette palette);

    void on_event(const Event& event) override;

    /// Every player's cherry count, score and modifier card stack (bottom first, as the header
    /// says, with lifetimes), in turn order; `>` marks whose turn is next.
    void print_table();
    /// "rules: exactly 5 cherries at the end of your turn: +1 point; first to 10 wins" (GDD §3.3.1).
    void print_rules();
    /// The result line: the winner, or how the game stopped without one (`end`; the game's
    /// phase first: a game the rules ended says so whatever `end` says).
    void print_result(GameEnd end, std::uint32_t max_turns = 0);

    const PlayerNames& names() const { return words_.names(); }
    /// Whose row print_table() shows in reverse video (the human at the prompt); the current
    /// player's row is bold. Styles only when the palette has colour.
    void set_you(PlayerId you) { you_ = you; }
    /// Fits every line to `columns` (wrap_line; a narrow table puts each modifier card stack
    /// on lines of its own); 0, the default: no limit.
    void set_width(std::size_t columns) { width_ = columns; }
    const Palette& palette() const { return palette_; }

private:
    void line(const std::string& text);

    const Game& game_;
    const CardText& cards_;
    std::ostream& out_;
    Palette palette_;
    EventWords words_;
    std::size_t width_ = 0;     // set_width()
    PlayerId you_ = kNoPlayer;  // set_you()
};

}  // namespace cherries::host
