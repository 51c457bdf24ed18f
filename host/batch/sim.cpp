#include "host/batch/sim.hpp"

#include "host/session/session.hpp"
#include "host/batch/progress.hpp"
#include "host/batch/workers.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <exception>
#include <filesystem>
#include <optional>
#include <system_error>
#include <memory>
#include <thread>

#include "engine/game.hpp"
#include "engine/random.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/base/file_io.hpp"
#include "host/records/record.hpp"
#include "host/batch/shard.hpp"
#include "host/batch/sim_stats.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

std::vector<std::string> seat_bots(const SimOptions& options) {
    if (options.players < 2) throw InputError(fmt::format("--players must be at least 2, got {}", options.players));
    if (options.players > kMaxPlayers)
        throw InputError(fmt::format("--players must be at most {} (a game's most), got {}", kMaxPlayers, options.players));
    if (options.games < 1) throw InputError("--games must be at least 1");
    if (options.jobs < 1) throw InputError("--jobs must be at least 1");
    if (options.jobs > kMaxJobs) throw InputError(fmt::format("--jobs must be at most {}, got {}", kMaxJobs, options.jobs));
    if (options.max_turns < 1) throw InputError("--max-turns must be at least 1");
    std::vector<std::string> bots = options.bots.empty() ? std::vector<std::string>{"random"} : options.bots;
    if (bots.size() == 1) {
        bots.assign(options.players, bots.front());
    } else if (bots.size() != options.players) {
        throw InputError(fmt::format("--bot given {} times for {} players; expected once (every seat) or {} times "
                                     "(one per seat)", bots.size(), options.players, options.players));
    }
    for (const auto& kind : bots) make_bot(kind, 0);  // throws InputError naming the known kinds
    return bots;
}

ShardRange sim_shard_range(std::uint64_t games, std::uint32_t shard, std::uint32_t shards) {
    // floor(games * k / shards) without overflow: games = q * shards + r.
    const auto at = [&](std::uint64_t k) { return games / shards * k + games % shards * k / shards; };
    return {at(shard - 1), at(shard)};
}

std::uint64_t sim_game_seed(std::uint64_t seed, std::uint64_t index) {
    // Output `index` of a SplitMix64 stream started at mix_seed(seed): a hash of both, so two
    // master seeds share no game (mix_seed(seed + index) made --seed 2 replay seed 1's games 1..n).
    return mix_seed(mix_seed(seed) + index * 0x9e3779b97f4a7c15ULL);
}

std::string sim_record_file(const std::string& dir, std::uint64_t index) {
    return (std::filesystem::path(dir) / fmt::format("game-{:06}.jsonl", index)).string();
}

SimRecording::SimRecording(const sdk::Bundle& bundle, const std::string& path, const std::vector<std::string>& seat_names,
                           const std::vector<std::string>& seat_bots)
    : header([&] {
          RecordHeader h{.plugins = recorded_plugins(bundle, seat_bots), .source = "sim"};
          for (std::size_t seat = 0; seat < seat_names.size(); ++seat) h.players.push_back({seat_names[seat], seat_bots[seat]});
          return h;
      }()),
      text(header),
      words(record_words(bundle.catalog())) {
    if (path.ends_with(".jsonl")) {
        file = path;
        fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0) throw InputError(fmt::format("--record {}: cannot write the file: {}", path, std::strerror(errno)));
        return;
    }
    dir = path;
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (ec || !std::filesystem::is_directory(path))
        throw InputError(fmt::format("--record {}: cannot create the folder{}", path, ec ? ": " + ec.message() : std::string()));
}

SimRecording::~SimRecording() {
    if (fd_ >= 0) ::close(fd_);
}

void SimRecording::append(std::string_view record) {
    const std::lock_guard lock(mutex_);
    if (!write_all(fd_, record.data(), record.size()))
        throw InputError(fmt::format("--record {}: cannot write the file: {}", file, std::strerror(errno)));
}

namespace {

// One worker's table: a Session (its Game, memo, bots) and hooks made for the first game and
// restarted for each game after (Session::restart), so a game's setup reuses the memory of the
// one before instead of building it anew. Each game is as fresh as in a new Session: the same
// seed gives the same game whatever the table played before (the sim's per-game results do
// not depend on --jobs).
class SimTable {
public:
    SimTable(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<std::string>& seat_names,
             const std::vector<std::string>& seat_bots, const BotSettings& bot_settings)
        : bundle_(bundle), evaluator_(evaluator), bot_source_(bot_settings) {
        for (std::size_t seat = 0; seat < seat_names.size(); ++seat) seats_.push_back({seat_names[seat], seat_bots[seat]});
    }

    SimGame play(std::uint64_t game_seed, std::uint32_t max_turns, SimRecording* recording, std::uint64_t index,
                 SimObserver* observer) {
        if (session_)
            session_->restart(game_seed, seats_);
        else
            session_.emplace(bundle_, evaluator_, game_seed, seats_, bot_source_, hooks_, std::vector<RecordedPlugin>{});
        Session& session = *session_;
        Game& game = session.game();
        hooks_.game = &game;
        hooks_.session = &session;
        hooks_.max_turns = max_turns;
        hooks_.observer = observer;
        game.set_event_sink(nullptr);
        // Both a record and an observer: the events go to each, record first.
        struct Both final : EventSink {
            EventSink* first = nullptr;
            EventSink* second = nullptr;
            void on_event(const Event& e) override {
                first->on_event(e);
                second->on_event(e);
            }
        } both;
        std::optional<RecordWriter> record;
        if (recording) {
            RecordHeader header = recording->header;
            header.seed = game_seed;
            header.game = static_cast<std::int64_t>(index);
            if (recording->file.empty())
                record.emplace(sim_record_file(recording->dir, index), game, header, &recording->text, recording->words);
            else
                record.emplace([recording](std::string_view whole) { recording->append(whole); }, game, header,
                               &recording->text, recording->words);
            game.set_event_sink(&*record);
        }
        if (observer) {
            observer->begin_game(game);
            if (record) {
                both.first = &*record;
                both.second = observer;
                game.set_event_sink(&both);
            } else {
                game.set_event_sink(observer);
            }
        }
        try {
            session.advance();  // bots only: it stops when the game is over or at the turn cap
        } catch (...) {
            game.set_event_sink(nullptr);  // `record` and `both` end here
            throw;
        }
        if (record) record->finish();
        game.set_event_sink(nullptr);
        count_faults(game);
        SimGame result;
        result.turns = game.turn();
        result.outcome = game.over() ? *end_by_rules(game) : GameEnd::turn_cap;
        if (game.phase() == Phase::won) result.winner = static_cast<std::int32_t>(game.winner());
        return result;
    }

    /// Faults per card kind in the games this table played.
    const std::map<KindId, std::uint64_t>& faults() const { return faults_; }

private:
    // Adds the game's faults to faults_. Only a fault removes a card (GDD §3.5), and a set is
    // removed whole at its kSetFaultLimit-th fault: the first kSetFaultLimit cards of a set in
    // the game's removed list faulted, the rest went with their set (the engine counts alike).
    void count_faults(const Game& game) {
        std::map<std::uint16_t, std::size_t> per_set;
        for (CardId card : game.removed()) {
            const KindId kind = game.catalog().kind_id_of(card);
            if (++per_set[game.catalog().kinds()[kind].set] <= kSetFaultLimit) ++faults_[kind];
        }
    }

    // The session's hooks: the turn cap, and the observer after every turn.
    struct Hooks final : SessionHooks {
        const Game* game = nullptr;
        std::uint32_t max_turns = 0;
        SimObserver* observer = nullptr;
        const Session* session = nullptr;
        bool may_start_turn() override { return game->turn() < max_turns; }
        void turn_ended() override {
            if (observer) observer->after_turn(*game);
        }
        PlayerId bot_decides(PlayerId /*player*/, Bot& bot, const PlayerView& view) override {
            const PlayerId receiver = bot.choose_receiver(view);
            if (observer) observer->decided(*game, receiver, *session);
            return receiver;
        }
    };

    const sdk::Bundle& bundle_;
    Evaluator& evaluator_;
    InstalledBots bot_source_;
    std::vector<Seat> seats_;
    Hooks hooks_;
    std::optional<Session> session_;
    std::map<KindId, std::uint64_t> faults_;
};

}  // namespace

SimGame play_sim_game(const sdk::Bundle& bundle, Evaluator& evaluator, const std::vector<std::string>& seat_names,
                      const std::vector<std::string>& seat_bots, std::uint64_t game_seed, std::uint32_t max_turns,
                      SimRecording* recording, std::uint64_t index, const BotSettings& bot_settings,
                      SimObserver* observer) {
    SimTable table(bundle, evaluator, seat_names, seat_bots, bot_settings);
    return table.play(game_seed, max_turns, recording, index, observer);
}

SimResults run_sim(const sdk::Bundle& bundle, const SimOptions& options) {
    SimResults results;
    results.options = options;
    results.seat_bots = seat_bots(options);

    std::vector<std::string> names;
    for (std::uint32_t seat = 0; seat < options.players; ++seat) names.push_back(fmt::format("seat{}", seat + 1));

    std::optional<SimRecording> recording;
    if (!options.record.empty()) recording.emplace(bundle, options.record, names, results.seat_bots);
    if (options.shards < 1 || options.shard < 1 || options.shard > options.shards)
        throw InputError(fmt::format("--shard must be K/N with 1 <= K <= N, got {}/{}", options.shard, options.shards));
    const ShardRange range = sim_shard_range(options.games, options.shard, options.shards);
    results.first = range.first;
    const std::uint64_t count = range.end - range.first;
    const auto workers = static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(options.jobs, count)));
    std::vector<std::exception_ptr> errors(workers);
    // Worker w plays games w, w + workers, ... and keeps each result in order in its own list,
    // so every result depends only on its game index: the same for every number of workers. The
    // lists grow as games are played: memory follows the games played, not --games.
    std::vector<std::vector<SimGame>> played(workers);
    std::vector<std::map<KindId, std::uint64_t>> faults(workers);  // per worker, summed below: the same for every --jobs
    std::vector<sdk::LuaRuntime::SlowestCall> slowest(workers);
    std::atomic<bool> stop = false;
    ProgressMeter progress("cherries sim", count, options.progress);
    auto work = [&](unsigned w) {
        try {
            auto runtime = bundle.make_runtime();
            SimTable table(bundle, *runtime, names, results.seat_bots, options.bot_settings);
            for (std::uint64_t i = range.first + w; i < range.end && !stop; i += workers) {
                runtime->start_game();  // as fresh as a new runtime: a game never depends on earlier ones
                played[w].push_back(table.play(sim_game_seed(options.seed, i), options.max_turns,
                                               recording ? &*recording : nullptr, i, nullptr));
                ++progress.done;
            }
            faults[w] = table.faults();
            slowest[w] = runtime->slowest_call();
        } catch (...) {
            errors[w] = std::current_exception();
            stop = true;
        }
    };

    const auto start = std::chrono::steady_clock::now();
    run_workers(workers, static_cast<unsigned>(options.jobs), work, stop);
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    results.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    results.games.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) results.games.push_back(played[i % workers][i / workers]);
    const Catalog& catalog = bundle.catalog();
    for (const auto& per_worker : faults)
        for (const auto& [kind, n] : per_worker)
            results.faults[catalog.sets()[catalog.kinds()[kind].set].id + ":" + catalog.kinds()[kind].id] += n;
    for (const auto& s : slowest)
        if (s.cpu_ns > results.slowest_call_ns) {
            results.slowest_call_ns = s.cpu_ns;
            results.slowest_call_file = s.file;
        }
    return results;
}

namespace {

// Rounds for output: six decimals are plenty for shares and means, and keep the JSON readable.
double rounded(double x) { return std::round(x * 1e6) / 1e6; }

struct Tally {
    std::uint64_t unfinished = 0;
    std::uint64_t no_winner = 0;
    std::vector<std::uint64_t> wins;
    TurnStats turns;
};

Tally tally(const SimResults& results) {
    Tally t;
    t.wins.assign(results.seat_bots.size(), 0);
    std::vector<std::uint32_t> turns;
    turns.reserve(results.games.size());
    for (const SimGame& g : results.games) {
        turns.push_back(g.turns);
        if (g.outcome == GameEnd::turn_cap) ++t.unfinished;
        if ((g.outcome == GameEnd::ended || g.outcome == GameEnd::aborted)) ++t.no_winner;
        if (g.outcome == GameEnd::won && g.winner >= 0 && static_cast<std::size_t>(g.winner) < t.wins.size())
            ++t.wins[static_cast<std::size_t>(g.winner)];
    }
    t.turns = turn_stats(std::move(turns));
    return t;
}

std::vector<std::string> plugin_ids(const sdk::Bundle& bundle, const std::string& type) {
    std::vector<std::string> ids;
    for (const auto& p : bundle.plugins())
        if (p.type == type) ids.push_back(p.id);
    return ids;
}

double turns_per_second(const SimResults& results, std::uint64_t turns) {
    return results.seconds > 0 ? static_cast<double>(turns) / results.seconds : 0;
}

// "faults by card (...):" and a line per card kind that faulted, most faults first; nothing
// when no card faulted.
std::string faults_report(const SimResults& results) {
    if (results.faults.empty()) return "";
    std::vector<std::pair<std::string, std::uint64_t>> cards(results.faults.begin(), results.faults.end());
    std::stable_sort(cards.begin(), cards.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string out = "faults by card (each fault removed the card from its game, GDD §3.5):\n";
    for (const auto& [card, n] : cards) out += fmt::format("  {:<30} {:>8}\n", card, n);
    return out;
}

}  // namespace

std::string sim_timing(const SimResults& results, std::uint64_t turns) {
    return fmt::format("{:.0f} ({} turns in {:.3f} s, {} job{})", turns_per_second(results, turns), turns,
                       results.seconds, results.options.jobs, results.options.jobs == 1 ? "" : "s");
}

std::string sim_slowest_call(const SimResults& results) {
    if (results.slowest_call_ns == 0) return "";
    return fmt::format("slowest plugin call: {:.1f} ms of CPU time ({})\n", static_cast<double>(results.slowest_call_ns) / 1e6,
                       results.slowest_call_file);
}

nlohmann::json sim_summary(const SimResults& results, const sdk::Bundle& bundle) {
    return sim_summary(results, plugin_ids(bundle, "set"), plugin_ids(bundle, "gametype").front());
}

nlohmann::json sim_summary(const SimResults& results, const std::vector<std::string>& sets, const std::string& gametype) {
    const Tally t = tally(results);
    const std::uint64_t games = results.games.size();
    nlohmann::json wins = nlohmann::json::array();
    for (std::size_t seat = 0; seat < t.wins.size(); ++seat) {
        const Interval ci = wilson_interval(t.wins[seat], games);
        wins.push_back({{"seat", fmt::format("seat{}", seat + 1)},
                        {"bot", results.seat_bots[seat]},
                        {"wins", t.wins[seat]},
                        {"share", rounded(static_cast<double>(t.wins[seat]) / static_cast<double>(games))},
                        {"ci95", {rounded(ci.low), rounded(ci.high)}}});
    }
    nlohmann::json summary = {{"games", games},
            {"players", results.options.players},
            {"seed", results.options.seed},
            {"max_turns", results.options.max_turns},
            {"sets", sets},
            {"gametype", gametype},
            {"unfinished", t.unfinished},
            {"no_winner", t.no_winner},
            {"turns", {{"total", t.turns.total}, {"mean", rounded(t.turns.mean)},
                       {"median", rounded(t.turns.median)}, {"max", t.turns.max}}},
            {"wins", std::move(wins)}};
    // Only when a card faulted: a summary without faults stays as it always was, byte for byte.
    if (!results.faults.empty()) summary["faults"] = results.faults;
    return summary;
}

std::string sim_report(const SimResults& results, const sdk::Bundle& bundle) {
    return sim_report(results, plugin_ids(bundle, "set"), plugin_ids(bundle, "gametype").front(), true);
}

std::string sim_report(const SimResults& results, const std::vector<std::string>& set_ids, const std::string& gametype,
                       bool with_timing) {
    const Tally t = tally(results);
    const std::uint64_t games = results.games.size();
    const std::string sets = fmt::format("{}", fmt::join(set_ids, ", "));
    std::string out;
    out += fmt::format("sets: {}; gametype: {}; seed: {}\n", sets, gametype, results.options.seed);
    out += fmt::format("games: {}\n", games);
    out += fmt::format("unfinished: {} (still going after {} turns)\n", t.unfinished, results.options.max_turns);
    if (t.no_winner) out += fmt::format("ended without a winner: {}\n", t.no_winner);
    out += fmt::format("turns: mean {:.2f}, median {:g}, max {}\n", t.turns.mean, t.turns.median, t.turns.max);
    out += "wins by seat (share, 95% Wilson interval):\n";
    for (std::size_t seat = 0; seat < t.wins.size(); ++seat) {
        const Interval ci = wilson_interval(t.wins[seat], games);
        out += fmt::format("  seat{:<4} {:<8} {:>8}  {:6.2f}%  [{:6.2f}%, {:6.2f}%]\n", seat + 1,
                           results.seat_bots[seat], t.wins[seat],
                           100.0 * static_cast<double>(t.wins[seat]) / static_cast<double>(games), 100 * ci.low,
                           100 * ci.high);
    }
    out += faults_report(results);
    if (with_timing) out += fmt::format("turns per second: {}\n", sim_timing(results, t.turns.total)) + sim_slowest_call(results);
    return out;
}

}  // namespace cherries::host
