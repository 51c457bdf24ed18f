#include "host/table/turn_clock.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace cherries::host {

namespace {

std::chrono::milliseconds whole_ms(std::chrono::steady_clock::duration d) {
    return std::max(std::chrono::milliseconds(0), std::chrono::ceil<std::chrono::milliseconds>(d));
}

}  // namespace

std::optional<TimeBank> time_bank_of(const HostedTableOptions& options) {
    if (options.time_bank.count() == 0) return std::nullopt;
    return TimeBank{.initial = options.time_bank,
                    .per_move = options.time_bank_add,
                    .cap = options.time_bank_cap.count() == 0 ? std::chrono::milliseconds(options.time_bank) : options.time_bank_cap,
                    .vacation_days = options.vacation_days,
                    .out_of_time = options.out_of_time};
}

std::chrono::milliseconds TurnClock::time_for(unsigned seat) const {
    if (!options_.bank) return options_.turn_timeout;
    const auto it = banks_.find(seat);
    return it == banks_.end() ? options_.bank->initial : it->second;
}

unsigned TurnClock::vacation_spent(unsigned seat) const {
    const auto it = vacation_.find(seat);
    return it == vacation_.end() ? 0 : it->second;
}

void TurnClock::start(TurnClockTime now, unsigned seat) {
    if (deadline_ && seat != seat_) stop();  // another person's turn: theirs from the start
    const bool kept = std::exchange(restored_held_, false) && seat == seat_;
    seat_ = seat;
    const auto time = time_for(seat);
    const TurnClockTime until = now + time;
    if (paused()) {
        if (held_ && kept) return;  // held before a restart: the turn has what it had left
        paused_left_ = time;
        length_ = time;
    } else if (!deadline_ || *deadline_ < until) {
        deadline_ = until;
        length_ = time;
        warned_ = false;
    }
}

void TurnClock::answered(TurnClockTime now) {
    if (options_.bank && deadline_) banks_[seat_] = std::min(options_.bank->cap, whole_ms(*deadline_ - now) + options_.bank->per_move);
    if (options_.bank && held_ && paused_left_) {  // answered during a table's pause: what the turn had left
        banks_[seat_] = std::min(options_.bank->cap, *paused_left_ + options_.bank->per_move);
        paused_left_.reset();
    }
    stop();
}

nlohmann::json TurnClock::to_json() const {
    nlohmann::json banks = nlohmann::json::object(), vacation = nlohmann::json::object();
    for (const auto& [seat, left] : banks_) banks[std::to_string(seat)] = left.count();
    for (const auto& [seat, days] : vacation_) vacation[std::to_string(seat)] = days;
    nlohmann::json out = {{"banks", banks}, {"vacation", vacation}};
    if (held_) out["held"] = paused_left_ ? nlohmann::json(paused_left_->count()) : nlohmann::json();
    if (held_ && paused_left_) out["seat"] = seat_;
    return out;
}

void TurnClock::restore(const nlohmann::json& saved) {
    if (saved.is_null()) return;
    const auto fail = [] { throw std::invalid_argument("the turn clock's part is not {\"banks\": {seat: ms}, \"vacation\": {seat: days}}"); };
    if (!saved.is_object() || !saved.contains("banks") || !saved.contains("vacation")) fail();
    std::map<unsigned, std::chrono::milliseconds> banks;
    std::map<unsigned, unsigned> vacation;
    try {
        for (const auto& [seat, ms] : saved.at("banks").items()) {
            if (!ms.is_number_integer() || ms.get<std::int64_t>() < 0) fail();
            banks[static_cast<unsigned>(std::stoul(seat))] = std::chrono::milliseconds(ms.get<std::int64_t>());
        }
        for (const auto& [seat, days] : saved.at("vacation").items()) {
            if (!days.is_number_unsigned()) fail();
            vacation[static_cast<unsigned>(std::stoul(seat))] = days.get<unsigned>();
        }
    } catch (const std::logic_error&) {  // a seat that is not a number, a part that is not an object
        fail();
    }
    std::optional<std::chrono::milliseconds> held_left;
    unsigned seat = 0;
    if (const auto held = saved.find("held"); held != saved.end()) {
        if (!held->is_null() && (!held->is_number_integer() || held->get<std::int64_t>() < 0)) fail();
        if (!held->is_null()) held_left = std::chrono::milliseconds(held->get<std::int64_t>());
        const auto s = saved.find("seat");
        if (held_left && (s == saved.end() || !s->is_number_unsigned())) fail();
        if (held_left) seat = s->get<unsigned>();
    }
    banks_ = std::move(banks);
    vacation_ = std::move(vacation);
    if (saved.contains("held")) {
        stop();
        paused_until_.reset();
        held_ = true;
        paused_left_ = held_left;
        seat_ = seat;
        restored_held_ = held_left.has_value();
    }
}

void TurnClock::stop() {
    deadline_.reset();
    warned_ = false;
}

bool TurnClock::pause(TurnClockTime now) {
    if (paused()) return false;
    paused_until_ = now + options_.pause_limit;
    paused_left_ = deadline_ ? std::optional(whole_ms(*deadline_ - now)) : std::nullopt;
    deadline_.reset();
    return true;
}

bool TurnClock::hold(TurnClockTime now) {
    if (paused()) return false;
    paused_left_ = deadline_ ? std::optional(whole_ms(*deadline_ - now)) : std::nullopt;
    deadline_.reset();
    held_ = true;
    return true;
}

std::optional<std::chrono::milliseconds> TurnClock::resume(TurnClockTime now) {
    if (!paused()) return std::nullopt;
    paused_until_.reset();
    held_ = false;
    const auto left = paused_left_;
    if (left) deadline_ = now + *left;
    if (left && length_ < *left) length_ = *left;
    paused_left_.reset();
    return left;
}

TurnClock::Due TurnClock::tick(TurnClockTime now) {
    if (held_) return Due::nothing;  // until the table resumes
    if (paused_until_) {
        if (now < *paused_until_) return Due::nothing;
        return Due::pause_over;  // the caller resumes (and says so)
    }
    if (!deadline_) return Due::nothing;
    if (now >= *deadline_) {
        if (options_.bank && vacation_spent(seat_) < options_.bank->vacation_days) {  // a day of grace, spent only now
            ++vacation_[seat_];
            deadline_ = *deadline_ + kVacationDay;
            length_ += kVacationDay;
            warned_ = false;
            return Due::vacation;
        }
        if (options_.bank) banks_[seat_] = options_.bank->per_move;
        stop();
        return Due::timeout;
    }
    if (!warned_ && warns() && now >= *deadline_ - options_.turn_warning) {
        warned_ = true;
        return Due::warning;
    }
    return Due::nothing;
}

std::optional<TurnClockTime> TurnClock::next() const {
    if (held_) return std::nullopt;  // nothing timed: no timer while a table agreed to pause
    if (paused_until_) return paused_until_;
    if (!deadline_) return std::nullopt;
    return !warned_ && warns() ? *deadline_ - options_.turn_warning : *deadline_;
}

std::optional<std::chrono::milliseconds> TurnClock::left(TurnClockTime now) const {
    if (!deadline_) return std::nullopt;
    return whole_ms(*deadline_ - now);
}

}  // namespace cherries::host
