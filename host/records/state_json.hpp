// A game's state and events as JSON, for scenario output and replays. Deterministic: the same
// game gives the same bytes (keys sorted, no timestamps, no unordered containers).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/session/seats.hpp"

namespace cherries::host {

/// to_string(end_by_rules(game)) (host/session/game_end.hpp): "won", "suspended", "ended",
/// "aborted"; or "in_progress" (between turns or awaiting a give).
std::string status_name(const Game& game);

/// The state of `game`: `status` (status_name), `winner` (name or null), `turns`,
/// `deck_remaining`, `next_player` (name or null), `removed` (card ids taken out of the game by
/// conflict resolution, GDD §3.5), and `players` in turn order, each with `name`, `cherries`,
/// `score`, `modifiers` (bottom first, `{"card": id, "lifetime": n}`) and `received` (bottom
/// first, card ids). Card ids are Catalog::display_id.
nlohmann::json state_json(const Game& game);

/// One event: `kind` (to_string(EventType)), `turn`, and the fields the kind uses, by name:
///   join, leave, pass, won:  player
///   draw, expire:            player, card
///   give:                    player, receiver (== player: kept), card
///   handle:                  player (the receiver), card; cherry and score cards add `change`
///                            (before the modifier card stack), `modified_change` (after) and
///                            `cherries` or `score` (the new total); modifier cards add `lifetime`
///   score_change:            player, cherries (the count it is based on), change (from the
///                            gametype), modified_change (after the modifier card stack), score
///   age:                     player, card, lifetime (left)
///   fault:                   player, card (null: the gametype's distribution failed), message,
///                            receiver (whom the faulted give was to; absent in a pass)
///   deck_renewal:            cards (in the new deck)
///   suspend, resume, ended:  nothing more
nlohmann::json event_json(const Event& event, const Catalog& catalog, const PlayerNames& names);

/// An EventSink that keeps every event as JSON (event_json), in order.
class JsonEventLog final : public EventSink {
public:
    /// Names the players seated in `game` now; joiners are learnt from their events.
    explicit JsonEventLog(const Game& game) : game_(game), names_(game) {}

    void on_event(const Event& event) override;

    /// The events so far, an array.
    const nlohmann::json& events() const { return events_; }

private:
    const Game& game_;
    PlayerNames names_;
    nlohmann::json events_ = nlohmann::json::array();
};

}  // namespace cherries::host
