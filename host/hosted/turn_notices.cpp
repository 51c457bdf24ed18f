#include "host/hosted/turn_notices.hpp"

namespace cherries::host {

std::optional<TurnNotice> TurnNotices::waiting(const std::string& table, const std::string& name, std::uint32_t turn,
                                               std::optional<std::chrono::milliseconds> left, Clock::Time now, bool page_open) {
    const auto it = tables_.find(table);
    if (it != tables_.end() && it->second.turn == turn && it->second.name == name) return std::nullopt;  // told already
    settled(table);
    Waiting& w = tables_[table];
    w = Waiting{.name = name, .turn = turn, .remind_at = std::nullopt, .deadline = now + left.value_or(std::chrono::milliseconds(0))};
    if (left && *left >= kMinReminderClock)
        w.remind_at = now + std::chrono::duration_cast<Clock::Time::duration>(std::chrono::duration<double, std::milli>(left->count() * kReminderShare));
    if (w.remind_at) reminders_.emplace(*w.remind_at, table);
    if (page_open) return std::nullopt;
    return TurnNotice{.table = table, .name = name, .turn = turn, .reminder = false, .left = left.value_or(std::chrono::milliseconds(0))};
}

void TurnNotices::settled(const std::string& table) {
    const auto it = tables_.find(table);
    if (it == tables_.end()) return;
    if (it->second.remind_at) reminders_.erase({*it->second.remind_at, table});
    tables_.erase(it);
}

std::vector<TurnNotice> TurnNotices::due(Clock::Time now, const PageOpen& page_open) {
    std::vector<TurnNotice> out;
    while (!reminders_.empty() && reminders_.begin()->first <= now) {  // earliest first: only the due ones are read
        const std::string table = reminders_.begin()->second;
        reminders_.erase(reminders_.begin());
        Waiting& w = tables_.at(table);
        w.remind_at.reset();  // once
        if (page_open && page_open(table, w.name)) continue;
        out.push_back({.table = table, .name = w.name, .turn = w.turn, .reminder = true,
                       .left = std::chrono::duration_cast<std::chrono::milliseconds>(w.deadline - now)});
    }
    return out;
}

std::optional<Clock::Time> TurnNotices::next_due() const {
    if (reminders_.empty()) return std::nullopt;
    return reminders_.begin()->first;
}

}  // namespace cherries::host
