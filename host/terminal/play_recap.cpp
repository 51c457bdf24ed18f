#include "host/terminal/play_recap.hpp"

#include <fmt/core.h>

namespace cherries::host {

void Recap::on_event(const Event& e) {
    EventSaid said = words_.say(e);
    switch (e.type) {  // what others did, not what happened to everyone's counts
        case EventType::give:
        case EventType::join:
        case EventType::leave:
        case EventType::pass:
        case EventType::fault: lines_.push_back({e.player, std::move(said.brief)}); break;
        default: break;
    }
}

std::vector<std::string> Recap::recap(PlayerId player, std::size_t max) {
    const auto seen = seen_.find(player);
    const std::size_t from = seen == seen_.end() ? lines_.size() : seen->second;
    seen_[player] = lines_.size();
    std::vector<std::string> out;
    for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].actor != player) out.push_back(lines_[i].text);
    if (out.size() > max) {
        const std::size_t cut = out.size() - max + 1;
        out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(cut));
        out.insert(out.begin(), fmt::format("... {} earlier", cut));
    }
    return out;
}

}  // namespace cherries::host
