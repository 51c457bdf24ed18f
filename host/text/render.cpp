#include "host/text/render.hpp"
#include "host/base/wrap.hpp"
#include "host/base/utf8.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>


namespace cherries::host {

std::string Palette::wrap(std::string_view code, std::string_view s) const {
    if (!color_) return std::string(s);
    return fmt::format("\x1b[{}m{}\x1b[0m", code, s);
}

Palette stdout_palette() { return Palette(isatty(fileno(stdout)) == 1 && std::getenv("NO_COLOR") == nullptr); }

std::string signed_number(std::int64_t n) { return fmt::format("{:+}", n); }

// --- the renderer ------------------------------------------------------------------------------

TextRenderer::TextRenderer(const Game& game, const CardText& cards, std::ostream& out, Palette palette)
    : game_(game), cards_(cards), out_(out), palette_(palette), names_(game), header_turn_(game.turn()) {
    for (const auto& p : game.players()) {
        cherries_[p.id] = p.cherries;
        scores_[p.id] = p.score;
    }
}

void TextRenderer::line(const std::string& text) { out_ << wrap_line("  " + text, width_, 4); }

std::string TextRenderer::who(PlayerId id) const { return palette_.bold(names_[id]); }

// The change, then each modifier of the stack that ran and what it made of it, bottom first
// (GDD §3.4.2.3.4.1): "-1 → -2 Monsoon [O] → -4 Lightning Rod [O]". A modifier whose function for
// this change did not change it (it let it through) is left out. `points`: the first number in
// points ("+1 point").
std::string TextRenderer::change_text(const Event& e, bool points) const {
    std::string text = points ? sdk::points_words(e.change) : signed_number(e.change);
    std::int64_t last = e.change;
    for (const ModifierStep& step : e.steps) {
        if (step.value == last) continue;
        last = step.value;
        text += fmt::format(" → {} {}", signed_number(step.value), cards_.name(step.card));
    }
    return text;
}

// A count or score held at 0 (GDD §3.4.2.3.3.1 step 2, §3.4.2.3.3.2 step 2, §3.4.2.3.4 step 3).
std::string TextRenderer::clamp_text(std::int64_t old, std::int64_t change, std::int64_t now) const {
    return now == 0 && old + change < 0 ? " (never below 0)" : "";
}

std::string TextRenderer::total_text(std::int64_t old, std::int64_t now) const {
    if (old == now) return std::to_string(now);
    const std::string text = fmt::format("{} → {}", old, now);
    return now > old ? palette_.green(text) : palette_.red(text);
}

void TextRenderer::on_event(const Event& e) {
    names_.record(game_, e);
    // A turn's header comes with its first event: deck renewal, draw, pass, or the end.
    const bool turn_event = e.type != EventType::join && e.type != EventType::leave &&
                            e.type != EventType::suspend && e.type != EventType::resume;
    if (turn_event && e.turn > header_turn_) {
        header_turn_ = e.turn;
        const PlayerId current = e.type == EventType::draw || e.type == EventType::pass ? e.player : game_.current_player();
        out_ << '\n' << palette_.bold(fmt::format("Turn {}: {}", e.turn, names_[current])) << '\n';
    }

    switch (e.type) {
        case EventType::join:
            cherries_[e.player] = 0;
            scores_[e.player] = 0;
            line(fmt::format("{} joins the game, last in the turn order", who(e.player)));
            break;
        case EventType::leave:
            line(fmt::format("{} leaves the game; their cards are set aside until the next deck renewal", who(e.player)));
            break;
        case EventType::suspend:
            line(palette_.yellow("the game is suspended: one player left (a join resumes it, a leave ends it)"));
            break;
        case EventType::resume:
            line("the game resumes");
            break;
        case EventType::deck_renewal:
            line(fmt::format("deck renewal: {} received cards shuffled into a new deck", e.cards));
            break;
        case EventType::draw:
            line(fmt::format("{} draws {}", who(e.player), palette_.cyan(cards_.describe(e.card))));
            break;
        case EventType::give:
            kept_ = e.receiver == e.player;
            if (kept_) line(fmt::format("{} keeps {}", who(e.player), cards_.name(e.card)));
            else line(fmt::format("{} gives {} to {}", who(e.player), cards_.name(e.card), who(e.receiver)));
            break;
        case EventType::handle: {
            const CardKind& kind = game_.catalog().kind_of(e.card);
            if (kind.type == CardType::modifier) {
                line(fmt::format("{}: {} goes on top of the modifier card stack, lifetime {}{}", who(e.player),
                                 cards_.name(e.card), e.lifetime, kept_ ? " (kept: +1)" : ""));
            } else {
                const bool cherry = kind.type == CardType::cherry;
                auto& shadow = cherry ? cherries_ : scores_;
                const std::int64_t old = shadow[e.player];
                const std::int64_t now = cherry ? e.cherries : e.score;
                shadow[e.player] = now;
                line(fmt::format("{}: {} change {}; {} {}{}", who(e.player), cherry ? "cherry" : "score",
                                 change_text(e, false), cherry ? "cherries" : "score", total_text(old, now),
                                 clamp_text(old, e.modified_change, now)));
            }
            break;
        }
        case EventType::score_change: {
            const std::int64_t old = scores_[e.player];
            scores_[e.player] = e.score;
            // The reason first (GDD §3.4.2.3.4 step 1): "4 cherries: no points".
            line(fmt::format("end of turn: {} has {} cherr{}: {}; score {}{}", who(e.player), e.cherries,
                             e.cherries == 1 ? "y" : "ies", change_text(e, true), total_text(old, e.score),
                             clamp_text(old, e.modified_change, e.score)));
            break;
        }
        case EventType::age:
            line(fmt::format("{}'s {} ages: lifetime {}", names_[e.player], cards_.name(e.card), e.lifetime));
            break;
        case EventType::expire:
            line(fmt::format("{}'s {} expires and goes on the received card stack", names_[e.player], cards_.name(e.card)));
            break;
        case EventType::fault:
            if (e.card == kNoCard)
                line(palette_.red(fmt::format("fault: the gametype's score change distribution failed: {}; the game is aborted",
                                              e.message)));
            else
                line(palette_.red(fmt::format("fault: {} is removed from the game (conflict resolution): {}",
                                              cards_.name(e.card), e.message)));
            break;
        case EventType::pass:
            line(fmt::format("no card left to draw: {} only scores and ages modifiers", who(e.player)));
            break;
        case EventType::won:
            line(palette_.yellow(palette_.bold(fmt::format("{} reaches the winning score and wins", names_[e.player]))));
            break;
        case EventType::ended:
            line(palette_.yellow("the game ends without a winner"));
            break;
    }
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
