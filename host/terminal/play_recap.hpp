// "Since your last turn": at a human's prompt, one line for each thing the others did since
// that human last answered (what they drew and to whom it went, joins, leaves, passes, faults).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "host/session/seats.hpp"
#include "host/text/event_words.hpp"

namespace cherries::host {

/// An EventSink that keeps one short line per action (its brief words, EventWords); recap() gives
/// a player the lines since their last recap.
class Recap final : public EventSink {
public:
    Recap(const Game& game, const CardText& cards) : words_(game, cards) {}

    void on_event(const Event& event) override;

    /// The lines about others since `player`'s last call, oldest first (at most `max`, the
    /// latest ones, with "... N earlier" first when cut); empty at the first call.
    std::vector<std::string> recap(PlayerId player, std::size_t max = 8);

private:
    struct Line {
        PlayerId actor;
        std::string text;
    };
    EventWords words_;
    std::vector<Line> lines_;
    std::map<PlayerId, std::size_t> seen_;  // lines_ already recapped to each player
};

}  // namespace cherries::host
