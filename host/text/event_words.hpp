// The one place where a game's events are put into words (docs/architecture.md, "One event
// vocabulary"): every front end (the terminal, IRC, the web page, replays) takes its sentences
// from here, at the verbosity it needs, and only lays them out.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/session/seats.hpp"
#include "host/text/card_text.hpp"
#include "host/text/palette.hpp"

namespace cherries::host {

/// One event in words, at both verbosities. Any may be empty: the event says nothing at that level.
struct EventSaid {
    /// "Turn 4: ann" when this event is the first of turn 4 (a draw, a pass, a deck renewal or
    /// the end); empty otherwise.
    std::string turn;
    /// The terminal's and the page log's line, present tense, every modifier step and each total
    /// before and after: "ann: cherry change +1 → -1 Cherry Inverter [S]; cherries 3 → 2".
    std::string full;
    /// A short clause, past tense for acts, no final period, for a channel line, a "since your last
    /// turn" summary or a player's last change: "ann gave Double Cherry to bob",
    /// "bob cherries (+2, -2 after modifiers), now 1", "End of turn: ..." (words of its own start
    /// with a capital; a name stays as it is). Ages say nothing here.
    std::string brief;
};

/// Follows a game's events and says each one. Keeps what a sentence needs that the event does
/// not carry: every player's name (joiners and those who left too) and their cherry count and
/// score before the event ("3 → 2"). Call say() for every event, in order.
class EventWords {
public:
    /// For `game` as it is now (its players, counts and turn); `palette` colours the full words
    /// (nothing by default). `name`: a player's name by id when the front end's names differ from
    /// the engine's (an IRC nick, a stand-in bot's name); empty: the engine's names.
    EventWords(const Game& game, const CardText& cards, Palette palette = Palette(false),
               std::function<std::string(PlayerId)> name = {});

    /// `event` in words (and remembers what later sentences need from it).
    EventSaid say(const Event& event);

    /// The name of `id` as the sentences give it.
    std::string name(PlayerId id) const { return name_ ? name_(id) : names_[id]; }
    /// The engine's names of everyone seen so far.
    const PlayerNames& names() const { return names_; }

    /// Why an end-of-turn score change of 0 is 0 at a count the gametype's table does not score:
    /// " (only exactly 5 cherries score)" (GDD §3.3.1.1); "" for any other change.
    std::string scoring_reason(const Event& score_change) const;

private:
    std::string who(PlayerId id) const { return palette_.bold(name(id)); }
    std::string steps_text(const Event& e, bool points) const;
    std::string total_text(std::int64_t old, std::int64_t now) const;
    std::string full(const Event& e);
    std::string brief(const Event& e) const;

    const Game& game_;
    const CardText& cards_;
    Palette palette_;
    std::function<std::string(PlayerId)> name_;
    PlayerNames names_;
    std::map<PlayerId, std::int64_t> cherries_;  // each count and score before the event
    std::map<PlayerId, std::int64_t> scores_;
    std::uint32_t told_turn_ = 0;  // the last turn whose header was said
    bool held_ = false;            // the last give was a keep
    std::uint32_t fault_turn_ = 0;  // the last turn a fault happened in
};

/// A signed change as shown: "+2", "-1", "+0".
std::string signed_number(std::int64_t n);

/// A plugin's fault message fit for other players: the text after its last ": " (the plugin's
/// own words, without the server's file paths), printable and cut to 80 bytes.
std::string public_fault(std::string_view message);

}  // namespace cherries::host
