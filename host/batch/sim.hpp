// `cherries sim`: many games between bots, played in parallel, summed up as statistics.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/bots/bot.hpp"
#include "engine/event.hpp"
#include "engine/game.hpp"
#include "host/records/record.hpp"
#include "host/session/game_end.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// The most worker threads `sim --jobs` starts.
inline constexpr unsigned kMaxJobs = 256;

/// What to simulate. Seats are named seat1..seatK in turn order (seat1 is the first player).
struct SimOptions {
    std::uint64_t games = 1000;
    std::uint32_t players = 4;
    std::vector<std::string> bots{"random"};  ///< one kind for every seat, or one per seat
    std::uint64_t seed = 1;
    unsigned jobs = 1;                        ///< worker threads
    std::uint32_t max_turns = 10000;          ///< a game still going after this many turns is unfinished
    BotSettings bot_settings;                 ///< --think
    std::string record;  ///< non-empty: write records; FILE.jsonl: all in one file, else a folder (sim_record_file)
    std::uint32_t shard = 1;   ///< --shard K/N: play the K-th (1-based) ...
    std::uint32_t shards = 1;  ///< ... of N equal slices of the games (sim_shard_range)
    bool progress = false;     ///< a progress meter with the time left on stderr (a terminal only)
};

/// The game indices [first, end) of slice `shard` (1-based) of `shards` equal slices of `games`:
/// first = (shard - 1) * games / shards, end = shard * games / shards. Slices cover every game once.
struct ShardRange {
    std::uint64_t first = 0;
    std::uint64_t end = 0;
};
ShardRange sim_shard_range(std::uint64_t games, std::uint32_t shard, std::uint32_t shards);

/// Watches a simulated game: its events (EventSink) and the table after every turn. One observer
/// per worker thread; play_sim_game calls begin_game, then on_event as events happen, then
/// after_turn after each turn played.
class SimObserver : public EventSink {
public:
    /// A new game starts; `game` stays valid until the game's last after_turn.
    virtual void begin_game(const Game& game) = 0;
    /// Turn game.turn() is over (the table as it stands between turns, or at the game's end).
    virtual void after_turn(const Game& game) = 0;
    /// The bot whose turn it is chose `receiver` for the drawn card; the give follows. `session`
    /// holds every seat's bot as it is now (Session::bot(id)->state(): the generators after the
    /// decision), so an observer can fork the game here (the report's causal card strength).
    virtual void decided(const Game& /*game*/, PlayerId /*receiver*/, const class Session& /*session*/) {}
};

/// How one game ended.

/// One game's result.
struct SimGame {
    std::uint32_t turns = 0;
    GameEnd outcome = GameEnd::turn_cap;  ///< won, ended, aborted, or turn_cap (unfinished at max_turns)
    std::int32_t winner = -1;  ///< seat index (0-based) when won, else -1
};

/// Everything a simulation produced: per-game results by game index (identical for every
/// `jobs`), and the wall-clock time it took (the only part that varies between runs).
struct SimResults {
    SimOptions options;
    std::vector<std::string> seat_bots;  ///< bot per seat
    std::uint64_t first = 0;             ///< index of games[0]: 0 unless a shard
    std::vector<SimGame> games;          ///< games[i] is game first + i, seed sim_game_seed(seed, first + i)
    double seconds = 0;                  ///< wall clock of the games (not the loading)
    /// Faults per card kind over all games, by "set:card" (GDD §3.5: each removed the card). A
    /// card removed because its set reached kSetFaultLimit is not counted: it did not fault.
    /// Empty when nothing faulted (and after `merge`, whose parts do not carry it).
    std::map<std::string, std::uint64_t> faults;
    /// The plugin call that used the most CPU time in any game, in ns (0: none ran past its first
    /// 256 instructions), and its plugin's file. Like `seconds`, it varies between runs; no JSON
    /// result carries it.
    std::int64_t slowest_call_ns = 0;
    std::string slowest_call_file;
};

/// Checks `options` (players from 2 to kMaxPlayers, games >= 1, jobs from 1 to kMaxJobs,
/// max_turns >= 1, bot count 1 or K,
/// known bots) and returns the bot of each seat. Throws InputError.
std::vector<std::string> seat_bots(const SimOptions& options);

/// The game seed of game `index`: a hash of (seed, index), the index-th output of a SplitMix64
/// stream seeded with mix_seed(seed). Two master seeds share no game (unlike seed + index, which
/// made --seed 2 replay --seed 1's games shifted by one).
std::uint64_t sim_game_seed(std::uint64_t seed, std::uint64_t index);

/// The record file of game `index` in `dir`: DIR/game-NNNNNN.jsonl (index zero-padded to 6 digits).
std::string sim_record_file(const std::string& dir, std::uint64_t index);

/// How a simulation writes records: made once per run and shared by the workers.
struct SimRecording {
    /// For games between `seat_bots` seated as `seat_names`, written to `path`: a file whose
    /// name ends in ".jsonl" gets every record, one after the other; else `path` is a folder
    /// (created) with one file per game. Throws InputError if it cannot be created.
    SimRecording(const sdk::Bundle& bundle, const std::string& path, const std::vector<std::string>& seat_names,
                 const std::vector<std::string>& seat_bots);
    ~SimRecording();
    SimRecording(const SimRecording&) = delete;
    SimRecording& operator=(const SimRecording&) = delete;
    /// One file: appends a whole record. Thread-safe. Throws InputError if the write fails.
    void append(std::string_view record);

    std::string dir;   ///< the folder, or empty
    std::string file;  ///< the one file, or empty
    RecordHeader header;  ///< seed and game are set per game
    HeaderText text;
    std::shared_ptr<const RecordWords> words;  ///< what every record of the run writes alike

private:
    std::mutex mutex_;
    int fd_ = -1;
};

/// Plays one game between `bots` (one per seat) with `evaluator` and returns how it ended.
/// With an `observer`, reports the game's events and turns to it.
/// With a `recording`, writes the game's record (docs/records.md) as game `index`, to
/// sim_record_file(recording->dir, index) or the end of recording->file. Throws InputError if
/// the record cannot be written.
SimGame play_sim_game(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<std::string>& seat_names,
                      const std::vector<std::string>& seat_bots, std::uint64_t game_seed, std::uint32_t max_turns,
                      SimRecording* recording = nullptr, std::uint64_t index = 0,
                      const BotSettings& bot_settings = {}, SimObserver* observer = nullptr);

/// Runs the simulation: `options.jobs` threads, each with its own runtime from the bundle,
/// play games i = first + w, first + w + jobs, ... of the shard's range (sim_shard_range). Throws InputError for bad options; rethrows a worker's error.
SimResults run_sim(const sdk::Bundle& bundle, const SimOptions& options);

/// Summary statistics as JSON (no timing, no `jobs`): identical for the same options, plugins
/// and seed, whatever `jobs` is. The bundle's plugins name the sets and the gametype.
nlohmann::json sim_summary(const SimResults& results, const sdk::Bundle& bundle);
/// The same from the plugin ids (a merge has no bundle): `sets` in order, `gametype`.
nlohmann::json sim_summary(const SimResults& results, const std::vector<std::string>& sets, const std::string& gametype);

/// The same summary as text, with the throughput (turns per second, wall clock) at the end.
std::string sim_report(const SimResults& results, const sdk::Bundle& bundle);
/// "3189788 (2773535 turns in 0.870 s, 1 job)": turns per second, and what it was measured on.
std::string sim_timing(const SimResults& results, std::uint64_t turns);
/// The same from the plugin ids; without the throughput line when `timing` is false.
std::string sim_report(const SimResults& results, const std::vector<std::string>& sets, const std::string& gametype,
                       bool timing);

/// "slowest plugin call: 3.2 ms of CPU time (FILE)\n" for the timing lines, or "" when no call
/// was timed. A plugin may spend 25 ms of CPU time per game in its calls, and a call past twice
/// its limit is stopped wherever it is (docs/lua-api.md).
std::string sim_slowest_call(const SimResults& results);

}  // namespace cherries::host
