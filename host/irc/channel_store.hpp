// A channel game's events on their way out: to the channel's text, and, for a game kept in the
// store (host/store/store.hpp), as record lines (docs/records.md) and per-player turn counts.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/records/event_line.hpp"
#include "host/session/plugin_list.hpp"
#include "host/records/record.hpp"

namespace cherries::irc {

/// Forwards every event to `text`; once record() is called, also writes each as a record line.
class GameLog final : public EventSink, public host::PluginLineSink {
public:
    GameLog(const Game& game, EventSink& text) : game_(game), text_(text) {}

    void on_event(const Event& event) override;

    /// From now on, events become record lines too (the players seated now are known to the
    /// line writer; joiners are learnt from their events, as in RecordWriter).
    void record() { writer_ = std::make_unique<host::EventLineWriter>(game_); }
    bool recording() const { return writer_ != nullptr; }
    /// While recording, writes host::plugin_line(turn, plugin) just before the line of the next
    /// join event: a bot plugin that the record does not name yet (docs/records.md, "Plugin
    /// lines"). nullopt takes it back (the join did not happen).
    void set_joining_plugin(std::optional<host::RecordedPlugin> plugin) override { joining_plugin_ = std::move(plugin); }
    /// While recording, adds a line that is no event (a seat line, docs/records.md) after the
    /// lines so far.
    void put_line(std::string line) {
        if (writer_) lines_.push_back(std::move(line));
    }
    /// The record lines since the last take, without newlines.
    std::vector<std::string> take_lines();
    /// Gives back lines taken that could not be stored, before the lines collected since.
    void put_back(std::vector<std::string> lines);

    /// Turns each player took (a draw or a pass; a redraw after a fault is the same turn).
    std::map<PlayerId, std::uint32_t> turns;

private:
    const Game& game_;
    EventSink& text_;
    std::unique_ptr<host::EventLineWriter> writer_;
    std::vector<std::string> lines_;
    std::map<PlayerId, std::uint32_t> last_turn_;
    std::optional<host::RecordedPlugin> joining_plugin_;
};

}  // namespace cherries::irc
