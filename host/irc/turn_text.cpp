#include "host/irc/turn_text.hpp"

#include <fmt/core.h>

#include "host/irc/text.hpp"

namespace cherries::irc {

namespace {

void add(std::string& line, const std::string& text, const char* separator = " ") {
    line += (line.empty() ? "" : separator) + text;
}

std::string change(std::int64_t before, std::int64_t after) {
    if (before == after) return host::signed_number(before);
    return fmt::format("{}, {} after modifiers", host::signed_number(before), host::signed_number(after));
}

}  // namespace

TurnText::TurnText(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> nick)
    : game_(game), cards_(cards), nick_(std::move(nick)) {}

void TurnText::on_event(const Event& e) {
    switch (e.kind) {
        case EventKind::join: add(other_, fmt::format("{} joins, last in the turn order.", nick_(e.player))); break;
        case EventKind::leave: add(other_, fmt::format("{} leaves; their cards are set aside.", nick_(e.player))); break;
        case EventKind::suspend:
            if (lobby_) break;
            add(other_, "The game is suspended: one player is left; !join resumes it.");
            break;
        case EventKind::resume:
            if (!lobby_) add(other_, "The game resumes.");
            break;
        case EventKind::deck_renewal: add(move_, fmt::format("Deck renewed: {} cards.", e.total)); break;
        case EventKind::draw:
            if (move_.find(" faulted (") != std::string::npos)  // a redraw after a fault (GDD §3.5)
                add(move_, fmt::format("{} drew again: {}", nick_(e.player), cards_.describe(e.card)), "; ");
            else
                add(move_, fmt::format("Turn {}: {} drew {}", e.turn, nick_(e.player), cards_.describe(e.card)));
            break;
        case EventKind::give:
            // After a prompt (a human's turn) the draw was told already: name the card again.
            if (move_.empty() && e.receiver == e.player) add(move_, fmt::format("{} kept {}", nick_(e.player), cards_.name(e.card)));
            else if (move_.empty()) add(move_, fmt::format("{} gave {} to {}", nick_(e.player), cards_.name(e.card), nick_(e.receiver)));
            else if (e.receiver == e.player) add(move_, "and kept it", ", ");
            else add(move_, fmt::format("and gave it to {}", nick_(e.receiver)), ", ");
            break;
        case EventKind::handle: {
            const CardKind& kind = game_.catalog().kind_of(e.card);
            if (kind.type == CardType::modifier)
                add(move_, fmt::format("it goes on {}'s modifiers, lifetime {}.", nick_(e.player), e.lifetime), ": ");
            else
                add(move_, fmt::format("{} {} ({}), now {}.", nick_(e.player), kind.type == CardType::cherry ? "cherries" : "score",
                                       change(e.before, e.after), e.total), ": ");
            break;
        }
        case EventKind::score_change:
            add(end_, fmt::format("End of turn: {} has {} cherr{}: score {}, now {}.", nick_(e.player), e.value,
                                  e.value == 1 ? "y" : "ies", change(e.before, e.after), e.total));
            break;
        case EventKind::age: break;  // ages are visible in !status; only expiries are told
        case EventKind::expire: add(end_, fmt::format("{}'s {} expires.", nick_(e.player), cards_.name(e.card))); break;
        case EventKind::fault:
            if (e.card == kNoCard)
                add(other_, fmt::format("Fault: the gametype's score change distribution failed ({}); the game is aborted.",
                                        clean_echo(e.message, 80)));
            else
                fault(e);
            break;
        case EventKind::pass:
            add(move_, fmt::format("Turn {}: no card left to draw; {} only scores and ages modifiers.", e.turn, nick_(e.player)));
            break;
        case EventKind::won: add(other_, fmt::format("{} reaches the winning score and wins!", nick_(e.player))); break;
        case EventKind::ended: add(other_, "The game ends without a winner."); break;
    }
}

void TurnText::fault(const Event& e) {
    const std::string what = fmt::format("it faulted ({}) and is removed from the game (GDD 3.5)", public_fault(e.message));
    const std::string card = cards_.name(e.card);
    const std::string player = nick_(e.player);
    if (e.receiver == kNoPlayer) {
        add(move_, fmt::format("{} faulted ({}) and is removed from the game (GDD 3.5)", card, public_fault(e.message)), "; ");
    } else if (!move_.empty()) {  // a bot's turn: the draw is told in this line already
        add(move_, (e.receiver == e.player ? "and kept it, but " : fmt::format("and gave it to {}, but ", nick_(e.receiver))) + what,
            ", ");
    } else if (e.receiver == e.player) {
        add(move_, fmt::format("{} kept {}, but {}", player, card, what));
    } else {
        add(move_, fmt::format("{} gave {} to {}, but {}", player, card, nick_(e.receiver), what));
    }
}

std::string public_fault(std::string_view message) {
    // "card 'boom' score function: /srv/plugins/sets/boom/set.lua:2: kaboom": the channel gets
    // "kaboom", not the server's paths.
    const std::size_t colon = message.rfind(": ");
    return clean_echo(colon == std::string_view::npos ? message : message.substr(colon + 2), 80);
}

std::vector<std::string> TurnText::take(const std::string& tail) {
    if (!tail.empty()) add(other_, tail);
    std::vector<std::string> lines;
    for (std::string* s : {&move_, &end_, &other_}) {
        if (!s->empty()) lines.push_back(std::move(*s));
        s->clear();
    }
    return lines;
}

}  // namespace cherries::irc
