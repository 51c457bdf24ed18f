#include "engine/event.hpp"

namespace cherries {

std::string_view to_string(EventKind kind) {
    switch (kind) {
        case EventKind::join: return "join";
        case EventKind::leave: return "leave";
        case EventKind::suspend: return "suspend";
        case EventKind::resume: return "resume";
        case EventKind::deck_renewal: return "deck_renewal";
        case EventKind::draw: return "draw";
        case EventKind::give: return "give";
        case EventKind::handle: return "handle";
        case EventKind::score_change: return "score_change";
        case EventKind::age: return "age";
        case EventKind::expire: return "expire";
        case EventKind::fault: return "fault";
        case EventKind::pass: return "pass";
        case EventKind::won: return "won";
        case EventKind::ended: return "ended";
    }
    return "?";
}

}  // namespace cherries
