#include "host/hosted/after_change.hpp"

namespace cherries::host {

void store_change(HostedTable& table, HostedStore& writer, HostedFront& front, Clock::Time now) {
    if (!front.stores() || table.stored_end) return;
    StoreNews news;
    if (table.over()) {
        news = writer.finish(table, front.store_key(), front.stored_end());
    } else {
        if (!table.store_health().may_try(now)) return;  // failing: the retry comes (next_due), in memory meanwhile
        news = writer.checkpoint(table, front.store_key(), front.front_state());
    }
    front.store_news(news);
}

void after_change(HostedTable& table, HostedStore* writer, HostedFront& front, Clock::Time now) {
    table.collect_record();
    if (writer) store_change(table, *writer, front, now);
    front.send_changes();
    front.arm_clock();
    front.wake_at(next_due(table));
}

std::optional<Clock::Time> next_due(const HostedTable& table) {
    std::optional<Clock::Time> at = table.clock().next();
    if (const auto retry = table.store_health().retry_at(); retry && (!at || *retry < *at)) at = retry;
    return at;
}

bool store_retry_due(const HostedTable& table, Clock::Time now) {
    const auto retry = table.store_health().retry_at();
    return retry && now >= *retry;
}

}  // namespace cherries::host
