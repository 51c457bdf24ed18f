#include "host/terminal/play_recap.hpp"

#include <fmt/core.h>

namespace cherries::host {

void Recap::on_event(const Event& e) {
    auto name = [&](PlayerId id) { return names_[id]; };
    switch (e.type) {
        case EventType::give:
            lines_.push_back({e.player, e.receiver == e.player
                                            ? fmt::format("{} kept {}", name(e.player), cards_.name(e.card))
                                            : fmt::format("{} gave {} to {}", name(e.player), cards_.name(e.card),
                                                          name(e.receiver))});
            break;
        case EventType::join: lines_.push_back({e.player, name(e.player) + " joined"}); break;
        case EventType::leave: lines_.push_back({e.player, name(e.player) + " left"}); break;
        case EventType::pass: lines_.push_back({e.player, name(e.player) + " passed: no card to draw"}); break;
        case EventType::fault:
            lines_.push_back({e.player, fmt::format("{} failed: removed from the game", cards_.name(e.card))});
            break;
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
