// The hotseat prompt: reading a line, the commands keep, give, join, leave, cancel, status, help
// and quit (forgiving: play_input.hpp), the joins and leaves queued for after the turn, and the
// confirmations a terminal asks for before the game stops.
#include <fmt/core.h>

#include <algorithm>
#include <sstream>

#include "host/base/utf8.hpp"
#include "host/base/wrap.hpp"
#include "host/session/seats.hpp"
#include "sdk/base/diagnostic.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/terminal/play_input.hpp"
#include "host/terminal/explain.hpp"
#include "host/terminal/hotseat.hpp"

namespace cherries::host {

namespace {

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

constexpr const char* kExpected =
    "keep, give NAME, join NAME, leave NAME, cancel join|leave NAME, status, rules, card NAME, help or quit";

const std::vector<std::string> kCommands = {"keep", "give", "join", "leave", "cancel", "status", "rules", "card", "help", "quit"};

}  // namespace

// Reads one line; false at end of input. Echoes it when input is not a terminal, so a
// transcript of piped input reads like a session.
bool Hotseat::read(const std::string& prompt, std::string& line) {
    std::vector<std::string> completions = kCommands;
    for (const Player& p : game_.players()) completions.push_back(p.name);
    reader_.set_completions(std::move(completions));
    const auto got = reader_.read(prompt);
    if (!got) {
        out_ << '\n';
        return false;
    }
    line = *got;
    if (echo_) out_ << printable(line) << '\n';
    return true;
}

// Messages echo what was typed: printable() keeps its escape sequences off the screen.
void Hotseat::message(const std::string& text) {
    const std::string lines = wrap_line("  " + printable(text), width_);
    std::size_t at = 0;
    for (std::size_t end; (end = lines.find('\n', at)) != std::string::npos; at = end + 1) {
        const std::string line = lines.substr(at, end - at);
        const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
        out_ << line.substr(0, indent) << renderer_.palette().red(line.substr(indent)) << '\n';
    }
}

// Plain lines (each ending with '\n'), each wrapped to the terminal's width.
void Hotseat::print_fitted(const std::string& text) {
    std::size_t at = 0;
    for (std::size_t end; (end = text.find('\n', at)) != std::string::npos || at < text.size(); at = end + 1) {
        if (end == std::string::npos) end = text.size();
        out_ << wrap_line(text.substr(at, end - at), width_);
    }
}

void Hotseat::print_help() { out_ << help_text(game_, width_); }

std::vector<std::string> Hotseat::player_names() const {
    std::vector<std::string> names;
    for (const Player& p : game_.players()) names.push_back(p.name);
    return names;
}

// Asks `question` on a terminal, after `note` (wrapped to the width); true for y or yes, and
// for end of input. Without a terminal: true, nothing asked.
bool Hotseat::confirm(const std::string& question, const std::string& note) {
    if (!terminal_in_) return true;
    if (!note.empty()) print_fitted("  " + note);
    std::string line;
    if (!read(renderer_.palette().bold(question) + " [y/N] > ", line)) return true;  // Ctrl-D again: yes
    const auto w = words(line);
    return !w.empty() && (w[0] == "y" || w[0] == "Y" || w[0] == "yes" || w[0] == "Yes" || w[0] == "YES");
}

// What stopping means for this game: it can go on from the save, or it is lost.
std::string Hotseat::stop_note() const {
    if (!files_.save_file.empty()) return fmt::format("The game is saved; {} goes on with it.", resume_command());
    return "The game is not saved (play with --save FILE to keep it).";
}

Hotseat::Answer Hotseat::end_of_input() {
    if (!terminal_in_) return Answer::eof;
    return confirm("End of input: stop the game?", stop_note()) ? Answer::eof : Answer::none;
}

Hotseat::Answer Hotseat::ask(PlayerId player) {
    const std::string name = game_.player(player).name;
    renderer_.set_you(player);
    if (const auto lines = recap_.recap(player); !lines.empty()) {
        out_ << "  " << renderer_.palette().dim("since your last turn:") << '\n';
        for (const auto& l : lines) print_fitted("    " + l);
    }
    const std::string question = fmt::format("{}, give {} to whom?", name, cards_.name(game_.drawn_card()));
    const std::string hint = "[keep | give NAME | help] > ";
    show_pending();
    for (;;) {
        std::string prompt = renderer_.palette().bold(question) + " " + hint;
        if (width_ > 0 && question.size() + 1 + hint.size() > width_) {
            // Too wide for one line: the question on its own line(s), the prompt short.
            const std::string lines = wrap_line(question, width_, 2);
            out_ << renderer_.palette().bold(lines.substr(0, lines.size() - 1)) << '\n';
            prompt = hint;
        }
        std::string line;
        if (!read(prompt, line)) {
            if (const Answer a = end_of_input(); a != Answer::none) return a;
            continue;
        }
        const auto w = words(line);
        if (w.empty()) continue;
        const Match command = match_command(w[0], kCommands);
        if (!command.ok()) {
            refuse_command(command, kExpected);
            continue;
        }
        if (command.match == "keep") {
            if (w.size() != 1) {
                message("keep takes no name; to give the card to someone, type give NAME");
                continue;
            }
            table_.give(player, player, game_.turn());
            return Answer::done;
        }
        if (command.match == "give") {
            if (w.size() != 2) {
                message(fmt::format("expected give NAME, one name; players: {}", player_list(game_)));
                continue;
            }
            const Match receiver = match_player(w[1], player_names());
            if (!receiver.ok()) {
                message(receiver.error);
                continue;
            }
            table_.give(player, table_.find(receiver.match), game_.turn());
            return Answer::done;
        }
        if (command.match == "quit") {
            if (quit_confirmed(w)) return Answer::quit;
            continue;
        }
        common_command(command.match, w, name);
    }
}

// An unknown or ambiguous command word: why, then what is expected here.
void Hotseat::refuse_command(const Match& command, const std::string& expected) {
    message(command.error + (command.error.back() == '?' ? " Commands: " : "; expected ") + expected);
}

// `quit` at either prompt: nothing may follow it; on a terminal it asks first.
bool Hotseat::quit_confirmed(const std::vector<std::string>& w) {
    if (w.size() != 1) {
        message("quit takes nothing after it");
        return false;
    }
    return confirm("Stop the game?", stop_note());
}

Hotseat::Answer Hotseat::suspended_prompt() {
    for (;;) {
        std::string line;
        if (!read(renderer_.palette().bold("The game is suspended: join NAME resumes it, leave NAME ends it.") +
                      " [join NAME | leave NAME | quit] > ",
                  line)) {
            if (const Answer a = end_of_input(); a != Answer::none) return a;
            continue;
        }
        const auto w = words(line);
        if (w.empty()) continue;
        const Match command = match_command(w[0], kCommands);
        if (!command.ok()) {
            refuse_command(command, "join NAME, leave NAME, status, help or quit");
            continue;
        }
        if (command.match == "quit") {
            if (quit_confirmed(w)) return Answer::quit;
            continue;
        }
        if (command.match == "keep" || command.match == "give") {
            message("no card to give while the game is suspended; join NAME to resume it");
            continue;
        }
        common_command(command.match, w, "");
        if (game_.phase() != Phase::suspended) {
            renderer_.print_table();
            return Answer::done;
        }
    }
}

void Hotseat::show_pending() {
    if (table_.pending().empty()) return;
    std::string text;
    for (const auto& p : table_.pending()) text += (text.empty() ? "" : ", ") + p.name + (p.join ? " joins" : " leaves");
    const std::string lines = wrap_line("  after this turn: " + text + " (cancel join|leave NAME)", width_);
    out_ << renderer_.palette().yellow(lines.substr(0, lines.size() - 1)) << '\n';
}

void Hotseat::status() {
    renderer_.print_table();
    std::string deck = fmt::format("  deck: {} cards", game_.deck().size());
    if (game_.drawn_card() != kNoCard) deck += "; drawn: " + cards_.describe(game_.drawn_card());
    print_fitted(deck);
    print_fitted(rules_text(game_, cards_));
    if (table_.pending().empty())
        out_ << "  nothing pending after this turn\n";
    else
        show_pending();
}

void Hotseat::cancel(const std::vector<std::string>& w) {
    const bool kind_given = w.size() == 3 && (w[1] == "join" || w[1] == "leave");
    if (!(kind_given || w.size() == 2)) {
        message("expected cancel join NAME or cancel leave NAME");
        return;
    }
    std::vector<std::string> names;
    for (const auto& p : table_.pending())
        if (!kind_given || p.join == (w[1] == "join")) names.push_back(p.name);
    if (names.empty()) {
        message(kind_given ? fmt::format("no {} is pending", w[1]) : std::string("nothing is pending"));
        return;
    }
    const Match who = match_player(w.back(), names);
    if (!who.ok()) {
        message(who.error.starts_with("unknown player") ? fmt::format("no pending {} for '{}'; pending: {}", kind_given ? w[1] : "join or leave",
                                                                      excerpt(w.back()), join_names(names))
                                                        : who.error);
        return;
    }
    const Reply r = table_.cancel(who.match, kind_given ? std::optional<bool>(w[1] == "join") : std::nullopt);
    if (!r) return message(r.text);
    print_fitted("  " + r.text);
    save_pending();
}

// join, leave, cancel, status, help. Joins and leaves are the table's requests: done now
// between turns, after this turn during one (GDD §3.4.2.1), or refused with the table's reason.
// `asker`: the human at the prompt (a leave of oneself asks for confirmation on a terminal).
void Hotseat::common_command(const std::string& command, const std::vector<std::string>& w, const std::string& asker) {
    if (command == "help" || command == "rules" || command == "card") {  // help, help CARD, card NAME, rules
        std::vector<std::string> resolved = w;
        resolved[0] = command;
        if (!explain_command(resolved, game_, cards_, out_, width_)) message(command + " takes nothing after it");
        return;
    }
    if (command == "status") {
        if (w.size() != 1) {
            message(command + " takes nothing after it");
            return;
        }
        status();
        return;
    }
    if (command == "cancel") {
        cancel(w);
        return;
    }
    if (w.size() != 2) {
        message(command == "join" ? "expected join NAME (or join bot:KIND, join bot:KIND=NAME)"
                                  : fmt::format("expected leave NAME; players: {}", player_list(game_)));
        return;
    }
    if (command == "join") {
        Seat seat;
        try {
            seat = parse_seat(w[1], game_.players().size() + table_.pending().size() + 1);
        } catch (const InputError& e) {
            message(e.what());
            return;
        }
        Reply r;
        try {
            r = seat.is_bot() ? table_.add_bot(seat.bot, seat.name) : table_.join(seat.name);
        } catch (const sdk::LoadError& e) {  // a bot plugin that does not load
            message(e.diagnostics().empty() ? e.what() : e.diagnostics().front().to_string());
            return;
        }
        return answer(r, seat.name, true);
    }
    const Match who = match_player(w[1], player_names());
    if (!who.ok()) {
        message(who.error);
        return;
    }
    if (who.match == asker && !confirm(fmt::format("{}, leave the game for good after this turn?", asker), "")) return;
    answer(table_.leave(table_.find(who.match)), who.match, false);
}

// What the table answered: a refusal in red, a change after this turn with how to take it back;
// a change done now shows as its event.
void Hotseat::answer(const Reply& reply, const std::string& name, bool join) {
    if (reply.outcome == Reply::Outcome::refused) return message(reply.text);
    if (reply.outcome == Reply::Outcome::done) return;
    std::string text = reply.text;
    if (!text.empty() && text.back() == '.') text.pop_back();
    print_fitted(fmt::format("  {} (cancel {} {} takes it back)", text, join ? "join" : "leave", name));
    save_pending();
}

}  // namespace cherries::host
