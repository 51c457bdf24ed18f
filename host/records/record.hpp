// Game records (docs/records.md): JSON Lines, a header line, one line per event (host/records/event_line.hpp),
// an end line. Writing is on the simulator's hot path: lines go straight into one buffer.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/records/deal.hpp"
#include "host/records/event_line.hpp"
#include "host/session/plugin_list.hpp"
#include "host/session/seats.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// The record format this build writes; it reads kOldestRecordFormat to kRecordFormat. Format 2
/// added plugin lines (a bot plugin that joins mid-game); a format-1 record is one without them.
/// Format 3 added seat lines (who plays a seat from now on: a take-over, a nick change, a
/// player back in their seat); a format-2 record is one without them. Format 4 added the sealed
/// deal (host/records/deal.hpp): a header may hold a "commitment" instead of the "seed", and
/// then the end line reveals "seed" and "salt"; a format-3 record is one with an open seed.
inline constexpr int kRecordFormat = 4;
inline constexpr int kOldestRecordFormat = 1;

/// The `cherries` version, from CMake's project(VERSION).
std::string_view cherries_version();

/// What a record's first line says.
struct RecordHeader {
    /// The game's seed. A sealed header (commitment set) does not hold it: the end line reveals
    /// it (replay_seed), and until then it is 0 here.
    std::uint64_t seed = 0;
    /// The fair deal's commitment (host/records/deal.hpp, 64 hex digits), written instead of the
    /// seed; empty: an open deal, the seed in the header.
    std::string commitment;
    std::vector<Seat> players;  ///< turn order at the start; bot empty for a human
    std::vector<RecordedPlugin> plugins;
    std::string source;         ///< "play" or "sim"
    std::int64_t game = -1;     ///< sim: the game's index, else -1
};

/// The header line's JSON: {"record": "cherries", "format", "cherries", "seed" or "commitment", "players":
/// [{"name", "bot"}], "plugins": [{"kind", "id", "version", "fingerprint"}], "source", "game"?}.
nlohmann::json header_json(const RecordHeader& header);

/// Reads a header line's JSON (line `line` of `file`). Throws InputError "FILE:LINE: malformed
/// record: ..." naming the field that is missing or wrong, or the format this build cannot read.
RecordHeader parse_header(const nlohmann::json& j, const std::string& file, std::size_t line = 1);

/// A plugin line (docs/records.md, "Plugin lines"): ["plugin", turn, {"fingerprint", "id",
/// "kind", "version"}], keys sorted; written just before the join line of a bot whose plugin the
/// record does not name yet.
std::string plugin_line(std::uint32_t turn, const RecordedPlugin& plugin);

/// When `line` (an event line's JSON, line `line_number` of `file`) is a plugin line: the plugin
/// it names, validated like a header's plugins entry and of kind "bot"; else nullopt. Throws
/// InputError "FILE:LINE: malformed record: plugin: expected ..." for a malformed plugin line.
std::optional<RecordedPlugin> parse_plugin_line(const nlohmann::json& line, const std::string& file,
                                                std::size_t line_number);

/// A header's parts that stay the same from game to game, as JSON text.
struct HeaderText {
    explicit HeaderText(const RecordHeader& header);
    std::string players, plugins, source;
};

/// The header line: header_json(header).dump(), built from `text` (made from a header with the
/// same players, plugins and source) without a json value, for the simulator.
std::string header_line(const RecordHeader& header, const HeaderText& text);

/// A seat line (docs/records.md, "Seat lines"): from turn `turn` on, the seat the record joined
/// as `player` is played under the name `name`, by the built-in bot or bot plugin `bot` (empty:
/// a person). `why`: "take-over", "house rules", "out of time", "nick", "back". Not an event: it changes no
/// game state; replay names a seat's last occupant (the winner as the table knew them).
struct SeatLine {
    std::string player, name, bot, why;
};
std::string seat_line(std::uint32_t turn, const SeatLine& seat);
/// The seat line in `line`, nullopt for another line. Throws InputError "PATH:LINE: malformed
/// record: seat: expected ..." for a seat line of the wrong shape.
std::optional<SeatLine> parse_seat_line(const nlohmann::json& line, const std::string& path, std::size_t line_number);

/// The end line: {"end": status_name(game), "turns": game.turn()}, and "reason" (why a game that
/// did not end by the rules was stopped, e.g. "!stop by ann") when `reason` is not empty; keys
/// sorted (docs/records.md, "The end line"). A record without it is truncated.
/// With `reveal` (a sealed deal's game): also "salt" and "seed", the deal the header's
/// commitment sealed (docs/records.md, "The fair deal").
std::string end_line(const Game& game, std::string_view reason = {}, const Deal* reveal = nullptr);

/// Writes one record: the header at construction, each event as it happens (an EventSink),
/// the end line at finish(). Lines collect in memory and go to the file at flush().
class RecordWriter final : public EventSink, public PluginLineSink {
public:
    /// Creates (truncates) `file` and writes the header. `text` and `words` may be shared
    /// between games to save work (made here when null). Throws InputError if it cannot.
    RecordWriter(const std::string& file, const Game& game, const RecordHeader& header,
                 const HeaderText* text = nullptr, std::shared_ptr<const RecordWords> words = nullptr);
    /// Keeps the whole record in memory and hands it to `whole` at finish(), once: the
    /// simulator appends whole records to one shared file.
    RecordWriter(std::function<void(std::string_view)> whole, const Game& game, const RecordHeader& header,
                 const HeaderText* text = nullptr, std::shared_ptr<const RecordWords> words = nullptr);
    /// Creates (truncates) `file` with nothing in it: its lines come by put_line (a table's
    /// RecordLog, header first). Throws InputError if it cannot.
    RecordWriter(const std::string& file, const Game& game);
    /// Continues `file` after its first `bytes` bytes (resume: what a save point covered).
    /// Throws InputError if the file cannot be opened or is shorter.
    RecordWriter(const std::string& file, const Game& game, std::uint64_t bytes);
    ~RecordWriter() override;
    RecordWriter(const RecordWriter&) = delete;
    RecordWriter& operator=(const RecordWriter&) = delete;

    void on_event(const Event& event) override;
    void set_joining_plugin(std::optional<RecordedPlugin> plugin) override { joining_plugin_ = std::move(plugin); }
    /// Adds `line` (a record line without its newline) after the lines so far.
    void put_line(const std::string& line) { put(line); }
    /// Writes the end line and flushes (with `durable`, fsyncs: see flush).
    void finish(bool durable = false);
    /// Writes what has collected to the file; with `durable`, fsyncs it too. Throws InputError.
    void flush(bool durable = false);
    /// Bytes of the record so far (written or collected).
    std::uint64_t bytes() const { return written_ + used_; }
    const std::string& file() const { return file_; }

private:
    void room(std::size_t bytes);
    void put(const std::string& line);

    static constexpr std::size_t kBuffer = 1 << 16;  // bytes collected before a write()
    std::string file_;
    const Game& game_;
    EventLineWriter lines_;
    std::unique_ptr<char[]> buffer_;  // buffer_[0, used_) is not written yet
    std::size_t capacity_ = 0;
    std::size_t used_ = 0;
    std::function<void(std::string_view)> whole_;  // set: in memory until finish()
    std::optional<RecordedPlugin> joining_plugin_;  // its line goes before the next join's
    std::uint64_t written_ = 0;
    int fd_ = -1;
};

}  // namespace cherries::host
