#include "engine/event.hpp"

namespace cherries {

std::string_view to_string(EventType type) {
    switch (type) {
        case EventType::join: return "join";
        case EventType::leave: return "leave";
        case EventType::suspend: return "suspend";
        case EventType::resume: return "resume";
        case EventType::deck_renewal: return "deck_renewal";
        case EventType::draw: return "draw";
        case EventType::give: return "give";
        case EventType::handle: return "handle";
        case EventType::score_change: return "score_change";
        case EventType::age: return "age";
        case EventType::expire: return "expire";
        case EventType::fault: return "fault";
        case EventType::pass: return "pass";
        case EventType::won: return "won";
        case EventType::ended: return "ended";
    }
    return "?";
}

}  // namespace cherries
