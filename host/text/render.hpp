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

namespace cherries::host {

/// ANSI styles, or nothing when colour is off.
class Palette {
public:
    explicit Palette(bool color = false) : color_(color) {}
    bool color() const { return color_; }

    std::string bold(std::string_view s) const { return wrap("1", s); }
    std::string dim(std::string_view s) const { return wrap("2", s); }
    std::string red(std::string_view s) const { return wrap("31", s); }
    std::string green(std::string_view s) const { return wrap("32", s); }
    std::string yellow(std::string_view s) const { return wrap("33", s); }
    std::string cyan(std::string_view s) const { return wrap("36", s); }
    std::string reverse(std::string_view s) const { return wrap("7", s); }

private:
    std::string wrap(std::string_view code, std::string_view s) const;
    bool color_;
};

/// Colour for standard output: only when it is a terminal (isatty) and NO_COLOR is unset.
Palette stdout_palette();

/// A signed change as shown: "+2", "-1", "+0".
std::string signed_number(std::int64_t n);

/// Why a game stopped being played, for the result line.

/// Writes a game as text, driven by its events (EventSink): a header per turn with whose turn
/// it is and the drawn card, then what happened (who received it, the change before and after
/// the modifier card stack, the end-of-turn score change, aging and expiry, deck renewal,
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

    const PlayerNames& names() const { return names_; }
    /// Whose row print_table() shows in reverse video (the human at the prompt); the current
    /// player's row is bold. Styles only when the palette has colour.
    void set_you(PlayerId you) { you_ = you; }
    /// Fits every line to `columns` (wrap_line; a narrow table puts each modifier card stack
    /// on lines of its own); 0, the default: no limit.
    void set_width(std::size_t columns) { width_ = columns; }
    const Palette& palette() const { return palette_; }

private:
    void line(const std::string& text);
    std::string who(PlayerId id) const;
    std::string change_text(const Event& e, bool points) const;
    std::string clamp_text(std::int64_t old, std::int64_t change, std::int64_t now) const;
    std::string total_text(std::int64_t old, std::int64_t now) const;

    const Game& game_;
    const CardText& cards_;
    std::ostream& out_;
    Palette palette_;
    PlayerNames names_;
    std::map<PlayerId, std::int64_t> cherries_;  // shadow counts, to show "before -> after"
    std::map<PlayerId, std::int64_t> scores_;
    std::uint32_t header_turn_ = 0;  // the turn whose header was printed last
    bool kept_ = false;              // the last give was a keep
    std::size_t width_ = 0;          // set_width()
    PlayerId you_ = kNoPlayer;       // set_you()
};

}  // namespace cherries::host
