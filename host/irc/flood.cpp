#include "host/irc/flood.hpp"

#include <algorithm>
#include <stdexcept>

namespace cherries::irc {

FloodControl::FloodControl(FloodOptions options, FloodClock::time_point now) : options_(options), last_(now) {
    if (options_.burst == 0) throw std::invalid_argument("flood control: burst must be at least 1");
    if (options_.interval.count() <= 0) throw std::invalid_argument("flood control: interval must be positive");
    credit_ = options_.interval * static_cast<std::int64_t>(options_.burst);
}

void FloodControl::refill(FloodClock::time_point now) {
    if (now <= last_) return;
    const std::chrono::nanoseconds full = options_.interval * static_cast<std::int64_t>(options_.burst);
    credit_ = std::min(full, credit_ + (now - last_));
    last_ = now;
}

bool FloodControl::push(const std::string& target, std::string line, LinePriority priority, std::uint64_t tag) {
    auto& queue = queues_[target];
    if (queue.size() >= options_.max_queue) {
        ++dropped_;
        if (queue.size() == 0) queues_.erase(target);
        return false;
    }
    if (queue.size() == 0) turn_.push_back(target);
    (priority == LinePriority::reply ? queue.replies : queue.announcements).push_back(Line{std::move(line), tag});
    ++total_;
    return true;
}

std::vector<std::string> FloodControl::ready(FloodClock::time_point now, std::vector<std::uint64_t>* tags) {
    refill(now);
    std::vector<std::string> out;
    while (!turn_.empty() && credit_ >= options_.interval) {
        const std::string target = turn_.front();
        turn_.pop_front();
        auto& queue = queues_[target];
        auto& from = queue.replies.empty() ? queue.announcements : queue.replies;
        if (tags && from.front().tag != 0) tags->push_back(from.front().tag);
        out.push_back(std::move(from.front().text));
        from.pop_front();
        --total_;
        credit_ -= options_.interval;
        if (queue.size() == 0) queues_.erase(target);
        else turn_.push_back(target);
    }
    return out;
}

std::optional<FloodClock::time_point> FloodControl::next_time() const {
    if (total_ == 0) return std::nullopt;
    if (credit_ >= options_.interval) return last_;
    return last_ + std::chrono::duration_cast<FloodClock::duration>(options_.interval - credit_);
}

std::size_t FloodControl::queued(const std::string& target) const {
    const auto it = queues_.find(target);
    return it == queues_.end() ? 0 : it->second.size();
}

void FloodControl::clear(const std::string& target) {
    const auto it = queues_.find(target);
    if (it == queues_.end()) return;
    total_ -= it->second.size();
    queues_.erase(it);
    turn_.erase(std::remove(turn_.begin(), turn_.end(), target), turn_.end());
}

}  // namespace cherries::irc
