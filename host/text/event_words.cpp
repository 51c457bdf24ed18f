#include "host/text/event_words.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "host/base/printable.hpp"
#include "sdk/plugins/describe.hpp"

namespace cherries::host {

std::string Palette::wrap(std::string_view code, std::string_view s) const {
    if (!color_) return std::string(s);
    return fmt::format("\x1b[{}m{}\x1b[0m", code, s);
}

Palette stdout_palette() { return Palette(isatty(fileno(stdout)) == 1 && std::getenv("NO_COLOR") == nullptr); }

std::string signed_number(std::int64_t n) { return fmt::format("{:+}", n); }

std::string public_fault(std::string_view message) {
    // "card 'boom' score function: /srv/plugins/sets/boom/set.lua:2: kaboom": others get
    // "kaboom", not the server's paths.
    const std::size_t colon = message.rfind(": ");
    return excerpt(colon == std::string_view::npos ? message : message.substr(colon + 2), 80);
}

namespace {

// "+1", or "+1, -1 after modifiers" when the modifier card stack changed it.
std::string brief_change(std::int64_t before, std::int64_t after) {
    if (before == after) return signed_number(before);
    return fmt::format("{}, {} after modifiers", signed_number(before), signed_number(after));
}

// A count or score held at 0 (GDD §3.4.2.3.3.1 step 2, §3.4.2.3.3.2 step 2, §3.4.2.3.4 step 3).
std::string clamp_text(std::int64_t old, std::int64_t change, std::int64_t now) {
    return now == 0 && old + change < 0 ? " (never below 0)" : "";
}

bool starts_turn(const Event& e) {
    return e.type != EventType::join && e.type != EventType::leave && e.type != EventType::suspend &&
           e.type != EventType::resume;
}

}  // namespace

EventWords::EventWords(const Game& game, const CardText& cards, Palette palette, std::function<std::string(PlayerId)> name)
    : game_(game), cards_(cards), palette_(palette), name_(std::move(name)), names_(game), told_turn_(game.turn()) {
    for (const auto& p : game.players()) {
        cherries_[p.id] = p.cherries;
        scores_[p.id] = p.score;
    }
}

EventSaid EventWords::say(const Event& e) {
    names_.record(game_, e);
    EventSaid said;
    // A turn's header comes with its first event: deck renewal, draw, pass, or the end.
    if (starts_turn(e) && e.turn > told_turn_) {
        told_turn_ = e.turn;
        const PlayerId current = e.type == EventType::draw || e.type == EventType::pass ? e.player : game_.current_player();
        said.turn = fmt::format("Turn {}: {}", e.turn, name(current));
    }
    said.brief = brief(e);  // before full(): it reads the counts before the event
    if (e.type == EventType::fault) fault_turn_ = e.turn;
    said.full = full(e);
    return said;
}

// The change, then each modifier of the stack that ran and what it made of it, bottom first
// (GDD §3.4.2.3.4.1): "-1 → -2 Monsoon [O] → -4 Lightning Rod [O]". A modifier whose function for
// this change did not change it (it let it through) is left out. `points`: the first number in
// points ("+1 point"). Without the steps (an event read back from a record) the stack's result.
std::string EventWords::steps_text(const Event& e, bool points) const {
    std::string text = points ? sdk::points_words(e.change) : signed_number(e.change);
    std::int64_t last = e.change;
    for (const ModifierStep& step : e.steps) {
        if (step.value == last) continue;
        last = step.value;
        text += fmt::format(" → {} {}", signed_number(step.value), cards_.name(step.card));
    }
    if (e.steps.empty() && e.modified_change != e.change)
        text += fmt::format(" → {} through the modifier card stack", signed_number(e.modified_change));
    return text;
}

std::string EventWords::total_text(std::int64_t old, std::int64_t now) const {
    if (old == now) return std::to_string(now);
    const std::string text = fmt::format("{} → {}", old, now);
    return now > old ? palette_.green(text) : palette_.red(text);
}

std::string EventWords::scoring_reason(const Event& e) const {
    if (e.change != 0 || e.modified_change != 0) return "";
    const Gametype& g = game_.gametype();
    if (g.distribution_function) return "";  // a function: no short rule to tell
    std::vector<std::string> scoring;
    for (std::size_t n = 0; n < g.distribution.size(); ++n)
        if (g.distribution[n] != 0) scoring.push_back(std::to_string(n));
    if (scoring.empty() || scoring.size() > 4) return "";
    if (scoring.size() == 1) return fmt::format(" (only exactly {} cherries score)", scoring[0]);
    const std::string last = scoring.back();
    scoring.pop_back();
    return fmt::format(" (only {} or {} cherries score)", fmt::join(scoring, ", "), last);
}

std::string EventWords::brief(const Event& e) const {
    const auto floor = [&](std::int64_t score) {
        const auto before = scores_.find(e.player);
        const bool held = before != scores_.end() && score == 0 && before->second + e.modified_change < 0;
        return std::string(held ? " (scores stop at 0)" : "");
    };
    switch (e.type) {
        case EventType::join: return fmt::format("{} joins, last in the turn order", name(e.player));
        case EventType::leave: return fmt::format("{} leaves; their cards are set aside", name(e.player));
        case EventType::suspend: return "The game is suspended: one player is left";
        case EventType::resume: return "The game resumes";
        case EventType::deck_renewal: return fmt::format("Deck renewed: {} cards", e.cards);
        case EventType::draw:  // after a fault in this turn the player draws again (GDD §3.5)
            return fmt::format("{} drew {}{}", name(e.player), fault_turn_ == e.turn ? "again: " : "", cards_.describe(e.card));
        case EventType::give:
            if (e.receiver == e.player) return fmt::format("{} kept {}", name(e.player), cards_.name(e.card));
            return fmt::format("{} gave {} to {}", name(e.player), cards_.name(e.card), name(e.receiver));
        case EventType::handle: {
            const CardType type = game_.catalog().kind_of(e.card).type;
            if (type == CardType::modifier)
                return fmt::format("{} goes on {}'s modifiers, lifetime {}", cards_.name(e.card), name(e.player), e.lifetime);
            if (type == CardType::cherry)
                return fmt::format("{} cherries ({}), now {}", name(e.player), brief_change(e.change, e.modified_change), e.cherries);
            return fmt::format("{} score ({}), now {}{}", name(e.player), brief_change(e.change, e.modified_change), e.score,
                               floor(e.score));
        }
        case EventType::score_change:
            return fmt::format("End of turn: {} has {} cherr{}: score {}{}, now {}{}", name(e.player), e.cherries,
                               e.cherries == 1 ? "y" : "ies", brief_change(e.change, e.modified_change), scoring_reason(e),
                               e.score, floor(e.score));
        case EventType::age: return "";  // a lifetime shows in the stack; only expiries are news
        case EventType::expire: return fmt::format("{}'s {} expires", name(e.player), cards_.name(e.card));
        case EventType::fault:
            if (e.card == kNoCard)
                return fmt::format("Fault: the gametype's score change distribution failed ({}); the game is aborted",
                                   public_fault(e.message));
            return fmt::format("{} faulted ({}) and is removed from the game (GDD 3.5)", cards_.name(e.card),
                               public_fault(e.message));
        case EventType::pass: return fmt::format("No card left to draw; {} only scores and ages modifiers", name(e.player));
        case EventType::won: return fmt::format("{} reaches the winning score and wins", name(e.player));
        case EventType::ended: return "The game ends without a winner";
    }
    return "";
}

std::string EventWords::full(const Event& e) {
    switch (e.type) {
        case EventType::join:
            cherries_[e.player] = 0;
            scores_[e.player] = 0;
            return fmt::format("{} joins the game, last in the turn order", who(e.player));
        case EventType::leave:
            return fmt::format("{} leaves the game; their cards are set aside until the next deck renewal", who(e.player));
        case EventType::suspend:
            return palette_.yellow("the game is suspended: one player left (a join resumes it, a leave ends it)");
        case EventType::resume: return "the game resumes";
        case EventType::deck_renewal: return fmt::format("deck renewal: {} received cards shuffled into a new deck", e.cards);
        case EventType::draw: return fmt::format("{} draws {}", who(e.player), palette_.cyan(cards_.describe(e.card)));
        case EventType::give:
            held_ = e.receiver == e.player;
            if (held_) return fmt::format("{} keeps {}", who(e.player), cards_.name(e.card));
            return fmt::format("{} gives {} to {}", who(e.player), cards_.name(e.card), who(e.receiver));
        case EventType::handle: {
            const CardType type = game_.catalog().kind_of(e.card).type;
            if (type == CardType::modifier)
                return fmt::format("{}: {} goes on top of the modifier card stack, lifetime {}{}", who(e.player),
                                   cards_.name(e.card), e.lifetime, held_ ? " (kept: +1)" : "");
            const bool cherry = type == CardType::cherry;
            auto& shadow = cherry ? cherries_ : scores_;
            const std::int64_t old = shadow[e.player];
            const std::int64_t now = cherry ? e.cherries : e.score;
            shadow[e.player] = now;
            return fmt::format("{}: {} change {}; {} {}{}", who(e.player), cherry ? "cherry" : "score", steps_text(e, false),
                               cherry ? "cherries" : "score", total_text(old, now), clamp_text(old, e.modified_change, now));
        }
        case EventType::score_change: {
            const std::int64_t old = scores_[e.player];
            scores_[e.player] = e.score;
            cherries_[e.player] = e.cherries;
            // The reason first (GDD §3.4.2.3.4 step 1): "4 cherries: no points".
            return fmt::format("end of turn: {} has {} cherr{}: {}; score {}{}", who(e.player), e.cherries,
                               e.cherries == 1 ? "y" : "ies", steps_text(e, true), total_text(old, e.score),
                               clamp_text(old, e.modified_change, e.score));
        }
        case EventType::age: return fmt::format("{}'s {} ages: lifetime {}", name(e.player), cards_.name(e.card), e.lifetime);
        case EventType::expire:
            return fmt::format("{}'s {} expires and goes on the received card stack", name(e.player), cards_.name(e.card));
        case EventType::fault:
            if (e.card == kNoCard)
                return palette_.red(
                    fmt::format("fault: the gametype's score change distribution failed: {}; the game is aborted", e.message));
            return palette_.red(
                fmt::format("fault: {} is removed from the game (conflict resolution): {}", cards_.name(e.card), e.message));
        case EventType::pass: return fmt::format("no card left to draw: {} only scores and ages modifiers", who(e.player));
        case EventType::won:
            return palette_.yellow(palette_.bold(fmt::format("{} reaches the winning score and wins", name(e.player))));
        case EventType::ended: return palette_.yellow("the game ends without a winner");
    }
    return "";
}

}  // namespace cherries::host
