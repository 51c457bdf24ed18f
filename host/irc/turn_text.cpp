#include "host/irc/turn_text.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "host/irc/text.hpp"

namespace cherries::irc {

namespace {

void add(std::string& line, const std::string& text, const char* separator = " ") {
    if (text.empty()) return;
    // "...score change." then ", and kept it": the period goes ("change., and" reads badly).
    if (!line.empty() && line.back() == '.' && separator[0] != ' ') line.pop_back();
    line += (line.empty() ? "" : separator) + text;
}

// A clause as a sentence of its own.
std::string sentence(const std::string& words, const char* end = ".") { return words.empty() ? words : words + end; }

}  // namespace

TurnText::TurnText(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> nick)
    : words_(game, cards, host::Palette(false), std::move(nick)) {}

void TurnText::on_event(const Event& e) {
    const std::string words = words_.say(e).brief;
    switch (e.type) {
        case EventType::join:
        case EventType::leave: add(other_, sentence(words)); break;
        case EventType::suspend:
            if (!lobby_) add(other_, sentence(words, "; !join resumes it."));
            break;
        case EventType::resume:
            if (!lobby_) add(other_, sentence(words));
            break;
        case EventType::deck_renewal: add(move_, sentence(words)); break;
        case EventType::draw:
            turn_player_ = e.player;
            if (move_.find(" faulted (") != std::string::npos) add(move_, words, "; ");  // a redraw (GDD §3.5)
            else add(move_, fmt::format("Turn {}: {}", e.turn, words));
            break;
        case EventType::give:
            // After a prompt (a human's turn) the draw was told already: the give names the card.
            if (move_.empty()) add(move_, words);
            else if (e.receiver == e.player) add(move_, "and kept it", ", ");
            else add(move_, fmt::format("and gave it to {}", words_.name(e.receiver)), ", ");
            break;
        case EventType::handle: add(move_, words + ".", ": "); break;
        case EventType::score_change:
        case EventType::expire: add(end_, sentence(words)); break;
        case EventType::age: break;  // ages are visible in !status
        case EventType::fault:
            if (e.card == kNoCard) add(other_, sentence(words));
            else fault(e, words);
            break;
        case EventType::pass:
            turn_player_ = e.player;
            add(move_, fmt::format("Turn {}: {}.", e.turn, words));
            break;
        case EventType::won: add(other_, sentence(words, "!")); break;
        case EventType::ended: add(other_, sentence(words)); break;
    }
}

void TurnText::fault(const Event& e, const std::string& words) {
    const bool kept = e.receiver == e.player;
    if (e.receiver == kNoPlayer) {
        add(move_, words, "; ");
    } else if (!move_.empty()) {  // a bot's turn: the draw is told in this line already
        add(move_, (kept ? std::string("and kept it, but ") : fmt::format("and gave it to {}, but ", words_.name(e.receiver))) + words,
            ", ");
    } else {
        add(move_, words_.name(e.player) + (kept ? std::string(" kept it") : fmt::format(" gave it to {}", words_.name(e.receiver))) +
                       ", but " + words);
    }
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
