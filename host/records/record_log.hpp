// A record kept in memory as lines (docs/records.md): the header line, then every event line,
// plugin line and seat line as it happens, and the end line. For tables that store their
// record turn by turn (the web table's SQLite store, a file written after every turn); `sim`
// writes whole records through RecordWriter instead, which is built for speed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/records/event_line.hpp"
#include "host/records/record.hpp"
#include "host/session/plugin_list.hpp"

namespace cherries::host {

/// Collects one game's record lines (no newlines), from the header on. Call on_event for every
/// event of the game, in order.
class RecordLog final : public EventSink, public PluginLineSink {
public:
    /// Begins with the header line of `header` for `game` (its players seated now). `reveal`:
    /// a sealed deal's seed and salt, which the end line reveals (docs/records.md, "The fair
    /// deal"); the header then holds their commitment (the caller's).
    RecordLog(const Game& game, const RecordHeader& header, std::optional<Deal> reveal = std::nullopt);

    void on_event(const Event& event) override;
    /// Writes plugin_line(turn, plugin) just before the line of the next join event: a bot
    /// plugin the record does not name yet (docs/records.md, "Plugin lines"). nullopt takes it
    /// back (the join did not happen).
    void set_joining_plugin(std::optional<RecordedPlugin> plugin) override { joining_plugin_ = std::move(plugin); }
    /// Adds a line that is no event (a seat line) after the lines so far.
    void put_line(std::string line) { lines_.push_back(std::move(line)); }
    /// Adds the end line (end_line(game, reason, reveal)); once: later calls do nothing.
    void end(std::string_view reason = {});
    bool ended() const { return ended_; }
    /// The reason end() was given ("" before the end, or for a game that ended by the rules).
    const std::string& reason() const { return reason_; }

    /// The lines since the last take (all of them, the first time).
    std::vector<std::string> take_lines();
    /// Gives back lines taken that could not be stored, before the lines collected since.
    void put_back(std::vector<std::string> lines);

private:
    const Game& game_;
    EventLineWriter writer_;
    std::vector<std::string> lines_;
    std::optional<RecordedPlugin> joining_plugin_;
    std::optional<Deal> reveal_;
    bool ended_ = false;
    std::string reason_;
};

}  // namespace cherries::host
