#include "host/irc/flood.hpp"

#include <algorithm>

namespace cherries::irc {

FloodControl::FloodControl(FloodOptions options, FloodClock::time_point now)
    : options_(options), bucket_(options.burst, options.interval) {
    bucket_.ready(now);  // the bucket's time starts now
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
    std::vector<std::string> out;
    while (!turn_.empty() && bucket_.take(now)) {
        const std::string target = turn_.front();
        turn_.pop_front();
        auto& queue = queues_[target];
        auto& from = queue.replies.empty() ? queue.announcements : queue.replies;
        if (tags && from.front().tag != 0) tags->push_back(from.front().tag);
        out.push_back(std::move(from.front().text));
        from.pop_front();
        --total_;
        if (queue.size() == 0) queues_.erase(target);
        else turn_.push_back(target);
    }
    return out;
}

std::optional<FloodClock::time_point> FloodControl::next_time() const {
    if (total_ == 0) return std::nullopt;
    return bucket_.next_token();
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
