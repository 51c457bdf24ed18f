// The hotseat game loop: seating, the turn loop, the start and the result.
#include "host/terminal/play_session.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>

#include "host/cli/usage_error.hpp"
#include "host/sim/sim.hpp"

namespace cherries::host {

Hotseat::Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<Seat>& seats, std::uint64_t seed,
                 std::uint32_t max_turns, std::istream& in, std::ostream& out, Palette palette, const Persistence& files)
    : game_(bundle.catalog(), bundle.gametype(), evaluator, seed, names_of(seats)),
      view_(game_),
      cards_(bundle),
      renderer_(game_, cards_, out, palette),
      seed_(seed),
      max_turns_(max_turns),
      in_(in),
      out_(out),
      echo_(isatty(STDIN_FILENO) != 1),
      files_(files) {
    for (std::size_t i = 0; i < seats.size(); ++i) seat(seats[i], game_.players()[i].id);
    if (!files.record_file.empty())
        record_.emplace(files.record_file, game_,
                        RecordHeader{.seed = seed, .players = seats, .plugins = files.plugins, .source = "play"});
    attach_sinks();
}

Hotseat::Hotseat(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from,
                 std::istream& in, std::ostream& out, Palette palette, const Persistence& files)
    : game_(restore(bundle, evaluator, save, from)),
      view_(game_),
      cards_(bundle),
      renderer_(game_, cards_, out, palette),
      seed_(save.seed),
      seats_(save.seats_taken),
      humans_(save.humans),
      max_turns_(save.max_turns),
      in_(in),
      out_(out),
      echo_(isatty(STDIN_FILENO) != 1),
      files_(files),
      resumed_from_(from) {
    for (const SavedSeat& s : save.seats) {
        if (s.bot.empty()) continue;
        try {
            bots_[s.id] = {s.bot, make_bot(s.bot, 0)};
        } catch (const UsageError& e) {
            throw UsageError(from + ": malformed save: " + e.what());
        }
        bots_[s.id].bot->restore(s.bot_state);
    }
    if (!save.record_file.empty()) {
        // A relative record path is relative to the save file's folder (docs/records.md).
        const std::filesystem::path record = std::filesystem::path(from).parent_path() / save.record_file;
        check_saved_record(save, from, record.string());
        record_.emplace(record.string(), game_, save.record_bytes);
    }
    attach_sinks();
}

int Hotseat::run() {
    out_ << fmt::format("Cherries: {} with gametype {} (winning score {})\n", set_names(), game_.gametype().name,
                        game_.gametype().winning_score);
    if (!resumed_from_.empty()) out_ << fmt::format("resumed from {} after turn {}\n", resumed_from_, game_.turn());
    out_ << fmt::format("players in turn order: {}\n", player_list(game_));
    renderer_.print_table();
    const StopReason reason = loop();
    renderer_.print_result(reason, max_turns_);
    out_.flush();
    if (record_) record_->finish(!files_.save_file.empty());
    return 0;
}

std::vector<std::string> Hotseat::names_of(const std::vector<Seat>& seats) {
    std::vector<std::string> names;
    for (const auto& s : seats) names.push_back(s.name);
    return names;
}

std::string Hotseat::set_names() const {
    std::string out;
    for (const auto& s : game_.catalog().sets()) out += (out.empty() ? "" : " + ") + s.name;
    return out;
}

Game Hotseat::restore(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, const std::string& from) {
    try {
        return Game(bundle.catalog(), bundle.gametype(), evaluator, save.game);
    } catch (const RuleError& e) {
        throw UsageError(from + ": malformed save: " + e.what());
    }
}

void Hotseat::attach_sinks() {
    sinks_.add(&renderer_);
    if (record_) sinks_.add(&*record_);
    game_.set_event_sink(&sinks_);
    if (record_ && !files_.save_file.empty()) {
        // Relative to the save file's folder, so that the two can move together; once, not
        // at every save.
        std::filesystem::path folder = std::filesystem::path(files_.save_file).parent_path();
        if (folder.empty()) folder = ".";
        record_in_save_ = std::filesystem::relative(std::filesystem::absolute(record_->file()),
                                                    std::filesystem::absolute(folder)).string();
    }
}

void Hotseat::seat(const Seat& s, PlayerId id) {
    if (s.is_bot()) {
        bots_[id] = {s.bot, make_bot(s.bot, sim_bot_seed(seed_, seats_))};
    } else {
        humans_ = true;
    }
    ++seats_;
}

StopReason Hotseat::loop() {
    for (;;) {
        if (apply_pending()) renderer_.print_table();
        checkpoint();
        if (game_.over()) return StopReason::game_over;
        if (game_.phase() == Phase::suspended) {
            if (!humans_) return StopReason::suspended;
            const Answer a = suspended_prompt();
            if (a == Answer::quit) return StopReason::quit;
            if (a == Answer::eof) return StopReason::end_of_input;
            continue;
        }
        if (game_.turn() >= max_turns_) return StopReason::turn_cap;
        game_.start_turn();
        while (game_.phase() == Phase::awaiting_give) {
            const PlayerId player = game_.current_player();
            if (const auto bot = bots_.find(player); bot != bots_.end()) {
                game_.give(bot->second.bot->choose_receiver(view_));
                continue;
            }
            const Answer a = ask(player);
            if (a == Answer::quit) return StopReason::quit;
            if (a == Answer::eof) return StopReason::end_of_input;
        }
        renderer_.print_table();
    }
}

}  // namespace cherries::host
