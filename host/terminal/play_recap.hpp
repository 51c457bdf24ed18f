// "Since your last turn": at a human's prompt, one line for each thing the others did since
// that human last answered (what they drew and to whom it went, joins, leaves, passes, faults).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "host/session/seats.hpp"
#include "host/text/render.hpp"

namespace cherries::host {

/// An EventSink that keeps one short line per action; recap() gives a player the lines since
/// their last recap. Uses the renderer's names (attach it after the renderer).
class Recap final : public EventSink {
public:
    Recap(const CardText& cards, const PlayerNames& names) : cards_(cards), names_(names) {}

    void on_event(const Event& event) override;

    /// The lines about others since `player`'s last call, oldest first (at most `max`, the
    /// latest ones, with "... N earlier" first when cut); empty at the first call.
    std::vector<std::string> recap(PlayerId player, std::size_t max = 8);

private:
    struct Line {
        PlayerId actor;
        std::string text;
    };
    const CardText& cards_;
    const PlayerNames& names_;
    std::vector<Line> lines_;
    std::map<PlayerId, std::size_t> seen_;  // lines_ already recapped to each player
};

}  // namespace cherries::host
