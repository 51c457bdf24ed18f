#include "host/hosted/hosted_table.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/session/plugin_list.hpp"

namespace cherries::host {

namespace {

Reply refused(std::string text) { return {Reply::Outcome::refused, std::move(text)}; }

bool has(const std::vector<PlayerId>& seats, PlayerId seat) { return std::find(seats.begin(), seats.end(), seat) != seats.end(); }

}  // namespace

HostedTable::HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, std::uint64_t seed)
    : setup_(std::move(setup)),
      front_(front),
      runtime_(setup_.bundle->make_runtime()),
      clock_(setup_.clock),
      store_health_(setup_.store_retry) {
    TableListener& listener = *this;
    table_ = std::make_unique<Table>(*setup_.bundle, *runtime_, seed, bots, listener, setup_.options, recorded_plugins(*setup_.bundle));
}

HostedTable::HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, const HostedState& saved,
                         std::vector<std::string> stored_lines)
    : setup_(std::move(setup)),
      front_(front),
      runtime_(setup_.bundle->make_runtime()),
      tally_(saved.tally.is_null() ? SeatTally() : SeatTally::from_json(saved.tally)),
      clock_(setup_.clock),
      store_health_(setup_.store_retry),
      record_(std::move(stored_lines)),
      stored_(record_.size()) {
    TableListener& listener = *this;
    table_ = std::make_unique<Table>(*setup_.bundle, *runtime_, saved.table, bots, listener, setup_.options);
    try {
        clock_.restore(saved.clock);
        restore_votes(saved.clock);
    } catch (const std::invalid_argument& e) {
        throw HostedStateError(e.what());
    }
}

nlohmann::json HostedTable::checkpoint_json(nlohmann::json front) const {
    nlohmann::json clock;
    if (setup_.clock.bank) {
        clock = clock_.to_json();
        if (late_)
            clock["out_of_time"] = {{"seat", late_->seat}, {"turn", late_->turn}, {"waited_ms", late_->waited.count()}, {"yes", late_->yes}};
        if (!pause_yes_.empty()) clock["pause_asked"] = pause_yes_;
    }
    return hosted_state_json({table_->save_json(), tally_.to_json(), std::move(front), std::move(clock)});
}

void HostedTable::restore_votes(const nlohmann::json& clock) {
    if (!clock.is_object()) return;
    const auto fail = [] {
        throw std::invalid_argument(
            "the turn clock's votes are not \"out_of_time\": {\"seat\", \"turn\", \"waited_ms\", \"yes\": [seats]} and "
            "\"pause_asked\": [seats]");
    };
    try {
        if (const auto v = clock.find("out_of_time"); v != clock.end()) {
            if (!v->is_object()) fail();
            late_ = OutOfTimeVote{.seat = v->at("seat").get<PlayerId>(),
                                  .turn = v->at("turn").get<std::uint32_t>(),
                                  .waited = std::chrono::milliseconds(v->at("waited_ms").get<std::int64_t>()),
                                  .yes = v->at("yes").get<std::set<PlayerId>>()};
        }
        if (const auto v = clock.find("pause_asked"); v != clock.end()) pause_yes_ = v->get<std::set<PlayerId>>();
    } catch (const nlohmann::json::exception&) {
        fail();
    }
}

HostedTable::~HostedTable() { table_.reset(); }  // the Table first: it calls back into this

void HostedTable::on_event(const Event& event) {
    if (late_ && event.type == EventType::give && event.turn == late_->turn) late_.reset();  // the card is given: no vote
    if (table_) tally_.on_event(event, *table_);
    front_.on_event(event);
}

void HostedTable::collect_record() {
    if (RecordLog* log = table_->record())
        for (auto& line : log->take_lines()) record_.push_back(std::move(line));
}

std::vector<std::string> HostedTable::unstored_record_lines() const {
    return {record_.begin() + static_cast<std::ptrdiff_t>(std::min(stored_, record_.size())), record_.end()};
}

std::string HostedTable::record_text() const {
    std::string out;
    for (const auto& line : record_) out += line + '\n';
    if (RecordLog* log = table_->record()) {  // lines not collected yet: peek by taking and putting back
        auto lines = log->take_lines();
        for (const auto& line : lines) out += line + '\n';
        log->put_back(std::move(lines));
    }
    return out;
}

bool HostedTable::over() const {
    const Game* game = table_->game();
    return (game && game->over()) || (table_->record() && table_->record()->ended());
}

std::string HostedTable::status() const {
    const Game* game = table_->game();
    if (game && game->over()) return std::string(to_string(game->phase()));
    if (table_->record() && table_->record()->ended()) return "stopped";
    return "in_progress";
}

std::string HostedTable::winner() const {
    const Game* game = table_->game();
    return game && game->winner() != kNoPlayer ? table_->name(game->winner()) : std::string();
}

std::string HostedTable::player_names() const {
    std::vector<std::string> names;
    if (const Game* game = table_->game())
        for (const Player& p : game->players()) names.push_back(table_->name(p.id));
    return fmt::format("{}", fmt::join(names, ", "));
}

std::uint32_t HostedTable::turns() const { return table_->game() ? table_->game()->turn() : 0; }

std::uint32_t HostedTable::complete_turns() const {
    const Game* game = table_->game();
    if (!game) return 0;
    return game->phase() == Phase::awaiting_give && game->turn() > 0 ? game->turn() - 1 : game->turn();
}

std::optional<std::uint32_t> HostedTable::waiting_for_person() const {
    const Game* game = table_->game();
    if (!game || !table_->started() || game->phase() != Phase::awaiting_give) return std::nullopt;
    if (table_->is_bot(game->current_player())) return std::nullopt;
    if (late_ && late_->turn == game->turn()) return std::nullopt;  // the others decide; nothing is timed
    return game->turn();
}

std::vector<PlayerId> HostedTable::people() const {
    std::vector<PlayerId> out;
    if (const Game* game = table_->game())
        for (const auto& p : game->players())
            if (!table_->is_bot(p.id)) out.push_back(p.id);
    return out;
}

std::size_t HostedTable::out_of_time_needed() const {
    if (!late_) return 1;
    const auto seated = people();
    const std::size_t others = seated.size() - static_cast<std::size_t>(std::count(seated.begin(), seated.end(), late_->seat));
    return others / 2 + 1;
}

void HostedTable::out_of_time(std::chrono::milliseconds waited) {
    const auto turn = waiting_for_person();
    if (!turn) return;
    const PlayerId seat = table_->game()->current_player();
    const bool others = people().size() > 1;
    if (!setup_.clock.bank || !others) {
        table_->time_out(waited);  // nobody else to ask: the stand-in decides, and says so
        return;
    }
    late_ = OutOfTimeVote{.seat = seat, .turn = *turn, .waited = waited, .yes = {}};
    const std::string& who = table_->name(seat);
    const std::string remedy = setup_.clock.bank->out_of_time == OutOfTime::skip
                                   ? fmt::format("skip the turn: the {} bot decides this card for {}", setup_.options.stand_in, who)
                                   : fmt::format("hand {}'s seat to the {} bot until they are back", who, setup_.options.stand_in);
    front_.notice(fmt::format("{} is out of time (bank and vacation days spent). The card waits for the others: when {} of them "
                              "choose to, the house rules {}. {} may still give it until then.",
                              who, out_of_time_needed(), remedy, who));
}

Reply HostedTable::choose_out_of_time(PlayerId voter, std::uint32_t turn) {
    if (!late_ || late_->turn != turn) return refused(fmt::format("Nobody is out of time at turn {}.", turn));
    const auto seated = people();
    if (voter == late_->seat) return refused("You are the one out of time: give your card instead.");
    if (!has(seated, voter)) return refused("Only the other people seated choose.");
    if (!late_->yes.insert(voter).second) return refused("You chose so already.");
    std::size_t yes = 0;
    for (const PlayerId p : late_->yes) yes += std::count(seated.begin(), seated.end(), p);
    const std::string voter_name = table_->name(voter), who = table_->name(late_->seat);
    if (yes < out_of_time_needed())
        return {Reply::Outcome::done, fmt::format("{} chooses to act for {}: {} of {} needed.", voter_name, who, yes, out_of_time_needed())};
    const OutOfTimeVote vote = *late_;
    late_.reset();
    front_.notice(fmt::format("{} chooses to act for {}: {} of {} needed, so it is done.", voter_name, who, yes, yes));
    if (setup_.clock.bank->out_of_time == OutOfTime::stand_in) return table_->hold_seat(vote.seat);
    table_->time_out(vote.waited);  // the stand-in decides this card; the seat stays theirs
    return {Reply::Outcome::done, ""};
}

Reply HostedTable::agree_pause(PlayerId voter, TurnClockTime now) {
    if (!setup_.clock.bank) return refused("Only a correspondence table pauses by everyone's word; this one has a turn clock.");
    const auto seated = people();
    if (!has(seated, voter)) return refused("Only the people seated may pause the table.");
    if (clock_.held()) return refused("The table is paused already.");
    if (!pause_yes_.insert(voter).second) return refused("You asked for a pause already; it waits for the others.");
    std::vector<std::string> waiting;
    for (const PlayerId p : seated)
        if (!pause_yes_.count(p)) waiting.push_back(table_->name(p));
    if (!waiting.empty())
        return {Reply::Outcome::done, fmt::format("{} asks to pause the table; it pauses when {} agree{}.", table_->name(voter),
                                                  fmt::join(waiting, ", "), waiting.size() == 1 ? "s" : "")};
    pause_yes_.clear();
    clock_.hold(now);
    return {Reply::Outcome::done, "Everyone agreed: the table is paused, and no clock runs until one of you resumes it."};
}

Reply HostedTable::end_pause(PlayerId voter, TurnClockTime now) {
    const auto seated = people();
    if (!has(seated, voter)) return refused("Only the people seated may resume the table.");
    if (pause_yes_.erase(voter)) return {Reply::Outcome::done, fmt::format("{} takes back their wish to pause.", table_->name(voter))};
    if (!clock_.held()) return refused("The table is not paused.");
    clock_.resume(now);
    return {Reply::Outcome::done, fmt::format("{} resumes the table: the clocks run again.", table_->name(voter))};
}

}  // namespace cherries::host
