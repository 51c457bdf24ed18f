// "Your turn" notices of the hosted tables (issue 42 item 3; docs/web.md, "Your turn, told"):
// when to tell a person that a table waits for their card, apart from how it is told (a Web Push,
// a webhook, CherryBot's private message). Pure: the caller passes the time (its injected Clock)
// and whether the person has the table open; a test steps the time.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include "host/hosted/clock.hpp"

namespace cherries::host {

/// A reminder is sent only for a clock this long or longer: a live table's 90 s turn is not
/// reminded of (its page is open), a correspondence table's days are.
inline constexpr std::chrono::milliseconds kMinReminderClock = std::chrono::hours(1);
/// The reminder comes when this share of the time left at the turn's start has passed: at 80 %.
inline constexpr double kReminderShare = 0.8;

/// One notice to send: table `table` waits for `name`'s card, turn `turn`, with `left` on the clock.
struct TurnNotice {
    std::string table;
    std::string name;
    std::uint32_t turn = 0;
    bool reminder = false;  ///< the 80 % reminder, not the turn's first notice
    std::chrono::milliseconds left{0};
};

/// Per table, the notices of the turn that waits for a person: at most one first notice and one
/// reminder per turn, none while that person has the table open. Not thread-safe (the server's
/// loop owns it).
class TurnNotices {
public:
    /// Whether `name` has table `table` open now (a page of theirs shows it).
    using PageOpen = std::function<bool(const std::string& table, const std::string& name)>;

    /// Turn `turn` of `table` waits for `name` (a person with somewhere to be told) at `now`, with
    /// `left` on their clock (nullopt: no clock). The first call for a turn returns its notice
    /// unless `page_open` (they see it: no notice), and plans the reminder at kReminderShare of
    /// `left` for a clock of kMinReminderClock or more; later calls for the same turn return nothing.
    std::optional<TurnNotice> waiting(const std::string& table, const std::string& name, std::uint32_t turn,
                                      std::optional<std::chrono::milliseconds> left, Clock::Time now, bool page_open);
    /// No person's turn waits at `table` any more (answered, the game over, the table closed):
    /// its reminder is dropped.
    void settled(const std::string& table);
    /// The reminders due at `now`, each once, earliest first, but for a table its person has open
    /// then (dropped). Reads only the due ones (O(k log n)), so a server may ask after every change.
    std::vector<TurnNotice> due(Clock::Time now, const PageOpen& page_open);
    /// When the next reminder is due, if any (O(1)).
    std::optional<Clock::Time> next_due() const;

private:
    struct Waiting {
        std::string name;
        std::uint32_t turn = 0;
        std::optional<Clock::Time> remind_at;
        Clock::Time deadline{};
    };
    std::map<std::string, Waiting> tables_;
    std::set<std::pair<Clock::Time, std::string>> reminders_;  // (remind_at, table) of tables_, earliest first
};

}  // namespace cherries::host
