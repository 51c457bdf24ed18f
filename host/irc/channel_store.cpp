// ChannelGame and its store (docs/irc-storage.md): a checkpoint in the step that completes a
// turn, before the next turn is announced; resuming a stored game; the end of a game (its
// record's end line and the players' statistics); !stats and !top.
#include <fmt/core.h>

#include <algorithm>

#include <chrono>
#include <sstream>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"
#include "host/records/deal.hpp"
#include "host/store/game_store.hpp"
#include "host/session/plugin_list.hpp"
#include "host/records/save.hpp"

namespace cherries::irc {

using nlohmann::json;

// --- the state written after every turn ---------------------------------------------------

namespace {

constexpr int kStateFormat = 1;

template <class Map>
json pairs(const Map& map) {
    json out = json::array();
    for (const auto& [id, value] : map) out.push_back({id, value});
    return out;
}

template <class Value>
std::map<PlayerId, Value> unpairs(const json& j) {
    std::map<PlayerId, Value> out;
    for (const json& p : j) out[p.at(0).get<PlayerId>()] = p.at(1).get<Value>();
    return out;
}

// The save half: what `play --save` keeps (the game with its generator, the seats with their
// bots' generators, the plugins' fingerprints), and the turns each player took.
json save_half(const ChannelGame::OpenGame& t) {
    // The header's plugins and the plugin lines' so far (docs/records.md); pending changes are
    // the channel half's, current at every write.
    host::SaveState s = t.session().save_state();
    s.pending.clear();
    return {{"save", host::save_json(s)}, {"turns_taken", t.hosted->tally().to_json()}};
}

// The seat lines among the record lines not taken yet (the turn going on): kept in the state's
// channel half, so that a crash during a turn loses none (its events are played again, its seat
// lines not).
std::vector<std::string> untaken_seat_lines(const ChannelGame::OpenGame& t) {
    std::vector<std::string> seats;
    host::RecordLog* log = t.hosted->table().record();  // peeked: the lines are put back
    if (!log) return seats;
    std::vector<std::string> lines = log->take_lines();
    for (const auto& line : lines)
        if (line.rfind("[\"seat\"", 0) == 0) seats.push_back(line);
    log->put_back(std::move(lines));
    return seats;
}

// The channel half, current at every write: nicks, bots, accounts, timeouts, pending changes
// (format 1: the table's seats in the channel's words; docs/irc-storage.md).
json channel_half(const ChannelGame::OpenGame& t) {
    const json table = t.table().save_json();
    auto by_id = [](const json& o) {
        json out = json::array();
        for (const auto& [id, value] : o.items()) out.push_back({static_cast<PlayerId>(std::stoul(id)), value});
        return out;
    };
    json pending = json::array();
    for (const host::PendingChange& p : t.table().pending())
        pending.push_back({{"join", p.join}, {"nick", p.name}, {"bot", p.bot}});
    std::map<PlayerId, std::string> bots;
    for (const host::SeatedBot& b : t.session().bots()) bots[b.id] = b.name;
    return {{"opener", t.opener},   {"started", t.started},          {"seats", t.session().seats_taken()},
            {"nicks", by_id(table.at("names"))}, {"bots", pairs(bots)}, {"accounts", pairs(t.accounts)},
            {"timeouts", by_id(table.at("timeouts"))}, {"pending", pending},
            {"held_nick", by_id(table.at("held"))}, {"held_account", pairs(t.held_account)},
            {"seat_lines", untaken_seat_lines(t)}, {"salt", table.value("salt", "")}};
}

std::string state_text(const ChannelGame::OpenGame& t) {
    json j = t.saved;
    j["state"] = "cherrybot";
    j["format"] = kStateFormat;
    j["channel"] = channel_half(t);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Where a stored game's problems are said to be, for the operator: "FILE: game N".
std::string stored_where(const host::GameStore& store, std::int64_t id) { return fmt::format("{}: game {}", store.file(), id); }

// A resume error's words without the server's file and folders: "plugin set 'x' differs from
// the record", not "/srv/bot.db: game 3: plugin set 'x' differs ... (... installed in /srv/...)".
std::string public_reason(const std::string& what, const std::string& where) {
    std::string text = what;
    if (text.rfind(where + ": ", 0) == 0) text = text.substr(where.size() + 2);
    if (const std::size_t paren = text.find(" ("); paren != std::string::npos) text = text.substr(0, paren);
    return clean_echo(text, 160);
}

// The end line that closes the record of a game set aside as unresumable: the record holds the
// turns up to the stored state (written together), whose phase and turn it names, as
// host::end_line would (docs/records.md, "The end line"). "" when the state cannot be read:
// the record stays without an end line (replay calls it truncated).
std::string unresumable_end_line(const std::string& state, const std::string& reason) {
    host::SaveState save;
    std::string salt;
    try {
        const json j = json::parse(state);
        save = host::parse_save(j.at("save"), "stored state");
        if (const auto c = j.find("channel"); c != j.end() && c->is_object()) salt = c->value("salt", "");
    } catch (const std::exception&) {
        return {};
    }
    // A stored state is between turns or suspended (a game over is not stored as in progress).
    const Phase phase = save.game.phase;
    if (phase != Phase::between_turns && phase != Phase::suspended) return {};
    json end{{"end", phase == Phase::suspended ? "suspended" : "in_progress"}, {"reason", reason}, {"turns", save.game.turn}};
    if (host::valid_salt(salt)) {  // a sealed deal: the end line reveals it (docs/records.md, "The fair deal")
        end["salt"] = salt;
        end["seed"] = save.seed;
    }
    return end.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string ChannelGame::account_of(const std::string& nick) const { return account_ ? account_(nick) : std::string(); }

void ChannelGame::begin_stored() {
    OpenGame& t = *open_;
    host::RecordLog* log = t.table().record();  // begun at the opener's seat (TableOptions::record_lobby)
    if (!store_ || !log) {
        if (log) log->take_lines();  // not stored: nothing keeps them
        return;
    }
    t.hosted->collect_record();
    // The header names the opener; a nick that is not valid UTF-8 is stored with U+FFFD in its
    // place (RecordLog), never dropped.
    t.hosted->stored_id = store_->begin_game(fold_case(channel_, options_.casemapping), t.hosted->record_lines().front(), options_.clock->unix_seconds());
    t.hosted->mark_stored(1);
    checkpoint();
}

void ChannelGame::checkpoint() {
    OpenGame& t = *open_;
    if (!store_ || t.hosted->stored_id == 0) return;
    stage();
    std::string state = state_text(t);
    const std::vector<std::string> lines = t.hosted->unstored_record_lines();
    if (lines.empty() && state == t.last_state) return;  // nothing happened (a !status in the lobby)
    // On failure the lines stay unstored, in memory: the next write that works has them.
    store_->checkpoint(t.hosted->stored_id, lines, state, t.saved_turn, t.seated_nicks());
    t.hosted->mark_stored(lines.size());
    t.last_state = std::move(state);
}

void ChannelGame::stage() {
    OpenGame& t = *open_;
    t.saved = save_half(t);
    t.saved_turn = t.game.turn();
    t.hosted->collect_record();  // the complete turns' lines; a turn going on stays in the table's log
}

void ChannelGame::retry_store() {
    OpenGame& t = *open_;
    if (t.game.phase() != Phase::awaiting_give) return checkpoint();
    // During a turn: the complete turns' lines with the save half of their end (t.saved), and
    // the channel half of now; the turn going on stays in the log until it is complete.
    std::string state = state_text(t);
    if (const std::vector<std::string> lines = t.hosted->unstored_record_lines(); !lines.empty()) {
        store_->checkpoint(t.hosted->stored_id, lines, state, t.saved_turn, t.seated_nicks());
        t.hosted->mark_stored(lines.size());
        state = state_text(t);
    }
    if (state != t.last_state) store_->update_state(t.hosted->stored_id, state);
    t.last_state = std::move(state);
}

void ChannelGame::persist(Replies& out) {
    if (!open_) return;
    if (!store_ || open_->hosted->stored_id == 0) {
        if (host::RecordLog* log = open_->table().record()) log->take_lines();  // not stored: nothing keeps them
        return;
    }
    OpenGame& t = *open_;
    if (t.game.phase() != Phase::awaiting_give) stage();  // a complete turn: its lines and save half, in memory
    if (!t.store_health().may_try(now_)) return;  // failing: wait for the retry
    try {
        // Between turns (the lobby, a suspension): the whole state; during a turn, a pending join
        // or a nick: the state only (the turn is not done), after what an earlier failure left.
        retry_store();
        if (std::string warning = store_->take_warning(); !warning.empty()) {
            tell_operator(warning);
            out.push_back(host::StoreHealth::kWrittenAnew);
        }
        if (auto again = t.store_health().worked()) {
            if (options_.log) options_.log(channel_ + ": the database works again; nothing was lost");
            out.push_back(std::move(*again));
        }
    } catch (const std::exception& e) {
        // Told once; tried again every store_retry (1 s, never longer: a kill soon after the
        // fault clears loses at most the turn in play), the game going on in memory.
        if (auto told = t.store_health().failed(now_)) {
            tell_operator(e.what());
            out.push_back(std::move(*told));
        }
    }
}

void ChannelGame::store_end(const std::string& status, const std::string& reason) {
    if (!open_ || !store_ || open_->hosted->stored_id == 0) return;
    OpenGame& t = *open_;
    if (host::RecordLog* log = t.table().record())
        if (!log->ended()) log->end(reason);  // a game over has its end line already (Table::advance)
    t.hosted->collect_record();
    const std::vector<std::string> lines = t.hosted->unstored_record_lines();  // what a failed write left first, then the rest
    std::vector<host::StatsUpdate> stats;
    std::string winner;
    if (t.game.over()) {
        const PlayerId won = t.game.winner();
        if (won != kNoPlayer) winner = t.nick(won);
        for (const host::PersonResult& p : t.tally().results(t.table())) {
            const auto& accounts = t.table().held().count(p.seat) ? t.held_account : t.accounts;
            const auto account = accounts.find(p.seat);
            const std::string key = account != accounts.end() && !account->second.empty()
                                        ? "account:" + account->second
                                        : "nick:" + fold_case(p.name, t.casemapping);
            stats.push_back({.key = key, .name = p.name, .won = p.won, .turns = p.turns, .points = p.score});
        }
    }
    store_->finish(t.hosted->stored_id, lines, status, winner, t.game.turn(), stats, {}, options_.clock->unix_seconds());
    t.hosted->mark_stored(lines.size());
    t.hosted->stored_id = 0;
}

Replies ChannelGame::attach_store(std::shared_ptr<host::GameStore> store, GameClock::time_point now) {
    Replies out;
    store_ = std::move(store);
    if (!store_ || open_) return out;
    std::optional<host::StoredGame> stored;
    try {
        stored = store_->in_progress(fold_case(channel_, options_.casemapping));
        if (!stored) return out;
        resume(*stored, now, out);
    } catch (const std::exception& e) {
        open_.reset();
        out.clear();
        tell_operator(e.what());
        if (!stored) {
            out.push_back("The stored game of this channel cannot be read (the operator can see why).");
            return out;
        }
        const std::string why = public_reason(e.what(), stored_where(*store_, stored->id));
        try {
            // Told once: it is not tried again. Its record is closed where it stops.
            store_->set_aside(stored->id, "unresumable", unresumable_end_line(stored->state, "unresumable: " + why));
        } catch (const std::exception&) {
        }
        out.push_back(fmt::format("The game stored here (game {}, after turn {}) cannot resume: {}. !cherries opens a new one.",
                                  stored->id, stored->turns, why));
    }
    return out;
}

void ChannelGame::resume(const host::StoredGame& stored, GameClock::time_point now, Replies& out) {
    const std::string where = stored_where(*store_, stored.id);
    const json j = json::parse(stored.state);
    now_ = now;
    if (j.value("state", "") != "cherrybot" || j.value("format", 0) != kStateFormat)
        throw std::runtime_error(where + ": not a state this cherries reads");
    const host::SaveState save = host::parse_save(j.at("save"), where);
    host::check_resumable(save, where);
    std::string gametype;
    std::vector<std::string> sets;
    for (const host::RecordedPlugin& p : save.plugins) {
        if (p.type != "set" && p.type != "gametype") continue;
        if (!library_.has(p.type, p.id)) throw std::runtime_error(fmt::format("{}: plugin {} '{}' is not offered here any more", where, p.type, p.id));
        if (p.type == "set") sets.push_back(p.id);
        else gametype = p.id;
    }
    auto bundle = library_.bundle(sets, gametype);
    std::ostringstream warnings;
    // Sets and gametype must be the same; a bot plugin that changed only loses its seat to the
    // greedy bot (resume_bots): the record holds its decisions so far.
    host::check_plugins(save.plugins, *bundle, where, false, warnings, "the game cannot go on with other plugins");

    // The channel half is the current one (a join asked for, a seat taken over during a turn):
    // its seats taken, pending changes and bots, with the bots' generators from the save half.
    const json& c = j.at("channel");
    host::SaveState current = save;
    current.seats_taken = c.at("seats").get<std::uint32_t>();
    current.pending.clear();
    for (const json& p : c.at("pending"))
        current.pending.push_back({.join = p.at("join").get<bool>(), .name = p.at("nick").get<std::string>(),
                                   .bot = p.at("bot").get<std::string>()});
    const auto bots = unpairs<std::string>(c.at("bots"));
    current.seats.clear();  // one per player, as the save has them: the channel half's bots
    for (const Player& p : save.game.players) {
        host::SavedSeat seat{.id = p.id, .bot = {}};
        if (const auto b = bots.find(p.id); b != bots.end()) {
            seat.bot = b->second;
            for (const host::SavedSeat& s : save.seats)
                if (s.id == p.id && s.bot == b->second) seat.bot_state = s.bot_state;
        }
        current.seats.push_back(std::move(seat));
    }
    // The host::Table as it was: the channel half's nicks, kept seats and timeouts are its
    // names, kept seats and timeouts (host::Table::save_json()).
    auto by_id = [](const json& pairs) {
        json o = json::object();
        for (const json& p : pairs) o[std::to_string(p.at(0).get<PlayerId>())] = p.at(1);
        return o;
    };
    json saved_table = {{"session", host::save_json(current)},
                        {"names", by_id(c.at("nicks"))},
                        // "kept_nick"/"kept_account" in states stored before "held"; older ones: none
                        {"held", by_id(c.value("held_nick", c.value("kept_nick", json::array())))},
                        {"timeouts", by_id(c.at("timeouts"))},
                        {"started", c.at("started").get<bool>()}};
    // The sealed deal's salt (docs/records.md, "The fair deal"): the end line reveals it. Older
    // states have none: their records hold the seed in the header.
    if (const std::string salt = c.value("salt", ""); !salt.empty()) saved_table["salt"] = salt;
    Replies replaced;
    // Read back as text, as a stored table is (the save reader wants unsigned numbers as JSON
    // text gives them, not the signed ones of a json built in memory).
    open_ = std::make_unique<OpenGame>(*this, bundle, json::parse(saved_table.dump(-1, ' ', false, json::error_handler_t::replace)),
                                        j.at("turns_taken"));
    open_->out = &replaced;
    red_.clear();
    for (const CardKind& k : bundle->catalog().kinds())
        if (k.type == CardType::cherry) red_.push_back(k.name);
    OpenGame& t = *open_;
    t.opener = c.at("opener").get<std::string>();
    t.started = c.at("started").get<bool>();
    t.accounts = unpairs<std::string>(c.at("accounts"));
    for (const char* key : {"held_account", "kept_account"})
        if (c.contains(key)) {
            t.held_account = unpairs<std::string>(c.at(key));
            break;
        }
    // A bot plugin that is gone, broken or changed gives its seat to the greedy bot: the humans'
    // game goes on, and the record holds the decisions made so far.
    for (const host::LostBot& lost : t.table().lost_bots())
        replaced.push_back(fmt::format("{}: {}; the greedy bot plays that seat from now on.", t.nick(lost.id), lost.why));
    if (c.contains("seat_lines"))  // seat lines of the turn that was going on: stored with it
        if (host::RecordLog* log = t.table().record())
            for (const auto& line : c.at("seat_lines").get<std::vector<std::string>>()) log->put_line(line);
    t.text.set_lobby(!t.started);
    t.hosted->stored_id = stored.id;
    t.saved = {{"save", j.at("save")}, {"turns_taken", j.at("turns_taken")}};
    t.last_state = stored.state;
    resumed_after_ = t.game.turn();
    out.push_back(fmt::format("Cherries resumed after turn {} (stored game {}): {}.", t.game.turn(), stored.id,
                              t.started ? "scores " + t.scores() : "not started; seated " + t.seated_nicks()));
    out.insert(out.end(), replaced.begin(), replaced.end());
    t.out = &out;
    if (t.started) advance(now, out);
}

// --- !stats and !top ------------------------------------------------------------------------

void ChannelGame::stats(const ChannelCommand& c, const std::string& nick, Replies& out) {
    if (!store_) {
        out.push_back("No statistics are kept here (the bot has no database).");
        return;
    }
    const std::string who = c.args.empty() ? nick : clean_echo(c.args[0], 32);
    const std::string account = account_of(who);
    std::optional<host::PlayerStats> s;
    try {
        if (!account.empty()) s = store_->stats("account:" + account);
        if (!s) s = store_->stats("nick:" + fold_case(who, options_.casemapping));
    } catch (const std::exception& e) {  // a query that fails is no reason to stop a game
        tell_operator(e.what());
        out.push_back("Cannot read the statistics now (the operator can see why).");
        return;
    }
    if (!s) {
        out.push_back(fmt::format("No finished games for {} yet.", who));
        return;
    }
    out.push_back(fmt::format("{}: {} game{}, {} win{}, {} turn{}, {} point{}, best score {}.", who, s->games,
                              s->games == 1 ? "" : "s", s->wins, s->wins == 1 ? "" : "s", s->turns, s->turns == 1 ? "" : "s",
                              s->points, s->points == 1 || s->points == -1 ? "" : "s",
                              s->best ? std::to_string(*s->best) : std::string("unknown")));
}

void ChannelGame::top(Replies& out) {
    if (!store_) {
        out.push_back("No statistics are kept here (the bot has no database).");
        return;
    }
    std::vector<host::PlayerStats> best;
    try {
        best = store_->top(5, options_.top_min_games);
    } catch (const std::exception& e) {
        tell_operator(e.what());
        out.push_back("Cannot read the statistics now (the operator can see why).");
        return;
    }
    const unsigned min = std::max(1u, options_.top_min_games);
    if (best.empty()) {
        out.push_back(min == 1 ? "No finished games yet."
                               : fmt::format("Nobody has finished {} games yet; !stats NICK shows anyone's.", min));
        return;
    }
    // By win rate: "1. ann 67% (2 of 3 games)".
    std::string line = min == 1 ? "Top players by win rate:" : fmt::format("Top players by win rate (at least {} games):", min);
    for (std::size_t i = 0; i < best.size(); ++i)
        line += fmt::format("{} {}. {} {}% ({} of {} games)", i ? ";" : "", i + 1, best[i].name,
                            (best[i].wins * 100 + best[i].games / 2) / best[i].games, best[i].wins, best[i].games);
    out.push_back(line + ".");
}

}  // namespace cherries::irc
