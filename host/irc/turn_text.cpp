#include "host/irc/turn_text.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "host/irc/text.hpp"

namespace cherries::irc {

namespace {

void add(std::string& line, const std::string& text, const char* separator = " ") {
    // "...score change." then ", and kept it": the period goes ("change., and" reads badly).
    if (!line.empty() && line.back() == '.' && separator[0] != ' ') line.pop_back();
    line += (line.empty() ? "" : separator) + text;
}

std::string change(std::int64_t before, std::int64_t after) {
    if (before == after) return host::signed_number(before);
    return fmt::format("{}, {} after modifiers", host::signed_number(before), host::signed_number(after));
}

}  // namespace

TurnText::TurnText(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> nick)
    : game_(game), cards_(cards), nick_(std::move(nick)) {}

std::string TurnText::floor_reason(const Event& e) const {
    const auto before = scores_.find(e.player);
    if (before == scores_.end() || e.score != 0 || before->second + e.modified_change >= 0) return "";
    return " (scores stop at 0)";
}

std::string TurnText::end_reason(const Event& e) const {
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

void TurnText::on_event(const Event& e) {
    switch (e.type) {
        case EventType::join:
            scores_[e.player] = 0;
            add(other_, fmt::format("{} joins, last in the turn order.", nick_(e.player)));
            break;
        case EventType::leave: add(other_, fmt::format("{} leaves; their cards are set aside.", nick_(e.player))); break;
        case EventType::suspend:
            if (lobby_) break;
            add(other_, "The game is suspended: one player is left; !join resumes it.");
            break;
        case EventType::resume:
            if (!lobby_) add(other_, "The game resumes.");
            break;
        case EventType::deck_renewal: add(move_, fmt::format("Deck renewed: {} cards.", e.cards)); break;
        case EventType::draw:
            turn_player_ = e.player;
            if (move_.find(" faulted (") != std::string::npos)  // a redraw after a fault (GDD §3.5)
                add(move_, fmt::format("{} drew again: {}", nick_(e.player), cards_.describe(e.card)), "; ");
            else
                add(move_, fmt::format("Turn {}: {} drew {}", e.turn, nick_(e.player), cards_.describe(e.card)));
            break;
        case EventType::give:
            // After a prompt (a human's turn) the draw was told already: name the card again.
            if (move_.empty() && e.receiver == e.player) add(move_, fmt::format("{} kept {}", nick_(e.player), cards_.name(e.card)));
            else if (move_.empty()) add(move_, fmt::format("{} gave {} to {}", nick_(e.player), cards_.name(e.card), nick_(e.receiver)));
            else if (e.receiver == e.player) add(move_, "and kept it", ", ");
            else add(move_, fmt::format("and gave it to {}", nick_(e.receiver)), ", ");
            break;
        case EventType::handle: {
            const CardKind& kind = game_.catalog().kind_of(e.card);
            if (kind.type == CardType::modifier)
                add(move_, fmt::format("it goes on {}'s modifiers, lifetime {}.", nick_(e.player), e.lifetime), ": ");
            else if (kind.type == CardType::cherry)
                add(move_, fmt::format("{} cherries ({}), now {}.", nick_(e.player), change(e.change, e.modified_change), e.cherries),
                    ": ");
            else
                add(move_, fmt::format("{} score ({}), now {}{}.", nick_(e.player), change(e.change, e.modified_change), e.score,
                                       floor_reason(e)), ": ");
            if (kind.type == CardType::score) scores_[e.player] = e.score;
            break;
        }
        case EventType::score_change:
            add(end_, fmt::format("End of turn: {} has {} cherr{}: score {}{}, now {}{}.", nick_(e.player), e.cherries,
                                  e.cherries == 1 ? "y" : "ies", change(e.change, e.modified_change), end_reason(e), e.score,
                                  floor_reason(e)));
            scores_[e.player] = e.score;
            break;
        case EventType::age: break;  // ages are visible in !status; only expiries are told
        case EventType::expire: add(end_, fmt::format("{}'s {} expires.", nick_(e.player), cards_.name(e.card))); break;
        case EventType::fault:
            if (e.card == kNoCard)
                add(other_, fmt::format("Fault: the gametype's score change distribution failed ({}); the game is aborted.",
                                        clean_echo(e.message, 80)));
            else
                fault(e);
            break;
        case EventType::pass:
            turn_player_ = e.player;
            add(move_, fmt::format("Turn {}: no card left to draw; {} only scores and ages modifiers.", e.turn, nick_(e.player)));
            break;
        case EventType::won: add(other_, fmt::format("{} reaches the winning score and wins!", nick_(e.player))); break;
        case EventType::ended: add(other_, "The game ends without a winner."); break;
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

std::vector<std::string> TurnText::take(const std::string& tail, bool one_line) {
    if (!tail.empty()) add(other_, tail);
    if (one_line && !end_.empty()) {
        add(move_, end_);
        end_.clear();
    }
    std::vector<std::string> lines;
    for (std::string* s : {&move_, &end_, &other_}) {
        if (!s->empty()) lines.push_back(std::move(*s));
        s->clear();
    }
    return lines;
}

}  // namespace cherries::irc

namespace cherries::irc {

namespace {

constexpr const char* kBold = "\x02";
constexpr const char* kRed = "\x03" "04";
constexpr const char* kColourEnd = "\x03";

bool word_edge(const std::string& s, std::size_t at) {
    return at >= s.size() || !std::isalnum(static_cast<unsigned char>(s[at]));
}

// Bold `n` digits (with a sign) at `at`; returns the index after them.
std::size_t bold_number(std::string& s, std::size_t at) {
    std::size_t end = at;
    if (end < s.size() && (s[end] == '-' || s[end] == '+')) ++end;
    const std::size_t digits = end;
    while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
    if (end == digits) return at;
    s.insert(end, kBold);
    s.insert(at, kBold);
    return end + 2;
}

}  // namespace

std::string paint_line(const std::string& line, const std::vector<std::string>& red) {
    std::string s = line;
    // Longer names first, so "Double Cherry" is painted whole and not as "Cherry".
    std::vector<std::string> names = red;
    std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        bool hit = false;
        for (const auto& name : names) {
            if (name.empty() || s.compare(i, name.size(), name) != 0) continue;
            if ((i > 0 && !word_edge(s, i - 1)) || !word_edge(s, i + name.size())) continue;
            out += kRed + name + kColourEnd;
            // A digit right after a bare colour end would be read as a colour: keep it apart.
            if (i + name.size() < s.size() && std::isdigit(static_cast<unsigned char>(s[i + name.size()]))) out += "\x02\x02";
            i += name.size();
            hit = true;
            break;
        }
        if (!hit) out += s[i++];
    }
    s = std::move(out);
    for (std::size_t at = s.find("now "); at != std::string::npos; at = s.find("now ", at + 1)) at = bold_number(s, at + 4);
    if (s.rfind("Scores: ", 0) == 0 || s.rfind("Final scores: ", 0) == 0 || s.find(" Scores: ") != std::string::npos) {
        // "ann 3 (4 cherries), bob 2 (...)": the number before each " (".
        for (std::size_t open = s.find(" ("); open != std::string::npos; open = s.find(" (", open + 2)) {
            std::size_t start = open;
            while (start > 0 && (std::isdigit(static_cast<unsigned char>(s[start - 1])) || s[start - 1] == '-')) --start;
            if (start == open || start == 0 || s[start - 1] != ' ') continue;
            open = bold_number(s, start);
        }
    }
    return s;
}

}  // namespace cherries::irc
