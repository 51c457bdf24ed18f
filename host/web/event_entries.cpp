#include "host/web/event_entries.hpp"

namespace cherries::web {

EventEntries::EventEntries(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> name)
    : words_(game, cards, host::Palette(false), std::move(name)), lines_(game) {}

nlohmann::json EventEntries::entry(const Event& event) {
    std::string line;
    lines_.append(event, line);
    host::EventSaid said = words_.say(event);
    nlohmann::json entry = {{"event", nlohmann::json::parse(line)}};
    if (!said.turn.empty()) entry["turn"] = std::move(said.turn);
    if (!said.full.empty()) entry["text"] = std::move(said.full);
    if (!said.brief.empty()) entry["brief"] = std::move(said.brief);
    return entry;
}

}  // namespace cherries::web
