// Helpers for the record, replay and save tests: a card set whose functions fault on some
// arguments, random games with joins and leaves written as records, replaying a record file.
#pragma once

#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "sdk/plugins/plugin_search.hpp"
#include "host/records/record.hpp"
#include "host/records/record_reader.hpp"
#include "host/records/replay.hpp"
#include "tests/sdk/temp_plugin.hpp"

namespace cherries::test {

/// The lines of a record file (without newlines), blank lines at its end left out.
inline std::vector<std::string> read_lines(const std::string& file) {
    std::vector<std::string> lines;
    std::istringstream in(read_text(file));
    for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

/// One record of a file, as host::RecordReader reads it: its lines and its header's line number.
struct RecordInFile {
    std::size_t first_line = 0;  ///< 1-based
    std::vector<std::string> lines;
};

/// Every record of `file`, in order (host::RecordReader: the reader `cherries replay` uses).
inline std::vector<RecordInFile> records_of(const std::string& file) {
    std::vector<RecordInFile> records;
    host::RecordReader reader(file);
    for (RecordInFile r; reader.next(r.lines, r.first_line);) records.push_back(r);
    return records;
}

/// Writes the set "grove" into `dir`: cherry and score cards and two modifiers whose
/// functions fault on some arguments (GDD §3.5), one with quotes in its message.
inline void write_grove(const TempFolder& dir) {
    dir.write("sets/grove/set.toml",
              set_header("grove") +
                  "[[card]]\nid = \"apple\"\nname = \"Apple\"\ntype = \"cherry\"\nchange = 1\ncount = 8\n\n"
                  "[[card]]\nid = \"pear\"\nname = \"Pear\"\ntype = \"cherry\"\nchange = 2\ncount = 4\n\n"
                  "[[card]]\nid = \"plum\"\nname = \"Plum\"\ntype = \"score\"\nchange = 1\ncount = 6\n\n"
                  "[[card]]\nid = \"rot\"\nname = \"Rot\"\ntype = \"score\"\nchange = -1\ncount = 3\n\n"
                  "[[card]]\nid = \"doubler\"\nname = \"Doubler\"\ntype = \"modifier\"\nlifetime = 2\n"
                  "cherry = \"double_small\"\ncount = 2\n\n"
                  "[[card]]\nid = \"halver\"\nname = \"Halver\"\ntype = \"modifier\"\nlifetime = 1\n"
                  "score = \"halve_even\"\ncount = 2\n");
    dir.write("sets/grove/set.lua",
              "local M = {}\n"
              "function M.double_small(x) if x >= 4 or x <= -4 then error('doubler: \"too\" big') end return 2 * x end\n"
              "function M.halve_even(x) if x % 2 ~= 0 then error('halver: odd') end return x // 2 end\n"
              "return M\n");
}

/// Plays a random game on `bundle` with joins and leaves between turns, writing its record to
/// `file`. Returns the number of fault events.
inline std::size_t record_random_game(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed,
                                      const std::string& file) {
    std::mt19937_64 rng(seed);
    std::vector<host::Seat> seats;
    const int players = 2 + static_cast<int>(rng() % 4);
    for (int p = 0; p < players; ++p) seats.push_back({"p" + std::to_string(p), "random"});
    std::vector<std::string> names;
    for (const auto& s : seats) names.push_back(s.name);
    Game g(bundle.catalog(), bundle.gametype(), evaluator, seed, names);
    host::RecordWriter record(file, g,
                              host::RecordHeader{.seed = seed, .players = seats, .plugins = host::recorded_plugins(bundle),
                                                 .source = "test"});
    struct Faults : EventSink {
        host::RecordWriter& record;
        std::size_t count = 0;
        explicit Faults(host::RecordWriter& r) : record(r) {}
        void on_event(const Event& e) override {
            count += e.type == EventType::fault;
            record.on_event(e);
        }
    } sink(record);
    g.set_event_sink(&sink);
    int next_name = players;
    while (!g.over() && g.turn() < 200) {
        if (g.phase() == Phase::suspended) {
            if (rng() % 4 != 0) g.join("p" + std::to_string(next_name++));
            else g.leave(g.players().front().id);
            continue;
        }
        const auto roll = rng() % 100;
        if (roll < 3 && g.players().size() < 7) {
            g.join("p" + std::to_string(next_name++));
        } else if (roll < 6) {
            g.leave(g.players()[rng() % g.players().size()].id);
            continue;
        }
        g.start_turn();
        while (g.phase() == Phase::awaiting_give) g.give(g.players()[rng() % g.players().size()].id);
    }
    record.finish();
    return sink.count;
}

/// Replays the record `file` against `bundle`; returns the events checked. Throws as Replayer.
inline std::size_t replay_file(const sdk::Bundle& bundle, Evaluator& evaluator, const std::string& file) {
    const std::vector<std::string> lines = read_lines(file);
    const host::RecordHeader header = host::parse_header_line(lines.at(0), file, 1);
    host::Replayer replayer(bundle, evaluator, header, lines, file);
    replayer.run();
    return replayer.events();
}

}  // namespace cherries::test
