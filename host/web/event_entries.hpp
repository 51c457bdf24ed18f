// A game's events as the page receives them (docs/web.md, "The events message"): each engine
// event in the record's JSON form (host/records/event_line) with its words (host::EventWords).
// One maker for the live table, its history after a restart, and the replay page.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/records/event_line.hpp"
#include "host/text/event_words.hpp"

namespace cherries::web {

/// Makes the entries of `game`'s events, from the game as it is now on. Call entry() for every
/// event, in order.
class EventEntries {
public:
    /// `name`: a player's name by id as the table shows it (EventWords).
    EventEntries(const Game& game, const host::CardText& cards, std::function<std::string(PlayerId)> name = {});

    /// {"event": the record's line as JSON, "turn": "Turn 4: ann" on a turn's first event,
    /// "text": the full words, "brief": the brief words} (the words only when there are any).
    nlohmann::json entry(const Event& event);

private:
    host::EventWords words_;
    host::EventLineWriter lines_;
};

/// What a replay's caller may do with each event and its entry (a restored table: each player's
/// last change).
using EntryHook = std::function<void(const Event&, const nlohmann::json&)>;

/// An EventSink that keeps every entry (a replayed record's, for the replay page).
class EntryList final : public EventSink {
public:
    EntryList(const Game& game, const host::CardText& cards, EntryHook hook = {}) : maker_(game, cards), hook_(std::move(hook)) {}
    void on_event(const Event& event) override {
        entries.push_back(maker_.entry(event));
        if (hook_) hook_(event, entries.back());
    }
    nlohmann::json entries = nlohmann::json::array();

private:
    EventEntries maker_;
    EntryHook hook_;
};

}  // namespace cherries::web
