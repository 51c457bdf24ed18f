// The hotseat game loop: seating, the turn loop, the start and the result.
#include "host/base/utf8.hpp"
#include "host/base/wrap.hpp"
#include "host/terminal/hotseat.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>

#include "host/base/input_error.hpp"
#include "host/terminal/play_interrupt.hpp"
#include "host/base/join.hpp"

namespace cherries::host {

namespace {

// A terminal seats as many as the engine allows; nobody times out or is taken over.
TableOptions terminal_options() {
    TableOptions options;
    options.max_players = kMaxPlayers;
    options.max_timeouts = 0;
    return options;
}

}  // namespace

Hotseat::Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<Seat>& seats, std::uint64_t seed,
                 std::uint32_t max_turns, std::istream& in, std::ostream& out, Palette palette, const Persistence& files)
    : bot_source_(files.bot_settings),
      table_(bundle, evaluator, seed, seats, bot_source_, *this, terminal_options(), files.plugins),
      game_(table_.session()->game()),
      cards_(bundle),
      renderer_(game_, cards_, out, palette),
      max_turns_(max_turns),
      in_(in),
      out_(out),
      terminal_in_(isatty(STDIN_FILENO) == 1),
      echo_(!terminal_in_),
      reader_(in, out, terminal_in_ && isatty(STDOUT_FILENO) == 1),
      width_(terminal_width()),
      files_(files),
      recap_(game_, cards_) {
    if (!files.record_file.empty()) record_.emplace(files.record_file, game_);  // the table's lines, header first
    attach_sinks();
}

// A function-try-block: a snapshot the engine refuses is a malformed save.
Hotseat::Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from,
                 std::istream& in, std::ostream& out, Palette palette, const Persistence& files) try
    : bot_source_(files.bot_settings),
      table_(bundle, evaluator, save, bot_source_, *this, terminal_options()),
      game_(table_.session()->game()),
      cards_(bundle),
      renderer_(game_, cards_, out, palette),
      max_turns_(save.max_turns),
      in_(in),
      out_(out),
      terminal_in_(isatty(STDIN_FILENO) == 1),
      echo_(!terminal_in_),
      reader_(in, out, terminal_in_ && isatty(STDOUT_FILENO) == 1),
      width_(terminal_width()),
      files_(files),
      resumed_from_(from),
      recap_(game_, cards_) {
    if (const std::vector<LostBot>& lost = table_.lost_bots(); !lost.empty())
        throw InputError(from + ": malformed save: " + lost.front().why);
    if (!save.record_file.empty()) {
        // A relative record path is relative to the save file's folder (docs/records.md).
        const std::filesystem::path record = std::filesystem::path(from).parent_path() / save.record_file;
        check_saved_record(save, from, record.string());
        record_.emplace(record.string(), game_, save.record_bytes);
    }
    attach_sinks();
} catch (const RuleError& e) {
    throw InputError(from + ": malformed save: " + e.what());
}

int Hotseat::run() {
    renderer_.set_width(width_);
    out_ << wrap_line(fmt::format("Cherries: {} with gametype {} (winning score {})", set_names(), game_.gametype().name,
                                  game_.gametype().winning_score), width_);
    if (!resumed_from_.empty()) out_ << wrap_line(fmt::format("resumed from {} after turn {}", resumed_from_, game_.turn()), width_);
    out_ << wrap_line(fmt::format("players in turn order: {}", player_list(game_)), width_);
    if (!cards_.gametype_rule().empty()) print_fitted("rules: " + cards_.gametype_rule() + "\n");
    renderer_.print_table();
    install_interrupt_handler();
    const GameEnd end = loop();
    remove_interrupt_handler();
    print_end(end);
    out_.flush();
    table_.stop("");  // the end line, also of a game stopped before its end
    write_record();
    return 0;
}

std::string Hotseat::resume_command() const {
    const std::string& file = files_.save_file;
    const bool plain = !file.empty() && std::all_of(file.begin(), file.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_./-+,:=@%", c);
    });
    std::string quoted = "'";
    for (char c : file) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return "cherries play --resume " + (plain ? file : quoted + "'");
}

// "Standings after 5 turns:" and one line per player, best score first (ties in turn order).
std::string Hotseat::standings() const {
    std::vector<const Player*> order;
    for (const Player& p : game_.players()) order.push_back(&p);
    std::stable_sort(order.begin(), order.end(), [](const Player* a, const Player* b) { return a->score > b->score; });
    std::size_t width = 0;
    for (const Player* p : order) width = std::max(width, display_width(p->name));
    width = std::min<std::size_t>(width, 16);
    std::string out = fmt::format("Standings after {} turn{}:\n", game_.turn(), game_.turn() == 1 ? "" : "s");
    std::size_t rank = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i == 0 || order[i]->score != order[i - 1]->score) rank = i + 1;
        out += fmt::format("  {}. {}  score {}, {} cherr{}\n", rank, pad_to_width(order[i]->name, width), order[i]->score,
                           order[i]->cherries, order[i]->cherries == 1 ? "y" : "ies");
    }
    if (order.empty()) out += "  nobody is seated\n";
    return out;
}

// The result, the standings, and how to go on when the game can (it was stopped, and saved).
void Hotseat::print_end(GameEnd end) {
    renderer_.print_result(end, max_turns_);
    print_fitted(standings());
    const bool can_go_on = !game_.over() && (end == GameEnd::quit || end == GameEnd::end_of_input);
    if (can_go_on && !files_.save_file.empty())
        print_fitted(fmt::format("The game is saved in {}; to go on: {}", files_.save_file, resume_command()));
    else if (can_go_on)
        print_fitted("The game was not saved (play with --save FILE to be able to go on later).");
}

std::string Hotseat::set_names() const {
    return join_each(game_.catalog().sets(), &CardSetInfo::name, " + ");
}

void Hotseat::attach_sinks() {
    sinks_.add(&renderer_);
    sinks_.add(&recap_);
    if (record_ && !files_.save_file.empty()) {
        // Relative to the save file's folder, so that the two can move together; once, not
        // at every save.
        std::filesystem::path folder = std::filesystem::path(files_.save_file).parent_path();
        if (folder.empty()) folder = ".";
        record_in_save_ = std::filesystem::relative(std::filesystem::absolute(record_->file()),
                                                    std::filesystem::absolute(folder)).string();
    }
}

GameEnd Hotseat::loop() {
    for (;;) {
        const SessionStop stop = table_.advance();  // checkpoints before every turn it starts
        if (stop == SessionStop::human) {
            const Answer a = ask(game_.current_player());
            if (a == Answer::quit) return GameEnd::quit;
            if (a == Answer::eof) return GameEnd::end_of_input;
            continue;
        }
        checkpoint();
        if (stop == SessionStop::over) return *end_by_rules(game_);
        if (stop == SessionStop::before_turn) return GameEnd::turn_cap;
        if (!table_.session()->humans()) return GameEnd::suspended;
        const Answer a = suspended_prompt();
        if (a == Answer::quit) return GameEnd::quit;
        if (a == Answer::eof) return GameEnd::end_of_input;
    }
}

}  // namespace cherries::host
