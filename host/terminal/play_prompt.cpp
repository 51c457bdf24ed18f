// The hotseat prompt: reading a line, the commands keep, give, join, leave, status, help and
// quit, and the joins and leaves queued for after the turn.
#include <fmt/core.h>

#include <sstream>

#include "host/cli/seats.hpp"
#include "host/cli/text.hpp"
#include "host/cli/usage_error.hpp"
#include "host/terminal/play_session.hpp"

namespace cherries::host {

namespace {

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

constexpr const char* kHelp =
    "  keep          keep the card (give it to yourself)\n"
    "  give NAME     give the card to NAME\n"
    "  join NAME     NAME joins after this turn (join bot:KIND or bot:KIND=NAME seats a bot)\n"
    "  leave NAME    NAME leaves after this turn\n"
    "  status        the table, the deck and the drawn card again\n"
    "  help          this list\n"
    "  quit          stop the game\n";

constexpr const char* kExpected = "keep, give NAME, join NAME, leave NAME, status, help or quit";

std::string line_of(const std::vector<std::string>& w) {
    std::string s;
    for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
    return s;
}

}  // namespace

// Reads one line; false at end of input. Echoes it when input is not a terminal, so a
// transcript of piped input reads like a session.
bool Hotseat::read(std::string& line) {
    out_.flush();
    if (!std::getline(in_, line)) {
        out_ << '\n';
        return false;
    }
    if (echo_) out_ << printable(line) << '\n';
    return true;
}

// Messages echo what was typed: printable() keeps its escape sequences off the screen.
void Hotseat::message(const std::string& text) { out_ << "  " << renderer_.palette().red(printable(text)) << '\n'; }

std::string Hotseat::unknown_player(const std::string& name) const {
    return fmt::format("unknown player '{}'; players: {}", name, player_list(game_));
}

Hotseat::Answer Hotseat::ask(PlayerId player) {
    const std::string name = game_.player(player).name;
    for (;;) {
        out_ << renderer_.palette().bold(fmt::format("{}, give {} to whom?", name, cards_.name(game_.drawn_card())))
             << " [keep | give NAME | help] > ";
        std::string line;
        if (!read(line)) return Answer::eof;
        const auto w = words(line);
        if (w.empty()) continue;
        const std::string& command = w[0];
        if (command == "keep") {
            if (w.size() != 1) {
                message("keep takes no name; to give the card to someone, type give NAME");
                continue;
            }
            game_.give(player);
            return Answer::done;
        }
        if (command == "give") {
            if (w.size() != 2) {
                message(fmt::format("expected give NAME, one name; players: {}", player_list(game_)));
                continue;
            }
            const Player* receiver = game_.find_player(w[1]);
            if (!receiver) {
                message(unknown_player(w[1]));
                continue;
            }
            game_.give(receiver->id);
            return Answer::done;
        }
        if (command == "quit" && w.size() == 1) return Answer::quit;
        if (!common_command(w, false)) message(fmt::format("unknown command '{}'; expected {}", line_of(w), kExpected));
    }
}

Hotseat::Answer Hotseat::suspended_prompt() {
    for (;;) {
        out_ << renderer_.palette().bold("The game is suspended: join NAME resumes it, leave NAME ends it.")
             << " [join NAME | leave NAME | quit] > ";
        std::string line;
        if (!read(line)) return Answer::eof;
        const auto w = words(line);
        if (w.empty()) continue;
        if (w[0] == "quit" && w.size() == 1) return Answer::quit;
        if (w[0] == "keep" || w[0] == "give") {
            message("no card to give while the game is suspended; join NAME to resume it");
            continue;
        }
        if (!common_command(w, true))
            message(fmt::format("unknown command '{}'; expected join NAME, leave NAME, status, help or quit", line_of(w)));
        if (game_.phase() != Phase::suspended) {
            renderer_.print_table();
            return Answer::done;
        }
    }
}

// join, leave, status, help. `now`: apply joins and leaves at once (the game is between
// turns), else queue them for after this turn. False if `w` is none of these.
bool Hotseat::common_command(const std::vector<std::string>& w, bool now) {
    const std::string& command = w[0];
    if ((command == "status" || command == "help") && w.size() == 1) {
        if (command == "help") {
            out_ << kHelp;
        } else {
            renderer_.print_table();
            out_ << fmt::format("  deck: {} cards", game_.deck().size());
            if (game_.drawn_card() != kNoCard) out_ << "; drawn: " << cards_.describe(game_.drawn_card());
            out_ << '\n';
        }
        return true;
    }
    if (command != "join" && command != "leave") return false;
    if (w.size() != 2) {
        message(command == "join" ? "expected join NAME (or join bot:KIND, join bot:KIND=NAME)"
                                  : fmt::format("expected leave NAME; players: {}", player_list(game_)));
        return true;
    }
    const bool in_progress = game_.in_progress();
    const HouseRules& rules = game_.gametype().house_rules;
    Pending p;
    p.join = command == "join";
    if (p.join) {
        std::size_t queued = 0;
        for (const auto& q : pending_) queued += q.join;
        try {
            p.seat = parse_seat(w[1], game_.players().size() + queued + 1);
        } catch (const UsageError& e) {
            message(e.what());
            return true;
        }
        if (in_progress && !rules.join_in_progress) {
            message(fmt::format("house rules of '{}': players may not join once the game is in progress", game_.gametype().id));
            return true;
        }
        if (game_.find_player(p.seat.name) || queued_join(p.seat.name)) {
            message(fmt::format("there is already a player named '{}'", p.seat.name));
            return true;
        }
    } else {
        p.seat.name = w[1];
        if (!game_.find_player(w[1])) {
            message(unknown_player(w[1]));
            return true;
        }
        if (in_progress && !rules.leave_in_progress) {
            message(fmt::format("house rules of '{}': players may not leave once the game is in progress", game_.gametype().id));
            return true;
        }
        for (const auto& q : pending_)
            if (!q.join && q.seat.name == w[1]) {
                message(fmt::format("{} already leaves after this turn", w[1]));
                return true;
            }
    }
    if (now) {
        apply(p);
    } else {
        out_ << fmt::format("  {} {} after this turn\n", p.seat.name, p.join ? "joins" : "leaves");
        pending_.push_back(std::move(p));
    }
    return true;
}

bool Hotseat::queued_join(const std::string& name) const {
    for (const auto& q : pending_)
        if (q.join && q.seat.name == name) return true;
    return false;
}

void Hotseat::apply(const Pending& p) {
    try {
        if (p.join) {
            seat(p.seat, game_.join(p.seat.name));
        } else if (const Player* player = game_.find_player(p.seat.name)) {
            const PlayerId id = player->id;
            game_.leave(id);
            bots_.erase(id);
        } else {
            message(unknown_player(p.seat.name));
        }
    } catch (const RuleError& e) {
        message(e.what());
    }
}

// Joins and leaves asked for during the last turn (GDD §3.4.2.1: between turns only).
bool Hotseat::apply_pending() {
    if (pending_.empty()) return false;
    for (const auto& p : pending_)
        if (!game_.over()) apply(p);
    pending_.clear();
    return true;
}

}  // namespace cherries::host
