#include "host/text/render.hpp"
#include "host/base/wrap.hpp"
#include "host/base/utf8.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>


namespace cherries::host {

// --- the renderer ------------------------------------------------------------------------------

TextRenderer::TextRenderer(const Game& game, const CardText& cards, std::ostream& out, Palette palette)
    : game_(game), cards_(cards), out_(out), palette_(palette), words_(game, cards, palette) {}

void TextRenderer::line(const std::string& text) { out_ << wrap_line("  " + text, width_, 4); }

void TextRenderer::on_event(const Event& e) {
    const EventSaid said = words_.say(e);
    if (!said.turn.empty()) out_ << '\n' << palette_.bold(said.turn) << '\n';
    if (!said.full.empty()) line(said.full);
}

void TextRenderer::print_table() {
    std::size_t width = 6;  // "player"
    for (const auto& p : game_.players()) width = std::max(width, display_width(p.name));
    const PlayerId next = game_.current_player();
    const std::string numbers = fmt::format("    {:<{}}  cherries  score", "player", width);
    const std::string header = numbers + "  modifier card stack, bottom first (lifetime)";
    // Too narrow for one line per player: each player's stack goes on lines of its own below.
    const bool narrow = width_ != 0 && display_width(header) > width_;
    out_ << palette_.dim(narrow ? numbers + "\n      (stack below, bottom first)" : header) << '\n';
    for (const auto& p : game_.players()) {
        std::string stack;
        for (const auto& m : p.modifiers)
            stack += fmt::format("{}{} ({})", stack.empty() ? "" : ", ", cards_.name(m.card), m.lifetime);
        if (stack.empty()) stack = "-";
        std::string row = fmt::format("  {} {}  {:>8}  {:>5}", p.id == next ? ">" : " ", pad_to_width(p.name, width), p.cherries,
                                      p.score);
        if (!narrow) row += "  " + stack;
        out_ << (p.id == you_ ? palette_.reverse(row) : p.id == next ? palette_.bold(row) : row) << '\n';
        if (narrow && stack != "-") out_ << wrap_line("      " + stack, width_, 6);
    }
}

void TextRenderer::print_rules() {
    if (!cards_.gametype_rule().empty()) out_ << wrap_line("rules: " + cards_.gametype_rule(), width_, 2);
}

void TextRenderer::print_result(GameEnd end, std::uint32_t max_turns) {
    const std::uint32_t turns = game_.turn();
    const std::string after = fmt::format("after {} turn{}", turns, turns == 1 ? "" : "s");
    std::string text;
    switch (game_.phase()) {
        case Phase::won: {
            const Player& w = game_.player(game_.winner());
            text = fmt::format("{} wins with a score of {} {}", w.name, w.score, after);
            break;
        }
        case Phase::ended: text = "the game ended without a winner " + after; break;
        case Phase::aborted: text = "the game was aborted (the gametype's score change distribution failed) " + after; break;
        case Phase::suspended:
            text = fmt::format("the game is suspended {}: only {} is left", after, player_list(game_));
            if (game_.players().empty()) text = "the game is suspended " + after;
            break;
        case Phase::between_turns:
        case Phase::awaiting_give:
            switch (end) {
                case GameEnd::turn_cap: text = fmt::format("no winner: stopped at the turn cap of {} turns", max_turns); break;
                case GameEnd::quit: text = "quit " + after + "; no winner"; break;
                case GameEnd::end_of_input: text = "end of input " + after + "; no winner"; break;
                case GameEnd::scenario_done: text = "in progress " + after + " (the scenario's turns ran out)"; break;
                case GameEnd::refused: text = "in progress " + after + " (the scenario stopped at a refused join or leave)"; break;
                case GameEnd::expect_failed: text = "in progress " + after + " (the scenario stopped at an expect that did not hold)"; break;
                case GameEnd::won:
                case GameEnd::ended:
                case GameEnd::aborted:
                case GameEnd::suspended: text = "stopped " + after; break;
            }
            break;
    }
    out_ << '\n' << wrap_line(palette_.bold("Result: " + text), width_, 2);
}

}  // namespace cherries::host
