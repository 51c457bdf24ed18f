#include "host/design/report_run.hpp"
#include "host/batch/progress.hpp"
#include "host/batch/workers.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <limits>
#include <mutex>
#include <set>
#include <system_error>
#include <thread>

#include "engine/player.hpp"
#include "host/base/input_error.hpp"
#include "host/session/plugin_list.hpp"
#include "host/batch/shard.hpp"
#include "host/batch/sim.hpp"
#include "host/design/report_stats.hpp"

namespace cherries::host {

void check_report_options(const ReportOptions& o) {
    if (o.players.empty()) throw InputError("--players: give at least one player count");
    std::set<std::uint32_t> seen_players;
    for (auto p : o.players) {
        if (p < 2 || p > kMaxPlayers)
            throw InputError(fmt::format("--players: each player count must be from 2 to {}, got {}", kMaxPlayers, p));
        if (!seen_players.insert(p).second) throw InputError(fmt::format("--players: {} given twice", p));
    }
    if (o.bots.empty()) throw InputError("--bots: give at least one bot");
    std::set<std::string> seen_bots;
    for (const auto& b : o.bots) {
        make_bot(b, 0);  // throws InputError naming the known kinds
        if (!seen_bots.insert(b).second) throw InputError(fmt::format("--bots: {} given twice", b));
    }
    if (o.games < 1) throw InputError("--games must be at least 1");
    if (o.jobs < 1 || o.jobs > kMaxJobs) throw InputError(fmt::format("--jobs must be from 1 to {}", kMaxJobs));
    if (o.shards < 1 || o.shard < 1 || o.shard > o.shards)
        throw InputError(fmt::format("--shard must be K/N with 1 <= K <= N, got {}/{}", o.shard, o.shards));
    if (o.precision < 0 || o.precision >= 1) throw InputError("--precision must be from 0 to 100 points (less than 100)");
    if (o.precision > 0 && (o.shards > 1 || o.association || o.keep_games))
        throw InputError("--precision goes without --shard, --association and what-if runs (they need the number of "
                         "games in advance)");
    if (o.precision > 0 && o.max_games < o.games)
        throw InputError(fmt::format("--max-games ({}) must be at least --games ({})", o.max_games, o.games));
    if (!(o.decision_threshold >= 0 && o.decision_threshold < 1))
        throw InputError(fmt::format("--decision-threshold must be from 0 to 100 points (less than 100), got {}",
                                     100 * o.decision_threshold));
}

namespace {

// What one worker does with game i.
using GameFn = std::function<void(std::uint64_t)>;

// Plays games [r.first, r.end) on `workers` threads (at most `jobs`): worker w plays with the
// function make(w) returns (its own runtime and tally). Workers take chunks of game indices as
// they free up; each game's numbers depend only on its index, and integer sums do not depend on
// who added them. Rethrows a worker's error.
void play_games(const ShardRange& r, unsigned workers, unsigned jobs, ProgressMeter& progress,
                const std::function<GameFn(unsigned)>& make) {
    std::vector<std::exception_ptr> errors(workers);
    std::atomic<std::uint64_t> next{r.first};
    std::atomic<bool> stop = false;
    constexpr std::uint64_t kChunk = 16;
    auto work = [&](unsigned w) {
        try {
            const GameFn play = make(w);
            while (!stop) {
                const std::uint64_t from = next.fetch_add(kChunk);
                if (from >= r.end) break;
                const std::uint64_t to = std::min(r.end, from + kChunk);
                for (std::uint64_t i = from; i < to; ++i) play(i);
                progress.done += to - from;
            }
        } catch (...) {
            errors[w] = std::current_exception();
            stop = true;
        }
    };
    run_workers(workers, jobs, work, stop);
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
}

std::vector<std::string> report_seat_names(std::uint32_t players) {
    std::vector<std::string> names;
    for (std::uint32_t seat = 0; seat < players; ++seat) names.push_back(fmt::format("seat{}", seat + 1));
    return names;
}

// Plays the range's skill games of one pairing: game i seats `strong` at seat i mod players and
// `weak` elsewhere, with the seeds of the other configurations (game i: sim_game_seed(seed, i)).
SkillTally play_skill(const sdk::Bundle& bundle, const ReportOptions& o, const ShardRange& range, unsigned workers,
                      std::uint32_t players, const std::string& strong, const std::string& weak,
                      ProgressMeter& progress) {
    const std::vector<std::string> names = report_seat_names(players);
    std::vector<SkillTally> tallies(workers, SkillTally{.players = players, .strong = strong, .weak = weak});
    play_games(range, workers, o.jobs, progress, [&](unsigned w) -> GameFn {
        std::shared_ptr<sdk::LuaRuntime> runtime = bundle.make_runtime();
        return [&, w, runtime](std::uint64_t i) {
            std::vector<std::string> seat_bots(players, weak);
            const auto seat = static_cast<std::int32_t>(i % players);
            seat_bots[seat] = strong;
            runtime->start_game();
            const SimGame g = play_sim_game(bundle, *runtime, names, seat_bots, sim_game_seed(o.seed, i), o.max_turns,
                                            nullptr, i, o.bot_settings, nullptr);
            ++tallies[w].games;
            if (g.outcome == GameEnd::won) {
                ++tallies[w].decided;
                if (g.winner == seat) ++tallies[w].strong_wins;
            }
        };
    });
    for (unsigned w = 1; w < workers; ++w) tallies[0].add(tallies[w]);
    return tallies[0];
}

// One worker's state for a configuration's games: its runtime, fork makers and collector.
struct ConfigurationWorker {
    ConfigurationWorker(const sdk::Bundle& bundle, const ReportOptions& o, const std::string& bot,
                        std::uint32_t players, const std::vector<std::uint64_t>& rates, ReportTally& tally)
        : runtime(bundle.make_runtime()),
          forks(bundle.catalog(), bot, o.bot_settings, players, o.max_turns, rates, tally.causal),
          decisions(bot, o.bot_settings, players, o.max_turns, o.decision_every, tally.decisions),
          collector(tally, &forks, &decisions) {}
    std::unique_ptr<sdk::LuaRuntime> runtime;
    CausalForks forks;
    DecisionForks decisions;
    ReportCollector collector;
};

// Plays games [r.first, r.end) of one configuration (every seat `bot`) on `workers` threads: the
// games, their card forks and sampled decisions. With `outcomes`, each game's outcome by index.
ReportTally play_configuration(const sdk::Bundle& bundle, const ReportOptions& o, const ShardRange& r, unsigned workers,
                               std::uint32_t players, const std::string& bot, std::size_t kinds, std::uint32_t blocks,
                               std::uint32_t threshold, const std::vector<std::uint64_t>& rates, ProgressMeter& progress,
                               std::vector<SimGame>* outcomes) {
    const std::vector<std::string> names = report_seat_names(players);
    const std::vector<std::string> seat_bots(players, bot);
    std::vector<ReportTally> tallies(workers, ReportTally(players, bot, kinds, blocks));
    for (auto& t : tallies) t.decisions.threshold = threshold;
    play_games(r, workers, o.jobs, progress, [&](unsigned w) -> GameFn {
        auto state = std::make_shared<ConfigurationWorker>(bundle, o, bot, players, rates, tallies[w]);
        state->forks.set_deadline(o.deadline);
        state->decisions.set_deadline(o.deadline);
        return [&, state](std::uint64_t i) {
            if (std::chrono::steady_clock::now() >= o.deadline) throw BudgetExceeded("the time budget ran out");
            state->runtime->start_game();
            state->forks.begin_game(sim_game_seed(o.seed, i), i);
            state->decisions.begin_game(sim_game_seed(o.seed, i));
            const SimGame g = play_sim_game(bundle, *state->runtime, names, seat_bots, sim_game_seed(o.seed, i),
                                            o.max_turns, nullptr, i, o.bot_settings, &state->collector);
            state->collector.end_game(g, i, o.games);
            if (outcomes) (*outcomes)[i - r.first] = g;  // one writer per index
        };
    });
    for (unsigned w = 1; w < workers; ++w) tallies[0].add(tallies[w]);
    return std::move(tallies[0]);
}

// One configuration's next round under --precision (docs/report.md, "Precision"): its widest card
// interval, the game index to play up to, and each card kind's fork rate for the round.
struct PrecisionStep {
    double widest = 0;  // half-width, a share; infinite while a drawn card has forks in fewer than two games
    std::uint64_t next = 0;
    std::vector<std::uint64_t> rates;
};

PrecisionStep precision_step(const ReportTally& t, const ReportOptions& o, const std::vector<std::uint64_t>& first_rates,
                             std::uint64_t played) {
    PrecisionStep step{.widest = 0, .next = 0, .rates = first_rates};
    std::vector<double> needed(t.kinds, 0), offered(t.kinds, 0);  // forks still needed; forks a game offers
    for (std::size_t k = 0; k < t.kinds; ++k) {
        const auto& g = t.gives[k];
        const std::uint64_t gives = g[0] + g[1] + g[2] + g[3];
        if (gives == 0) continue;  // never drawn: nothing to estimate
        const PairedSums& p = t.causal.handling.receiver[k];
        if (p.games < 2) {
            step.widest = std::numeric_limits<double>::infinity();
            continue;
        }
        const auto [lo, hi] = p.outcome_ci95();  // the verdicts' interval, never of zero width
        const double half = (hi - lo) / 2;
        step.widest = std::max(step.widest, half);
        if (half <= o.precision) continue;
        // The width shrinks as 1/sqrt(forks): this kind needs about n ((half / target)^2 - 1) more
        // (with a tenth to spare); a game offers its gives of the kind, less the unfinished forks.
        const double n = static_cast<double>(p.n);
        needed[k] = n * (1.1 * (half / o.precision) * (half / o.precision) - 1);
        const double finished = t.causal.forks[k] ? n / static_cast<double>(t.causal.forks[k]) : 1.0;
        offered[k] = static_cast<double>(gives) / static_cast<double>(std::max<std::uint64_t>(1, t.games)) * finished;
    }
    const double w = step.widest;
    const double now = static_cast<double>(played);
    // Even forks or by rarity: aim at the target from the widest interval, between 1.25 and 4 times the games.
    double more = now * ((std::isinf(w) ? 4.0 : std::clamp(1.1 * (w / o.precision) * (w / o.precision), 1.25, 4.0)) - 1);
    if (o.fork_by_need && !std::isinf(w)) {
        // By need: the kind that needs most games at one fork per give sets the round (between a
        // quarter and three times the games so far); every other kind is forked just often enough
        // to get what it needs in those games, and a kind within the target not at all.
        double bottleneck = 0;
        for (std::size_t k = 0; k < t.kinds; ++k)
            if (needed[k] > 0 && offered[k] > 0) bottleneck = std::max(bottleneck, needed[k] / offered[k]);
        more = std::clamp(bottleneck, 0.25 * now, 3 * now);
        for (std::size_t k = 0; k < t.kinds; ++k) {
            if (offered[k] <= 0 && needed[k] <= 0 && t.gives[k][0] + t.gives[k][1] + t.gives[k][2] + t.gives[k][3] == 0)
                continue;  // never drawn: the first round's rate
            step.rates[k] = needed[k] <= 0 ? 0
                                           : std::max<std::uint64_t>(1, static_cast<std::uint64_t>(
                                                                            std::floor(offered[k] * more / needed[k])));
        }
    }
    step.next = std::min<std::uint64_t>(o.max_games, std::max<std::uint64_t>(played + 1, played + static_cast<std::uint64_t>(more)));
    return step;
}

}  // namespace

ReportData run_report(const sdk::Bundle& bundle, const ReportOptions& o) {
    check_report_options(o);
    const auto blocks = static_cast<std::uint32_t>(std::min<std::uint64_t>(o.games, kReportBlocks));
    const std::size_t kinds = bundle.catalog().kinds().size();
    ReportData data;
    std::vector<std::string> sets, card_ids;
    nlohmann::json card_info = nlohmann::json::array();
    std::string gametype;
    for (const auto& p : bundle.plugins()) {
        if (p.type == "set") sets.push_back(p.id);
        if (p.type == "gametype") gametype = p.id;
    }
    for (KindId k = 0; k < kinds; ++k) {
        card_ids.push_back(bundle.catalog().display_id(k));
        const CardKind& kind = bundle.catalog().kinds()[k];
        card_info.push_back({{"name", kind.name}, {"set", bundle.catalog().sets()[kind.set].id},
                             {"type", std::string(to_string(kind.type))}, {"count", kind.count},
                             {"change", kind.change}, {"lifetime", kind.lifetime}, {"text", kind.text}});
    }
    // The reference graph's table (GDD §3.3.1.3): cut after the last non-zero change plus a margin.
    const auto& table = bundle.gametype().distribution;
    std::size_t last = 0;
    for (std::size_t c = 0; c < table.size(); ++c)
        if (table[c] != 0) last = c;
    const std::vector<std::int64_t> distribution(table.begin(), table.begin() + std::min(table.size(), last + 3));
    const bool skill = o.skill && o.bots.size() > 1;
    data.setup = {{"plugins", plugins_json(recorded_plugins(bundle, o.bots))},
                  {"sets", sets}, {"gametype", gametype}, {"cards", card_ids}, {"card_info", card_info},
                  {"gametype_name", bundle.gametype().name}, {"gametype_version", bundle.gametype().version},
                  {"winning_score", bundle.gametype().winning_score}, {"distribution", distribution},
                  {"seed", o.seed}, {"games", o.games}, {"players", o.players}, {"bots", o.bots},
                  {"max_turns", o.max_turns}, {"think", o.bot_settings.think}, {"blocks", blocks},
                  {"fork_every", o.fork_every}, {"association", o.association},
                  {"decision_every", o.decision_every}, {"decision_futures", kDecisionFutures},
                  {"decision_threshold", static_cast<double>(decision_threshold(o.decision_threshold)) / kDecisionFutures},
                  {"skill", skill}, {"fork_by_rarity", o.fork_by_rarity},
                  {"fork_placement", !o.fork_by_rarity ? "even" : o.fork_by_need ? "need" : "rarity"}};

    const ShardRange range = sim_shard_range(o.games, o.shard, o.shards);
    const std::uint64_t count = range.end - range.first;
    const auto workers = static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(o.jobs, count)));
    const std::uint32_t threshold = decision_threshold(o.decision_threshold);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<std::uint64_t> first_rates = fork_rates(bundle.catalog(), o.fork_every, o.fork_by_rarity);
    // The configurations, players-major; each plays its own rounds of games [played, next).
    struct Plan {
        std::uint32_t players;
        std::string bot;
        std::uint64_t played = 0, next = 0;
        std::vector<std::uint64_t> rates;  // fork one give of kind k in rates[k]
        bool open = false;                 // plays another round
        std::string stopped;
        double widest = 0;
    };
    std::vector<Plan> plans;
    for (const std::uint32_t players : o.players)
        for (const std::string& bot : o.bots)
            plans.push_back({.players = players, .bot = bot, .played = range.first, .next = range.end, .rates = first_rates,
                             .open = true});
    // Plays every open configuration's next round into data.tallies.
    const auto play_round = [&] {
        std::uint64_t total = 0;
        for (const Plan& p : plans) total += p.open ? p.next - p.played : 0;
        ProgressMeter progress("cherries report", total, o.progress);
        const bool first = data.tallies.empty();
        for (std::size_t c = 0; c < plans.size(); ++c) {
            Plan& p = plans[c];
            if (!p.open) continue;
            std::vector<SimGame> outcomes(o.keep_games ? p.next - p.played : 0);
            ReportTally t = play_configuration(bundle, o, {p.played, p.next}, workers, p.players, p.bot, kinds, blocks,
                                               threshold, p.rates, progress, o.keep_games ? &outcomes : nullptr);
            if (first) {
                data.tallies.push_back(std::move(t));
                if (o.keep_games) data.games.push_back(std::move(outcomes));
            } else {
                data.tallies[c].add(t);
            }
            p.played = p.next;
        }
    };
    play_round();
    if (o.precision > 0) {
        // More games until every card's handling effect is within ± precision under the strongest
        // bot, or a budget ends (docs/report.md, "Precision"). Each configuration of the strongest
        // bot plays until its own cards are; the other bots' configurations play the first round.
        const std::string best = strongest_bot(o.bots);
        for (Plan& p : plans) p.open = p.bot == best;
        for (;;) {
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            bool any = false;
            for (std::size_t c = 0; c < plans.size(); ++c) {
                Plan& p = plans[c];
                if (!p.open) continue;
                const PrecisionStep step = precision_step(data.tallies[c], o, first_rates, p.played);
                p.widest = step.widest;
                if (step.widest <= o.precision) p.stopped = "precision reached";
                else if (p.played >= o.max_games) p.stopped = "game budget";
                else if (o.max_seconds > 0 && seconds >= o.max_seconds) p.stopped = "time budget";
                p.open = p.stopped.empty();
                if (!p.open) continue;
                p.next = step.next;
                p.rates = step.rates;
                any = true;
            }
            if (!any) break;
            play_round();
        }
        // The report's stop: precision when every configuration reached it, else the budget that
        // stopped the last ones; the widest interval over them.
        std::string stopped = "precision reached";
        double widest = 0;
        std::uint64_t most = 0;
        nlohmann::json per = nlohmann::json::array();
        for (const Plan& p : plans) {
            most = std::max(most, p.played);
            if (p.bot != best) continue;
            if (p.stopped != "precision reached") stopped = p.stopped;
            widest = std::max(widest, p.widest);
            per.push_back({{"players", p.players}, {"bot", p.bot}, {"games", p.played}, {"stopped", p.stopped},
                           {"widest", std::isinf(p.widest) ? nlohmann::json() : nlohmann::json(p.widest)}});
        }
        data.setup["precision"] = {{"target", o.precision}, {"stopped", stopped},
                                   {"widest", std::isinf(widest) ? nlohmann::json() : nlohmann::json(widest)},
                                   {"max_games", o.max_games}, {"max_seconds", o.max_seconds},
                                   {"first_round", o.games}, {"configurations", per}};
        data.setup["games"] = most;
    }
    if (o.skill && o.bots.size() > 1) {
        // Per pairing, as many games as the strong bot's configuration played.
        std::uint64_t total = 0;
        for (const Plan& p : plans)
            if (p.bot != o.bots[0]) total += p.played - range.first;
        ProgressMeter progress("cherries report", total, o.progress);
        for (const Plan& p : plans)
            if (p.bot != o.bots[0])
                data.skill.push_back(play_skill(bundle, o, {range.first, p.played}, workers, p.players, p.bot,
                                                o.bots[0], progress));
    }
    data.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return data;
}

nlohmann::json report_part(const ReportData& data, std::uint32_t shard, std::uint32_t shards) {
    nlohmann::json tallies = nlohmann::json::array(), skill = nlohmann::json::array();
    for (const auto& t : data.tallies) tallies.push_back(t.to_json());
    for (const auto& s : data.skill) skill.push_back(s.to_json());
    return {{"format", "cherries-report-part"}, {"shard", {shard, shards}}, {"setup", data.setup},
            {"seconds", data.seconds}, {"tallies", std::move(tallies)}, {"skill", std::move(skill)}};
}

ReportData merge_report_parts(const std::vector<std::string>& files) {
    const std::vector<Part> parts = read_parts(files, "cherries-report-part");
    ReportData data;
    data.setup = parts.front().json["setup"];
    for (const Part& part : parts) {
        const auto& tallies = part.json.value("tallies", nlohmann::json());
        if (!tallies.is_array() || (!data.tallies.empty() && tallies.size() != data.tallies.size()))
            throw InputError(fmt::format("{}: malformed part: expected \"tallies\", one per configuration", part.file));
        for (std::size_t i = 0; i < tallies.size(); ++i) {
            ReportTally t = ReportTally::from_json(tallies[i], part.file);
            if (data.tallies.size() <= i) {
                data.tallies.push_back(std::move(t));
                continue;
            }
            try {
                data.tallies[i].add(t);
            } catch (const std::invalid_argument&) {
                throw InputError(fmt::format("{}: malformed part: tally {} is for another configuration", part.file, i + 1));
            }
        }
        const auto& skill = part.json.value("skill", nlohmann::json::array());
        if (!skill.is_array() || (!data.skill.empty() && skill.size() != data.skill.size()))
            throw InputError(fmt::format("{}: malformed part: expected \"skill\", one per player count and bot after the first",
                                         part.file));
        for (std::size_t i = 0; i < skill.size(); ++i) {
            SkillTally t = SkillTally::from_json(skill[i], part.file);
            if (data.skill.size() <= i) {
                data.skill.push_back(std::move(t));
                continue;
            }
            try {
                data.skill[i].add(t);
            } catch (const std::invalid_argument&) {
                throw InputError(fmt::format("{}: malformed part: skill tally {} is for another pairing", part.file, i + 1));
            }
        }
        data.seconds += part.json.value("seconds", 0.0);
    }
    return data;
}

}  // namespace cherries::host
