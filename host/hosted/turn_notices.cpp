#include "host/hosted/turn_notices.hpp"

namespace cherries::host {

std::optional<TurnNotice> TurnNotices::waiting(const std::string& table, const std::string& name, std::uint32_t turn,
                                               std::optional<std::chrono::milliseconds> left, Clock::Time now, bool page_open) {
    const auto it = tables_.find(table);
    if (it != tables_.end() && it->second.turn == turn && it->second.name == name) return std::nullopt;  // told already
    Waiting& w = tables_[table];
    w = Waiting{.name = name, .turn = turn, .remind_at = std::nullopt, .deadline = now + left.value_or(std::chrono::milliseconds(0))};
    if (left && *left >= kMinReminderClock)
        w.remind_at = now + std::chrono::duration_cast<Clock::Time::duration>(std::chrono::duration<double, std::milli>(left->count() * kReminderShare));
    if (page_open) return std::nullopt;
    return TurnNotice{.table = table, .name = name, .turn = turn, .reminder = false, .left = left.value_or(std::chrono::milliseconds(0))};
}

void TurnNotices::settled(const std::string& table) { tables_.erase(table); }

std::vector<TurnNotice> TurnNotices::due(Clock::Time now, const PageOpen& page_open) {
    std::vector<TurnNotice> out;
    for (auto& [table, w] : tables_) {
        if (!w.remind_at || *w.remind_at > now) continue;
        w.remind_at.reset();  // once
        if (page_open && page_open(table, w.name)) continue;
        out.push_back({.table = table, .name = w.name, .turn = w.turn, .reminder = true,
                       .left = std::chrono::duration_cast<std::chrono::milliseconds>(w.deadline - now)});
    }
    return out;
}

std::optional<Clock::Time> TurnNotices::next_due() const {
    std::optional<Clock::Time> next;
    for (const auto& [table, w] : tables_)
        if (w.remind_at && (!next || *w.remind_at < *next)) next = w.remind_at;
    return next;
}

}  // namespace cherries::host
